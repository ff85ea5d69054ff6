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

type Hasher = (text: string) => string;

interface NodeHash {
  update(data: string, encoding: string): NodeHash;
  digest(encoding: string): string;
}

interface NodeCrypto {
  createHash(algorithm: string): NodeHash;
}

let hasher: Hasher | null | undefined;

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
    return hash("abc") === "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" ? hash : null;
  } catch {
    return null;
  }
}

/** Whether {@link computeKey}-style hashing of `text` goes to the native hash. */
export function hashesNatively(text: string): boolean {
  return text.length >= SHA256_NATIVE_MIN_UNITS && nativeSha256Hex() !== null;
}
