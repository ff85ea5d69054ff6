/**
 * `IdbStore`: a CCR store in the browser's IndexedDB, for pages and workers,
 * behind the `pithy/stores/idb` subpath export.
 *
 * Originals survive reloads and are shared by every page and worker of the
 * origin that opens the same database name. Each call is one transaction
 * (see `idb/database.ts`), so the totals stay exact with several tabs at
 * once; least recently used entries are evicted beyond `maxBytes` through an
 * index on a use counter, expired ones are dropped when read and by `prune`.
 * Structured cloning keeps strings exactly, lone surrogates and NUL included.
 *
 * When another tab upgrades or deletes the database, this connection closes
 * itself (so it does not block that tab) and later calls reject with
 * `unavailable`; the pipeline then degrades to lossless output. Open a new
 * store to carry on.
 */
import { type CallOptions, abortError, throwIfAborted } from "../ccr/abort.js";
import { PithyConfigError, PithyStoreError } from "../errors.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES } from "../ccr/memory-store.js";
import { normalizeStoreKey } from "../ccr/key.js";
import { type Store, type StoreStats, admitEntry, checkByteCaps, emptyStoreStats } from "../ccr/store.js";
import {
  BY_AGE,
  BY_EXPIRY,
  BY_USE,
  type ContentRecord,
  ENTRIES,
  INDEX,
  type IndexRecord,
  type Totals,
  dropEntry,
  inTransaction,
  openDatabase,
  readTotals,
  settle,
  writeTotals,
} from "./idb/database.js";

/** Default database name. */
export const DEFAULT_IDB_NAME = "pithy";
/**
 * Default time to live of an IdbStore entry: 7 days after its last put, as
 * for the other persistent stores — originals may hold secrets.
 */
export const DEFAULT_IDB_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Index records read per step while evicting or pruning. */
const BATCH = 64;

/** Options of {@link IdbStore.open}. */
export interface IdbStoreOptions {
  /** The IndexedDB database name; pages and workers of one origin using the same name share entries. Default `pithy`. */
  name?: string;
  /** Bound on the total `entryBytes` of the entries (2 bytes per UTF-16 unit of key and content). Default 256 MiB. */
  maxBytes?: number;
  /** Largest entry accepted. Default min(32 MiB, maxBytes / 8). */
  maxEntryBytes?: number;
  /** Time to live after an entry's last put, in ms; `Infinity` keeps entries until evicted. Default 7 days. */
  ttlMs?: number;
  /** The clock, in ms; injectable for tests. Default `Date.now`. */
  now?: () => number;
}

/** Stats of an {@link IdbStore}: the Store counters and the database name. */
export interface IdbStoreStats extends StoreStats {
  /** The database name. */
  name: string;
}

/**
 * A persistent CCR store in IndexedDB, for browser pages and workers: LRU by
 * bytes, time to live, shared by every context of the origin.
 * @example
 * import { IdbStore } from "pithy-ai/stores/idb";
 * const store = await IdbStore.open({ maxBytes: 128 * 1024 * 1024 });
 * const pithy = await createPithy({ store });
 */
export class IdbStore implements Store {
  private db: IDBDatabase | undefined;
  private readonly counters = emptyStoreStats();

