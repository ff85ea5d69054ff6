import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { graphWidth, isGraphCommitLine } from "../../../src/compressors/diff/graph-log.js";
import { createPithy, type Pithy } from "../../../src/pipeline.js";

/**
 * Real `git log --graph` captures of this repository's history (two merged
 * branches): `--oneline --all`, `--stat`, and `--oneline --stat`.
 */
function fixture(name: string): string {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
}

const COMMIT_RE = /^[*|/\\ ]*\*[*|/\\ ]* (?:commit )?[0-9a-f]{7,40}\b/;

let pithy: Pithy;
beforeAll(async () => {
  pithy = await createPithy({ minTokens: 0 });
});

describe("git log --graph", () => {
  it("reads the graph's columns up to the last one, not a commit body's indentation", () => {
    expect(graphWidth("| |     Merge branch 'f-heldout'")).toBe(4);
    expect(graphWidth("*   9ac11e5 Merge branch 'f-heldout'")).toBe(2);
    expect(graphWidth("| * cf04a12 subject")).toBe(4);
    expect(graphWidth("|\\  ")).toBe(2);
    expect(graphWidth("4904857 subject")).toBe(0);
    expect(graphWidth("| |  .github/workflows/ci.yml | 3 ++-")).toBe(4);
  });

  it("sees a hash behind graph columns as a commit, and a body line as none", () => {
    expect(isGraphCommitLine("* | 4904857 subject")).toBe(true);
    expect(isGraphCommitLine("| * commit cf04a12d0aeee749dc48b0fcf36118e5b1ad0ed0")).toBe(true);
    expect(isGraphCommitLine("|     4904857 was reverted")).toBe(false);
    expect(isGraphCommitLine("4904857 subject")).toBe(false);
  });

  for (const name of [
    "git-log-graph-oneline.txt",
    "git-log-graph-stat.txt",
    "git-log-graph-oneline-stat.txt",
    "git-log-graph-full.txt",
  ]) {
    it(`routes ${name} as history and keeps every commit line with its columns verbatim`, async () => {
      const text = fixture(name);
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.type).toBe("diff");
      const commits = text.split("\n").filter((l) => COMMIT_RE.test(l));
      expect(commits.length).toBeGreaterThanOrEqual(10);
      const out = r.output.split("\n");
      for (const line of commits) expect(out).toContain(line);
    });
  }

  it("compacts a graph's stat lines to one line of files that keeps the columns, with every summary", async () => {
    const text = fixture("git-log-graph-stat.txt");
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn);
    const summaries = text.split("\n").filter((l) => / \d+ files? changed/.test(l));
    for (const line of summaries) expect(r.output.split("\n")).toContain(line);
    expect(r.output).not.toMatch(/\| +\d+ [+-]+$/m);
    // Columns of the merged branch stay drawn before its commits' file lines.
    expect(r.output).toMatch(/^\| \| {2}src\/compressors\/search\/select\.ts$/m);
    expect(parseMarkers(r.output).length).toBeGreaterThan(0);
  });

  it("cuts a long commit body behind the graph's columns, keeping every header and subject", async () => {
    const text = fixture("git-log-graph-full.txt");
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    const out = r.output.split("\n");
    for (const line of text.split("\n").filter((l) => / (?:commit [0-9a-f]{40}|Author: |Date: )/.test(l))) {
      expect(out).toContain(line);
    }
    const bodyMarker = out.find((l) => l.includes("more message line"));
    expect(bodyMarker).toMatch(/^[|* ]*\|\s+\[\[pithy:/);
  });
});
