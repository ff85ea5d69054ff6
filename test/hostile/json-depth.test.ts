// Issue #15 item 2: the JSON parser is iterative, but each open level cost
// three stack entries, so 8 MB of `[` took ~390 MB of heap only to learn that
// it never closes (1.18 GB for the whole call). Past MAX_JSON_DEPTH levels
// it now stops: not parsed, the content passes through (and stays JSON).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { JsonValidity } from "../../src/compressors/json/validity.js";
import { MAX_JSON_DEPTH, parseJson } from "../../src/compressors/json/parse.js";
import { createPithy } from "../../src/index.js";

describe("JSON nesting depth", () => {
  it("parses nesting up to the cap", () => {
    const text = "[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH);
    expect(parseJson(text)?.maxDepth).toBe(MAX_JSON_DEPTH);
  });

  it("stops one level past the cap, for arrays and objects", () => {
    const deep = MAX_JSON_DEPTH + 1;
    expect(parseJson("[".repeat(deep) + "]".repeat(deep))).toBeNull();
    expect(parseJson(`${'{"a":'.repeat(deep)}1${"}".repeat(deep)}`)).toBeNull();
  });

  it("stops early on megabytes of `[` that never close", () => {
    // Reaching the end would take 8 M stack entries per array; stopping at the cap takes 100 000.
    expect(parseJson("[".repeat(8 << 20))).toBeNull();
  });

  it("keeps JSON in, JSON out for a document nested past the cap", { timeout: 60_000 }, async () => {
    const pithy = await createPithy();
    const half = 1 << 20;
    const text = `{"items":[${"[".repeat(half)}${"]".repeat(half)}],"ok":true}`;
    const r = await pithy.compress(text, { contentType: "json" });
    expect(() => JSON.parse(r.output)).not.toThrow();
    expect(r.output.length).toBeLessThanOrEqual(text.length);
  });
});

describe("JSON validity of long texts", () => {
  const pad = " ".repeat(64 * 1024);
  const parsesNative = (t: string) => {
    try {
      JSON.parse(t);
      return true;
    } catch {
      return false;
    }
  };

  it("says what JSON.parse says about long texts, brackets balanced or not", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("[", "]", "{", "}", '"', "\\", ",", ":", "1", '"a"'), { maxLength: 16 }),
        (parts) => {
          const text = pad + parts.join("");
          expect(new JsonValidity().parses(text)).toBe(parsesNative(text));
        },
      ),
      { numRuns: 300 },
    );
    for (const text of [`${pad}[1,[2,{"a":"]"}]]`, `${pad}["\\"]"]`, `${pad}[[]`, `${pad}]`]) {
      expect(new JsonValidity().parses(text), text.trim()).toBe(parsesNative(text));
    }
  });

  it("answers for 8 MB of `[` without JSON.parse building a stack for each", () => {
    expect(new JsonValidity().parses("[".repeat(8 << 20))).toBe(false);
  });
});
