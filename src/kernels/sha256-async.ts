/**
 * SHA-256 off the calling thread where the platform offers it.
 *
 * WebCrypto's `digest` runs natively on a worker thread in Node, Deno and
 * browsers, so a large input is hashed while JavaScript goes on with other
 * work (the pipeline runs its compressors meanwhile). It is async and pays a
 * round trip, so small inputs stay on the synchronous {@link sha256Hex}; so
 * do huge ones, which WebCrypto would need as one whole UTF-8 copy, and
 * every input where WebCrypto is missing (insecure browser contexts). Both
 * paths hash the same TextEncoder bytes, so they agree on every string.
 */
import { sha256Hex } from "./sha256.js";

/**
 * Shortest input (UTF-16 code units) sent to WebCrypto: below it the
 * synchronous kernel finishes before the round trip would (16 K units:
 * 0.08 ms either way on this machine).
 */
export const SHA256_ASYNC_MIN_UNITS = 32 * 1024;
/** Longest input sent to WebCrypto: above it the one-piece UTF-8 copy costs too much memory. */
export const SHA256_ASYNC_MAX_UNITS = 16 * 1024 * 1024;

interface Digester {
  digest(algorithm: string, data: BufferSource): Promise<ArrayBuffer>;
}

const subtle: Digester | null = (() => {
  const c = (globalThis as { crypto?: { subtle?: Digester } }).crypto;
  return c !== undefined && c.subtle !== undefined && typeof c.subtle.digest === "function" ? c.subtle : null;
})();
const utf8 = new TextEncoder();

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push((i < 16 ? "0" : "") + i.toString(16));

/** Whether {@link sha256HexAsync} would hash `text` on another thread. */
export function hashesOffThread(text: string): boolean {
  return subtle !== null && text.length >= SHA256_ASYNC_MIN_UNITS && text.length <= SHA256_ASYNC_MAX_UNITS;
}

/**
 * {@link sha256Hex}, computed by WebCrypto when the input is large enough to
 * gain from it. Never rejects: if the platform digest fails, the synchronous
 * kernel answers.
 */
export async function sha256HexAsync(text: string): Promise<string> {
  if (!hashesOffThread(text)) return sha256Hex(text);
  try {
    const digest = new Uint8Array(await subtle!.digest("SHA-256", utf8.encode(text)));
    let hex = "";
    for (let i = 0; i < digest.length; i++) hex += HEX[digest[i]!];
    return hex;
  } catch {
    return sha256Hex(text);
  }
}
