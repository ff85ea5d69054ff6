import { describe, expect, it } from "vitest";
import { compressDiff, diffFixture } from "./real-diffs.js";

/**
 * Real outputs of two git diff formats whose changed lines do not read like
 * `+`/`-` lines: `git show --cc` of a merge of this repository (two prefix
 * columns; `++` marks what the merge itself wrote), limited by `-- src/cli/commands test/cli`
 * (`git show --cc 7030286`), and `git show --word-diff 1eb99e3` of one of its commits (no prefix
 * column; words changed inline as `[-old-]{+new+}`).
 */

describe("diff compressor: a merge's combined diff", () => {
  it("shows every line the merge changed against both parents", async () => {
    const text = diffFixture("git-show-cc-merge-cli.diff");
    const own = text.split("\n").filter((line) => /^(?:\+\+|--)[^+-]/.test(line));
    expect(own.length).toBe(25);
    const out = await compressDiff(text);
    for (const line of own) expect(out).toContain(line);
    expect(out).toContain("diff --cc test/cli/proxy-command.node-only.test.ts");
  });
});

describe("diff compressor: git diff --word-diff", () => {
  it("reads a line holding [-…-] or {+…+} as a change and keeps every one", async () => {
    const text = diffFixture("git-show-word-diff-search-rows.txt");
    const changed = text.split("\n").filter((line) => /\[-.*-\]|\{\+.*\+\}/.test(line));
    expect(changed.length).toBe(62);
    const out = await compressDiff(text);
    for (const line of changed) expect(out).toContain(line);
    expect(out).toContain("  {+const shownTexts = new Set<string>([rowText(table, first)]);+}");
  });
});
