import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { ValueDiffReader } from "../../../src/compressors/log/value-diffs.js";
import { compressorInput } from "../../support/compressor-input.js";

// Real runs, each with several failing tests whose value diffs share one shape:
// - `deno test` (deno 2.9.6) of npm:qs tests written for it, 5 failures under `[Diff] Actual / Expected`;
// - `vitest run --reporter=verbose` (4.1.12) of npm:ms and npm:semver tests, 6 failures under `- Expected` /
//   `+ Received` among 84 passing tests.
// The rule was found on a held-out `deno test` run whose second failure lost its values and its test's frame.
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

/** The log compressor's output; where it saves nothing the text stays as it is. */
function compressed(text: string): string {
  return compressLog(compressorInput(text, { type: "log" }))?.output ?? text;
}

/** The `-`/`+` lines of every value diff in `text`, as printed. */
function diffLines(text: string): string[] {
  return text.split("\n").filter((l) => /^[-+] {3}\S/.test(l));
}

describe("a failed assertion's value diff", () => {
  for (const name of ["deno-test-qs-diff.txt", "vitest-toequal-diffs.txt"]) {
    it(`stays for every failure of a real run (${name})`, () => {
      const text = fixture(name);
      const out = compressed(text);
      const lines = diffLines(text);
      expect(lines.length).toBeGreaterThanOrEqual(8);
      for (const line of lines) expect(out).toContain(`${line}\n`);
    });
  }

  it("keeps each failing test's own frame under an assertion helper's frame shown before", () => {
    const out = compressed(fixture("deno-test-qs-diff.txt"));
    for (const place of ["8:3", "11:3", "20:3", "23:3", "26:3"]) {
      expect(out).toContain(`    at file:///tmp/mix3/dt2/qs_test.ts:${place}\n`);
    }
  });
});

describe("ValueDiffReader", () => {
  const read = (lines: string[]) => {
    const reader = new ValueDiffReader();
    return lines.map((l) => reader.next(l));
  };

  it("reads from the legend over blank lines to the first blank line after the body", () => {
    expect(read(["    [Diff] Actual / Expected", "", "", "-   1", "+   2", "", "-   3"])).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it("ends at a stack frame or a caret line (node:assert prints no blank line before them)", () => {
    expect(read(["  + actual - expected", "  ", "  + 'a'", "  - 'b'", "      ^", "    at f (x.js:1:2)"])).toEqual([
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it("ends at a line back at the diff's column that is no change (TAP's YAML fields)", () => {
    expect(
      read(["    + actual - expected", "    ", "    + 'a'", "    - 'b'", "  code: 'ERR_ASSERTION'", "  stack: |-"]),
    ).toEqual([true, false, true, true, false, false]);
  });

  it("reads an object's context lines, indented past the changed ones", () => {
    expect(read(["- Expected", "+ Received", "", "  Object {", '-   "a": 1,', '+   "a": 2,', "  }", ""])).toEqual([
      false,
      true,
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("takes a line that merely mentions a legend's words for no legend", () => {
    expect(read(["the diff said + Received", "-   1"])).toEqual([false, false]);
  });

  it("stops reading a diff past 60 lines", () => {
    const body = Array.from({ length: 70 }, (_, k) => `-   ${k}`);
    const kinds = read(["[Diff] Actual / Expected", ...body]);
    expect(kinds.filter(Boolean).length).toBe(61);
  });
});
