import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessageLines } from "../../../src/integrations/mcp/message-lines.js";

type Event = { message: string; bytes: number } | { oversized: number; id: string | number | null };

const encoder = new TextEncoder();

/** Feeds `text` to a reader in chunks of the given sizes (the rest in one) and returns what it delivered. */
function read(text: string | Uint8Array, maxBytes: number, chunkSizes: number[] = [], end = true): Event[] {
  const events: Event[] = [];
  const lines = new MessageLines(maxBytes, {
    message: (message, bytes) => events.push({ message, bytes }),
    oversized: (oversized, id) => events.push({ oversized, id }),
  });
  const bytes = typeof text === "string" ? encoder.encode(text) : text;
  let at = 0;
  for (const size of chunkSizes) {
    lines.push(bytes.subarray(at, at + size));
    at += size;
  }
  lines.push(bytes.subarray(at));
  if (end) lines.end();
  return events;
}

describe("MessageLines", () => {
  it("delivers each newline-terminated line with its size in bytes", () => {
    expect(read('{"a":1}\n{"b":"é"}\n', 100)).toEqual([
      { message: '{"a":1}', bytes: 7 },
      { message: '{"b":"é"}', bytes: 10 },
    ]);
  });

  it("drops the carriage return of CRLF line endings", () => {
    expect(read("one\r\ntwo\r\n", 100)).toEqual([
      { message: "one", bytes: 3 },
      { message: "two", bytes: 3 },
    ]);
  });

  it("skips blank lines", () => {
    expect(read("\n  \r\n\t\nx\n\n", 100)).toEqual([{ message: "x", bytes: 1 }]);
  });

  it("joins a line split across many chunks, a multi-byte character included", () => {
    const text = '{"k":"€😀"}\n';
    expect(read(text, 100, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([{ message: '{"k":"€😀"}', bytes: 15 }]);
  });

  it("delivers a last line without a newline when the input ends, and holds it until then", () => {
    expect(read("a\nb", 100, [], false)).toEqual([{ message: "a", bytes: 1 }]);
    expect(read("a\nb", 100)).toEqual([
      { message: "a", bytes: 1 },
      { message: "b", bytes: 1 },
    ]);
  });

  it("decodes invalid UTF-8 as U+FFFD instead of failing", () => {
    expect(read(Uint8Array.of(0x22, 0xff, 0x22, 0x0a), 100)).toEqual([{ message: '"\uFFFD"', bytes: 3 }]);
  });

  it("keeps a line of exactly the cap, CRLF or not, and reports one byte more as oversized", () => {
    expect(read("x".repeat(10) + "\n", 10)).toEqual([{ message: "x".repeat(10), bytes: 10 }]);
    expect(read("x".repeat(10) + "\r\n", 10)).toEqual([{ message: "x".repeat(10), bytes: 10 }]);
    expect(read("x".repeat(11) + "\n", 10)).toEqual([{ oversized: 11, id: null }]);
  });

  it("reports an oversized line with the id it carries, and reads the next line as usual", () => {
    const big = JSON.stringify({ method: "tools/call", params: { content: "x".repeat(5000) }, jsonrpc: "2.0", id: 42 });
    expect(read(`${big}\n{"id":1}\n`, 1000, [100, 100, 3000])).toEqual([
      { oversized: big.length, id: 42 },
      { message: '{"id":1}', bytes: 8 },
    ]);
  });

  it("reports an oversized last line when the input ends without a newline", () => {
    expect(read(`{"id":"z","p":"${"y".repeat(300)}"}`, 100)).toEqual([{ oversized: 317, id: "z" }]);
  });

  it("never holds more than the cap plus one chunk of an oversized line", () => {
    const lines = new MessageLines(1000, { message: () => {}, oversized: () => {} });
    const chunk = new Uint8Array(512).fill(0x78);
    for (let i = 0; i < 2000; i++) lines.push(chunk);
    // The reader's only buffer is its list of pieces: nothing is kept once discarding.
    expect((lines as unknown as { pieces: Uint8Array[] }).pieces).toEqual([]);
    expect((lines as unknown as { pendingBytes: number }).pendingBytes).toBe(0);
  });

  it("splits any text into the same lines as split('\\n'), however it is chunked", () => {
    let crossedChunks = 0;
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }), { maxLength: 12 }),
        fc.array(fc.nat({ max: 50 }), { maxLength: 10 }),
        (parts, chunks) => {
          const text = parts.join("\n") + "\n";
          const expected = text
            .split("\n")
            .map((line) => line.replace(/\r$/, ""))
            .filter((line) => /[^ \t\r]/.test(line));
          const got = read(text, 1000, chunks);
          expect(got.map((e) => ("message" in e ? e.message : null))).toEqual(expected);
          if (chunks.some((size) => size > 0 && size < text.length)) crossedChunks++;
        },
      ),
      { numRuns: 400 },
    );
    expect(crossedChunks).toBeGreaterThan(100);
  });
});
