/**
 * Remembers what pithy made of each large tool result, because an agent
 * resends its whole history with every request: without this, a session's
 * hundredth request would compress the 99 results before it all over again
 * (the proxy's added latency would grow with the history). pithy is
 * deterministic, so the remembered result is the one it would give again.
 *
 * Bounded by the characters of the results held. An entry is used for
 * `ttlMs` after it was computed, then computed again: that puts the original
 * in the store again, so an entry the store dropped (evicted, expired) comes
 * back while the conversation still shows its marker, as it would without
 * the cache.
 */
import { hash64Key } from "../kernels/hash64.js";
import type { Pithy } from "../pipeline.js";
import type { CompressResult, Hint } from "../types.js";

/** Content shorter than this is compressed each time (pithy's gate skips it quickly). */
const MIN_CACHED_CHARS = 4096;

/** Counters of a {@link CompressCache}. */
export interface CompressCacheStats {
  hits: number;
  misses: number;
  entries: number;
  chars: number;
}

interface Entry {
  result: CompressResult;
  at: number;
}

/** The results for one content, under the content's hash. */
interface Bucket {
  content: string;
  entries: Map<string, Entry>;
}

/** A bounded cache of `pithy.compress` results, by content and hint. */
export class CompressCache {
  /**
   * By a hash of the content, then by hint (mode and profile included); Map order is recency order.
   * Not the content itself as the key: V8 hashes a long string by its length alone, so same-length
   * results would all collide and each lookup would compare them all.
   */
  private readonly byContent = new Map<number, Bucket>();
  private chars = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly maxChars: number,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** `pithy.compress(content, hint)`, from the cache when it was computed lately. */
  async compress(pithy: Pithy, content: string, hint: Hint = {}): Promise<CompressResult> {
    if (this.maxChars === 0 || typeof content !== "string" || content.length < MIN_CACHED_CHARS) {
      return pithy.compress(content, hint);
    }
    const hintKey = JSON.stringify([
      pithy.mode,
      pithy.profile,
      hint.tool,
      hint.callId,
      hint.query,
      hint.compressCode,
      hint.filename,
      hint.mime,
      hint.contentType,
    ]);
    const hash = hash64Key(content);
    const bucket = this.byContent.get(hash);
    const held = bucket !== undefined && bucket.content === content ? bucket : undefined;
    const entry = held?.entries.get(hintKey);
    if (held !== undefined && entry !== undefined && this.now() - entry.at <= this.ttlMs) {
      // Most recently used last.
      this.byContent.delete(hash);
      this.byContent.set(hash, held);
      this.hits++;
      return entry.result;
    }
    this.misses++;
    const result = await pithy.compress(content, hint);
    this.remember(hash, content, hintKey, result);
    return result;
  }

  stats(): CompressCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.byContent.size, chars: this.chars };
  }

  private remember(hash: number, content: string, hintKey: string, result: CompressResult): void {
    const size = content.length + result.output.length;
    if (size > this.maxChars) return;
    let bucket = this.byContent.get(hash);
    if (bucket !== undefined && bucket.content !== content) {
      // Another content under the same hash (rare): the newer one takes the place.
      this.drop(hash, bucket);
      bucket = undefined;
    }
    if (bucket === undefined) {
      bucket = { content, entries: new Map() };
      this.chars += content.length;
    } else {
      this.byContent.delete(hash);
      const old = bucket.entries.get(hintKey);
      if (old !== undefined) this.chars -= old.result.output.length;
    }
    bucket.entries.set(hintKey, { result, at: this.now() });
    this.chars += result.output.length;
    this.byContent.set(hash, bucket);
    for (const [oldest, held] of this.byContent) {
      if (this.chars <= this.maxChars) break;
      this.drop(oldest, held);
    }
  }

  private drop(hash: number, bucket: Bucket): void {
    this.byContent.delete(hash);
    this.chars -= bucket.content.length;
    for (const e of bucket.entries.values()) this.chars -= e.result.output.length;
  }
}
