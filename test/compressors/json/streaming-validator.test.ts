import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidJson } from "../../../src/compressors/json/streaming-validator.js";
import { oddJsonText } from "./odd-json.js";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Characters that make or break JSON, so random texts from them hit the grammar's edges. */
const jsonish = fc.constantFrom(...'[]{}",:\\/ \t\n\r\u00a0\u000b\u0001-+.eE0123456789abfnrtuxlse\ud800\ufeff');

describe("isValidJson", () => {
  it("accepts exactly what JSON.parse accepts on edge cases", () => {
    const texts = [
      "",
      " ",
      "0",
      "-0",
      "01",
      "1.",
      ".5",
      "-",
      "1e",
      "1e+",
      "1E-2",
      "2.5e10",
      "-12.0",
      "+1",
      "0x1",
      "true",
      "tru",
      "truex",
      "null",
      " null ",
      "nul",
      "false",
      '""',
      '"a',
      '"\\u00e9"',
      '"\\u00G9"',
      '"\\x41"',
      '"\\/"',
      '"\t"',
      '"\u007f"',
      '"\ud800"',
      "[]",
      "[,]",
      "[1,]",
      "[1 2]",
      "{}",
      "{,}",
      '{"a"}',
      '{"a":}',
      '{"a":1,}',
      '{"a" : 1 , "b":[ ]}',
      "{1:2}",
      "{'a':1}",
      "[1]]",
      "[[1]",
      "\u00a0[]",
      "\ufeff[]",
      "[]\u000b",
      "[\r\n]",
      "[] []",
      '{"a":1}}',
      '["]"]',
      '["\\\\"]',
    ];
    for (const text of texts) expect(isValidJson(text), JSON.stringify(text)).toBe(parses(text));
  });

  it("accepts every valid JSON text tools write", () => {
    fc.assert(
      fc.property(oddJsonText, (text) => {
        expect(isValidJson(text)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("agrees with JSON.parse on valid JSON cut short or with characters spliced in", () => {
    const mutated = fc
      .tuple(
        oddJsonText,
        fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.string({ unit: jsonish, maxLength: 3 })), {
          minLength: 1,
          maxLength: 3,
        }),
      )
      .map(([text, edits]) => {
        let out = text;
        for (const [at, cut, piece] of edits) {
          const i = at % (out.length + 1);
          out = out.slice(0, i) + piece + out.slice(i + cut);
        }
        return out;
      });
    fc.assert(
      fc.property(mutated, (text) => {
        expect(isValidJson(text)).toBe(parses(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with JSON.parse on random texts of JSON's characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: jsonish, maxLength: 12 }), (text) => {
        expect(isValidJson(text)).toBe(parses(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("decides JSON nested a million levels deep, valid or not", () => {
    const deep = 1_000_000;
    expect(isValidJson(`${"[".repeat(deep)}${"]".repeat(deep)}`)).toBe(true);
    expect(isValidJson(`${'{"a":['.repeat(deep)}1${"]}".repeat(deep)}`)).toBe(true);
    expect(isValidJson(`${"[".repeat(deep)}${"]".repeat(deep - 1)}`)).toBe(false);
    expect(isValidJson(`${'{"a":['.repeat(deep)}${"}]".repeat(deep)}`)).toBe(false);
    expect(isValidJson(`${"[".repeat(deep)}1,${"]".repeat(deep)}`)).toBe(false);
  });

  it("refuses a run of closers that crosses into containers of the other kind", () => {
    const texts = [
      `${"[".repeat(16)}${'{"a":'.repeat(16)}${"[".repeat(16)}1${"]".repeat(32)}${"}".repeat(16)}`,
      `${"[".repeat(16)}${'{"a":'.repeat(16)}${"[".repeat(16)}1${"]".repeat(16)}${"}".repeat(32)}`,
      `${"[".repeat(1000)}${'{"a":'.repeat(3)}${"[".repeat(1000)}1${"]".repeat(1003)}${"}".repeat(3)}${"]".repeat(997)}`,
      `${"[".repeat(16)}${'{"a":'.repeat(16)}${"[".repeat(16)}1${"]".repeat(16)}${"}".repeat(16)}${"]".repeat(16)}`,
    ];
    expect(texts.map(isValidJson)).toEqual([false, false, false, true]);
    expect(texts.map(parses)).toEqual([false, false, false, true]);
  });

  it("reads as arrays a run of brackets opened where objects were closed before", () => {
    const text = `[[${'{"a":'.repeat(40)}1${"}".repeat(40)},${"[".repeat(40)}${"]".repeat(40)}]]`;
    expect(isValidJson(text)).toBe(true);
    expect(isValidJson(`${text.slice(0, -42)}}]]`)).toBe(parses(`${text.slice(0, -42)}}]]`));
  });

  it("agrees with JSON.parse on runs of brackets, closed by their kind or not", () => {
    const run = fc
      .tuple(fc.integer({ min: 1, max: 300 }), fc.constantFrom("[", "]", "}", '{"a":', '{"a":[', "]}"))
      .map(([n, unit]) => unit.repeat(n));
    const piece = fc.oneof(run, fc.constantFrom("1", ",", " ", "\n", "[]", "{}", '"]"', "}", "]", ":"));
    const nested = fc
      .tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 300 }), fc.array(piece, { maxLength: 4 }))
      .map(([arrays, objects, inner]) => {
        const open = "[".repeat(arrays) + '{"a":'.repeat(objects);
        return `${open}${inner.join("") || "0"}${"}".repeat(objects)}${"]".repeat(arrays)}`;
      });
    fc.assert(
      fc.property(
        fc.oneof(
          nested,
          fc.array(piece, { maxLength: 12 }).map((p) => p.join("")),
        ),
        (text) => {
          expect(isValidJson(text), text.slice(0, 200)).toBe(parses(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