  private constructor(
    /** The database name. */
    readonly name: string,
    db: IDBDatabase,
    private readonly maxBytes: number,
    private readonly maxEntryBytes: number,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {
    this.db = db;
    // Another context wants to upgrade or delete the database: step aside.
    db.onversionchange = () => this.close();
    db.onclose = () => (this.db = undefined);
  }

  /**
   * Opens (creating if needed) the database. Throws {@link PithyConfigError}
   * for a bad option; rejects with {@link PithyStoreError} `unavailable` when
   * IndexedDB is missing or refuses (private mode, storage disabled, blocked).
   */
  static async open(options: IdbStoreOptions = {}): Promise<IdbStore> {
    const settings = checkOptions(options);
    let db: IDBDatabase;
    try {
      db = await openDatabase(settings.name);
    } catch (error) {
      throw new PithyStoreError(
        `pithy: cannot open IndexedDB database ${JSON.stringify(settings.name)}: ${describe(error)}`,
        "unavailable",
        { cause: error },
      );
    }
    return new IdbStore(settings.name, db, settings.maxBytes, settings.maxEntryBytes, settings.ttlMs, settings.now);
  }

  /** Whether the connection is open, i.e. calls can reach the database. */
  get isOpen(): boolean {
    return this.db !== undefined;
  }

  /** Keeps `content` under `key`, evicting least recently used entries beyond `maxBytes` (see {@link Store.put}). */
  async put(key: string, content: string, options?: CallOptions): Promise<void> {
    throwIfAborted(options);
    const admitted = admitEntry(key, content, this.maxEntryBytes);
    if (admitted instanceof PithyStoreError) throw this.refuse(admitted);
    const { key: k, bytes } = admitted;
    const now = this.now();
    const outcome = await this.run(
      "readwrite",
      async (tx) => {
        const totals = await readTotals(tx);
        const held = (await settle(tx.objectStore(INDEX).get(k))) as IndexRecord | undefined;
        let isSame = false;
        if (held !== undefined && held.bytes === bytes) {
          const stored = (await settle(tx.objectStore(ENTRIES).get(k))) as ContentRecord | undefined;
          isSame = stored?.content === content;
        }
        if (held !== undefined && !isSame) dropEntry(tx, held, totals);
        const record: IndexRecord = { key: k, bytes, storedAt: now, expiresAt: now + this.ttlMs, usedAt: ++totals.seq };
        tx.objectStore(INDEX).put(record);
        if (!isSame) {
          tx.objectStore(ENTRIES).put({ key: k, content } satisfies ContentRecord);
          totals.entries++;
          totals.bytes += bytes;
        }
        const evicted = totals.bytes > this.maxBytes ? await evictBeyond(tx, this.maxBytes, totals, k) : 0;
        writeTotals(tx, totals);
        return { isSame, evicted };
      },
      options,
    );
    if (outcome.isSame) this.counters.dedupes++;
    else this.counters.puts++;
    this.counters.evictions += outcome.evicted;
  }

  /** The exact content under `key`, or `undefined`; marks it as the most recently used. */
  async get(key: string, options?: CallOptions): Promise<string | undefined> {
    throwIfAborted(options);
    const k = normalizeStoreKey(key);
    if (k === null) {
      this.counters.misses++;
      return undefined;
    }
    const now = this.now();
    const found = await this.run("readwrite", async (tx) => {
      const record = (await settle(tx.objectStore(INDEX).get(k))) as IndexRecord | undefined;
      if (record === undefined) return { content: undefined, isExpired: false };
      const totals = await readTotals(tx);
      if (record.expiresAt <= now) {
        dropEntry(tx, record, totals);
        writeTotals(tx, totals);
        return { content: undefined, isExpired: true };
      }
      const stored = (await settle(tx.objectStore(ENTRIES).get(k))) as ContentRecord | undefined;
      record.usedAt = ++totals.seq;
      tx.objectStore(INDEX).put(record);
      writeTotals(tx, totals);
      return { content: stored?.content, isExpired: false };
    });
    if (found.isExpired) this.counters.expirations++;
    if (typeof found.content !== "string") {
      this.counters.misses++;
      return undefined;
    }
    this.counters.hits++;
    return found.content;
  }

  /** Drops the entry under `key`; whether there was one. */
  async delete(key: string, options?: CallOptions): Promise<boolean> {
    throwIfAborted(options);
    const k = normalizeStoreKey(key);
    if (k === null) return false;
    return this.run("readwrite", async (tx) => {
      const record = (await settle(tx.objectStore(INDEX).get(k))) as IndexRecord | undefined;
      if (record === undefined) return false;
      const totals = await readTotals(tx);
      dropEntry(tx, record, totals);
      writeTotals(tx, totals);
      return true;
    });
  }

  /** This store's counters, with entries, bytes and ages read from the database (shared by every context). */
  async stats(): Promise<IdbStoreStats> {
    const now = this.now();
    const seen = await this.run("readonly", async (tx) => {
      const index = tx.objectStore(INDEX);
      const totals = await readTotals(tx);
      const [oldest] = (await settle(index.index(BY_AGE).getAll(null, 1))) as IndexRecord[];
      const expired = await settle(index.index(BY_EXPIRY).count(IDBKeyRange.upperBound(now)));
      return { totals, oldestAt: oldest?.storedAt ?? now, expired };
    });
    return {
      ...this.counters,
      entries: seen.totals.entries,
      bytes: seen.totals.bytes,
      maxBytes: this.maxBytes,
      maxEntryBytes: this.maxEntryBytes,
      oldestAgeMs: Math.max(0, now - seen.oldestAt),
      expiredEntries: seen.expired,
      name: this.name,
    };
  }

  /** Drops expired entries now; how many were dropped. */
  async prune(): Promise<number> {
    if (this.ttlMs === Infinity) return 0;
    const now = this.now();
    const dropped = await this.run("readwrite", async (tx) => {
      const byExpiry = tx.objectStore(INDEX).index(BY_EXPIRY);
      const totals = await readTotals(tx);
      let count = 0;
      for (;;) {
        const batch = (await settle(byExpiry.getAll(IDBKeyRange.upperBound(now), BATCH))) as IndexRecord[];
        for (const record of batch) dropEntry(tx, record, totals);
        count += batch.length;
        if (batch.length < BATCH) break;
      }
      writeTotals(tx, totals);
      return count;
    });
    this.counters.expirations += dropped;
    return dropped;
  }

  /** Closes the connection; later calls reject with `unavailable`. */
  close(): void {
    this.db?.close();
    this.db = undefined;
  }

  /** Runs one transaction, mapping every failure onto a {@link PithyStoreError}. */
  /**
   * Runs `body` in one transaction. A signal that fires meanwhile aborts the
   * transaction, so a put is stored whole or not at all.
   */
  private async run<T>(
    mode: IDBTransactionMode,
    body: (tx: IDBTransaction) => Promise<T>,
    options?: CallOptions,
  ): Promise<T> {
    const db = this.db;
    if (db === undefined)
      throw new PithyStoreError(`pithy: the IndexedDB database ${JSON.stringify(this.name)} is closed`, "unavailable");
    const signal = options?.signal;
    try {
      return await inTransaction(db, mode, (tx) => {
        signal?.addEventListener("abort", () => tx.abort(), { once: true });
        return body(tx);
      });
    } catch (error) {
      if (signal?.aborted === true) throw abortError(signal);
      // InvalidStateError: the connection closed under us (versionchange, browser shutdown).
      const name = (error as { name?: unknown } | null)?.name;
      const code = name === "InvalidStateError" || this.db === undefined ? "unavailable" : "failed";
      throw new PithyStoreError(`pithy: IndexedDB ${mode} transaction failed: ${describe(error)}`, code, {
        cause: error,
      });
    }
  }

  private refuse(error: PithyStoreError): PithyStoreError {
    this.counters.refused++;
    return error;
  }
}

/**
 * Deletes least recently used entries, oldest use first, until the total is
 * within `maxBytes`, never the entry just put (`keep`); how many it deleted.
 */
async function evictBeyond(tx: IDBTransaction, maxBytes: number, totals: Totals, keep: string): Promise<number> {
  const byUse = tx.objectStore(INDEX).index(BY_USE);
  let evicted = 0;
  let after: IDBKeyRange | null = null;
  while (totals.bytes > maxBytes) {
    const batch = (await settle(byUse.getAll(after, BATCH))) as IndexRecord[];
    for (const record of batch) {
      if (totals.bytes <= maxBytes) break;
      if (record.key === keep) continue;
      dropEntry(tx, record, totals);
      evicted++;
    }
    if (batch.length < BATCH) break;
    after = IDBKeyRange.lowerBound(batch[batch.length - 1].usedAt, true);
  }
  return evicted;
}

interface Settings {
  name: string;
  maxBytes: number;
  maxEntryBytes: number;
  ttlMs: number;
  now: () => number;
}

function checkOptions(options: IdbStoreOptions): Settings {
  if (options === null || typeof options !== "object") throw new PithyConfigError("options", "an object", options);
  const { name, ttlMs, now } = options;
  if (name !== undefined && !(typeof name === "string" && name.length > 0 && name.length <= 256)) {
    throw new PithyConfigError("name", "a database name of 1 to 256 characters", name);
  }
  const { maxBytes, maxEntryBytes } = checkByteCaps(options, DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES);
  if (ttlMs !== undefined && !(typeof ttlMs === "number" && ttlMs > 0)) {
    throw new PithyConfigError("ttlMs", "a positive number of milliseconds (Infinity: never expire)", ttlMs);
  }
  if (now !== undefined && typeof now !== "function")
    throw new PithyConfigError("now", "a function returning milliseconds", now);
  return {
    name: name ?? DEFAULT_IDB_NAME,
    maxBytes,
    maxEntryBytes,
    ttlMs: ttlMs ?? DEFAULT_IDB_TTL_MS,
    now: now ?? Date.now,
  };
}

function describe(error: unknown): string {
  if (error instanceof Error || (typeof DOMException !== "undefined" && error instanceof DOMException)) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  return String(error);
}
