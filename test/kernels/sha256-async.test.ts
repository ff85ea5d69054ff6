import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { loadWasm } from "../../src/kernels/wasm.js";
import { sha256Hex } from "../../src/kernels/sha256.js";
import { hashesOffThread, sha256HexAsync, SHA256_ASYNC_MIN_UNITS } from "../../src/kernels/sha256-async.js";
import { loadCorpus } from "../support/corpus.js";

beforeAll(async () => {
  await loadWasm();
});

describe("sha256HexAsync", () => {
  it("hashes large inputs off the thread where WebCrypto exists", () => {
    const big = "x".repeat(SHA256_ASYNC_MIN_UNITS);
    expect(hashesOffThread(big)).toBe(typeof globalThis.crypto?.subtle?.digest === "function");
    expect(hashesOffThread("small")).toBe(false);
  });

  it("agrees with the synchronous kernel on small and large random strings, lone surrogates included", async () => {
    const piece = fc.string({
      unit: fc.constantFrom("a", "é", "€", "😀", "\ud800", "\udfff", "\u0000", "\n"),
      maxLength: 64,
    });
    await fc.assert(
      fc.asyncProperty(piece, fc.constantFrom(1, SHA256_ASYNC_MIN_UNITS), async (p, repeat) => {
        const text = p.length === 0 ? "" : p.repeat(Math.ceil(repeat / p.length));
        expect(await sha256HexAsync(text)).toBe(sha256Hex(text));
      }),
      { numRuns: 60 },
    );
  });

  it("agrees with the synchronous kernel on every corpus case", async () => {
    for (const c of await loadCorpus()) expect(await sha256HexAsync(c.text), c.id).toBe(sha256Hex(c.text));
  });

  it("keeps each digest's bytes when calls overlap (the encode buffer is reused)", async () => {
    const texts = ["a", "é", "z"].map((c, i) => c.repeat(SHA256_ASYNC_MIN_UNITS + i * 1000));
    const keys = await Promise.all(texts.map((t) => sha256HexAsync(t)));
    expect(keys).toEqual(texts.map((t) => sha256Hex(t)));
  });
});
