import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { renderJson } from "../../../src/compressors/json/render.js";
import type { JsonObject, JsonNode } from "../../../src/compressors/json/tree.js";
import { compactReference, oddJsonText } from "./odd-json.js";

function accepts(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe("parseJson", () => {
  it("keeps number and string lexemes exactly as written", () => {
    const text = '{"a": 1.0, "b": 12345678901234567890, "c": "a\\/b\\n", "d": -0e+5}';
    const parsed = parseJson(text);
    expect(parsed).not.toBeNull();
    expect(renderJson(parsed!.root, ": ")).toBe('{"a": 1.0,"b": 12345678901234567890,"c": "a\\/b\\n","d": -0e+5}');
  });

  it("writes \\u escapes out as characters, except control characters and lone surrogates", () => {
    const parsed = parseJson('{"\\u00e9": "\\u4e2d\\u0001\\ud800"}');
    expect(renderJson(parsed!.root, ":")).toBe('{"é":"中\\u0001\\ud800"}');
  });

  it("keeps keys in source order, integer-like keys included", () => {
    const parsed = parseJson('{"b": 1, "2": 2, "a": 3}');
    expect((parsed!.root as JsonObject).keys).toEqual(['"b"', '"2"', '"a"']);
  });

  it("detects whether keys are followed by a space", () => {
    expect(parseJson('{"a": 1}')!.spacedColon).toBe(true);
    expect(parseJson('{\n  "a":\n1}')!.spacedColon).toBe(true);
    expect(parseJson('{"a":1}')!.spacedColon).toBe(false);
  });

  it("returns null for truncated, trailing-comma, control-character and bad-escape input", () => {
    for (const bad of [
      '{"a": "b',
      "[1,]",
      '{"a":1,}',
      '"a\u0001"',
      '"\\x"',
      "01",
      "[1 2]",
      "",
      " ",
      "{} x",
      "\ufeff{}",
      "nul",
      "-",
      "1.",
      "1e",
    ]) {
      expect(parseJson(bad), bad).toBeNull();
    }
  });

  it("accepts exactly what JSON.parse accepts", () => {
    const pieces = fc.constantFrom(
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      '"a"',
      '"\\n"',
      '"\\u12"',
      "1",
      "-0.5e3",
      "01",
      "true",
      "nul",
      " ",
      "\n",
      '"',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(parseJson(text) !== null).toBe(accepts(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("round-trips any JSON value to an equal value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 2);
        const parsed = parseJson(text);
        expect(parsed).not.toBeNull();
        expect(JSON.parse(renderJson(parsed!.root, ":"))).toEqual(JSON.parse(text));
      }),
    );
  });

  it("renders any JSON text as the text itself without whitespace, lexemes and key order kept", () => {
    fc.assert(
      fc.property(oddJsonText, (text) => {
        expect(JSON.parse(text)).toBeDefined();
        expect(renderJson(parseJson(text)!.root, ":")).toBe(compactReference(text));
      }),
      { numRuns: 500 },
    );
  });

  it("gives rows with the same keys one shared key array, and rows with other keys their own", () => {
    const rows = parseJson(
      '[{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"a": 5}, {"a": 6, "c": 7}, {"a": 8, "c": 9}, {"a": 1, "b": 2, "d": 3}]',
    )!.root as JsonObject[];
    expect(rows[1].keys).toBe(rows[0].keys);
    expect(rows.map((r) => r.keys)).toEqual([
      ['"a"', '"b"'],
      ['"a"', '"b"'],
      ['"a"'],
      ['"a"', '"c"'],
      ['"a"', '"c"'],
      ['"a"', '"b"', '"d"'],
    ]);
    expect(rows[4].keys).toBe(rows[3].keys);
    expect(rows[5].keys).not.toBe(rows[0].keys);
  });

  it("keeps each row's own values and keys when rows nest and repeat", () => {
    const text = '[{"k": {"a": 1}, "v": [{"a": 2}]}, {"k": {"a": 3}, "v": [{"a": 4}, {"b": 5}]}]';
    const root = parseJson(text)!.root as JsonNode[];
    expect(renderJson(root, ":")).toBe(text.replace(/ /g, ""));
    expect(JSON.parse(renderJson(root, ":"))).toEqual(JSON.parse(text));
  });

  it("parses 10 000 levels of nesting without recursion", () => {
    const text = "[".repeat(10_000) + "]".repeat(10_000);
    const parsed = parseJson(text);
    expect(parsed!.maxDepth).toBe(10_000);
    expect(renderJson(parsed!.root, ":")).toBe(text);
  });
});
