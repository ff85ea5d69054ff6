/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 encoding, synchronous, for CCR keys.
 *
 * WebCrypto would be faster to write but is async; keys are needed inside the
 * synchronous compress path, so the compression function lives here (the TS
 * twin) and in `assembly/sha256.ts` (the WASM kernel), with identical results.
 * Strings are encoded with TextEncoder in both paths, so a lone surrogate
 * hashes as U+FFFD everywhere. Long strings are encoded in bounded chunks,
 * split only between whole code points, so memory stays flat at any size.
 */
import { chunkEnd, encodeInBlocks } from "./utf8-chunks.js";
import { type WasmHost, wasmHost } from "./wasm.js";

// First 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

// First 32 bits of the fractional parts of the square roots of the first 8 primes.
const INITIAL_STATE = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** UTF-16 code units encoded per chunk: at most 3 bytes each, so a chunk fits {@link CHUNK_BYTES}. */
const CHUNK_UNITS = 16384;
const CHUNK_BYTES = CHUNK_UNITS * 3 + 64;

const schedule = new Int32Array(64);
let chunkBuffer: Uint8Array | null = null;

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push((i < 16 ? "0" : "") + i.toString(16));

/** Runs the compression function over the whole 64-byte blocks in `bytes[from, to)`. */
function compressBlocks(state: Int32Array, bytes: Uint8Array, from: number, to: number): void {
  const w = schedule;
  let h0 = state[0]!,
    h1 = state[1]!,
    h2 = state[2]!,
    h3 = state[3]!;
  let h4 = state[4]!,
    h5 = state[5]!,
    h6 = state[6]!,
    h7 = state[7]!;
  for (let p = from; p + 64 <= to; p += 64) {
    for (let t = 0; t < 16; t++) {
      const q = p + t * 4;
      w[t] = (bytes[q]! << 24) | (bytes[q + 1]! << 16) | (bytes[q + 2]! << 8) | bytes[q + 3]!;
    }
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15]!;
      const y = w[t - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
    }
    let a = h0,
      b = h1,
      c = h2,
      d = h3,
      e = h4,
      f = h5,
      g = h6,
      h = h7;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[t]! + w[t]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  state[0] = h0;
  state[1] = h1;
  state[2] = h2;
  state[3] = h3;
  state[4] = h4;
  state[5] = h5;
  state[6] = h6;
  state[7] = h7;
}

/**
 * Writes SHA-256 padding after the `pending` (< 64) bytes at the start of
 * `buffer` (room for 128) for a message of `total` bytes; returns the end of
 * the last block (64 or 128).
 */
function padTail(buffer: Uint8Array, pending: number, total: number): number {
  buffer[pending] = 0x80;
  const end = pending < 56 ? 64 : 128;
  buffer.fill(0, pending + 1, end - 8);
  // The bit length as a 64-bit big-endian integer; `total * 8` can pass 2^32.
  const high = Math.floor(total / 0x20000000);
  const low = (total << 3) >>> 0;
  buffer[end - 8] = high >>> 24;
  buffer[end - 7] = high >>> 16;
  buffer[end - 6] = high >>> 8;
  buffer[end - 5] = high;
  buffer[end - 4] = low >>> 24;
  buffer[end - 3] = low >>> 16;
  buffer[end - 2] = low >>> 8;
  buffer[end - 1] = low;
  return end;
}

function freshState(): Int32Array {
  return INITIAL_STATE.slice();
}

function stateToHex(state: Int32Array, at = 0): string {
  let out = "";
  for (let i = at; i < at + 8; i++) {
    const v = state[i]!;
    out += HEX[v >>> 24]! + HEX[(v >>> 16) & 255]! + HEX[(v >>> 8) & 255]! + HEX[v & 255]!;
  }
  return out;
}

function stateToBytes(state: Int32Array, at = 0): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = state[at + i]!;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = v >>> 16;
    out[i * 4 + 2] = v >>> 8;
    out[i * 4 + 3] = v;
  }
  return out;
}

/** SHA-256 of `text`'s UTF-8 encoding as 64 lowercase hex chars, in pure TS. */
export function sha256HexTwin(text: string): string {
  const state = freshState();
  const buffer = (chunkBuffer ??= new Uint8Array(CHUNK_BYTES + 64));
  const { pending, total } = encodeInBlocks(text, buffer, CHUNK_UNITS, 64, (bytes, whole) =>
    compressBlocks(state, bytes, 0, whole),
  );
  compressBlocks(state, buffer, 0, padTail(buffer, pending, total));
  return stateToHex(state);
}

