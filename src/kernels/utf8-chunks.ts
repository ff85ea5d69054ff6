/**
 * Feeding a long string to a block hash as UTF-8 in bounded pieces: the
 * TS twins of SHA-256 and hash64 and the native SHA-256 all read text this
 * way, so memory stays one chunk whatever the input's size, and a surrogate
 * pair is never split (each half alone would encode as U+FFFD).
 */

const utf8 = new TextEncoder();

/**
 * End of the chunk of `text` that starts at `from`: at most `units` code units,
 * pulled back by one so a surrogate pair is never split between two chunks.
 */
export function chunkEnd(text: string, from: number, units: number): number {
  let end = from + units;
  if (end >= text.length) return text.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) {
    const next = text.charCodeAt(end);
    if (next >= 0xdc00 && next <= 0xdfff) end--;
  }
  return end;
}

/** What {@link encodeInBlocks} leaves: the bytes not yet consumed (at the buffer's start) and the whole length. */
export interface EncodedTail {
  pending: number;
  total: number;
}

/**
 * Encodes `text` as UTF-8 into `buffer`, `units` code units at a time, and
 * hands each run of whole blocks (`blockBytes`, a power of two) to
 * `consume(buffer, bytes)`; the bytes short of a block move to the buffer's
 * start for the next piece. `buffer` must hold `units * 3 + blockBytes` bytes.
 */
export function encodeInBlocks(
  text: string,
  buffer: Uint8Array,
  units: number,
  blockBytes: number,
  consume: (buffer: Uint8Array, bytes: number) => void,
): EncodedTail {
  let pending = 0;
  let total = 0;
  for (let from = 0; from < text.length; ) {
    const to = chunkEnd(text, from, units);
    const piece = from === 0 && to === text.length ? text : text.slice(from, to);
    const written = utf8.encodeInto(piece, buffer.subarray(pending)).written;
    total += written;
    const filled = pending + written;
    const whole = filled & -blockBytes;
    consume(buffer, whole);
    pending = filled - whole;
    buffer.copyWithin(0, whole, filled);
    from = to;
  }
  return { pending, total };
}
