import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createPithy, type Pithy } from "../../../src/pipeline.js";
import { declarationDepth } from "../../../src/compressors/diff/declarations.js";

/**
 * Real diffs that add whole files: `git show` of a commit of this repository
 * adding three test files (TypeScript), and `diff -Nu /dev/null test_shlex.py`
 * (CPython 3.13's unittest module for shlex).
 */
function fixture(name: string): string {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
}

let pithy: Pithy;
beforeAll(async () => {
  pithy = await createPithy({ minTokens: 0 });
});

async function compressed(text: string): Promise<string> {
  const r = await pithy.compress(text, { tool: "Bash" });
  expect(r.type).toBe("diff");
  expect(r.tokensOut).toBeLessThan(r.tokensIn);
  return r.output;
}

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
    const text = fixture("git-show-new-test-files.diff");
    const out = await compressed(text);
    const cases = text.split("\n").filter((l) => /^\+\s*(?:it|describe)\(/.test(l));
    expect(cases.length).toBe(23);
    for (const line of cases) expect(out).toContain(line);
  });

  it("shows every class and method of a Python file a diff -Nu adds", async () => {
    const text = fixture("diff-nu-new-python-test.diff");
    const out = await compressed(text);
    const defs = text.split("\n").filter((l) => /^\+\s*(?:def|class) /.test(l));
    expect(defs.length).toBe(22);
    for (const line of defs) expect(out).toContain(line);
  });

  it("names every range its cuts hide in markers of several ranges", async () => {
    const out = await compressed(fixture("diff-nu-new-python-test.diff"));
    expect(out).toMatch(/\[\[pithy:[0-9a-f]+ L\d+-\d+(?:,L\d+(?:-\d+)?)+ test_shlex\.py: \d+ changed lines omitted/);
  });
});
