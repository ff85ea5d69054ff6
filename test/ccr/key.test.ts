import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  computeKey,
  computeKeyAndLength,
  computeKeyAsync,
  isValidKey,
  isValidNamespace,
  keyNames,
  normalizeKey,
  normalizeStoreKey,
} from "../../src/ccr/key.js";
import { encodeWtf8, utf8Length } from "../../src/ccr/wtf8.js";

/** The reference: WebCrypto's SHA-256 of the WTF-8 bytes (UTF-8 for well-formed text), first 32 hex digits. */
async function referenceKey(content: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encodeWtf8(content) as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 32);
}

const HEX32 = "0123456789abcdef0123456789abcdef";

describe("computeKey", () => {
  it("gives the published SHA-256 prefix of the empty string and of abc", () => {
    expect(computeKey("")).toBe("e3b0c44298fc1c149afbf4c8996fb924");
    expect(computeKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223");
  });

  it("matches WebCrypto on ASCII, multi-byte, non-BMP, NUL and block-boundary lengths", async () => {
    const samples = [
      "hello",
      "é€𝄞",
      "a\u0000b",
      "x".repeat(55),
      "x".repeat(56),
      "y".repeat(64),
      "z".repeat(1000),
      "ü".repeat(300),
    ];
    for (const s of samples) expect(computeKey(s)).toBe(await referenceKey(s));
  });

  it("gives a lone surrogate a key of its own, apart from U+FFFD's (a cut emoji and its UTF-8 round trip)", async () => {
    const cut = "done 🚀".slice(0, -1);
    expect(computeKey(cut)).not.toBe(computeKey(`${cut.slice(0, -1)}\ufffd`));
    expect(computeKey("a\ud800b")).toBe(await referenceKey("a\ud800b"));
    expect(await computeKeyAsync("x".repeat(300_000) + "\ud800")).toBe(computeKey("x".repeat(300_000) + "\ud800"));
  });

  it("tells whether a content is what a key names", () => {
    const key = computeKey("a\ud800b");
    expect(keyNames(key, "a\ud800b")).toBe(true);
    expect(keyNames(key, "a\ufffdb")).toBe(false);
  });

  it("matches WebCrypto on random strings", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 600 }), async (s) => {
        expect(computeKey(s)).toBe(await referenceKey(s));
      }),
      { numRuns: 200 },
    );
  });

  it("always yields a lowercase 32-digit key that normalizeKey keeps as is", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (s) => {
        const key = computeKey(s);
        expect(key).toMatch(/^[0-9a-f]{32}$/);
        expect(normalizeKey(key)).toBe(key);
      }),
    );
  });
});

describe("computeKeyAndLength", () => {
  it("gives computeKey's key and, when it gives one, utf8Length's count, on either side of the native threshold", () => {
    const units = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0xffff }),
      fc.constantFrom(0xd83d, 0xde00, 0xfffd, 0x4e2d),
    );
    fc.assert(
      fc.property(fc.array(units, { maxLength: 900 }), (codes) => {
        const content = String.fromCharCode(...codes);
        const { key, utf8Bytes } = computeKeyAndLength(content);
        expect(key).toBe(computeKey(content));
        if (utf8Bytes !== undefined) expect(utf8Bytes).toBe(utf8Length(content));
      }),
      { numRuns: 300 },
    );
  });

  it("gives a lone surrogate's own key past the native threshold, as computeKey does", async () => {
    const cut = "x".repeat(300) + "\ud83d";
    expect(computeKeyAndLength(cut).key).toBe(await referenceKey(cut));
    expect(computeKeyAndLength(cut).key).not.toBe(computeKeyAndLength("x".repeat(300) + "\ufffd").key);
  });
});

describe("isValidKey", () => {
  it("accepts 32 to 64 hex digits in either case", () => {
    expect(isValidKey(HEX32)).toBe(true);
    expect(isValidKey(HEX32.toUpperCase())).toBe(true);
    expect(isValidKey(HEX32 + HEX32)).toBe(true);
  });

  it("refuses short, long, non-hex, padded and non-string keys", () => {
    for (const bad of [
      HEX32.slice(1),
      HEX32 + HEX32 + "0",
      HEX32.slice(1) + "g",
      ` ${HEX32}`,
      "",
      null,
      42,
      undefined,
    ]) {
      expect(isValidKey(bad)).toBe(false);
    }
  });
});

