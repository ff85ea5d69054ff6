/**
 * `RedisStore`: a CCR store in Redis, shared by every replica that points at
 * the same server, for Node ≥ 20 and Deno ≥ 2, behind the
 * `pithy/stores/redis` subpath export. It uses node-redis (package `redis`,
 * an optional peer dependency): a client you pass in, or one it makes from a
 * URL. It needs Redis ≥ 6.2 (or a compatible server: Valkey, KeyDB, …) for
 * `SET … GET`, and no Lua, so it also works where scripting is disabled.
 *
 * What it guarantees, and what it leaves to the server:
 * - **Exact recall.** Each entry is one Redis string, `<prefix><store key>`
 *   (`pithy:tenant:<key>`), holding a header (the key, the lengths) and the
 *   content as ASCII bytes, WTF-8 or, where smaller, UTF-16LE (see
 *   `redis/entry-value.ts`); a get returns the content only when the header
 *   names that very key and the lengths match, so a wrong value is read as
 *   missing, never returned.
 * - **Time to live, native.** Every put sets `PX ttlMs` (default 7 days; a
 *   repeated put renews it); Redis drops expired entries itself, so `prune`
 *   has nothing to do and `expiredEntries`/`expirations` stay 0.
 * - **Per-entry cap, client side.** `maxEntryBytes` is enforced before any
 *   bytes are sent. **The total is the server's job:** set `maxmemory` and
 *   `maxmemory-policy` (`volatile-lru` or `allkeys-lru`) on Redis. `maxBytes`
 *   is only reported and sets the default per-entry cap; `evictions` stays 0
 *   because Redis evicts without telling.
 * - **Fails fast when Redis is down.** While the client is not connected,
 *   every call rejects with `unavailable` at once (no offline queue), and a
 *   command the server does not answer rejects after `commandTimeoutMs`; the
 *   pipeline then degrades to lossless output and counts the failure, and
 *   recall answers "store unavailable". A client the store made reconnects on
 *   its own (backoff up to 1 s) when Redis comes back.
 * - **Pipelining.** node-redis writes every command issued in the same tick
 *   in one go, so puts made at once (an original and its call-id alias,
 *   a batch of tool outputs) share a round trip without any batching API.
 * - **Stats.** `entries`, `bytes` and `oldestAgeMs` are read from the server
 *   by scanning the prefix (SCAN, then the header and length of each entry,
 *   a bounded number of commands at a time: see `redis/entry-scan.ts`), so
 *   they are exact and shared by all replicas but cost O(entries): call
 *   `stats` now and then, not per request. The counters (`puts`, `hits`, …)
 *   are this process's own, as in FsStore.
 */
import { type CallOptions, raceAbort, throwIfAborted } from "../ccr/abort.js";
import { createClient } from "redis";
import { PithyConfigError, PithyStoreError } from "../errors.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES } from "../ccr/memory-store.js";
import { normalizeStoreKey } from "../ccr/key.js";
import {
  type Store,
  type StoreStats,
  admitEntry,
  checkByteCaps,
  checkPositiveOption,
  emptyStoreStats,
} from "../ccr/store.js";
import { STAMP_END, decodeEntryValue, encodeEntryValue, parseEntryHeader } from "./redis/entry-value.js";
import { scanEntries, scanWindow } from "./redis/entry-scan.js";
import { type RedisClientLike, RedisConnection } from "./redis/connection.js";

export type { RedisClientLike, RedisCommandOptions } from "./redis/connection.js";

/** Default time to live of a RedisStore entry: 7 days after its last put, as for FsStore. */
export const DEFAULT_REDIS_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Default key prefix: entries live at `pithy:<store key>`. */
export const DEFAULT_REDIS_PREFIX = "pithy:";
/** Default bound on connecting (and on {@link RedisStore.open} waiting for the connection), in ms. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 1000;
/** Default bound on one command, in ms: a 32 MiB entry still fits on a slow link, a stuck server fails fast enough. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 2000;
/** Longest wait between two reconnection attempts of a client the store made, in ms. */
const MAX_RECONNECT_DELAY_MS = 1000;
/** Commands the store's own client may hold unanswered; beyond that, calls fail `unavailable`. */
const MAX_QUEUED_COMMANDS = 1000;

