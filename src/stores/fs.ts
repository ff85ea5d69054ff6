/**
 * `FsStore`: a CCR store on the local file system, for Node ≥ 20 and Deno ≥ 2
 * (through their `node:fs`), behind the `pithy/stores/fs` subpath export.
 *
 * Originals survive restarts and are shared by every process pointed at the
 * same directory; see `fs/disk-store.ts` for how entries are written, read,
 * verified and evicted, and `fs/entry-file.ts` for the file format. When the
 * directory cannot be used (missing with `create: false`, full, no
 * permission, a sandbox), the caller chooses: `open` rejects, or the store
 * keeps working in memory and says why in `stats().fallback`. A directory
 * that can be read but not written is half usable: with `onUnusable:
 * "memory"` the store serves what is on disk and keeps new entries in memory.
 */
import type { CallOptions } from "../ccr/abort.js";
import { resolve } from "node:path";
import { lstatSync } from "node:fs";
import process from "node:process";
import { PithyConfigError, PithyStoreError } from "../errors.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES, MemoryStore } from "../ccr/memory-store.js";
import { checkByteCaps, type Store, type StoreStats } from "../ccr/store.js";
import { defaultStoreDir } from "./fs/default-dir.js";
import { DiskStore, type DiskStoreStats } from "./fs/disk-store.js";
import { describeFsError, isMissing, makeDirectory } from "./fs/file-ops.js";

/**
 * Default time to live of an FsStore entry: 7 days after its last put.
 * Unlike memory, a directory outlives the process, and originals are tool
 * outputs that may hold secrets, so they should not lie in a cache forever.
 */
export const DEFAULT_FS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Options of {@link FsStore.open}. */
export interface FsStoreOptions {
  /**
   * The directory to keep entries in; created (mode 0700) if missing. Default:
   * `$XDG_CACHE_HOME/pithy`, else `~/.cache/pithy`, else `<temp dir>/pithy-<uid>`.
   */
  dir?: string;
  /**
   * Whether `open` may create the directory (and its missing parents) when it
   * does not exist. `false` opens for recall: a missing directory is left
   * missing and handled as `onUnusable` says (an empty memory store, or a
   * rejection). Default `true`.
   */
  create?: boolean;
  /** Bound on the total `entryBytes` of the entries (2 bytes per UTF-16 unit of key and content). Default 256 MiB. */
  maxBytes?: number;
  /** Largest entry accepted. Default min(32 MiB, maxBytes / 8). */
  maxEntryBytes?: number;
  /** Time to live after an entry's last put, in ms; `Infinity` keeps entries until evicted. Default 7 days. */
  ttlMs?: number;
  /**
   * What `open` does when the directory cannot be used: `"throw"` rejects with
   * a `PithyStoreError` (`unavailable`); `"memory"` returns a store that keeps
   * entries in memory (at most 256 MiB) and reports why in `stats().fallback`.
   * A read-only directory rejects with `"throw"`; with `"memory"` its entries
   * are still served from disk while new ones go to memory.
   * Default `"memory"`: a store problem must not stop compression.
   */
  onUnusable?: "throw" | "memory";
  /** The clock, in ms; injectable for tests. Default `Date.now`. */
  now?: () => number;
}

/** Stats of an {@link FsStore}: the Store counters, the directory, and what went wrong with it. */
export interface FsStoreStats extends StoreStats {
  /** The directory in use, or the one that could not be used. */
  dir: string;
  /** Why entries are kept in memory instead (`"EACCES: permission denied, mkdir …"`); absent when on disk. */
  fallback?: string;
  /** Whether the directory could be read but not written: its entries are served, new ones kept in memory. */
  readOnly: boolean;
  /** Files found torn, truncated or edited: each read as missing and removed. */
  corrupt: number;
}

/**
 * A persistent, multi-process CCR store: one file per entry, written
 * atomically, verified on read, evicted least recently used first beyond
 * `maxBytes`, expired after `ttlMs`.
 *
 * `stats()` describes what this process has seen: entries other processes
 * wrote since it opened count once it reads them, after `prune()`, or on the
 * next open.
 * @example
 * import { FsStore } from "pithy-ai/stores/fs";
 * const store = await FsStore.open({ maxBytes: 512 * 1024 * 1024 });
 */
export class FsStore implements Store {
  private constructor(
    /** The directory in use, or the one that could not be used. */
    readonly dir: string,
    /** The entries on disk; read-only when `memory` is also set, absent when the directory is unusable. */
    private readonly disk: DiskStore | undefined,
    /** Where new entries go when the directory cannot take them. */
    private readonly memory: MemoryStore | undefined,
    private readonly fallback: string | undefined,
  ) {}

  /**
   * Opens the store in `options.dir` (or the default cache directory),
   * re-indexing what it already holds and dropping expired and over-budget
   * entries. Throws {@link PithyConfigError} for a bad option; rejects with
   * {@link PithyStoreError} `unavailable` when the directory cannot be used
   * and `onUnusable` is `"throw"`.
   */
  static async open(options: FsStoreOptions = {}): Promise<FsStore> {
    const settings = checkOptions(options);
    let disk: DiskStore | undefined;
    let reason: string;
    let failure: unknown;
    try {
      if (settings.isShared) checkOwnDir(settings.dir, settings.create);
      disk = new DiskStore(settings.dir, settings);
      await disk.load();
      if (disk.isWritable) return new FsStore(settings.dir, disk, undefined, undefined);
      reason = `${disk.readOnlyReason} (read-only: entries on disk are served, new ones kept in memory)`;
    } catch (error) {
      disk = undefined;
      failure = error;
      reason = describeFsError(error);
      if (!settings.create && isMissing(error)) reason += " (not created: create is false)";
    }
    if (settings.onUnusable === "throw") {
      throw new PithyStoreError(`pithy: cannot use ${settings.dir} for the fs store: ${reason}`, "unavailable", {
        cause: failure,
      });
    }
    const maxBytes = Math.min(settings.maxBytes, DEFAULT_MAX_BYTES);
    const memory = new MemoryStore({
      maxBytes,
      maxEntryBytes: Math.min(settings.maxEntryBytes, maxBytes),
      ttlMs: settings.ttlMs,
      now: settings.now,
    });
    return new FsStore(settings.dir, disk, memory, reason);
  }

