/**
 * `TieredStore`: a fast store (a `MemoryStore`) in front of a persistent one
 * (Redis, IndexedDB, fs), behind the `pithy/stores/tiered` subpath export.
 * Runtime-neutral: it only calls the two stores it is given.
 *
 * The rules, and why:
 * - **put writes the back first, then the front**, and succeeds only when the
 *   back accepted the entry: the back is what survives a restart and what
 *   other replicas read, so a marker must never point at an entry only this
 *   process's memory holds. A front that refuses (too large for it) is
 *   ignored; a back that refuses fails the put, and the front is not written.
 * - **get reads the front, then the back**, and copies what the back found
 *   into the front, so the next recall of it costs no round trip. When the
 *   front has the entry, the back is not asked — recall still works while the
 *   back is down, for what this process has seen.
 * - **delete drops the entry from both.**
 *
 * Content keys name their content, so the front can never serve different
 * bytes than the back for one; what it can serve is an entry that the back
 * has since expired, evicted or (through another replica) deleted, until the
 * front drops it too. Give the front a `ttlMs` no longer than the back's.
 */
import { type CallOptions, throwIfAborted } from "../ccr/abort.js";
import { PithyConfigError } from "../errors.js";
import type { Store, StoreStats } from "../ccr/store.js";

/** Options of a {@link TieredStore}. */
export interface TieredStoreOptions {
  /** The fast store read first, usually a bounded `MemoryStore`; losing it loses nothing. */
  front: Store;
  /** The store of record: every put must reach it. */
  back: Store;
}

/** Stats of a {@link TieredStore}: the back's, with hits and misses of the whole, and the front's own. */
export interface TieredStoreStats extends StoreStats {
  /** Gets answered by the front without asking the back (included in `hits`). */
  frontHits: number;
  /** The front store's stats. */
  front: StoreStats;
}

/**
 * A memory store in front of a persistent one: puts go to both (back first),
 * gets are served from memory when they can be.
 * @example
 * import { TieredStore } from "pithy-ai/stores/tiered";
 * import { RedisStore } from "pithy-ai/stores/redis";
 * const store = new TieredStore({
 *   front: new MemoryStore({ maxBytes: 64 * 1024 * 1024, ttlMs: 3_600_000 }),
 *   back: await RedisStore.open({ url: process.env.REDIS_URL }),
 * });
 */
export class TieredStore implements Store {
  /** The fast store read first. */
  readonly front: Store;
  /** The store of record. */
  readonly back: Store;
  private hits = 0;
  private misses = 0;
  private frontHits = 0;

  /** Throws {@link PithyConfigError} unless `front` and `back` are two distinct stores. */
  constructor(options: TieredStoreOptions) {
    if (options === null || typeof options !== "object")
      throw new PithyConfigError("options", "an object with front and back", options);
    const { front, back } = options;
    if (!isStore(front)) throw new PithyConfigError("front", "a Store (put, get, delete, stats)", front);
    if (!isStore(back)) throw new PithyConfigError("back", "a Store (put, get, delete, stats)", back);
    if (front === back) throw new PithyConfigError("back", "a store other than front", back);
    this.front = front;
    this.back = back;
  }

  /** Keeps `content` in the back, then in the front; rejects as the back does. */
  async put(key: string, content: string, options?: CallOptions): Promise<void> {
    await this.back.put(key, content, options);
    await this.front.put(key, content, options).catch(() => {
      // The back has it; a front too small for it just won't speed it up.
    });
  }

  /** The content from the front, else from the back (then kept in the front); rejects only when the front misses and the back fails. */
  async get(key: string, options?: CallOptions): Promise<string | undefined> {
    throwIfAborted(options);
    const near = await this.front.get(key, options).catch(() => undefined);
    if (near !== undefined) {
      this.hits++;
      this.frontHits++;
      return near;
    }
    const far = await this.back.get(key, options);
    if (far === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    await this.front.put(key, far).catch(() => {});
    return far;
  }

  /** Drops the entry from both stores; whether either had it. Rejects when the back fails. */
  async delete(key: string, options?: CallOptions): Promise<boolean> {
    throwIfAborted(options);
    const [near, far] = await Promise.all([
      this.front.delete(key, options).catch(() => false),
      this.back.delete(key, options),
    ]);
    return near || far;
  }

  /** The back's stats, with this store's hits and misses, and the front's stats under `front`. */
  async stats(): Promise<TieredStoreStats> {
    const [back, front] = await Promise.all([this.back.stats(), this.front.stats()]);
    return { ...back, hits: this.hits, misses: this.misses, frontHits: this.frontHits, front };
  }

  /** Prunes both; how many expired entries the back dropped. */
  async prune(): Promise<number> {
    const [dropped] = await Promise.all([
      this.back.prune ? this.back.prune() : Promise.resolve(0),
      this.front.prune ? this.front.prune().catch(() => 0) : Promise.resolve(0),
    ]);
    return dropped;
  }
}

function isStore(value: unknown): value is Store {
  if (value === null || typeof value !== "object") return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.put === "function" &&
    typeof s.get === "function" &&
    typeof s.delete === "function" &&
    typeof s.stats === "function"
  );
}
