import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import xxhash from "xxhash-wasm";
import { hash64, hash64Key, hash64KeyTwin, hash64KeyWasm, hash64Twin, hash64Wasm } from "../../src/kernels/hash64.js";
import { loadWasm, type WasmHost } from "../../src/kernels/wasm.js";
import { loadCorpus } from "../support/corpus.js";

let host: WasmHost;
let h64ToString: (text: string) => string;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
  h64ToString = (await xxhash()).h64ToString;
});

/** Both paths agree with each other and with xxhash-wasm's XXH64; returns the hash. */
function hash(text: string): string {
  const twin = hash64Twin(text);
  expect(hash64Wasm(host, text)).toBe(twin);
  expect(twin).toBe(h64ToString(text));
  return twin;
}

// Random UTF-16, lone surrogates included: code units drawn from every range.
const codeUnit = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }),
  fc.integer({ min: 0x80, max: 0x7ff }),
  fc.integer({ min: 0x800, max: 0xffff }),
  fc.constantFrom(0, 0x0d, 0x0a, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfffd),
);
const utf16Text = fc.array(codeUnit, { maxLength: 300 }).map((units) => String.fromCharCode(...units));
const anyText = fc.oneof(utf16Text, fc.string({ unit: "binary", maxLength: 300 }));

function bitsDiffering(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < 16; i += 4) {
    let x = parseInt(a.slice(i, i + 4), 16) ^ parseInt(b.slice(i, i + 4), 16);
    for (; x !== 0; x &= x - 1) bits++;
  }
  return bits;
}

describe("hash64 known answers (XXH64, seed 0, over UTF-8)", () => {
  it("hashes the empty string to XXH64's empty digest", () => {
    expect(hash("")).toBe("ef46db3751d8e999");
  });

  it("hashes abc to XXH64's published value", () => {
    expect(hash("abc")).toBe("44bc2cf5ad770999");
  });

  it("agrees with xxhash-wasm at every length through the stripe and tail boundaries", () => {
    for (let n = 0; n <= 200; n++) {
      hash("abcdefghijklmnopqrstuvwxyz0123456789".repeat(6).slice(0, n));
      hash("é".repeat(n >> 1) + "y".repeat(n & 1));
      hash("😀".repeat(n >> 2));
    }
  });

  it("returns 16 lowercase hex chars from the dispatcher", () => {
    expect(hash64("abc")).toBe("44bc2cf5ad770999");
    expect(hash64("x".repeat(5000))).toMatch(/^[0-9a-f]{16}$/);
  });

  it("hashes a lone surrogate as U+FFFD, as TextEncoder encodes it", () => {
    expect(hash("\ud800a\udfff")).toBe(hash("\ufffda\ufffd"));
  });
});

describe("hash64Key", () => {
  it("is the top 53 bits of hash64 as a number, in both paths", () => {
    for (const text of ["", "abc", "é😀\ud800", "line\n".repeat(100)]) {
      const expected = Number(BigInt("0x" + hash64(text)) >> 11n);
      expect(hash64KeyTwin(text)).toBe(expected);
      expect(hash64KeyWasm(host, text)).toBe(expected);
      expect(hash64Key(text)).toBe(expected);
      expect(Number.isSafeInteger(expected)).toBe(true);
    }
  });
});

describe("hash64 twin and WASM agree", () => {
  it("on random UTF-16 including lone surrogates, NUL and CR/LF", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        hash(text);
      }),
      { numRuns: 500 },
    );
  });

  it("on a 1 MB mixed string that spans several encoding chunks", () => {
    const unit = "line 1\r\nerror: ñ 😀 \u0000 \ud800 tab\t\n";
    hash(unit.repeat(Math.ceil(1_000_000 / unit.length)));
  });

  it("on a surrogate pair across each chunk edge", () => {
    // Chunks hold 16384 (twin) and 262144 (WASM) code units.
    hash("a".repeat(16383) + "😀" + "b".repeat(262144 - 16385) + "😀" + "c".repeat(100));
  });

  it("on every corpus file", async () => {
    const corpus = await loadCorpus();
    expect(corpus.length).toBeGreaterThan(0);
    for (const c of corpus) hash(c.text);
  });
});

describe("hash64 distribution", () => {
  it("gives 100 000 distinct short strings 100 000 distinct hashes", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(hash64(`k${i}`));
    expect(seen.size).toBe(100_000);
  });

  it("flips about half the output bits when one input bit flips", () => {
    let total = 0;
    let samples = 0;
    for (let i = 0; i < 200; i++) {
      const base = `2024-05-01T10:00:${i} INFO request ${i * 7919} handled`;
      const baseHash = hash64(base);
      for (const at of [0, 10, base.length - 1]) {
        const flipped = base.slice(0, at) + String.fromCharCode(base.charCodeAt(at) ^ 1) + base.slice(at + 1);
        total += bitsDiffering(baseHash, hash64(flipped));
        samples++;
      }
    }
    const mean = total / samples;
    expect(mean).toBeGreaterThan(30);
    expect(mean).toBeLessThan(34);
  });
});

describe("hash64 on bad input", () => {
  it("hashes NUL-only and surrogate-only strings without throwing", () => {
    expect(hash("\0".repeat(1000))).toMatch(/^[0-9a-f]{16}$/);
    expect(hash("\udc00\ud800x".repeat(1000))).toBe(hash("\ufffd\ufffdx".repeat(1000)));
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")(
    "hashes a 100 MB string in one quick call (node only)",
    () => {
      const text = "0123456789abcdef".repeat((100 * 1024 * 1024) / 16);
      // Known answer from xxhash-wasm's h64ToString.
      expect(hash64(text)).toBe("c2ab3433618be11b");
    },
    60_000,
  );
});
