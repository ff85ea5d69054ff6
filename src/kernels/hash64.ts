/**
 * A fast 64-bit non-cryptographic hash of a string, for dedup inside compressors.
 *
 * The algorithm is XXH64 with seed 0 over the string's UTF-8 encoding, exactly
 * as specified by xxHash (its value equals `xxhash-wasm`'s `h64ToString(text)`),
 * so it is stable across versions, runtimes and both paths and may order
 * output deterministically. UTF-8 rather than UTF-16 code units: the WASM copy
 * goes through TextEncoder.encodeInto, which is native and fast in every
 * runtime, and ASCII-heavy tool output is half the bytes. The price: every
 * lone surrogate encodes as U+FFFD, so strings that differ only in *which*
 * lone surrogate they hold hash alike; compare the strings on a hash match
 * where that matters.
 *
 * The TS twin does 64-bit arithmetic on pairs of u32 halves (no BigInt on the
 * hot path); the WASM kernel (`assembly/hash64.ts`) uses native i64.
 */
import { chunkEnd, encodeInBlocks } from "./utf8-chunks.js";
import { type WasmHost, wasmHost } from "./wasm.js";

// The five XXH64 primes, as [high, low] u32 halves.
const P1_HI = 0x9e3779b1,
  P1_LO = 0x85ebca87;
const P2_HI = 0xc2b2ae3d,
  P2_LO = 0x27d4eb4f;
const P3_HI = 0x165667b1,
  P3_LO = 0x9e3779f9;
const P4_HI = 0x85ebca77,
  P4_LO = 0xc2b2ae63;
const P5_HI = 0x27d4eb2f,
  P5_LO = 0x165667c5;
const TWO_32 = 4294967296;

/** UTF-16 code units encoded per chunk in the twin (≤ 3 bytes each). */
const CHUNK_UNITS = 16384;
const utf8 = new TextEncoder();
let chunkBuffer: Uint8Array | null = null;

// Results of the 64-bit helpers, [hi, lo]. A typed array rather than two
// module variables: a u32 above 2^30 stored in a variable is boxed as a heap
// number on every write, which made the twin ~20× slower.
const r = new Int32Array(2);
// The four lane accumulators of the hash in progress, [hi, lo] each.
const lanes = new Int32Array(8);

/** r = (aHi:aLo × bHi:bLo) mod 2^64, exact through 16-bit partial products. */
function mul64(aHi: number, aLo: number, bHi: number, bLo: number): void {
  const a0 = aLo & 0xffff,
    a1 = aLo >>> 16,
    b0 = bLo & 0xffff,
    b1 = bLo >>> 16;
  const mid = a0 * b1 + a1 * b0;
  const low = a0 * b0 + (mid & 0xffff) * 65536;
  r[1] = low >>> 0;
  r[0] =
    (a1 * b1 + Math.floor(mid / 65536) + Math.floor(low / TWO_32) + Math.imul(aHi, bLo) + Math.imul(aLo, bHi)) >>> 0;
}

/** r = aHi:aLo + bHi:bLo mod 2^64. */
function add64(aHi: number, aLo: number, bHi: number, bLo: number): void {
  const low = (aLo >>> 0) + (bLo >>> 0);
  r[1] = low >>> 0;
  r[0] = (aHi + bHi + (low >= TWO_32 ? 1 : 0)) >>> 0;
}

/** r = rotl(hi:lo, bits) for 0 < bits < 32. */
function rotl64(hi: number, lo: number, bits: number): void {
  r[0] = (hi << bits) | (lo >>> (32 - bits));
  r[1] = (lo << bits) | (hi >>> (32 - bits));
}

/** XXH64's round: r = rotl(acc + input × P2, 31) × P1. */
function round(accHi: number, accLo: number, inHi: number, inLo: number): void {
  mul64(inHi, inLo, P2_HI, P2_LO);
  add64(accHi, accLo, r[0]!, r[1]!);
  rotl64(r[0]!, r[1]!, 31);
  mul64(r[0]!, r[1]!, P1_HI, P1_LO);
}

/** r = (hHi:hLo ^ round(0, lane)) × P1 + P4. */
function mergeRound(hHi: number, hLo: number, laneHi: number, laneLo: number): void {
  round(0, 0, laneHi, laneLo);
  mul64(hHi ^ r[0]!, hLo ^ r[1]!, P1_HI, P1_LO);
  add64(r[0]!, r[1]!, P4_HI, P4_LO);
}

function readLow(bytes: Uint8Array, p: number): number {
  return bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24);
}

function startLanes(): void {
  // seed + P1 + P2, seed + P2, seed, seed - P1 (mod 2^64) for seed 0.
  lanes[0] = 0x60ea27ee;
  lanes[1] = 0xadc0b5d6;
  lanes[2] = P2_HI;
  lanes[3] = P2_LO;
  lanes[4] = 0;
  lanes[5] = 0;
  lanes[6] = 0x61c8864e;
  lanes[7] = 0x7a143579;
}

