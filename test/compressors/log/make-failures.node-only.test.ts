import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { makeFailureEnd, Severity, severityOf } from "../../../src/compressors/log/levels.js";
import { salientKind } from "../../../src/fidelity/salient.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real make runs: cmake's generated makefiles under `make -k` (test/corpus), and a
// recursive `make -k` over gcc errors, a missing rule and a parallel `-j2 -k` run (fixtures/).
const runs = {
  cmake: readFileSync(new URL("../../corpus/cases/log/cmake-build-keep-going.txt", import.meta.url), "utf8"),
  recursive: readFileSync(new URL("fixtures/make-k-recursive.txt", import.meta.url), "utf8"),
};

/** make's failure lines: `make: *** …`, `gmake[2]: *** …`. */
function failures(text: string): string[] {
  return text.split("\n").filter((l) => /^[\w.-]*make(\[\d+\])?: \*\*\* /.test(l));
}

describe("make failures", () => {
  it("are errors to the log compressor and to the fidelity pass, whatever make is called", () => {
    for (const [name, text] of Object.entries(runs)) {
      const lines = failures(text);
      expect(lines.length, name).toBeGreaterThanOrEqual(5);
      for (const line of lines) {
        expect(severityOf(line).severity, line).toBe(Severity.Error);
        expect(salientKind(line, undefined), line).toBe("error");
      }
    }
    expect(severityOf("mingw32-make: *** No rule to make target 'x'.  Stop.").severity).toBe(Severity.Error);
  });

  it("are not read into lines that only mention make or stars", () => {
    for (const line of [
      "make[1]: Entering directory '/tmp/mk/sub'",
      "gmake[2]: Target 'all' not remade because of errors.",
      "remake[]: *** no level",
      "*** make: ***",
      "a b make: *** spaces in the program's name",
    ]) {
      expect(makeFailureEnd(line, 0), line).toBe(0);
    }
  });

  it("stay visible, each failed target, when the log is compressed", () => {
    for (const [name, text] of Object.entries(runs)) {
      const result = logCompressor.compress(compressorInput(text, { type: "log" }));
      const out = result === null ? text : result.output;
      for (const line of failures(text)) expect(out, name).toContain(line);
    }
  });
});