/** Options of a {@link RedisStore}. */
export interface RedisStoreOptions {
  /**
   * A node-redis client (`createClient()` from `redis` ≥ 5), connected or
   * connecting. It stays yours: the store never connects or closes it, and
   * calls fail with `unavailable` while it is not ready. Give this or `url`.
   */
  client?: RedisClientLike;
  /**
   * Where Redis is (`redis://user:pass@host:6379/0`, `rediss://` for TLS) when
   * no client is given; the store then makes, connects, reconnects and closes
   * its own client. Default `redis://127.0.0.1:6379`.
   */
  url?: string;
  /** Put before every store key in Redis: 1–64 of `A-Za-z0-9_.:{}-`. Default `pithy:`. */
  prefix?: string;
  /** Time to live after an entry's last put, in ms (Redis `PX`); `Infinity` keeps entries until Redis evicts them. Default 7 days. */
  ttlMs?: number;
  /** Reported bound on the total; enforced by Redis's `maxmemory`, not by the store. Default 256 MiB. */
  maxBytes?: number;
  /** Largest entry accepted, enforced before sending. Default min(32 MiB, maxBytes / 8). */
  maxEntryBytes?: number;
  /** Bound on one connection attempt of the store's own client, and on `open` waiting for a connection, in ms. Default 1000. */
  connectTimeoutMs?: number;
  /** Bound on one command, in ms. Default 2000. */
  commandTimeoutMs?: number;
  /** The clock that stamps entries (for `oldestAgeMs`), in ms. Default `Date.now`. */
  now?: () => number;
}

/** Stats of a {@link RedisStore}: the Store counters and gauges, plus its connection's health. */
export interface RedisStoreStats extends StoreStats {
  /** The key prefix scanned. */
  prefix: string;
  /** Whether the client is connected now. */
  connected: boolean;
  /** Calls that failed because Redis was unavailable or answered with an error. */
  failures: number;
  /** Values under the prefix that were not a whole entry of their key: each read as missing. */
  corrupt: number;
}

/**
 * A CCR store in Redis, shared by many replicas; entries expire natively.
 * @example
 * import { RedisStore } from "pithy-ai/stores/redis";
 * const store = await RedisStore.open({ url: process.env.REDIS_URL, ttlMs: 86_400_000 });
 * // … later
 * await store.close();
 */
export class RedisStore implements Store {
  /** The key prefix in Redis. */
  readonly prefix: string;
  private readonly connection: RedisConnection;
  /** The client the store made, which it must close; undefined for a client passed in. */
  private readonly ownClient: OwnClient | undefined;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly connectTimeoutMs: number;
  private readonly now: () => number;
  private readonly counters = emptyStoreStats();
  private failures = 0;
  private corrupt = 0;
  /** The last error the store's own client reported, for the `open` rejection. */
  private lastClientError = "";

  /**
   * Makes the store at once; with a URL, its client connects in the
   * background and calls fail with `unavailable` until it is connected. Use
   * {@link RedisStore.open} to wait for the connection. Throws
   * {@link PithyConfigError} naming the option when one is out of range.
   */
  constructor(options: RedisStoreOptions = {}) {
    const settings = checkOptions(options);
    this.prefix = settings.prefix;
    this.ttlMs = settings.ttlMs;
    this.maxBytes = settings.maxBytes;
    this.maxEntryBytes = settings.maxEntryBytes;
    this.connectTimeoutMs = settings.connectTimeoutMs;
    this.now = settings.now;
    let client = options.client;
    if (client === undefined) {
      const own = makeClient(settings.url, settings.connectTimeoutMs, (message) => (this.lastClientError = message));
      this.ownClient = own;
      client = own;
    }
    this.connection = new RedisConnection(client, settings.commandTimeoutMs);
  }

  /**
   * Makes the store and waits until its client is connected. Rejects with
   * {@link PithyStoreError} `unavailable` (closing the client it made) when no
   * connection comes within `connectTimeoutMs`.
   */
  static async open(options: RedisStoreOptions = {}): Promise<RedisStore> {
    const store = new RedisStore(options);
    const deadline = Date.now() + store.connectTimeoutMs;
    while (!store.connection.client.isReady) {
      if (Date.now() >= deadline) {
        await store.close();
        const why = store.lastClientError === "" ? "" : `: ${store.lastClientError}`;
        throw new PithyStoreError(
          `pithy: redis not reachable within ${store.connectTimeoutMs} ms${why}`,
          "unavailable",
        );
      }
      await delay(10);
    }
    return store;
  }

