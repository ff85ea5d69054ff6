import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real run of Python's logging (CPython 3.11.7, packaging 26.2): 60 `INFO:versions:parsed …`
// records and three `WARNING:versions:skipping …` records logged with exc_info, each followed by
// its own traceback, whose frames repeat. The rule was found on java.util.logging's two-line
// records (`WARNING: skipping line 103: …` above a NumberFormatException) in a held-out round.
const run = readFileSync(new URL("fixtures/python-logging-exc-info.log", import.meta.url), "utf8");

function compressed(text: string): string {
  const result = compressLog(compressorInput(text, { type: "log" }));
  expect(result).not.toBeNull();
  return result!.output;
}

describe("a leveled record right above a trace", () => {
  it("stays with the trace, each one, though its template repeats", () => {
    const out = compressed(run);
    for (const input of ["'1.11-beta_final'", "'2.0.0+local/build'", "'v1.47.x'"]) {
      expect(out).toContain(`WARNING:versions:skipping ${input}\n`);
      expect(out).toContain(`packaging.version.InvalidVersion: Invalid version: ${input}\n`);
    }
  });

  it("does not pull the routine records around it back in", () => {
    const out = compressed(run);
    expect(out).not.toContain("INFO:versions:parsed 1.10.2\n");
    expect(out).not.toContain("INFO:versions:parsed 1.28.0\n");
    expect(out).toContain("INFO:versions:parsed 57 of 60, newest 1.59.3");
  });
});
