/**
 * The IndexedDB schema of IdbStore and promise wrappers for its requests.
 *
 * Three object stores:
 * - `entries`: the content, `{ key, content }`, read only on a hit;
 * - `index`: one small record per entry, `{ key, bytes, storedAt, expiresAt,
 *   usedAt }`, with an index on each of the last three, so eviction walks
 *   `usedAt` (least recent first), prune walks `expiresAt`, and stats find
 *   the oldest entry without reading any content;
 * - `meta`: one record, the totals `{ entries, bytes, seq }`. `seq` numbers
 *   uses: recency is an order, and a counter kept in the same transaction is
 *   unique and monotonic where `Date.now()` would tie within a millisecond.
 *
 * Every store call is one readwrite transaction over the three, so pages and
 * workers sharing a database see each other's entries and never leave the
 * totals out of step (IndexedDB runs overlapping readwrite transactions one
 * at a time). Requests are awaited inside the transaction: a promise resolved
 * from a request's success event continues in a microtask, before the
 * transaction can commit.
 */

/** The schema version; bumped only with an upgrade path. */
const VERSION = 1;
/** Names of the object stores and indexes. */
export const ENTRIES = "entries";
export const INDEX = "index";
export const META = "meta";
export const BY_USE = "usedAt";
export const BY_EXPIRY = "expiresAt";
export const BY_AGE = "storedAt";
const TOTALS_KEY = "totals";

/** The per-entry record of the `index` object store. */
export interface IndexRecord {
  key: string;
  bytes: number;
  storedAt: number;
  expiresAt: number;
  usedAt: number;
}

/** The content record of the `entries` object store. */
export interface ContentRecord {
  key: string;
  content: string;
}

/** The totals record of the `meta` object store. */
export interface Totals {
  entries: number;
  bytes: number;
  seq: number;
}

/**
 * Opens (creating or upgrading) the database `name`. Rejects when IndexedDB
 * is missing, refuses (private mode, storage disabled), or another connection
 * blocks the upgrade.
 */
export function openDatabase(name: string): Promise<IDBDatabase> {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (factory === undefined) return Promise.reject(new Error("IndexedDB is not available in this runtime"));
  return new Promise((resolve, reject) => {
    const request = factory.open(name, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(ENTRIES)) db.createObjectStore(ENTRIES, { keyPath: "key" });
      if (!db.objectStoreNames.contains(INDEX)) {
        const index = db.createObjectStore(INDEX, { keyPath: "key" });
        index.createIndex(BY_USE, BY_USE);
        index.createIndex(BY_EXPIRY, BY_EXPIRY);
        index.createIndex(BY_AGE, BY_AGE);
      }
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB open failed"));
    request.onblocked = () => reject(new Error("IndexedDB upgrade blocked by another open connection"));
  });
}

/** The result of `request`, as a promise. */
export function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

/**
 * Runs `body` in one transaction over the three object stores and resolves
 * with its result once the transaction has committed (so a put is durable
 * before it is acknowledged). A body that throws aborts the transaction.
 */
export async function inTransaction<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  body: (tx: IDBTransaction) => Promise<T>,
): Promise<T> {
  const tx = db.transaction([ENTRIES, INDEX, META], mode);
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
  });
  // Keeps an abort from being reported as unhandled while the body still runs.
  committed.catch(() => {});
  let result: T;
  try {
    result = await body(tx);
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already finished or aborted.
    }
    await committed.catch(() => {});
    throw error;
  }
  await committed;
  return result;
}

/** The totals, or zeros in a new database. */
export async function readTotals(tx: IDBTransaction): Promise<Totals> {
  const totals = (await settle(tx.objectStore(META).get(TOTALS_KEY))) as Totals | undefined;
  return totals ?? { entries: 0, bytes: 0, seq: 0 };
}

/** Writes the totals back. */
export function writeTotals(tx: IDBTransaction, totals: Totals): void {
  tx.objectStore(META).put(totals, TOTALS_KEY);
}

/** Removes one entry (index record and content) and takes it off the totals. */
export function dropEntry(tx: IDBTransaction, record: IndexRecord, totals: Totals): void {
  tx.objectStore(INDEX).delete(record.key);
  tx.objectStore(ENTRIES).delete(record.key);
  totals.entries--;
  totals.bytes -= record.bytes;
}
