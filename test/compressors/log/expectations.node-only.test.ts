import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { TestLine, testLineKind } from "../../../src/compressors/log/summaries.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real `NO_COLOR=1 deno test` run (deno 2.9.6) of 16 tests against semver 7 from this repo's
// node_modules, 5 failing with Deno-style `[Actual]` / `[Expected]` lines under frames that repeat.
// The rule was found on a held-out `deno test` of marked and on `cargo test`'s `left:` / `right:`.
const run = readFileSync(new URL("fixtures/deno-test-semver-fail.txt", import.meta.url), "utf8");

describe("a failed assertion's values", () => {
  it("stay visible for every failure of a test run", () => {
    const result = compressLog(compressorInput(run, { type: "log" }));
    expect(result).not.toBeNull();
    const values = run.split("\n").filter((l) => /^ {4}\[(?:Actual|Expected)\] /.test(l));
    expect(values.length).toBe(10);
    for (const line of values) expect(result!.output).toContain(`${line}\n`);
  });

  it("are read as such in the shapes of Rust, jest, node:assert and Deno", () => {
    for (const line of [
      "  left: 1205",
      " right: 1250",
      "    [Actual] false",
      "    [Expected] true",
      "Expected: 3",
      "Received: 4",
      "  actual: 'a',",
      "  expected: 'b',",
      "- Expected  - 1",
      "+ Received  + 1",
    ]) {
      expect(testLineKind(line), line).toBe(TestLine.Expectation);
    }
  });

  it("are not read into ordinary lines that use the words", () => {
    for (const line of ["expected 3 arguments", "left:", "the right: thing", "Actual results below"]) {
      expect(testLineKind(line), line).toBe(TestLine.None);
    }
  });
});
