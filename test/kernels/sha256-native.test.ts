import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { computeKey } from "../../src/ccr/key.js";
import { sha256HexTwin } from "../../src/kernels/sha256.js";
import {
  SHA256_NATIVE_CHUNK_UNITS,
  SHA256_UTF8_SCRATCH_UNITS,
  hashesNatively,
  holdsReplacementScan,
  nativeSha256Hex,
  nativeSha256Utf8,
} from "../../src/kernels/sha256-native.js";
import { isWellFormed, utf8Length, wtf8Length } from "../../src/ccr/wtf8.js";
import { loadWasm } from "../../src/kernels/wasm.js";

beforeAll(async () => {
  await loadWasm();
});

// Random UTF-16, lone surrogates included.
const codeUnit = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }),
  fc.integer({ min: 0x80, max: 0xffff }),
  fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfffd),
);
const text = fc.array(codeUnit, { maxLength: 700 }).map((units) => String.fromCharCode(...units));

describe("nativeSha256Hex", () => {
  it("is there in Node and Deno, and not in a browser", () => {
    expect(nativeSha256Hex() !== null).toBe(inject("runtime") !== "browser");
  });

  // Browsers have no native SHA-256 to compare: these show there as skipped.
  const hasNative = inject("runtime") !== "browser";

  it.runIf(hasNative)("agrees with the kernel on any string, lone surrogates included", () => {
    const native = nativeSha256Hex()!;
    fc.assert(
      fc.property(text, (t) => {
        expect(native(t)).toBe(sha256HexTwin(t));
      }),
      { numRuns: 500 },
    );
  });

  it.runIf(hasNative)(
    "agrees with the kernel when a long input is fed in pieces, whatever sits at a piece's end",
    () => {
      const native = nativeSha256Hex()!;
      const filler = "a".repeat(SHA256_NATIVE_CHUNK_UNITS - 1);
      // A pair across the first cut, a lone high surrogate at it, a lone low one just after it, a pair just inside.
      for (const tail of ["😀 after", "\ud800x after", "b\udc00 after", "😀"]) {
        const long = filler + tail + "z".repeat(1000);
        expect(native(long), JSON.stringify(tail)).toBe(sha256HexTwin(long));
      }
    },
  );

  it("gives computeKey the same key on either side of its size threshold", () => {
    for (const n of [255, 256, 257, 5000]) {
      const t = "é€😀x".repeat(n).slice(0, n);
      expect(hashesNatively(t)).toBe(n >= 256 && nativeSha256Hex() !== null);
      expect(computeKey(t)).toBe(sha256HexTwin(t).slice(0, 32));
    }
  });
});

describe("nativeSha256Utf8", () => {
  const hasNative = inject("runtime") !== "browser";

  it("is null where there is no native hash", () => {
    expect(nativeSha256Utf8("abc") === null).toBe(!hasNative);
  });

  it.runIf(hasNative)("gives the kernel's digest and the UTF-8 length of well-formed text, null for any other", () => {
    fc.assert(
      fc.property(text, (t) => {
        const found = nativeSha256Utf8(t);
        if (!isWellFormed(t) || t.includes("\ufffd")) {
          expect(found).toBeNull();
          return;
        }
        expect(found).toEqual({ hex: sha256HexTwin(t), bytes: utf8Length(t) });
        expect(found!.bytes).toBe(wtf8Length(t));
      }),
      { numRuns: 500 },
    );
  });

  it("finds U+FFFD's bytes by its plain scan wherever they sit, and only them", () => {
    const byte = fc.oneof(fc.constantFrom(0xef, 0xbf, 0xbd, 0x41), fc.integer({ min: 0, max: 255 }));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 40 }), (values) => {
        const bytes = new Uint8Array(values);
        const expected = values.some((b, i) => b === 0xef && values[i + 1] === 0xbf && values[i + 2] === 0xbd);
        expect(holdsReplacementScan(bytes)).toBe(expected);
        // A view that starts inside a larger buffer reads only its own bytes.
        expect(holdsReplacementScan(new Uint8Array([0xef, 0xbf, 0xbd, ...values]).subarray(3))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it.runIf(hasNative)("reads a long text in pieces, whatever sits at a piece's end", () => {
    const filler = "a".repeat(SHA256_UTF8_SCRATCH_UNITS - 1);
    for (const tail of ["😀 after", "é€ after", "😀", "x".repeat(3 * SHA256_UTF8_SCRATCH_UNITS)]) {
      const long = filler + tail + "中".repeat(1000);
      expect(nativeSha256Utf8(long), JSON.stringify(tail.slice(0, 9))).toEqual({
        hex: sha256HexTwin(long),
        bytes: utf8Length(long),
      });
    }
    // A lone surrogate or a U+FFFD in a later piece still says null.
    for (const tail of ["\ud800x", "b\udc00", "\ufffd"])
      expect(nativeSha256Utf8(filler + "zz" + filler + tail)).toBeNull();
  });
});
