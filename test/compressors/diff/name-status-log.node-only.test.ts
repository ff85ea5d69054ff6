import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { compressDiff, diffFixture } from "./real-diffs.js";

/**
 * A real `git log --name-status --format=fuller -n 6 fc08a80` of this
 * repository: six commits whose file lists are `M\tpath` lines, with renames
 * (`R097\told\tnew`), deletions and additions, one list of 211 files (a
 * formatter run over the tree).
 */
const LOG = diffFixture("git-log-name-status-fuller.txt");
const lines = LOG.split("\n");

describe("git log --name-status", () => {
  it("is read as a log: every commit, subject and date stays", async () => {
    const out = await compressDiff(LOG);
    for (const line of lines.filter((l) => l.startsWith("commit ") || l.startsWith("AuthorDate: "))) {
      expect(out).toContain(line);
    }
    expect(out).toContain("    Lint and format with Biome, run first by npm test");
    expect(out).toContain("    Kernel bench: share the line-index cache of the log-hints and log-mask rows");
  });

  it("keeps every added, deleted, renamed or copied file and counts the modified ones it leaves out", async () => {
    const out = await compressDiff(LOG);
    const shaped = lines.filter((l) => /^(?:[ADT]|[RC]\d{1,3})\t/.test(l));
    expect(shaped.length).toBeGreaterThan(20);
    for (const line of shaped) expect(out).toContain(line);
    expect(out).toContain("M\tbench/calibrate-tokens.mjs");
    expect(LOG).toContain("M\tsrc/compressors/tabular/aligned.ts");
    expect(out).not.toContain("M\tsrc/compressors/tabular/aligned.ts");
    const summaries = parseMarkers(out).map((m) => m.summary);
    expect(summaries).toContain("202 more modified files (M) of 211 files");
  });
});
