import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { indexOfAtFrame } from "../../../src/compressors/log/traces.js";

describe("indexOfAtFrame", () => {
  it('finds what indexOf("   at ") finds', () => {
    const text = fc
      .array(fc.constantFrom(" ", "  ", "   ", "a", "t", "at", "at ", "x", "\t", "#"), { maxLength: 40 })
      .map((p) => p.join(""));
    fc.assert(
      fc.property(text, fc.nat(8), (line, from) => {
        expect(indexOfAtFrame(line, from)).toBe(line.indexOf("   at ", from));
      }),
      { numRuns: 5000 },
    );
  });

  it("finds frames behind a prefix", () => {
    expect(indexOfAtFrame("#     at f (/a.js:1:2)", 0)).toBe(3);
    expect(indexOfAtFrame("no frame here at all", 0)).toBe(-1);
  });
});
