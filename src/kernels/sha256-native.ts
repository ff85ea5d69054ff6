/**
 * SHA-256 by the runtime's own crypto library, where one is reachable
 * without an import: Node (≥ 20.16) and Deno hand out `node:crypto` through
 * `process.getBuiltinModule`, and its hash uses the CPU's SHA instructions,
 * synchronously. On this machine that is 4–5× the WASM kernel from 1 KB up
 * (0.21 ms for 320 KB of ASCII against 1.14 ms), and it spares the pipeline
 * the WebCrypto round trip and the marker-key swap that comes with it
 * (ccr/pending-key.ts). Browsers have no such module: null there.
 *
 * Both hash the UTF-8 bytes `TextEncoder` would give, lone surrogates as
 * U+FFFD (Node and Deno convert strings that way), so keys agree with
 * {@link sha256Hex} on every string; a test checks it in each runtime.
 */
import { chunkEnd } from "./utf8-chunks.js";

/** Shortest input (UTF-16 code units) worth the native call: below it the WASM kernel is as fast. */
export const SHA256_NATIVE_MIN_UNITS = 256;
/**
 * Longer inputs are fed in pieces of about this many units, so the runtime's
 * UTF-8 copy of each stays a few MB however large the input (untrusted
 * input may be 100 MB).
 */
export const SHA256_NATIVE_CHUNK_UNITS = 1024 * 1024;

/**
 * Units of text {@link nativeSha256Utf8} encodes at a time: its scratch
 * buffer (3 bytes a unit, kept for the process) stays 192 KiB.
 */
export const SHA256_UTF8_SCRATCH_UNITS = 64 * 1024;

type Hasher = (text: string) => string;

/** The digest of a text's UTF-8 bytes and how many bytes that is. */
export interface Utf8Digest {
  /** SHA-256, 64 lowercase hex digits. */
  hex: string;
  /** The text's UTF-8 length, in bytes. */
  bytes: number;
}

interface NodeHash {
  update(data: string | Uint8Array, encoding?: string): NodeHash;
  digest(encoding: string): string;
}

interface NodeCrypto {
  createHash(algorithm: string): NodeHash;
}

/** What {@link holdsReplacement} uses of `node:buffer`: a view of bytes with a native substring search. */
interface NodeBufferClass {
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): { indexOf(value: Uint8Array): number };
}

let hasher: Hasher | null | undefined;
/** The runtime's `node:crypto`, once {@link nativeSha256Hex} has looked it up and trusted it. */
let nodeCrypto: NodeCrypto | null = null;
/** The runtime's `Buffer`, looked up with `node:crypto` (null without it: a plain scan instead). */
let nodeBuffer: NodeBufferClass | null = null;
/** U+FFFD in UTF-8. */
const REPLACEMENT_UTF8 = new Uint8Array([0xef, 0xbf, 0xbd]);
const encoder = new TextEncoder();
/** Where {@link nativeSha256Utf8} encodes text (grown to 3 × {@link SHA256_UTF8_SCRATCH_UNITS} at most). */
let scratch = new Uint8Array(0);

/** The native SHA-256 (lowercase hex of a string's UTF-8), or null where the runtime has none. */
export function nativeSha256Hex(): Hasher | null {
  if (hasher === undefined) hasher = lookUp();
  return hasher;
}

function lookUp(): Hasher | null {
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    if (proc === undefined || typeof proc.getBuiltinModule !== "function") return null;
    const crypto = proc.getBuiltinModule("node:crypto") as NodeCrypto | undefined;
    if (crypto === undefined || typeof crypto.createHash !== "function") return null;
    const hash: Hasher = (text) => {
      const h = crypto.createHash("sha256");
      for (let at = 0; at < text.length; ) {
        const end = chunkEnd(text, at, SHA256_NATIVE_CHUNK_UNITS);
        h.update(end - at === text.length ? text : text.slice(at, end), "utf8");
        at = end;
      }
      return h.digest("hex");
    };
    // A known answer, so that a shim with another idea of the digest is never trusted.
    if (hash("abc") !== "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") return null;
    nodeCrypto = crypto;
    nodeBuffer = lookUpBuffer((id) => proc.getBuiltinModule!(id));
    return hash;
  } catch {
    return null;
  }
}

/** `node:buffer`'s `Buffer`, when the runtime hands it out too. */
function lookUpBuffer(getBuiltinModule: (id: string) => unknown): NodeBufferClass | null {
  try {
    const buffer = (getBuiltinModule("node:buffer") as { Buffer?: NodeBufferClass } | undefined)?.Buffer;
    return buffer !== undefined && typeof buffer.from === "function" ? buffer : null;
  } catch {
    return null;
  }
}

/** Whether {@link computeKey}-style hashing of `text` goes to the native hash. */
export function hashesNatively(text: string): boolean {
  return text.length >= SHA256_NATIVE_MIN_UNITS && nativeSha256Hex() !== null;
}

/**
 * The native SHA-256 of `text`'s UTF-8 and its length in bytes, or null
 * where the runtime has no native hash, and for a text with a lone surrogate
 * or a U+FFFD (the caller then checks the text and hashes it as it must).
 *
 * One encoding does three passes' work: the runtime's hash of a string
 * converts it to UTF-8 itself, and a call then also measured the UTF-8
 * length (the result's `bytesIn`) and checked for lone surrogates (the key's
 * encoding differs then), each a pass of its own over a two-byte string,
 * together as long as the hash (0.3 ms of a 100 KB search). `TextEncoder`
 * writes U+FFFD (EF BF BD) for a lone surrogate, and UTF-8 has those bytes
 * only there, so bytes without them come from well-formed text.
 */
export function nativeSha256Utf8(text: string): Utf8Digest | null {
  if (nativeSha256Hex() === null || nodeCrypto === null) return null;
  const need = 3 * Math.min(text.length, SHA256_UTF8_SCRATCH_UNITS);
  if (scratch.length < need) scratch = new Uint8Array(need);
  const h = nodeCrypto.createHash("sha256");
  let bytes = 0;
  for (let at = 0; at < text.length; ) {
    const end = chunkEnd(text, at, SHA256_UTF8_SCRATCH_UNITS);
    const written = encoder.encodeInto(end - at === text.length ? text : text.slice(at, end), scratch).written;
    const piece = scratch.subarray(0, written);
    if (holdsReplacement(piece)) return null;
    h.update(piece);
    bytes += written;
    at = end;
  }
  return { hex: h.digest("hex"), bytes };
}

/**
 * Whether UTF-8 `bytes` hold U+FFFD (EF BF BD; an EF byte only ever leads a
 * three-byte character). Buffer's native search where there is one: a typed
 * array's `indexOf(0xef)` read 100 KB in 0.04 ms, Buffer's 0.002 ms.
 */
function holdsReplacement(bytes: Uint8Array): boolean {
  if (nodeBuffer !== null) {
    return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(REPLACEMENT_UTF8) !== -1;
  }
  return holdsReplacementScan(bytes);
}

/** {@link holdsReplacement} without `Buffer`: each EF byte and the two after it. Exported for tests. */
export function holdsReplacementScan(bytes: Uint8Array): boolean {
  for (let i = bytes.indexOf(0xef); i !== -1; i = bytes.indexOf(0xef, i + 1)) {
    if (bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) return true;
  }
  return false;
}
