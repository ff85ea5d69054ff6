import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DOCUMENT,
  OTHER,
  TAG_COUNT,
  TAG_FLAGS,
  TAG_NAMES,
  TEXT,
  Tag,
  TagFlag,
  spells,
  tagNumber,
  tagNumberAt,
} from "../../../src/compressors/html/tags.js";

const known = Object.keys(Tag) as Array<keyof typeof Tag>;

/** `name` with each ASCII letter upper- or lowercased by `mask`'s bits. */
function mixCase(name: string, mask: number): string {
  let out = "";
  for (let i = 0; i < name.length; i++) out += (mask >> (i % 30)) & 1 ? name[i].toUpperCase() : name[i];
  return out;
}

describe("tag numbers", () => {
  it("numbers every known tag once, after text, document and other, with h1–h6 consecutive", () => {
    const numbers = known.map((name) => Tag[name]);
    expect(new Set(numbers).size).toBe(known.length);
    expect(Math.min(...numbers)).toBe(OTHER + 1);
    expect(Math.max(...numbers)).toBe(TAG_COUNT - 1);
    expect([TEXT, DOCUMENT, OTHER]).toEqual([0, 1, 2]);
    expect([Tag.h2, Tag.h3, Tag.h4, Tag.h5, Tag.h6].map((n) => n - Tag.h1)).toEqual([1, 2, 3, 4, 5]);
    for (const name of known) expect(TAG_NAMES[Tag[name]]).toBe(name);
  });

  it("finds a known name written in any case where it lies in the page", () => {
    fc.assert(
      fc.property(fc.constantFrom(...known), fc.integer({ min: 0, max: 2 ** 30 - 1 }), (name, mask) => {
        const page = `<${mixCase(name, mask)} x>`;
        expect(tagNumberAt(page, 1, 1 + name.length)).toBe(Tag[name]);
      }),
    );
  });

  it("agrees with the lowercased name's lookup on any name, non-ASCII included", () => {
    const letters = fc.constantFrom(..."abcdehiklmnoprstuvwxyzABDHKLPST0123456\u0011\u0012\u212a\u0130-:_ ".split(""));
    fc.assert(
      fc.property(
        fc.array(letters, { maxLength: 12 }).map((cs) => cs.join("")),
        (name) => {
          expect(tagNumberAt(`<${name}>`, 1, 1 + name.length)).toBe(tagNumber(name.toLowerCase()));
        },
      ),
      { numRuns: 2000 },
    );
    expect(tagNumberAt("\u212abd", 0, 3)).toBe(Tag.kbd); // the Kelvin sign lowercases to "k"
    expect(tagNumberAt("H\u0011", 0, 2)).toBe(OTHER); // a control is no digit, whatever its low bits
  });

  it("spells lowercase names in any ASCII case and nothing else", () => {
    expect(spells("ARIA-Hidden", 0, "aria-hidden")).toBe(true);
    expect(spells("aria_hidden", 0, "aria-hidden")).toBe(false);
    expect(spells("xH1", 1, "h1")).toBe(true);
    expect(spells("H\u0011", 0, "h1")).toBe(false);
  });

  it("marks every element that closes a <p> as a block, and only lists as lists", () => {
    for (let t = 0; t < TAG_COUNT; t++)
      if ((TAG_FLAGS[t] & TagFlag.ClosesP) !== 0) expect(TAG_FLAGS[t] & TagFlag.Block).toBe(TagFlag.Block);
    expect(known.filter((name) => (TAG_FLAGS[Tag[name]] & TagFlag.List) !== 0).sort()).toEqual([
      "dl",
      "menu",
      "ol",
      "ul",
    ]);
    expect(TAG_FLAGS[OTHER]).toBe(0);
    expect(TAG_FLAGS[TEXT]).toBe(0);
  });
});
