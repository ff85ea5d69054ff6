import { describe, expect, it } from "vitest";
import { compressDiff, diffFixture } from "./real-diffs.js";
import { declarationDepth } from "../../../src/compressors/diff/declarations.js";

/**
 * Real diffs that add whole files: `git show` of a commit of this repository
 * adding three test files (TypeScript), and `diff -Nu /dev/null test_shlex.py`
 * (CPython 3.13's unittest module for shlex).
 */

describe("declarationDepth", () => {
  it("reads functions, classes and test cases, with their indentation", () => {
    expect(declarationDepth("export function compressFind(input: CompressorInput) {")).toBe(0);
    expect(declarationDepth('  it("keeps every directory", () => {')).toBe(2);
    expect(declarationDepth("    def testSplitPosix(self):")).toBe(4);
    expect(declarationDepth("pub(crate) fn parse(s: &str) -> Result<()> {")).toBe(0);
    expect(declarationDepth("  const it = items[0];")).toBe(-1);
    expect(declarationDepth("  return describe(x);")).toBe(-1);
  });
});

// Issue #13: a hunk cut to its ends still names what the code it adds holds.
describe("diff compressor: declarations of cut hunks", () => {
  it("shows every test case and suite of the test files a commit adds", async () => {
    const text = diffFixture("git-show-new-test-files.diff");
    const out = await compressDiff(text);
    const cases = text.split("\n").filter((l) => /^\+\s*(?:it|describe)\(/.test(l));
    expect(cases.length).toBe(23);
    for (const line of cases) expect(out).toContain(line);
  });

  it("shows every class and method of a Python file a diff -Nu adds", async () => {
    const text = diffFixture("diff-nu-new-python-test.diff");
    const out = await compressDiff(text);
    const defs = text.split("\n").filter((l) => /^\+\s*(?:def|class) /.test(l));
    expect(defs.length).toBe(22);
    for (const line of defs) expect(out).toContain(line);
  });

  it("names every range its cuts hide in markers of several ranges", async () => {
    const out = await compressDiff(diffFixture("diff-nu-new-python-test.diff"));
    expect(out).toMatch(/\[\[pithy:[0-9a-f]+ L\d+-\d+(?:,L\d+(?:-\d+)?)+ test_shlex\.py: \d+ changed lines omitted/);
  });
});
