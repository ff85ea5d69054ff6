/**
 * The `Store` contract every CCR store implements (memory, lazy, fs,
 * IndexedDB, Redis), and `withNamespace`, which fences a store into one
 * tenant's or session's corner.
 *
 * The interface is async because IndexedDB and Redis are, and minimal so a new
 * backend is an afternoon's work. `test/ccr/store-contract.ts` is the
 * executable form of this page: every store runs it.
 *
 * Sizes: an entry weighs {@link entryBytes} — 2 bytes per UTF-16 code unit of
 * its store key and its content. That is what a JS engine holds at most for
 * the strings, it is the same figure in every store however the backend
 * encodes, and counting the key keeps a store of many tiny entries bounded.
 */
import { PithyConfigError, PithyStoreError } from "../errors.js";
import { type CallOptions, rejectIfAborted } from "./abort.js";
import {
  ALIAS_NAMESPACE,
  MAX_NAMESPACE_DEPTH,
  NAMESPACE_SEPARATOR,
  isValidNamespace,
  normalizeAliasKey,
  normalizeKey,
  normalizeStoreKey,
} from "./key.js";

/** Counters and gauges of one store; {@link Store.stats} returns a fresh copy each time. */
export interface StoreStats {
  /** Entries held now (expired ones not yet dropped included). */
  entries: number;
  /** Sum of {@link entryBytes} over the entries held. */
  bytes: number;
  /** Bound on `bytes`; least recently used entries are evicted beyond it. */
  maxBytes: number;
  /** Largest entry accepted; larger ones are refused with `too_large`. */
  maxEntryBytes: number;
  /** Age of the oldest entry held, 0 when empty. */
  oldestAgeMs: number;
  /** Entries held that have expired and wait for `prune` or a `get`. */
  expiredEntries: number;
  /** Puts that stored a new entry or replaced a different content. */
  puts: number;
  /** Puts of content the store already held under that key. */
  dedupes: number;
  /** Gets that found their entry. */
  hits: number;
  /** Gets that found nothing (unknown, expired, evicted or invalid key). */
  misses: number;
  /** Entries dropped to stay within `maxBytes`. */
  evictions: number;
  /** Entries dropped because their time to live ran out. */
  expirations: number;
  /** Puts refused up front (`too_large`, `invalid_key`, content not a string). */
  refused: number;
}

/**
 * A place to keep originals so a marker can be recalled byte for byte.
 *
 * Keys are store keys (see `normalizeStoreKey` in key.ts); a store
 * normalises them, so upper- and lowercase name the same entry. Stores do not
 * check that a key is the hash of its content: the pipeline makes keys, and
 * namespaced keys are not hashes. Every call takes an `AbortSignal`
 * (`options.signal`): once it has fired, the call rejects with an
 * `AbortError` and a put leaves no partial entry.
 */
export interface Store {
  /**
   * Keeps `content` under `key`. Idempotent: a second put of the same pair
   * changes nothing but recency (and renews a time to live). Rejects with a
   * {@link PithyStoreError}: `too_large` over the per-entry cap (refused up
   * front, so no marker points at an entry that would be evicted at once),
   * `invalid_key` for a key that is not a store key, `unavailable` when the
   * backend is down or not yet there.
   */
  put(key: string, content: string, options?: CallOptions): Promise<void>;
  /**
   * The exact content stored under `key` (UTF-16 equality, lone surrogates
   * and NUL included), or `undefined` when it is unknown, expired, evicted or
   * not a key at all: keys come from models, so a bad one is a miss, not an
   * error. Rejects only when the backend fails.
   */
  get(key: string, options?: CallOptions): Promise<string | undefined>;
  /** Drops the entry under `key`; whether there was one. */
  delete(key: string, options?: CallOptions): Promise<boolean>;
  /** A snapshot of the store's counters, never a live object. */
  stats(): Promise<StoreStats>;
  /** Drops expired entries now; how many were dropped. */
  prune?(): Promise<number>;
}

/** A positive finite number option (floored), or `fallback` when absent; else {@link PithyConfigError}. */
export function checkPositiveOption(option: string, value: unknown, fallback: number, unit: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 1) {
    throw new PithyConfigError(option, `a positive finite number of ${unit}`, value);
  }
  return Math.floor(value);
}

/**
 * The byte caps every store takes: `maxBytes` (default `defaultMax`) and
 * `maxEntryBytes` (default the smaller of `defaultEntry` and an eighth of
 * `maxBytes`, so one entry cannot push out everyone else's), checked so that
 * an entry never exceeds the total.
 */
export function checkByteCaps(
  options: { maxBytes?: number; maxEntryBytes?: number },
  defaultMax: number,
  defaultEntry: number,
): { maxBytes: number; maxEntryBytes: number } {
  const maxBytes = checkPositiveOption("maxBytes", options.maxBytes, defaultMax, "bytes");
  const maxEntryBytes = checkPositiveOption(
    "maxEntryBytes",
    options.maxEntryBytes,
    Math.max(1, Math.min(defaultEntry, Math.floor(maxBytes / 8))),
    "bytes",
  );
  if (maxEntryBytes > maxBytes)
    throw new PithyConfigError("maxEntryBytes", `at most maxBytes (${maxBytes})`, maxEntryBytes);
  return { maxBytes, maxEntryBytes };
}

