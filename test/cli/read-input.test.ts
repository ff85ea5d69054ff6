import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BINARY_SNIFF_BYTES, decodeExactUtf8, readInput, utf16Units } from "../../src/cli/read-input.js";

const encode = (s: string) => new TextEncoder().encode(s);

/** A source yielding `bytes` in pieces of the given sizes (cycled). */
function chunked(bytes: Uint8Array, sizes: number[] = [bytes.length || 1]) {
  let reads = 0;
  const source = {
    async *[Symbol.asyncIterator]() {
      let at = 0;
      for (let i = 0; at < bytes.length; i++) {
        const size = Math.max(1, sizes[i % sizes.length]);
        reads++;
        yield bytes.slice(at, at + size);
        at += size;
      }
    },
  };
  return { source, reads: () => reads };
}

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe("readInput", () => {
  it("returns valid UTF-8 as text, whatever the chunk boundaries", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1 }),
        async (text, sizes) => {
          fc.pre(!text.slice(0, BINARY_SNIFF_BYTES).includes("\0"));
          const read = await readInput(chunked(encode(text), sizes).source, 1_000_000);
          expect(read).toEqual({ kind: "text", text, byteLength: encode(text).length });
        },
      ),
    );
  });

  it("keeps a byte-order mark, so encoding the text again gives the same bytes", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    const read = await readInput(chunked(bytes).source, 100);
    expect(read.kind === "text" && encode(read.text)).toEqual(bytes);
  });

  it("calls bytes that are not UTF-8 binary and hands back every byte", async () => {
    let reachedInvalid = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1 }),
        async (bytes, sizes) => {
          const read = await readInput(chunked(bytes, sizes).source, 1_000_000);
          if (decodeExactUtf8(bytes) !== null && !bytes.includes(0)) {
            expect(read.kind).toBe("text");
            return;
          }
          reachedInvalid++;
          expect(read.kind === "bytes" && read.reason).toBe("binary");
          if (read.kind !== "bytes") return;
          const rest: Uint8Array[] = [];
          if (read.rest !== null) for await (const c of read.rest) rest.push(c);
          expect(joined([...read.head, ...rest])).toEqual(bytes);
        },
      ),
    );
    expect(reachedInvalid).toBeGreaterThan(50);
  });

  it("takes a NUL in the first 8000 bytes for binary, and one later for text (git's rule)", async () => {
    const early = encode("a".repeat(100) + "\0" + "b".repeat(100));
    expect((await readInput(chunked(early).source, 1e6)).kind).toBe("bytes");
    const late = encode("a".repeat(BINARY_SNIFF_BYTES) + "\0tail");
    const read = await readInput(chunked(late, [3000]).source, 1e6);
    expect(read.kind).toBe("text");
  });

  it("stops reading past maxChars and leaves the rest to stream", async () => {
    const bytes = encode("x".repeat(10_000));
    const input = chunked(bytes, [100]);
    const read = await readInput(input.source, 1000);
    expect(read.kind === "bytes" && read.reason).toBe("too_large");
    expect(input.reads()).toBe(11);
    if (read.kind !== "bytes" || read.rest === null) throw new Error("expected a rest to stream");
    const rest: Uint8Array[] = [];
    for await (const c of read.rest) rest.push(c);
    expect(joined([...read.head, ...rest])).toEqual(bytes);
  });

  it("takes exactly maxChars UTF-16 units, counting a 4-byte character as two", async () => {
    const text = "😀".repeat(50) + "é".repeat(100);
    expect((await readInput(chunked(encode(text), [3]).source, text.length)).kind).toBe("text");
    expect((await readInput(chunked(encode(text), [3]).source, text.length - 1)).kind).toBe("bytes");
  });

  it("bounds what it holds for bytes that count no characters (all continuation bytes)", async () => {
    const input = chunked(new Uint8Array(1_000_000).fill(0x80), [1000]);
    const read = await readInput(input.source, 1000);
    expect(read.kind === "bytes" && read.reason).toBe("too_large");
    expect(input.reads()).toBe(4);
  });
});

describe("utf16Units", () => {
  it("counts the UTF-16 length of valid UTF-8 without decoding it", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 100 }), (text) => {
        expect(utf16Units(encode(text))).toBe(text.length);
      }),
    );
  });
});
