// A list of commits one per line (`git log --oneline`, `--pretty=format:'%h …'`): every commit is
// outline. Before, such a list routed as prose or as a log, whose cuts hid commits (258 of 364
// under `--format='%H %an %ad %s'`), and past 64 K the fallback cut its middle with no names.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { diffCompressor } from "../../../src/compressors/diff.js";
import { isCommitListLine } from "../../../src/compressors/diff/commit-list.js";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

// This repository's history: `git log --oneline -n 250`, and `--pretty=format:'%h %ad | %s%d [%an]' --date=short -n 150`.
const LISTS = ["git-log-oneline-pithy.txt", "git-log-pretty-format-pithy.txt"].map((name) => ({
  name,
  text: fixture(name),
}));

const commitLines = (text: string) => text.split("\n").filter((l) => isCommitListLine(l));

describe("a list of commits", () => {
  for (const { name, text } of LISTS) {
    it(`routes ${name} as history and keeps every commit line under the cap`, async () => {
      expect(detect(text, { tool: "Bash" }).type).toBe("diff");
      const r = await (await createPithy()).compress(text, { tool: "Bash" });
      expect(r.output).toBe(text);
    });

    it(`keeps the ends of ${name} past the cap and names each group of its middle`, () => {
      // A 9.6 K cap, far below the list.
      const out = diffCompressor.compress(compressorInput(text, { type: "diff", scale: 0.15 }))!.output;
      const commits = commitLines(text);
      expect(out.length).toBeLessThanOrEqual(0.15 * 64 * 1024);
      expect(out).toContain(commits[0]);
      expect(out).toContain(commits[commits.length - 1]);
      const markers = parseMarkers(out);
      expect(markers.length).toBeGreaterThan(1);
      expect(markers.length).toBeLessThanOrEqual(24);
      const lines = text.split("\n");
      let named = 0;
      for (const m of markers) {
        const [[from, to]] = m.lines!;
        const group = lines.slice(from - 1, to);
        // The marker names its first and last commit by hash, and how many it holds.
        const hashes = group.map((l) => l.slice(0, l.indexOf(" ")));
        expect(m.summary).toMatch(
          new RegExp(`^${group.length} commits omitted, from ${hashes[0]} ".+" to ${hashes.at(-1)} ".+"$`),
        );
        for (const l of group) expect(out).not.toContain(l);
        named += group.length;
      }
      // Every commit is either shown or in exactly one named group.
      expect(commits.filter((c) => out.includes(`${c}\n`) || out.endsWith(c)).length + named).toBe(commits.length);
    });
  }

  it("reads a hash, a space and text as a commit line, and no checksum list or hex dump as one", () => {
    expect(isCommitListLine("88a1278 Tests: the diff tests")).toBe(true);
    expect(isCommitListLine("88a12781c1c108e5a0f3605c45359e6fe39cc776 Seed maintainers 2026-12-07")).toBe(true);
    expect(isCommitListLine("5cd36885620df3e326cfbf2c69d5dbb8e946fa015cd36885620df3e326cfbf2c  dist/cli.js")).toBe(
      false,
    );
    expect(isCommitListLine("000031f0: 230c 4101 746a 2103")).toBe(false);
    expect(isCommitListLine("abc12 short")).toBe(false);
  });

  it("leaves the compressed list as it is when compressed again", () => {
    const input = compressorInput(LISTS[0].text, { type: "diff", scale: 0.15 });
    const out = diffCompressor.compress(input)!.output;
    expect(diffCompressor.compress(compressorInput(out, { type: "diff", scale: 0.15 }))).toBeNull();
  });
});