/**
 * The checks every store makes before it keeps an entry: a valid store key,
 * string content, and a weight within the per-entry cap (refused up front, so
 * no marker ever points at an entry eviction would remove at once). Returns
 * the normalised key and the entry's weight, or the error to reject with.
 */
export function admitEntry(
  key: string,
  content: unknown,
  maxEntryBytes: number,
): { key: string; bytes: number } | PithyStoreError {
  const k = normalizeStoreKey(key);
  if (k === null) return invalidKey(key);
  if (typeof content !== "string")
    return new PithyStoreError(`pithy: content must be a string, got ${typeof content}`, "failed");
  const bytes = entryBytes(k, content);
  if (bytes > maxEntryBytes) {
    return new PithyStoreError(
      `pithy: entry of ${bytes} bytes is over the store's cap of ${maxEntryBytes}`,
      "too_large",
    );
  }
  return { key: k, bytes };
}

/** The weight of one entry: 2 bytes per UTF-16 code unit of key and content. */
export function entryBytes(key: string, content: string): number {
  return 2 * (key.length + content.length);
}

/** Stats of a store that holds nothing and has done nothing. */
export function emptyStoreStats(maxBytes = 0, maxEntryBytes = 0): StoreStats {
  return {
    entries: 0,
    bytes: 0,
    maxBytes,
    maxEntryBytes,
    oldestAgeMs: 0,
    expiredEntries: 0,
    puts: 0,
    dedupes: 0,
    hits: 0,
    misses: 0,
    evictions: 0,
    expirations: 0,
    refused: 0,
  };
}

/**
 * A view of `store` inside `namespace`: every key is stored as
 * `namespace:<key>`, and the view accepts only plain content keys, so a key
 * naming another namespace (`other:<key>`) is refused rather than followed.
 * A recall through the view can therefore never read, overwrite or delete
 * another namespace's entries. Namespacing a view nests (`tenant:session:`).
 * `stats` and `prune` are the underlying store's: namespaces share its budget.
 *
 * Throws {@link PithyConfigError} unless `namespace` is 1–64 of `a-z0-9_-`
 * and at most 8 levels deep.
 * @example const session = withNamespace(store, "tenant-42");
 */
export function withNamespace(store: Store, namespace: string): Store {
  if (!isValidNamespace(namespace) || namespace === ALIAS_NAMESPACE) {
    const allowed = `1 to 64 characters of a-z, 0-9, _ and - (not "${ALIAS_NAMESPACE}", which pithy keeps for itself)`;
    throw new PithyConfigError("namespace", allowed, namespace);
  }
  if (!(store instanceof NamespacedStore)) return new NamespacedStore(store, namespace + NAMESPACE_SEPARATOR, 1);
  if (store.depth >= MAX_NAMESPACE_DEPTH) {
    throw new PithyConfigError("namespace", `at most ${MAX_NAMESPACE_DEPTH} nested namespaces`, namespace);
  }
  return new NamespacedStore(store.base, store.prefix + namespace + NAMESPACE_SEPARATOR, store.depth + 1);
}

/** The store {@link withNamespace} returns. */
class NamespacedStore implements Store {
  constructor(
    readonly base: Store,
    readonly prefix: string,
    readonly depth: number,
  ) {}

  put(key: string, content: string, options?: CallOptions): Promise<void> {
    const k = keyInside(key);
    if (k === null) return Promise.reject(invalidKey(key));
    return rejectIfAborted(options) ?? this.base.put(this.prefix + k, content, options);
  }

  get(key: string, options?: CallOptions): Promise<string | undefined> {
    const k = keyInside(key);
    return (
      rejectIfAborted(options) ?? (k === null ? Promise.resolve(undefined) : this.base.get(this.prefix + k, options))
    );
  }

  delete(key: string, options?: CallOptions): Promise<boolean> {
    const k = keyInside(key);
    return (
      rejectIfAborted(options) ?? (k === null ? Promise.resolve(false) : this.base.delete(this.prefix + k, options))
    );
  }

  stats(): Promise<StoreStats> {
    return this.base.stats();
  }

  prune(): Promise<number> {
    return this.base.prune ? this.base.prune() : Promise.resolve(0);
  }
}

/** What a namespaced store accepts: a content key, or a call-id alias key (`pithy-alias:<hex>`). */
function keyInside(key: string): string | null {
  return normalizeKey(key) ?? normalizeAliasKey(key);
}

/** The error a store rejects a put with when the key is not a store key. */
export function invalidKey(key: unknown): PithyStoreError {
  const shown = typeof key === "string" ? JSON.stringify(key.slice(0, 80)) : typeof key;
  return new PithyStoreError(`pithy: not a store key: ${shown}`, "invalid_key");
}