describe("normalizeKey", () => {
  it("trims and lowercases a valid key", () => {
    expect(normalizeKey(`  ${HEX32.toUpperCase()}\n`)).toBe(HEX32);
  });

  it("refuses paths, NUL, embedded spaces and wrong lengths", () => {
    const bad = [
      "../../etc/passwd",
      `${HEX32.slice(0, 16)}\u0000${HEX32.slice(16)}`,
      `${HEX32.slice(0, 16)} ${HEX32.slice(16)}`,
      HEX32.slice(2),
      `../${HEX32}`,
      `${HEX32}/..`,
      "",
      "   ",
    ];
    for (const s of bad) expect(normalizeKey(s)).toBeNull();
  });

  it("refuses a 10 KB string of hex", () => {
    // normalizeKey checks the length before reading the characters, so this
    // costs nothing; timing is the benchmarks' business, not the tests'.
    expect(normalizeKey("a".repeat(10_240))).toBeNull();
    expect(normalizeKey(" " + "a".repeat(32) + " ".repeat(10_000))).toBeNull();
  });

  it("refuses anything that is not a string", () => {
    for (const v of [null, undefined, 0, {}, [HEX32]]) expect(normalizeKey(v)).toBeNull();
  });

  it("returns either null or a lowercase hex key for any input", () => {
    let reached = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          { arbitrary: fc.string({ unit: "binary", maxLength: 80 }), weight: 1 },
          // Near-keys: hex runs of about the right length, in either case, padded or not.
          {
            arbitrary: fc
              .tuple(
                fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: 30, maxLength: 66 }),
                fc.constantFrom("", " ", "\n", "\t "),
                fc.constantFrom("", "", "", "g", "/"),
              )
              .map(([hex, pad, junk]) => pad + hex + junk + pad),
            weight: 3,
          },
        ),
        (s) => {
          const k = normalizeKey(s);
          if (k !== null) {
            reached++;
            expect(k).toMatch(/^[0-9a-f]{32,64}$/);
          }
        },
      ),
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });
});

describe("isValidNamespace", () => {
  it("accepts lowercase letters, digits, underscore and hyphen up to 64 characters", () => {
    for (const ns of ["a", "tenant-42", "session_7", "x".repeat(64)]) expect(isValidNamespace(ns)).toBe(true);
  });

  it("refuses uppercase, separators, dots, empty and over-long names", () => {
    for (const ns of ["", "A", "a:b", "a/b", "..", "a b", "x".repeat(65), "é", null])
      expect(isValidNamespace(ns)).toBe(false);
  });
});

describe("normalizeStoreKey", () => {
  it("lowercases the content key and keeps its namespaces", () => {
    expect(normalizeStoreKey(`tenant:s-1:${HEX32.toUpperCase()}`)).toBe(`tenant:s-1:${HEX32}`);
    expect(normalizeStoreKey(HEX32.toUpperCase())).toBe(HEX32);
  });

  it("refuses empty, uppercase or over-deep namespaces and bad content keys", () => {
    const bad = [
      `:${HEX32}`,
      `a::${HEX32}`,
      `A:${HEX32}`,
      `${"a:".repeat(9)}${HEX32}`,
      `a:${HEX32.slice(1)}`,
      `a:b`,
      `../${HEX32}`,
      `a/b:${HEX32}`,
      ` ${HEX32}`,
    ];
    for (const s of bad) expect(normalizeStoreKey(s)).toBeNull();
  });

  it("accepts eight namespace levels", () => {
    const key = `${"a:".repeat(8)}${HEX32}`;
    expect(normalizeStoreKey(key)).toBe(key);
  });

  it("refuses a 10 KB string in constant time", () => {
    const huge = `${"a".repeat(10_000)}:${HEX32}`;
    expect(normalizeStoreKey(huge)).toBeNull();
  });

  it("returns either null or a key made of valid namespaces and a hex key", () => {
    let reached = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          {
            arbitrary: fc.string({ unit: fc.constantFrom("a", "F", "0", ":", "-", "_", "z", "/"), maxLength: 120 }),
            weight: 1,
          },
          // Near-store-keys: up to nine namespaces (some empty or with a bad character), then a hex run about the right length.
          {
            arbitrary: fc
              .tuple(
                fc.array(
                  fc.oneof(
                    {
                      arbitrary: fc.string({
                        unit: fc.constantFrom("a", "z", "0", "-", "_"),
                        minLength: 1,
                        maxLength: 9,
                      }),
                      weight: 8,
                    },
                    { arbitrary: fc.constantFrom("", "Q", "a/b", "x".repeat(65)), weight: 1 },
                  ),
                  { maxLength: 9 },
                ),
                fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: 30, maxLength: 66 }),
              )
              .map(([namespaces, hex]) => [...namespaces, hex].join(":")),
            weight: 3,
          },
        ),
        (s) => {
          const k = normalizeStoreKey(s);
          if (k === null) return;
          reached++;
          const parts = k.split(":");
          expect(parts.pop()).toMatch(/^[0-9a-f]{32,64}$/);
          for (const ns of parts) expect(isValidNamespace(ns)).toBe(true);
        },
      ),
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });
});
