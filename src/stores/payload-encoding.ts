/**
 * How the Node/Deno stores (fs, Redis) turn an original into payload bytes
 * and back, exactly: one tag per payload, chosen per entry.
 *
 * - `a`: all ASCII, one byte per code unit (the common case for tool output);
 * - `u`: WTF-8 — UTF-8 for well-formed text, and a lone surrogate as the
 *   three-byte form of its code unit (see `ccr/wtf8.ts`), so every UTF-16
 *   string survives, as the key encoding does;
 * - `w`: UTF-16LE code units, only where WTF-8 would be larger (text that is
 *   mostly CJK, 3 bytes a unit in UTF-8), so a payload never takes more than
 *   the 2 bytes a unit of its weight (`entryBytes`) and a store's `maxBytes`
 *   still bounds its disk or memory on the server. Readers also meet `w`
 *   in entries older stores wrote for any non-ASCII content.
 *
 * The bytes are exactly `encodeWtf8`'s (a test checks it), but written
 * straight into the entry's buffer: the runtime's UTF-8 writer between lone
 * surrogates, found with one native character-class search, where
 * `encodeWtf8` makes a separate array after two scans in JS (100 KB of log
 * with one stray surrogate: 0.2 ms against 1.3 ms on Node 20). Reads decode
 * with `Buffer`'s UTF-8 decoder between the encoded surrogates rather than
 * with `decodeWtf8`: its `TextDecoder` drops a byte order mark (a leading
 * U+FEFF, or one right after a lone surrogate), which an exact recall must
 * not lose, and is about 4× slower on Node 20 for 100 KB of accented text
 * (1.6 ms against 6.6 ms here).
 */
import { Buffer } from "node:buffer";
import { isWellFormed } from "../ccr/wtf8.js";
import { detectRuntime } from "../runtime.js";

/** The payload tags: ASCII bytes, WTF-8, UTF-16LE. */
export type PayloadEncoding = "a" | "u" | "w";

/** The encoding a payload will use and its length in bytes. */
export interface PayloadPlan {
  readonly encoding: PayloadEncoding;
  readonly bytes: number;
}

const isDeno = detectRuntime() === "deno";
const encoder = new TextEncoder();
/**
 * Any surrogate code unit (no `u` flag: it matches units, not code points).
 * One character class, so the search is linear; pairs are told from lone
 * units by looking at the neighbour.
 */
const SURROGATE = /[\ud800-\udfff]/g;

/**
 * The smallest exact encoding of `content`: `a` when it is all ASCII, else
 * `u` (WTF-8) unless that is larger than UTF-16, else `w`.
 */
export function planPayload(content: string): PayloadPlan {
  // Buffer counts a lone surrogate as the 3 bytes of U+FFFD, which is also its WTF-8 length.
  const utf8 = Buffer.byteLength(content, "utf8");
  if (utf8 === content.length) return { encoding: "a", bytes: utf8 };
  if (utf8 <= 2 * content.length) return { encoding: "u", bytes: utf8 };
  return { encoding: "w", bytes: 2 * content.length };
}

/** Writes `content` encoded as `plan` says into `target` from `at` (exactly `plan.bytes` bytes). */
export function writePayload(content: string, plan: PayloadPlan, target: Buffer, at: number): void {
  if (plan.encoding === "a") {
    // For ASCII, UTF-8 is the same bytes as Latin-1 and the fastest writer in both runtimes.
    target.write(content, at, "utf8");
  } else if (plan.encoding === "w") {
    writeUtf16le(content, target, at);
  } else if (isWellFormed(content)) {
    writeUtf8(content, target, at);
  } else {
    writeWtf8(content, target, at);
  }
}

/** Writes the UTF-8 of well-formed `text` into `target` at `at`; how many bytes. */
function writeUtf8(text: string, target: Buffer, at: number): number {
  // Deno's Buffer UTF-8 writer takes ~3.6 ms per 100 KB of accented text, encodeInto ~1.3 ms.
  return isDeno ? encoder.encodeInto(text, target.subarray(at)).written : target.write(text, at, "utf8");
}

/** Writes the WTF-8 of `text` (which has lone surrogates) into `target` at `at`. */
function writeWtf8(text: string, target: Buffer, at: number): void {
  let n = at;
  let from = 0;
  SURROGATE.lastIndex = 0;
  for (let match = SURROGATE.exec(text); match !== null; match = SURROGATE.exec(text)) {
    const i = match.index;
    const c = text.charCodeAt(i);
    if (c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        // A pair: UTF-8 proper, written with the run around it.
        SURROGATE.lastIndex = i + 2;
        continue;
      }
    }
    if (i > from) n += writeUtf8(text.slice(from, i), target, n);
    target[n++] = 0xe0 | (c >> 12);
    target[n++] = 0x80 | ((c >> 6) & 0x3f);
    target[n++] = 0x80 | (c & 0x3f);
    from = i + 1;
  }
  if (from < text.length) writeUtf8(text.slice(from), target, n);
}

/**
 * The content of a payload in `encoding`. For `u`, bytes that are not WTF-8
 * decode with U+FFFD in place of each bad sequence, so callers check a digest
 * or a length of their own before trusting the result.
 */
export function readPayload(encoding: PayloadEncoding, payload: Uint8Array): string {
  const bytes = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  if (encoding === "a") return bytes.toString("latin1");
  if (encoding === "w") return bytes.toString("utf16le");
  return decodeWtf8Bytes(bytes);
}

/** WTF-8 bytes back to the string, each encoded surrogate (`ED A0..BF 80..BF`) to its code unit. */
function decodeWtf8Bytes(bytes: Buffer): string {
  let surrogate = findEncodedSurrogate(bytes, 0);
  if (surrogate === -1) return bytes.toString("utf8");
  let out = "";
  let from = 0;
  while (surrogate !== -1) {
    out += bytes.toString("utf8", from, surrogate);
    out += String.fromCharCode(
      ((bytes[surrogate] & 0x0f) << 12) | ((bytes[surrogate + 1] & 0x3f) << 6) | (bytes[surrogate + 2] & 0x3f),
    );
    from = surrogate + 3;
    surrogate = findEncodedSurrogate(bytes, from);
  }
  return out + bytes.toString("utf8", from);
}

/**
 * Offset of the next encoded surrogate from `from`, or -1. `ED` also leads
 * U+D000–U+D7FF (second byte 80–9F), which stays ordinary UTF-8.
 */
function findEncodedSurrogate(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(0xed, from); i !== -1 && i + 2 < bytes.length; i = bytes.indexOf(0xed, i + 1)) {
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    if (b1 >= 0xa0 && b1 <= 0xbf && b2 >= 0x80 && b2 <= 0xbf) return i;
  }
  return -1;
}

/**
 * Copies `content`'s code units into `target` at `at`, little-endian. Node's
 * native `utf16le` writer is a memcpy; Deno's compatibility layer takes 2–7 ms
 * per 100 KB there, where this loop takes ~0.4 ms.
 */
function writeUtf16le(content: string, target: Buffer, at: number): void {
  if (!isDeno) {
    target.write(content, at, "utf16le");
    return;
  }
  for (let i = 0; i < content.length; i++, at += 2) {
    const unit = content.charCodeAt(i);
    target[at] = unit & 0xff;
    target[at + 1] = unit >>> 8;
  }
}