/** Folds the whole 32-byte stripes of `bytes[0, end)` into {@link lanes}. */
function foldStripes(bytes: Uint8Array, end: number): void {
  for (let p = 0; p + 32 <= end; p += 32) {
    for (let lane = 0; lane < 8; lane += 2) {
      const q = p + lane * 4;
      round(lanes[lane]!, lanes[lane + 1]!, readLow(bytes, q + 4), readLow(bytes, q));
      lanes[lane] = r[0]!;
      lanes[lane + 1] = r[1]!;
    }
  }
}

/** Mixes the lanes, the `pending` tail bytes at `bytes[0]` and the length into r. */
function digest(bytes: Uint8Array, pending: number, total: number): void {
  let hHi: number, hLo: number;
  if (total >= 32) {
    rotl64(lanes[0]!, lanes[1]!, 1);
    let sHi = r[0]!,
      sLo = r[1]!;
    rotl64(lanes[2]!, lanes[3]!, 7);
    add64(sHi, sLo, r[0]!, r[1]!);
    sHi = r[0]!;
    sLo = r[1]!;
    rotl64(lanes[4]!, lanes[5]!, 12);
    add64(sHi, sLo, r[0]!, r[1]!);
    sHi = r[0]!;
    sLo = r[1]!;
    rotl64(lanes[6]!, lanes[7]!, 18);
    add64(sHi, sLo, r[0]!, r[1]!);
    for (let lane = 0; lane < 8; lane += 2) mergeRound(r[0]!, r[1]!, lanes[lane]!, lanes[lane + 1]!);
    hHi = r[0]!;
    hLo = r[1]!;
  } else {
    hHi = P5_HI;
    hLo = P5_LO;
  }
  add64(hHi, hLo, Math.floor(total / TWO_32), total >>> 0);
  hHi = r[0]!;
  hLo = r[1]!;
  let p = 0;
  for (; p + 8 <= pending; p += 8) {
    round(0, 0, readLow(bytes, p + 4), readLow(bytes, p));
    rotl64(hHi ^ r[0]!, hLo ^ r[1]!, 27);
    mul64(r[0]!, r[1]!, P1_HI, P1_LO);
    add64(r[0]!, r[1]!, P4_HI, P4_LO);
    hHi = r[0]!;
    hLo = r[1]!;
  }
  if (p + 4 <= pending) {
    mul64(0, readLow(bytes, p), P1_HI, P1_LO);
    rotl64(hHi ^ r[0]!, hLo ^ r[1]!, 23);
    mul64(r[0]!, r[1]!, P2_HI, P2_LO);
    add64(r[0]!, r[1]!, P3_HI, P3_LO);
    hHi = r[0]!;
    hLo = r[1]!;
    p += 4;
  }
  for (; p < pending; p++) {
    mul64(0, bytes[p]!, P5_HI, P5_LO);
    rotl64(hHi ^ r[0]!, hLo ^ r[1]!, 11);
    mul64(r[0]!, r[1]!, P1_HI, P1_LO);
    hHi = r[0]!;
    hLo = r[1]!;
  }
  // Avalanche: h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32.
  hLo ^= hHi >>> 1;
  mul64(hHi, hLo, P2_HI, P2_LO);
  hLo = r[1]! ^ ((r[0]! << 3) | (r[1]! >>> 29));
  hHi = r[0]! ^ (r[0]! >>> 29);
  mul64(hHi, hLo, P3_HI, P3_LO);
  r[1] = (r[1]! ^ r[0]!) >>> 0;
}

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push((i < 16 ? "0" : "") + i.toString(16));

/** 16 lowercase hex chars of hi:lo; a byte table is ~2× faster than toString(16) + padStart. */
function toHex(hi: number, lo: number): string {
  return (
    HEX[hi >>> 24]! +
    HEX[(hi >>> 16) & 255]! +
    HEX[(hi >>> 8) & 255]! +
    HEX[hi & 255]! +
    HEX[lo >>> 24]! +
    HEX[(lo >>> 16) & 255]! +
    HEX[(lo >>> 8) & 255]! +
    HEX[lo & 255]!
  );
}

/** Top 53 bits of hi:lo as an exact integer-valued number. */
function toKey(hi: number, lo: number): number {
  return (hi >>> 0) * 2097152 + (lo >>> 11);
}

/** Strings up to this many code units are encoded by hand: cheaper than a TextEncoder call. */
const SHORT_UNITS = 128;

/**
 * Writes `text`'s UTF-8 encoding to `bytes` exactly as TextEncoder does (a
 * lone surrogate becomes EF BF BD, U+FFFD) and returns the byte count.
 */
function encodeShort(text: string, bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      bytes[n++] = c;
    } else if (c < 0x800) {
      bytes[n++] = 0xc0 | (c >>> 6);
      bytes[n++] = 0x80 | (c & 63);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          bytes[n++] = 0xf0 | (c >>> 18);
          bytes[n++] = 0x80 | ((c >>> 12) & 63);
          bytes[n++] = 0x80 | ((c >>> 6) & 63);
          bytes[n++] = 0x80 | (c & 63);
          continue;
        }
        c = 0xfffd;
      }
      bytes[n++] = 0xe0 | (c >>> 12);
      bytes[n++] = 0x80 | ((c >>> 6) & 63);
      bytes[n++] = 0x80 | (c & 63);
    }
  }
  return n;
}

