/**
 * WTF-8: the byte encoding pithy uses wherever a string must become bytes and
 * come back exactly (content keys, originals on disk or in Redis).
 *
 * For well-formed text it is UTF-8, byte for byte. A lone surrogate, which
 * UTF-8 cannot express (`TextEncoder` writes U+FFFD for it), is written as
 * the three-byte form of its code unit (`ED A0..BF 80..BF`), which no valid
 * UTF-8 contains. So the encoding is injective on UTF-16: a text ending in a
 * cut emoji (`\ud83d`) and the same text ending in U+FFFD get different bytes,
 * hence different keys, and each decodes back to itself.
 */

const encoder = new TextEncoder();
// ignoreBOM: a byte order mark is content, kept like any other character.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** `String.prototype.isWellFormed` where the runtime has it (Node 20, Deno, Chromium). */
const nativeIsWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;

/** Whether `text` has no lone surrogate (so its WTF-8 is its UTF-8). */
export function isWellFormed(text: string): boolean {
  return nativeIsWellFormed !== undefined ? nativeIsWellFormed.call(text) : scanIsWellFormed(text);
}

/** {@link isWellFormed} by a scan of the code units, for runtimes without the native method. */
export function scanIsWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c > 0xdbff) return false;
    const d = text.charCodeAt(i + 1);
    if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** The WTF-8 bytes of `text`. */
export function encodeWtf8(text: string): Uint8Array {
  if (isWellFormed(text)) return encoder.encode(text);
  const out = new Uint8Array(wtf8Length(text));
  let n = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    // A lone surrogate: flush the well-formed run before it, then its three bytes.
    n = writeUtf8Run(text, from, i, out, n);
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
    from = i + 1;
  }
  n = writeUtf8Run(text, from, text.length, out, n);
  return n === out.length ? out : out.subarray(0, n);
}

/**
 * Runs at least this long go through `TextEncoder.encodeInto`; shorter ones
 * are written by hand. Each `encodeInto` costs a slice, a view and a call
 * into the runtime: text dense with lone surrogates (one every two chars)
 * spent most of its key's time there, 40 ms per MB.
 */
const NATIVE_RUN_FROM = 64;

/** Writes the UTF-8 of the well-formed `text[from, to)` into `out` at `n`; returns the new end. */
function writeUtf8Run(text: string, from: number, to: number, out: Uint8Array, n: number): number {
  if (to - from >= NATIVE_RUN_FROM) return n + encoder.encodeInto(text.slice(from, to), out.subarray(n)).written;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) out[n++] = c;
    else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      // Well-formed run: a high surrogate here is always the first of a pair.
      const code = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
      out[n++] = 0xf0 | (code >> 18);
      out[n++] = 0x80 | ((code >> 12) & 0x3f);
      out[n++] = 0x80 | ((code >> 6) & 0x3f);
      out[n++] = 0x80 | (code & 0x3f);
    } else {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return n;
}

/** The WTF-8 length of `text` in bytes (its UTF-8 length, with 3 bytes per lone surrogate). */
export function wtf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

const nodeBuffer = (globalThis as { Buffer?: { byteLength(s: string, e: string): number } }).Buffer;

/**
 * The UTF-8 length of `text` as it goes over the wire: a lone surrogate
 * counts as U+FFFD, 3 bytes, the same as its WTF-8 form, so this is
 * {@link wtf8Length} (by `Buffer.byteLength` where the runtime has it).
 */
export function utf8Length(text: string): number {
  if (nodeBuffer !== undefined && typeof nodeBuffer.byteLength === "function")
    return nodeBuffer.byteLength(text, "utf8");
  return wtf8Length(text);
}

/**
 * The text behind WTF-8 `bytes`. Bytes that are not WTF-8 decode as
 * `TextDecoder` decodes them (U+FFFD per bad sequence); callers that must
 * know check a digest of their own.
 */
export function decodeWtf8(bytes: Uint8Array): string {
  let first = findSurrogateSequence(bytes, 0);
  if (first === -1) return decoder.decode(bytes);
  let out = "";
  let from = 0;
  while (first !== -1) {
    out += decoder.decode(bytes.subarray(from, first));
    out += String.fromCharCode(
      ((bytes[first] & 0x0f) << 12) | ((bytes[first + 1] & 0x3f) << 6) | (bytes[first + 2] & 0x3f),
    );
    from = first + 3;
    first = findSurrogateSequence(bytes, from);
  }
  return out + decoder.decode(bytes.subarray(from));
}

/** Offset of the next `ED A0..BF 80..BF` (an encoded surrogate) from `from`, or -1. */
function findSurrogateSequence(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(0xed, from); i !== -1 && i + 2 < bytes.length; i = bytes.indexOf(0xed, i + 1)) {
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    if (b1 >= 0xa0 && b1 <= 0xbf && b2 >= 0x80 && b2 <= 0xbf) return i;
  }
  return -1;
}
