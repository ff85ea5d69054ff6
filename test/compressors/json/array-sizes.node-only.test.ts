import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonCompressor } from "../../../src/compressors/json.js";
import { compressorInput } from "../../support/compressor-input.js";

/** Real keyed maps of the installed packages whose records hold an array of names. */
const mimeDb = readFileSync("node_modules/mime-db/db.json", "utf8");
const emojis = readFileSync("node_modules/emojilib/emojis.json", "utf8");

type Records = Record<string, Record<string, unknown>>;

/**
 * The `top` records of `map` whose `field` array is longest (ties in document
 * order), of those within `cap` items: a longer array of names is crushed by
 * a rule of its own (its head, tail and a stride of the rest).
 */
function longest(map: Records, field: string, top: number, cap = 12): string[] {
  const sizes = Object.entries(map)
    .filter(([, v]) => Array.isArray(v[field]) && (v[field] as unknown[]).length <= cap)
    .map(([k, v]) => [k, (v[field] as unknown[]).length] as const);
  return sizes
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k]) => k);
}

// Issue #13: an array's size is a column like a number: a record far past the others stands out.
describe("json compressor: records with far more items than the others", () => {
  for (const [name, text, field] of [
    ["mime-db's media types (extensions)", mimeDb, "extensions"],
    ["emojilib's emojis (keywords)", emojis, "keywords"],
  ] as const) {
    it(`shows whole the records of ${name} whose arrays are longest`, () => {
      const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
      expect(out).not.toBeNull();
      expect(out!.output.length).toBeLessThan(text.length * 0.7);
      const original = JSON.parse(text) as Records;
      const shown = JSON.parse(out!.output) as Records;
      for (const key of longest(original, field, 5)) expect(shown[key]).toEqual(original[key]);
    });
  }
});
