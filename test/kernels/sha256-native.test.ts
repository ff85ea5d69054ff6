import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { computeKey } from "../../src/ccr/key.js";
import { sha256HexTwin } from "../../src/kernels/sha256.js";
import { SHA256_NATIVE_CHUNK_UNITS, hashesNatively, nativeSha256Hex } from "../../src/kernels/sha256-native.js";
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
