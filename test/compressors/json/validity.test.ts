import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMarker } from "../../../src/ccr/marker.js";
import { PROVISIONAL_KEY } from "../../../src/ccr/pending-key.js";
import { JsonValidity } from "../../../src/compressors/json/validity.js";

describe("JsonValidity", () => {
  it("answers for valid and invalid JSON", () => {
    const json = new JsonValidity();
    expect(json.parses('{"a": [1, 2]}')).toBe(true);
    expect(json.parses('{"a": [1, 2')).toBe(false);
    expect(json.parses("")).toBe(false);
  });

  it("answers right for texts asked in any order, whatever it remembers", () => {
    const texts = ['{"a":1}', "[1,", "[]", "nope", '{"b":2}', "[1,"];
    const want = texts.map((t) => {
      try {
        JSON.parse(t);
        return true;
      } catch {
        return false;
      }
    });
    const json = new JsonValidity();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < texts.length; i++)
        expect(json.parses(texts[(i * 5 + round) % texts.length])).toBe(want[(i * 5 + round) % texts.length]);
    }
    expect(json.parses("[1,")).toBe(false);
    expect(json.parses("[1]")).toBe(true);
  });

  it("takes a text noted as valid for valid without parsing it", () => {
    const json = new JsonValidity();
    // Not JSON at all: only a note, never a parse, can make it "valid".
    const text = "noted, never parsed";
    json.note(text);
    expect(json.parses(text)).toBe(true);
  });

  it("carries a remembered answer over to a copy with its marker keys swapped", () => {
    const marker = formatMarker(PROVISIONAL_KEY, "3 rows omitted");
    const real = "ab".repeat(16);
    for (const text of [`{"rows": [1, 2], "_pithy": "${marker}"}`, `{"rows": [1, 2 ${marker}`]) {
      const json = new JsonValidity();
      const valid = json.parses(text);
      const swapped = text.replaceAll(PROVISIONAL_KEY, real);
      json.carry(text, swapped);
      expect(json.parses(swapped)).toBe(valid);
    }
  });

  it("carries nothing for a text it does not remember", () => {
    const json = new JsonValidity();
    json.carry("[1", "[1]");
    expect(json.parses("[1]")).toBe(true);
  });

  it("keeps each instance's texts to itself", () => {
    const a = new JsonValidity();
    const b = new JsonValidity();
    a.note("not json");
    expect(a.parses("not json")).toBe(true);
    expect(b.parses("not json")).toBe(false);
  });

  it("is right to carry: swapping the key of markers never changes whether JSON parses", () => {
    const valid = (t: string) => {
      try {
        JSON.parse(t);
        return true;
      } catch {
        return false;
      }
    };
    const key = fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 32, maxLength: 32 });
    // JSON with markers placed as values, inside strings, as keys, or bare (then the text is invalid), sometimes cut short.
    const withMarkers = fc
      .tuple(fc.json(), fc.array(fc.nat(), { maxLength: 3 }), fc.constantFrom("value", "inside", "bare"), fc.nat())
      .map(([json, cuts, where, cut]) => {
        const marker = formatMarker(PROVISIONAL_KEY, "omitted");
        let text = json;
        for (const at of cuts) {
          const i = at % (text.length + 1);
          const piece =
            where === "value"
              ? JSON.stringify(marker)
              : where === "inside"
                ? `"x ${marker} \\u0012${PROVISIONAL_KEY}"`
                : marker;
          text = text.slice(0, i) + piece + text.slice(i);
        }
        return cut % 4 === 0 ? text.slice(0, cut % (text.length + 1)) : text;
      });
    fc.assert(
      fc.property(withMarkers, key, (text, real) => {
        expect(valid(text.replaceAll(PROVISIONAL_KEY, real))).toBe(valid(text));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("JsonValidity on deep JSON", () => {
  it("answers for JSON nested past the depth JSON.parse is left", () => {
    const deep = 200_000;
    const json = new JsonValidity();
    expect(json.parses(`${"[".repeat(deep)}${"]".repeat(deep)}`)).toBe(true);
    expect(json.parses(`${"[".repeat(deep)}0 0${"]".repeat(deep)}`)).toBe(false);
    expect(json.parses(`${"[".repeat(deep)}${"]".repeat(deep + 1)}`)).toBe(false);
  });
});

describe("JsonValidity.surelyNot", () => {
  it("rules out long texts whose brackets do not close as they open, and remembers it", () => {
    const json = new JsonValidity();
    const open = "[".repeat(100_000);
    expect(json.surelyNot(open)).toBe(true);
    expect(json.parses(open)).toBe(false);
    // Brackets inside strings do not count.
    const balanced = `[${`"]",`.repeat(20_000)}1]`;
    expect(json.surelyNot(balanced)).toBe(false);
    expect(json.parses(balanced)).toBe(true);
  });

  it("never rules out a short text, nor a long balanced one that does not parse", () => {
    const json = new JsonValidity();
    expect(json.surelyNot("[[[")).toBe(false);
    const invalid = `[${"1 ".repeat(40_000)}]`;
    expect(json.surelyNot(invalid)).toBe(false);
    expect(json.parses(invalid)).toBe(false);
  });

  it("agrees with JSON.parse wherever it rules a text out", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("[", "]", "{", "}", '"', "\\", "1", ",", ":"), { maxLength: 40 }),
        (parts) => {
          const text = parts.join("").repeat(2000);
          if (new JsonValidity().surelyNot(text)) expect(() => JSON.parse(text)).toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });
});