  /** Whether the client is connected, i.e. calls can reach Redis now. */
  get isConnected(): boolean {
    return this.connection.client.isReady;
  }

  /** Keeps `content` under `key` with the store's time to live (see {@link Store.put}). */
  async put(key: string, content: string, options?: CallOptions): Promise<void> {
    throwIfAborted(options);
    const admitted = admitEntry(key, content, this.maxEntryBytes);
    if (admitted instanceof PithyStoreError) throw this.refuse(admitted);
    const k = admitted.key;
    const value = encodeEntryValue(k, content, this.now());
    // One SET: stored whole or not at all, even when the signal fires while it is in flight.
    const write = this.counted(this.connection.putValue(this.prefix + k, value, this.ttlMs, STAMP_END));
    const isNew = await raceAbort(write, options);
    if (isNew) this.counters.puts++;
    else this.counters.dedupes++;
  }

  /** The exact content under `key`, or `undefined`; rejects `unavailable` when Redis cannot be reached. */
  async get(key: string, options?: CallOptions): Promise<string | undefined> {
    throwIfAborted(options);
    const k = normalizeStoreKey(key);
    if (k === null) {
      this.counters.misses++;
      return undefined;
    }
    const value = await raceAbort(this.counted(this.connection.getBytes(this.prefix + k)), options);
    const content = value === null ? null : decodeEntryValue(k, value);
    if (value !== null && content === null) this.corrupt++;
    if (content === null) {
      this.counters.misses++;
      return undefined;
    }
    this.counters.hits++;
    return content;
  }

  /** Drops the entry under `key`; whether there was one. */
  async delete(key: string, options?: CallOptions): Promise<boolean> {
    throwIfAborted(options);
    const k = normalizeStoreKey(key);
    if (k === null) return false;
    return raceAbort(this.counted(this.connection.deleteKey(this.prefix + k)), options);
  }

  /**
   * This process's counters, and `entries`, `bytes`, `oldestAgeMs` counted on
   * the server over the prefix (O(entries); see the module comment). Rejects
   * `unavailable` when Redis cannot be reached.
   */
  async stats(): Promise<RedisStoreStats> {
    const now = this.now();
    let entries = 0;
    let bytes = 0;
    let oldest = now;
    const client = this.connection.client;
    await this.counted(
      scanEntries(
        this.connection,
        `${this.prefix}*`,
        scanWindow(client.options?.commandsQueueMaxLength),
        (key, head, length) => {
          const header = parseEntryHeader(head);
          if (header === null || this.prefix + header.storeKey !== key) return;
          if (length !== header.payloadStart + header.payloadBytes) return;
          entries++;
          bytes += 2 * (header.storeKey.length + header.units);
          if (header.storedAt < oldest) oldest = header.storedAt;
        },
      ),
    );
    return {
      ...this.counters,
      entries,
      bytes,
      maxBytes: this.maxBytes,
      maxEntryBytes: this.maxEntryBytes,
      oldestAgeMs: Math.max(0, now - oldest),
      prefix: this.prefix,
      connected: this.isConnected,
      failures: this.failures,
      corrupt: this.corrupt,
    };
  }

  /**
   * Nothing to do: Redis drops expired entries itself, and values under the
   * prefix that are not whole entries may be another program's, so prune
   * sends no command at all (nor can it fill the client's queue). Always 0.
   */
  prune(): Promise<number> {
    return Promise.resolve(0);
  }

  /**
   * Closes the client the store made (waiting for replies in flight); a
   * client passed in is left open. Later calls reject with `unavailable`.
   */
  async close(): Promise<void> {
    const own = this.ownClient;
    if (own === undefined || !own.isOpen) return;
    if (own.isReady) await own.close();
    else own.destroy();
  }

  /** Counts a failure of `call` on its way out. */
  private async counted<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      this.failures++;
      throw error;
    }
  }

  private refuse(error: PithyStoreError): PithyStoreError {
    this.counters.refused++;
    return error;
  }
}

/** The parts of node-redis's client the store uses on a client it made. */
interface OwnClient extends RedisClientLike {
  readonly isOpen: boolean;
  close(): Promise<void>;
  destroy(): void;
}

