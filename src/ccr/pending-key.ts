/**
 * The content key of one compress call, possibly still being hashed.
 *
 * A large input is hashed by WebCrypto on another thread while the
 * compressors run; until then their markers carry a fixed provisional key,
 * which {@link PendingKey.settle} swaps for the real one. The provisional key
 * is used only when the input does not contain it, so every occurrence in an
 * output is one of our own markers. Small inputs, runtimes with a native
 * hash (sha256-native.ts: Node, Deno) and platforms without WebCrypto get
 * their key synchronously, and nothing is swapped.
 */
import { computeKeyAndLength, computeKeyAsync } from "./key.js";
import { hashesOffThread } from "../kernels/sha256-async.js";
import { hashesNatively } from "../kernels/sha256-native.js";

/** Stands in for the real key in markers written before the hash is done (32 hex digits, like a key). */
export const PROVISIONAL_KEY = "0123456789abcdeffedcba9876543210";

/** A key being computed, and the key compressors write into markers meanwhile. */
export class PendingKey {
  /** The key markers name while the hash runs: the real key, or {@link PROVISIONAL_KEY}. */
  readonly markerKey: string;
  /** The content's UTF-8 length in bytes, when hashing it told (else undefined: count it). */
  readonly utf8Bytes: number | undefined;
  private readonly real: Promise<string>;

  private constructor(markerKey: string, real: Promise<string>, utf8Bytes?: number) {
    this.markerKey = markerKey;
    this.real = real;
    this.utf8Bytes = utf8Bytes;
  }

  /** Starts hashing `content`: off the thread when large enough, else right away. */
  static start(content: string): PendingKey {
    // A native hash (Node, Deno) beats the round trip and the swap; browsers hash off the thread.
    if (!hashesNatively(content) && hashesOffThread(content) && !content.includes(PROVISIONAL_KEY)) {
      return new PendingKey(PROVISIONAL_KEY, computeKeyAsync(content));
    }
    const { key, utf8Bytes } = computeKeyAndLength(content);
    return new PendingKey(key, Promise.resolve(key), utf8Bytes);
  }

  /** The real key. */
  key(): Promise<string> {
    return this.real;
  }

  /** `output` (written with {@link markerKey}) with the real key in every marker. */
  settle(output: string, key: string): string {
    return this.markerKey === key ? output : output.replaceAll(this.markerKey, key);
  }
}