/** SHA-256 of raw bytes (32-byte digest), in pure TS. */
export function sha256BytesTwin(bytes: Uint8Array): Uint8Array {
  const state = freshState();
  const whole = bytes.length & ~63;
  compressBlocks(state, bytes, 0, whole);
  const tail = new Uint8Array(128);
  tail.set(bytes.subarray(whole));
  compressBlocks(state, tail, 0, padTail(tail, bytes.length - whole, bytes.length));
  return stateToBytes(state);
}

/** UTF-16 code units per chunk on the WASM path: bigger chunks, fewer crossings. */
const WASM_CHUNK_UNITS = 1 << 18;
/** Bytes per chunk when hashing raw bytes on the WASM path. */
const WASM_CHUNK_BYTES = 1 << 20;

/**
 * Lays out the arena for one WASM hash: eight state words at `base`, then the
 * data area (carried-over tail, then the next chunk). Returns the data offset.
 */
function startWasm(host: WasmHost, chunkBytes: number): number {
  const data = host.base + 64;
  host.reserve(data + 64 + chunkBytes + 128);
  host.i32.set(INITIAL_STATE, host.base >>> 2);
  return data;
}

/** Pads the pending tail at `data`, runs the last blocks and leaves the digest in the state words. */
function finishWasm(host: WasmHost, data: number, pending: number, total: number): void {
  const end = padTail(host.u8.subarray(data, data + 128), pending, total);
  host.exports.sha256Blocks!(host.base, data, end);
}

/** {@link sha256Hex} on the WASM kernel: UTF-8 chunks go through the arena. */
export function sha256HexWasm(host: WasmHost, text: string): string {
  const data = startWasm(host, WASM_CHUNK_UNITS * 3);
  const blocks = host.exports.sha256Blocks!;
  let pending = 0;
  let total = 0;
  for (let from = 0; from < text.length; ) {
    const to = chunkEnd(text, from, WASM_CHUNK_UNITS);
    const piece = from === 0 && to === text.length ? text : text.slice(from, to);
    const written = host.writeUtf8(piece, data + pending);
    total += written;
    const filled = pending + written;
    const whole = filled & ~63;
    blocks(host.base, data, whole);
    pending = filled - whole;
    host.u8.copyWithin(data, data + whole, data + filled);
    from = to;
  }
  finishWasm(host, data, pending, total);
  return stateToHex(host.i32, host.base >>> 2);
}

/** {@link sha256Bytes} on the WASM kernel. */
export function sha256BytesWasm(host: WasmHost, bytes: Uint8Array): Uint8Array {
  const data = startWasm(host, WASM_CHUNK_BYTES);
  const blocks = host.exports.sha256Blocks!;
  let pending = 0;
  for (let from = 0; from < bytes.length; ) {
    const to = Math.min(bytes.length, from + WASM_CHUNK_BYTES);
    host.u8.set(bytes.subarray(from, to), data + pending);
    const filled = pending + to - from;
    const whole = filled & ~63;
    blocks(host.base, data, whole);
    pending = filled - whole;
    host.u8.copyWithin(data, data + whole, data + filled);
    from = to;
  }
  finishWasm(host, data, pending, bytes.length);
  return stateToBytes(host.i32, host.base >>> 2);
}

/**
 * Shortest string (UTF-16 code units) worth sending to WASM: from one block on
 * the kernel wins (≈1.0 vs 2.9 µs at 64, 6.7 vs 17.5 µs at 1 KB); below it
 * the crossing eats the gain and the two tie.
 */
export const SHA256_WASM_MIN_UNITS = 64;

/** Shortest byte array worth sending to WASM. */
export const SHA256_WASM_MIN_BYTES = 64;

/**
 * SHA-256 of `text`'s UTF-8 encoding as 64 lowercase hex chars (synchronous).
 * Lone surrogates hash as U+FFFD, as TextEncoder encodes them.
 * @example sha256Hex("abc") // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export function sha256Hex(text: string): string {
  const host = text.length >= SHA256_WASM_MIN_UNITS ? wasmHost() : null;
  return host !== null ? sha256HexWasm(host, text) : sha256HexTwin(text);
}

/** SHA-256 of raw bytes as a 32-byte digest (synchronous). */
export function sha256Bytes(bytes: Uint8Array): Uint8Array {
  const host = bytes.length >= SHA256_WASM_MIN_BYTES ? wasmHost() : null;
  return host !== null ? sha256BytesWasm(host, bytes) : sha256BytesTwin(bytes);
}