/** Hashes `text` in the twin, leaving the result in r. */
function hashTwin(text: string): void {
  const buffer = (chunkBuffer ??= new Uint8Array(CHUNK_UNITS * 3 + 64));
  startLanes();
  if (text.length <= SHORT_UNITS) {
    const total = encodeShort(text, buffer);
    const whole = total & ~31;
    foldStripes(buffer, whole);
    buffer.copyWithin(0, whole, total);
    digest(buffer, total - whole, total);
    return;
  }
  const { pending, total } = encodeInBlocks(text, buffer, CHUNK_UNITS, 32, foldStripes);
  digest(buffer, pending, total);
}

/** UTF-16 code units per chunk on the WASM path. */
const WASM_CHUNK_UNITS = 1 << 18;
// A byte view of the arena from the data offset on, rebuilt after memory.grow,
// so a short string costs no subarray allocation.
let arenaView: Uint8Array | null = null;

/** Hashes `text` on the WASM kernel, leaving the result in r. */
function hashWasm(host: WasmHost, text: string): void {
  const state = host.base;
  const data = state + 64;
  const exports = host.exports;
  if (text.length <= WASM_CHUNK_UNITS) {
    const need = text.length * 3 + 32;
    let view = arenaView;
    if (view === null || view.buffer !== host.u8.buffer || view.byteOffset !== data || view.length < need) {
      host.reserve(data + Math.max(need, 65536));
      view = arenaView = new Uint8Array(host.u8.buffer, data);
    }
    const len = utf8.encodeInto(text, view).written;
    exports.xxh64Bytes!(state, data, len);
  } else {
    host.reserve(data + 32 + WASM_CHUNK_UNITS * 3 + 16);
    exports.xxh64Init!(state);
    let pending = 0;
    let total = 0;
    for (let from = 0; from < text.length; ) {
      const to = chunkEnd(text, from, WASM_CHUNK_UNITS);
      const written = host.writeUtf8(text.slice(from, to), data + pending);
      total += written;
      const filled = pending + written;
      const whole = filled & ~31;
      exports.xxh64Stripes!(state, data, whole);
      pending = filled - whole;
      host.u8.copyWithin(data, data + whole, data + filled);
      from = to;
    }
    exports.xxh64Digest!(state, data, pending, total >>> 0, Math.floor(total / TWO_32));
  }
  const at = (state + 32) >>> 2;
  const i32 = host.i32;
  r[0] = i32[at + 1]!;
  r[1] = i32[at]!;
}

/** {@link hash64} in pure TS. */
export function hash64Twin(text: string): string {
  hashTwin(text);
  return toHex(r[0]!, r[1]!);
}

/** {@link hash64} on the WASM kernel (the caller passes the loaded host). */
export function hash64Wasm(host: WasmHost, text: string): string {
  hashWasm(host, text);
  return toHex(r[0]!, r[1]!);
}

/** {@link hash64Key} in pure TS. */
export function hash64KeyTwin(text: string): number {
  hashTwin(text);
  return toKey(r[0]!, r[1]!);
}

/** {@link hash64Key} on the WASM kernel. */
export function hash64KeyWasm(host: WasmHost, text: string): number {
  hashWasm(host, text);
  return toKey(r[0]!, r[1]!);
}

/**
 * Shortest string (UTF-16 code units) worth sending to WASM. The twin's
 * emulated 64-bit multiplies lose from 8 units on; below that the two tie
 * (scratch timing, interleaved runs, Node 20: 0.15 vs 0.52 µs at 8 units).
 */
export const HASH64_WASM_MIN_UNITS = 8;

/**
 * XXH64 (seed 0) of `text`'s UTF-8 encoding as 16 lowercase hex chars: stable,
 * identical in every runtime and path, so usable as a dedup key and for
 * deterministic ordering. Not cryptographic.
 * @example hash64("abc") // "44bc2cf5ad770999"
 */
export function hash64(text: string): string {
  const host = text.length >= HASH64_WASM_MIN_UNITS ? wasmHost() : null;
  if (host !== null) hashWasm(host, text);
  else hashTwin(text);
  return toHex(r[0]!, r[1]!);
}

/**
 * The top 53 bits of {@link hash64} as a number (`Number(BigInt("0x" + hash64(t)) >> 11n)`):
 * the cheap Map key. Skipping the hex formatting saves most of a short
 * string's cost; 53 bits keep accidental collisions below 1 in 10^6 up to
 * about 130 000 distinct strings.
 */
export function hash64Key(text: string): number {
  const host = text.length >= HASH64_WASM_MIN_UNITS ? wasmHost() : null;
  if (host !== null) hashWasm(host, text);
  else hashTwin(text);
  return toKey(r[0]!, r[1]!);
}
