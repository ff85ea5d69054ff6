import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import {
  sha256Bytes,
  sha256BytesTwin,
  sha256BytesWasm,
  sha256Hex,
  sha256HexTwin,
  sha256HexWasm,
} from "../../src/kernels/sha256.js";
import { loadWasm, type WasmHost } from "../../src/kernels/wasm.js";
import { loadCorpus } from "../support/corpus.js";

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

/** Both paths agree; returns the digest. */
function hash(text: string): string {
  const twin = sha256HexTwin(text);
  expect(sha256HexWasm(host, text)).toBe(twin);
  return twin;
}

/** The reference: WebCrypto, present in Node, Chromium and Deno. */
async function reference(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
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

describe("sha256Hex known answers (FIPS 180-4 / node:crypto)", () => {
  it("hashes the empty string", () => {
    expect(hash("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("hashes the one-block message abc", () => {
    expect(hash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes the 448-bit two-block message", () => {
    expect(hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("hashes the 896-bit message", () => {
    expect(
      hash(
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      ),
    ).toBe("cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  });

  it("hashes one million a's", () => {
    expect(hash("a".repeat(1_000_000))).toBe("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  });

  it("hashes accented, CJK, astral and NUL characters as their UTF-8 bytes", () => {
    expect(hash("h\u00e9llo \u{1F600} \u4e16\u754c\0end")).toBe(
      "3275be373726bc64cfbbb4a3d27e7b263a0b74069878c4c8259938a8a08df0f8",
    );
  });

  it("hashes a lone surrogate as U+FFFD, as TextEncoder encodes it", () => {
    const expected = "aab1b7c16eb72ab93c7ad9e5a498d7f2a5417114f1f5161bf560373cca153e6d";
    expect(hash("\uFFFDx\uFFFD")).toBe(expected);
    expect(hash("\ud800x\udfff")).toBe(expected);
  });

  it("returns 64 lowercase hex chars from the dispatcher", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("x".repeat(5000))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("sha256Hex against WebCrypto", () => {
  it("agrees at every length around the block and padding boundaries", async () => {
    for (let n = 0; n <= 200; n++) {
      for (const text of ["x".repeat(n), "é".repeat(n >> 1) + "y".repeat(n & 1), "😀".repeat(n >> 2)]) {
        expect(hash(text)).toBe(await reference(text));
      }
    }
  });

  it("agrees on random strings with astral characters, lone surrogates and NUL", async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        expect(hash(text)).toBe(await reference(text));
      }),
      { numRuns: 300 },
    );
  });

  it("agrees on a string longer than one encoding chunk with a pair across the chunk edge", async () => {
    // Chunks hold 16384 (twin) and 262144 (WASM) code units: put a pair on each edge.
    const text = "a".repeat(16383) + "😀" + "b".repeat(262144 - 16385) + "😀" + "c\ud800".repeat(3000);
    expect(hash(text)).toBe(await reference(text));
  });
});

describe("sha256Hex twin and WASM agree", () => {
  it("on random UTF-16 including lone surrogates, NUL and CR/LF", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        hash(text);
      }),
      { numRuns: 500 },
    );
  });

  it("on a 1 MB mixed string", () => {
    const unit = "line 1\r\nerror: ñ 😀 \u0000 \ud800 tab\t\n";
    hash(unit.repeat(Math.ceil(1_000_000 / unit.length)));
  });

  it("on every corpus file, matching the manifest's sha256", async () => {
    const corpus = await loadCorpus();
    expect(corpus.length).toBeGreaterThan(0);
    for (const c of corpus) expect(hash(c.text), c.id).toBe(c.sha256);
  });
});

describe("sha256Bytes", () => {
  it("hashes raw bytes at every length around the block boundaries, in both paths", async () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + 7) & 255);
    for (let n = 0; n <= bytes.length; n++) {
      const input = bytes.subarray(0, n);
      const expected = hex(new Uint8Array(await crypto.subtle.digest("SHA-256", input.slice())));
      expect(hex(sha256BytesTwin(input))).toBe(expected);
      expect(hex(sha256BytesWasm(host, input))).toBe(expected);
      expect(hex(sha256Bytes(input))).toBe(expected);
    }
  });

  it("equals sha256Hex of the same text's UTF-8 bytes", () => {
    const text = "grep: ñ 😀\n".repeat(100);
    expect(hex(sha256Bytes(new TextEncoder().encode(text)))).toBe(sha256Hex(text));
  });

  it("hashes more than one WASM chunk of bytes", async () => {
    const bytes = Uint8Array.from({ length: (1 << 20) + 77 }, (_, i) => (i * 31) & 255);
    const expected = hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
    expect(hex(sha256BytesWasm(host, bytes))).toBe(expected);
  });
});

describe("sha256Hex on bad input", () => {
  it("hashes NUL-only and surrogate-only strings without throwing", () => {
    expect(hash("\0".repeat(1000))).toMatch(/^[0-9a-f]{64}$/);
    expect(hash("\udc00\ud800x".repeat(1000))).toBe(hash("\ufffd\ufffdx".repeat(1000)));
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")(
    "hashes a 100 MB string in one quick call (node only)",
    () => {
      const text = "0123456789abcdef".repeat((100 * 1024 * 1024) / 16);
      // Known answer from node:crypto.
      expect(sha256Hex(text)).toBe("5bd62fc9bf2d86651969d44c6a68d4cb2be54a240353ad78465bee731da7cd64");
    },
    60_000,
  );
});
