import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodeWtf8, encodeWtf8, isWellFormed, scanIsWellFormed, utf8Length, wtf8Length } from "../../src/ccr/wtf8.js";

const utf16 = fc.string({ unit: "binary", maxLength: 64 });
const withLoneSurrogates = fc
  .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("\ud83d", "\ude00", "\udbff", "\udc00", "\ufffd")), {
    maxLength: 12,
  })
  .map((parts) => parts.join(""));

describe("WTF-8", () => {
  it("is UTF-8 byte for byte on well-formed text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 64 }), (s) => {
        expect(encodeWtf8(s)).toEqual(new TextEncoder().encode(s));
      }),
    );
  });

  it("round-trips every UTF-16 string exactly, lone surrogates included", () => {
    let lone = 0;
    fc.assert(
      fc.property(fc.oneof(utf16, withLoneSurrogates), (s) => {
        if (!isWellFormed(s)) lone++;
        const bytes = encodeWtf8(s);
        expect(bytes.length).toBe(wtf8Length(s));
        expect(decodeWtf8(bytes)).toBe(s);
      }),
      { numRuns: 500 },
    );
    // The branch that matters was reached, not only well-formed strings.
    expect(lone).toBeGreaterThan(20);
  });

  it("writes the text between lone surrogates as TextEncoder does, short runs and long", () => {
    const run = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 8 }),
      fc.string({ unit: "grapheme", minLength: 60, maxLength: 90 }),
    );
    const lone = fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff, 0xdabc);
    fc.assert(
      fc.property(fc.array(fc.tuple(run, lone), { maxLength: 8 }), run, (pieces, last) => {
        const want: number[] = [];
        let text = "";
        for (const [part, unit] of pieces) {
          // A high surrogate is lone only when no low one follows: an "x" keeps it from pairing with the next unit.
          const after = unit <= 0xdbff ? "x" : "";
          text += part + String.fromCharCode(unit) + after;
          want.push(
            ...new TextEncoder().encode(part),
            0xe0 | (unit >> 12),
            0x80 | ((unit >> 6) & 0x3f),
            0x80 | (unit & 0x3f),
          );
          if (after) want.push(0x78);
        }
        text += last;
        want.push(...new TextEncoder().encode(last));
        expect([...encodeWtf8(text)]).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it("gives a cut emoji and its U+FFFD replacement different bytes", () => {
    const cut = "done 🚀".slice(0, -1);
    expect(isWellFormed(cut)).toBe(false);
    expect(encodeWtf8(cut)).not.toEqual(encodeWtf8(cut.slice(0, -1) + "\ufffd"));
    expect([...encodeWtf8(cut).slice(-3)]).toEqual([0xed, 0xa0, 0xbd]);
  });

  it("scans for lone surrogates as the native isWellFormed does", () => {
    const native = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
    expect(native).toBeTypeOf("function");
    fc.assert(
      fc.property(fc.oneof(utf16, withLoneSurrogates), (s) => {
        expect(scanIsWellFormed(s)).toBe(native!.call(s));
      }),
    );
  });

  it("measures what TextEncoder writes, lone surrogates as three bytes, with or without Buffer", () => {
    fc.assert(
      fc.property(fc.oneof(utf16, withLoneSurrogates), (s) => {
        const sent = new TextEncoder().encode(s).length;
        expect(utf8Length(s)).toBe(sent);
        expect(wtf8Length(s)).toBe(sent);
      }),
    );
    expect(utf8Length("\ud800x\udfff😀")).toBe(3 + 1 + 3 + 4);
  });

  it("keeps a byte order mark, at the start and after a lone surrogate", () => {
    for (const s of ["\ufeffBOM", "a\ud800\ufeffb"]) expect(decodeWtf8(encodeWtf8(s))).toBe(s);
  });

  it("decodes bytes that are not WTF-8 the way TextDecoder does", () => {
    const bad = new Uint8Array([0x61, 0xff, 0x62, 0xed]);
    expect(decodeWtf8(bad)).toBe(new TextDecoder().decode(bad));
  });
});
