import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonPrefixLength, jsonTextBytes } from "../../../src/integrations/mcp/reply-size.js";

const encoder = new TextEncoder();
/** The reference: bytes of the JSON string literal in UTF-8, quotes excluded. */
const reference = (text: string) => encoder.encode(JSON.stringify(text)).length - 2;

/** Text rich in what JSON escapes: quotes, backslashes, control characters, lone surrogates, astral characters. */
const awkwardText = fc.string({
  unit: fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.constantFrom('"', "\\", "\n", "\u0000", "\u001b", "\ud800", "\udc00", "😀", "é", "€"),
  ),
  maxLength: 60,
});

describe("jsonTextBytes", () => {
  it("counts escapes the way JSON.stringify writes them", () => {
    expect(jsonTextBytes('a"b\\c\n')).toBe(9);
    expect(jsonTextBytes("\u001b[0m")).toBe(9);
    expect(jsonTextBytes("\ud800x")).toBe(7);
    expect(jsonTextBytes("😀é€")).toBe(9);
  });

  it("equals the UTF-8 length of JSON.stringify's output for any text", () => {
    let loneSurrogates = 0;
    fc.assert(
      fc.property(awkwardText, (text) => {
        if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) loneSurrogates++;
        expect(jsonTextBytes(text)).toBe(reference(text));
      }),
      { numRuns: 1000 },
    );
    expect(loneSurrogates).toBeGreaterThan(0);
  });

  it("stops counting soon after the limit", () => {
    const text = "x".repeat(1_000_000);
    expect(jsonTextBytes(text, 100)).toBe(101);
    expect(jsonTextBytes(text)).toBe(1_000_000);
  });
});

describe("jsonPrefixLength", () => {
  it("gives the longest prefix that fits the budget, never half a surrogate pair", () => {
    let splitPairs = 0;
    fc.assert(
      fc.property(awkwardText, fc.nat({ max: 200 }), (text, budget) => {
        const end = jsonPrefixLength(text, budget);
        expect(reference(text.slice(0, end))).toBeLessThanOrEqual(budget);
        if (end < text.length) {
          const step = /[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(end, end + 2)) ? 2 : 1;
          if (step === 2) splitPairs++;
          expect(reference(text.slice(0, end + step))).toBeGreaterThan(budget);
        }
      }),
      { numRuns: 1000 },
    );
    expect(splitPairs).toBeGreaterThan(0);
  });
});
