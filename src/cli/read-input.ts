/**
 * Reads what `pithy` is to compress, as bytes, and decides whether it is text
 * the pipeline may see at all.
 *
 * The pipeline works on strings; decoding bytes that are not UTF-8 would
 * replace them with U+FFFD and the output (even a "skipped" one) would no
 * longer be the input. So only input that decodes exactly is handed on; the
 * rest passes through as bytes:
 * - binary: a NUL byte in the first 8 000 bytes (git's rule in
 *   `buffer_is_binary`: a stray NUL deep in a terminal capture stays text),
 *   or bytes that are not valid UTF-8 anywhere;
 * - too large: more UTF-16 units than the gate's `maxChars` would take. The
 *   read stops there, so memory stays bounded however long the input
 *   (`pithy /dev/zero`), and the caller streams the rest through.
 */
import type { ByteSource } from "./io.js";

/** Bytes sniffed for NUL, as git does. */
export const BINARY_SNIFF_BYTES = 8000;

/** The input, read as far as was needed. */
export type InputRead =
  /** Valid UTF-8 within the size limit, read to its end. */
  | { kind: "text"; text: string; byteLength: number }
  /** Input to pass through unchanged: `head` was read, `rest` (when not null) yields what follows. */
  | { kind: "bytes"; reason: "binary" | "too_large"; head: Uint8Array[]; headBytes: number; rest: ByteSource | null };

/**
 * Reads `source` until its end, or until it is known to be binary or longer
 * than `maxChars` UTF-16 units.
 */
export async function readInput(source: ByteSource, maxChars: number): Promise<InputRead> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let units = 0;
  // Valid UTF-8 takes at most 3 bytes per UTF-16 unit: past this, it is too long or not UTF-8.
  const byteCap = maxChars * 3;
  const restOf = (): ByteSource => ({ [Symbol.asyncIterator]: () => iterator });
  for (;;) {
    const step = await iterator.next();
    if (step.done === true) break;
    const chunk = step.value;
    if (chunk.length === 0) continue;
    chunks.push(chunk);
    if (bytes < BINARY_SNIFF_BYTES && chunk.subarray(0, BINARY_SNIFF_BYTES - bytes).includes(0)) {
      return { kind: "bytes", reason: "binary", head: chunks, headBytes: bytes + chunk.length, rest: restOf() };
    }
    bytes += chunk.length;
    units += utf16Units(chunk);
    if (units > maxChars || bytes > byteCap) {
      return { kind: "bytes", reason: "too_large", head: chunks, headBytes: bytes, rest: restOf() };
    }
  }
  const all = concatBytes(chunks, bytes);
  const text = decodeExactUtf8(all);
  if (text === null) return { kind: "bytes", reason: "binary", head: [all], headBytes: bytes, rest: null };
  return { kind: "text", text, byteLength: bytes };
}

/**
 * How many UTF-16 units the UTF-8 bytes decode to, counted without decoding:
 * one per byte that starts a sequence, one more for a 4-byte sequence (a
 * surrogate pair). Exact for valid UTF-8, whatever the chunk boundaries.
 */
export function utf16Units(bytes: Uint8Array): number {
  let units = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
  }
  return units;
}

/**
 * The text of `bytes` when they are valid UTF-8, else null. A byte-order mark
 * is kept as U+FEFF, so encoding the text again gives back the same bytes.
 */
export function decodeExactUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

function concatBytes(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