/**
 * A node-redis client that never queues commands while offline, bounds each
 * connection attempt, and retries forever with a backoff capped at 1 s, so the
 * store comes back on its own when Redis does.
 */
function makeClient(url: string, connectTimeoutMs: number, onError: (message: string) => void): OwnClient {
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({
      url,
      disableOfflineQueue: true,
      // Bounds what waits on a stuck server: each queued put holds its value.
      commandsQueueMaxLength: MAX_QUEUED_COMMANDS,
      socket: {
        connectTimeout: connectTimeoutMs,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** Math.min(retries, 5), MAX_RECONNECT_DELAY_MS),
      },
    });
  } catch {
    throw new PithyConfigError("url", "a redis:// or rediss:// URL", redactUrl(url));
  }
  // node-redis emits every connection error; unheard, Node would crash the process.
  client.on("error", (error: unknown) => onError(error instanceof Error ? error.message : String(error)));
  client.connect().catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
  return client as unknown as OwnClient;
}

interface Settings {
  url: string;
  prefix: string;
  ttlMs: number;
  maxBytes: number;
  maxEntryBytes: number;
  connectTimeoutMs: number;
  commandTimeoutMs: number;
  now: () => number;
}

function checkOptions(options: RedisStoreOptions): Settings {
  if (options === null || typeof options !== "object") throw new PithyConfigError("options", "an object", options);
  const { client, url, prefix, ttlMs, now } = options;
  if (client !== undefined && !isClient(client)) {
    throw new PithyConfigError("client", "a node-redis client (isReady, sendCommand)", client);
  }
  if (client !== undefined && url !== undefined) {
    throw new PithyConfigError("url", "absent when a client is given", typeof url === "string" ? redactUrl(url) : url);
  }
  if (url !== undefined && !(typeof url === "string" && (url.startsWith("redis://") || url.startsWith("rediss://")))) {
    throw new PithyConfigError("url", "a redis:// or rediss:// URL", typeof url === "string" ? redactUrl(url) : url);
  }
  if (prefix !== undefined && !isValidPrefix(prefix)) {
    throw new PithyConfigError("prefix", "1 to 64 characters of A-Z, a-z, 0-9, _, ., :, {, } and -", prefix);
  }
  if (ttlMs !== undefined && !(typeof ttlMs === "number" && ttlMs >= 1)) {
    throw new PithyConfigError("ttlMs", "at least 1 millisecond (Infinity: never expire)", ttlMs);
  }
  const { maxBytes, maxEntryBytes } = checkByteCaps(options, DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES);
  if (now !== undefined && typeof now !== "function")
    throw new PithyConfigError("now", "a function returning milliseconds", now);
  return {
    url: url ?? "redis://127.0.0.1:6379",
    prefix: prefix ?? DEFAULT_REDIS_PREFIX,
    ttlMs: ttlMs ?? DEFAULT_REDIS_TTL_MS,
    maxBytes,
    maxEntryBytes,
    connectTimeoutMs: checkPositiveOption(
      "connectTimeoutMs",
      options.connectTimeoutMs,
      DEFAULT_CONNECT_TIMEOUT_MS,
      "milliseconds",
    ),
    commandTimeoutMs: checkPositiveOption(
      "commandTimeoutMs",
      options.commandTimeoutMs,
      DEFAULT_COMMAND_TIMEOUT_MS,
      "milliseconds",
    ),
    now: now ?? Date.now,
  };
}

function isClient(value: unknown): value is RedisClientLike {
  if (value === null || typeof value !== "object") return false;
  const c = value as Record<string, unknown>;
  return typeof c.sendCommand === "function" && "isReady" in c;
}

/**
 * Whether `s` may prefix keys: no glob characters (`*?[]\`), so the prefix is
 * its own SCAN pattern, and nothing a shell or a log would mangle.
 */
function isValidPrefix(s: unknown): s is string {
  if (typeof s !== "string" || s.length === 0 || s.length > 64) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const isAlnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!isAlnum && c !== 95 && c !== 46 && c !== 58 && c !== 123 && c !== 125 && c !== 45) return false;
  }
  return true;
}

/** `url` with any user and password replaced by `***`, fit for an error message. */
function redactUrl(url: string): string {
  const scheme = url.indexOf("://");
  const at = url.lastIndexOf("@");
  return scheme >= 0 && at > scheme ? `${url.slice(0, scheme + 3)}***${url.slice(at)}` : url;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
