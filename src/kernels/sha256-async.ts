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
/**
 * Longest input sent to WebCrypto, which needs it as one UTF-8 copy: past
 * 16 Mi units that copy (and WebCrypto's own) cost more in memory and
 * collector time than the thread saves (a 50 MB JSON array: 1.6 s through
 * the pipeline instead of 1.4 s), and the chunked kernel takes over.
 */
export const SHA256_ASYNC_MAX_UNITS = 16 * 1024 * 1024;

interface Digester {
  digest(algorithm: string, data: BufferSource): Promise<ArrayBuffer>;
}

/**
 * The platform's WebCrypto, looked up on first use: in Node, touching
 * `globalThis.crypto` loads the whole WebCrypto implementation, several
 * milliseconds that an import of pithy should not pay up front.
 */
let subtle: Digester | null | undefined;

function platformDigester(): Digester | null {
  if (subtle === undefined) {
    const c = (globalThis as { crypto?: { subtle?: Digester } }).crypto;
    subtle = c !== undefined && c.subtle !== undefined && typeof c.subtle.digest === "function" ? c.subtle : null;
  }
  return subtle;
}
const utf8 = new TextEncoder();

/**
 * Inputs up to this many code units are encoded into one reused buffer,
 * grown as needed up to 3 MiB (3 bytes a unit at most). Reuse is safe:
 * `digest` copies the bytes before it returns (the WebCrypto spec's "get a
 * copy of the bytes"). A fresh buffer per call was garbage the size of the
 * input, which paced the collector on large tool outputs.
 */
const SCRATCH_UNITS = 1024 * 1024;
let scratch: Uint8Array<ArrayBuffer> | null = null;

/** `text` as UTF-8, in the reused buffer when it fits. */
function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  if (text.length > SCRATCH_UNITS) return utf8.encode(text);
  const need = text.length * 3;
  if (scratch === null || scratch.length < need) {
    scratch = new Uint8Array(Math.min(SCRATCH_UNITS * 3, Math.max(need, 2 * (scratch?.length ?? 0))));
  }
  return scratch.subarray(0, utf8.encodeInto(text, scratch).written);
}

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push((i < 16 ? "0" : "") + i.toString(16));

/** Whether {@link sha256HexAsync} would hash `text` on another thread. */
export function hashesOffThread(text: string): boolean {
  return text.length >= SHA256_ASYNC_MIN_UNITS && text.length <= SHA256_ASYNC_MAX_UNITS && platformDigester() !== null;
}

/**
 * {@link sha256Hex}, computed by WebCrypto when the input is large enough to
 * gain from it. Never rejects: if the platform digest fails, the synchronous
 * kernel answers.
 */
export async function sha256HexAsync(text: string): Promise<string> {
  if (!hashesOffThread(text)) return sha256Hex(text);
  try {
    const digest = new Uint8Array(await platformDigester()!.digest("SHA-256", utf8Bytes(text)));
    let hex = "";
    for (let i = 0; i < digest.length; i++) hex += HEX[digest[i]!];
    return hex;
  } catch {
    return sha256Hex(text);
  }
}
