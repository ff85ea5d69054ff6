import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { Outline, outlineKind } from "../../../src/compressors/log/outline.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real `jest --verbose jtest` run (jest 30.5.2) of cookie tests written for it: three failures,
// each with a babel-style code frame whose marked line (`> 17 | …`) is the failing source line.
// The rule was found on a jest run of semver tests in a held-out round, where the second
// failure's marked line went behind a marker as a repeat of the first one's template.
const run = readFileSync(new URL("fixtures/jest-verbose-cookie-fail.txt", import.meta.url), "utf8");

describe("the marked line of a code frame", () => {
  it("stays for every failure, though the frames share one template", () => {
    const result = compressLog(compressorInput(run, { type: "log" }));
    expect(result).not.toBeNull();
    const out = result!.output;
    const marked = run.split("\n").filter((l) => /^ +> +\d+ \| /.test(l));
    expect(marked.length).toBe(3);
    for (const line of marked) expect(out).toContain(`${line}\n`);
  });

  it("is told from a frame's other lines and from quoted text", () => {
    expect(outlineKind("    > 43 |     expect(semver.diff('1.2.3', '2.0.0-1')).toBe('major');")).toBe(
      Outline.FailingSource,
    );
    expect(outlineKind("      42 |     expect(semver.diff('1.2.3', '1.3.0')).toBe('minor');")).toBe(Outline.None);
    expect(outlineKind("         |                                             ^")).toBe(Outline.None);
    expect(outlineKind("    >  9 |   it('keeps quoted values with their quotes', () => {")).toBe(Outline.FailingSource);
    expect(outlineKind("> 43 | a quoted line at column 0")).toBe(Outline.None);
  });
});