  /** Keeps `content` under `key` (see {@link Store.put}); in memory when the directory cannot take it. */
  put(key: string, content: string, options?: CallOptions): Promise<void> {
    return this.memory !== undefined
      ? this.memory.put(key, content, options)
      : (this.disk as DiskStore).put(key, content, options);
  }

  /** The exact content under `key`, or `undefined` (see {@link Store.get}): from memory first, then from disk. */
  async get(key: string, options?: CallOptions): Promise<string | undefined> {
    if (this.memory === undefined) return (this.disk as DiskStore).get(key, options);
    const held = await this.memory.get(key, options);
    if (held !== undefined || this.disk === undefined) return held;
    return this.disk.get(key, options);
  }

  /** Drops the entry under `key`; whether there was one. */
  async delete(key: string, options?: CallOptions): Promise<boolean> {
    const inMemory = this.memory !== undefined && (await this.memory.delete(key, options));
    const onDisk = this.disk !== undefined && (await this.disk.delete(key, options));
    return inMemory || onDisk;
  }

  /** A snapshot of this process's counters and view of the directory. */
  async stats(): Promise<FsStoreStats> {
    const [disk, memory] = await Promise.all([this.disk?.stats(), this.memory?.stats()]);
    const own = { ...mergeStats(disk, memory), dir: this.dir, readOnly: disk !== undefined && memory !== undefined };
    return this.fallback === undefined ? own : { ...own, fallback: this.fallback };
  }

  /**
   * Rescans the directory, drops expired entries and evicts down to
   * `maxBytes`; how many expired entries were dropped. Worth calling now and
   * then when several long-lived processes share a directory.
   */
  async prune(): Promise<number> {
    const [disk, memory] = await Promise.all([this.disk?.prune(), this.memory?.prune()]);
    return (disk ?? 0) + (memory ?? 0);
  }
}

/**
 * One view of the disk and the memory overlay (a read-only directory has
 * both): gauges and counters add up, except `misses`, which the disk counts
 * alone when both are there (every get it sees missed memory first), and the
 * caps, which are the disk's.
 */
function mergeStats(
  disk: DiskStoreStats | undefined,
  memory: StoreStats | undefined,
): StoreStats & { corrupt: number } {
  if (disk === undefined) return { ...(memory as StoreStats), corrupt: 0 };
  if (memory === undefined) return disk;
  return {
    ...disk,
    entries: disk.entries + memory.entries,
    bytes: disk.bytes + memory.bytes,
    oldestAgeMs: Math.max(disk.oldestAgeMs, memory.oldestAgeMs),
    expiredEntries: disk.expiredEntries + memory.expiredEntries,
    puts: disk.puts + memory.puts,
    dedupes: disk.dedupes + memory.dedupes,
    hits: disk.hits + memory.hits,
    evictions: disk.evictions + memory.evictions,
    expirations: disk.expirations + memory.expirations,
    refused: disk.refused + memory.refused,
  };
}

interface Settings {
  dir: string;
  isShared: boolean;
  create: boolean;
  maxBytes: number;
  maxEntryBytes: number;
  ttlMs: number;
  onUnusable: "throw" | "memory";
  now: () => number;
}

function checkOptions(options: FsStoreOptions): Settings {
  if (options === null || typeof options !== "object") throw new PithyConfigError("options", "an object", options);
  const { dir, create, ttlMs, onUnusable, now } = options;
  if (dir !== undefined && !(typeof dir === "string" && dir.length > 0 && !dir.includes("\0"))) {
    throw new PithyConfigError("dir", "a non-empty path without NUL", dir);
  }
  const { maxBytes, maxEntryBytes } = checkByteCaps(options, DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES);
  if (ttlMs !== undefined && !(typeof ttlMs === "number" && ttlMs > 0)) {
    throw new PithyConfigError("ttlMs", "a positive number of milliseconds (Infinity: never expire)", ttlMs);
  }
  if (create !== undefined && typeof create !== "boolean")
    throw new PithyConfigError("create", "true or false", create);
  if (onUnusable !== undefined && onUnusable !== "throw" && onUnusable !== "memory") {
    throw new PithyConfigError("onUnusable", '"throw" or "memory"', onUnusable);
  }
  if (now !== undefined && typeof now !== "function")
    throw new PithyConfigError("now", "a function returning milliseconds", now);
  const location = dir === undefined ? defaultStoreDir() : { dir: resolve(dir), isShared: false };
  return {
    ...location,
    create: create ?? true,
    maxBytes,
    maxEntryBytes,
    ttlMs: ttlMs ?? DEFAULT_FS_TTL_MS,
    onUnusable: onUnusable ?? "memory",
    now: now ?? Date.now,
  };
}

/**
 * Refuses a directory under the shared temp dir that is a symlink or belongs
 * to another user: whoever made it first could read every original.
 */
function checkOwnDir(dir: string, create: boolean): void {
  if (create) makeDirectory(dir, 0o700);
  const st = lstatSync(dir);
  const uid = process.getuid?.();
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) {
    throw Object.assign(new Error(`${dir} is not a directory owned by uid ${uid}`), { code: "EACCES" });
  }
}
