/**
 * `FsStore`: a CCR store on the local file system, for Node ≥ 20 and Deno ≥ 2
 * (through their `node:fs`), behind the `pithy/stores/fs` subpath export.
 *
 * Originals survive restarts and are shared by every process pointed at the
 * same directory; see `fs/disk-store.ts` for how entries are written, read,
 * verified and evicted, and `fs/entry-file.ts` for the file format. When the
 * directory cannot be used (read-only, full, no permission, a sandbox), the
 * caller chooses: `open` rejects, or the store keeps working in memory and
 * says why in `stats().fallback`.
 */
import { resolve } from "node:path";
import { lstatSync, mkdirSync } from "node:fs";
import process from "node:process";
import { PithyConfigError, PithyStoreError } from "../errors.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES, MemoryStore } from "../ccr/memory-store.js";
import { checkByteCaps, type Store, type StoreStats } from "../ccr/store.js";
import { defaultStoreDir } from "./fs/default-dir.js";
import { DiskStore } from "./fs/disk-store.js";
import { describeFsError } from "./fs/file-ops.js";

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
    private readonly backend: DiskStore | MemoryStore,
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
    try {
      if (settings.isShared) checkOwnDir(settings.dir);
      disk = new DiskStore(settings.dir, settings);
      await disk.load();
      return new FsStore(settings.dir, disk, undefined);
    } catch (error) {
      const reason = describeFsError(error);
      if (settings.onUnusable === "throw") {
        throw new PithyStoreError(`pithy: cannot use ${settings.dir} for the fs store: ${reason}`, "unavailable");
      }
      const maxBytes = Math.min(settings.maxBytes, DEFAULT_MAX_BYTES);
      const memory = new MemoryStore({
        maxBytes,
        maxEntryBytes: Math.min(settings.maxEntryBytes, maxBytes),
        ttlMs: settings.ttlMs,
        now: settings.now,
      });
      return new FsStore(settings.dir, memory, reason);
    }
  }

  /** Keeps `content` under `key` (see {@link Store.put}). */
  put(key: string, content: string): Promise<void> {
    return this.backend.put(key, content);
  }

  /** The exact content under `key`, or `undefined` (see {@link Store.get}). */
  get(key: string): Promise<string | undefined> {
    return this.backend.get(key);
  }

  /** Drops the entry under `key`; whether there was one. */
  delete(key: string): Promise<boolean> {
    return this.backend.delete(key);
  }

  /** A snapshot of this process's counters and view of the directory. */
  async stats(): Promise<FsStoreStats> {
    const stats: StoreStats & { corrupt?: number } = await this.backend.stats();
    const own = { ...stats, dir: this.dir, corrupt: stats.corrupt ?? 0 };
    return this.fallback === undefined ? own : { ...own, fallback: this.fallback };
  }

  /**
   * Rescans the directory, drops expired entries and evicts down to
   * `maxBytes`; how many expired entries were dropped. Worth calling now and
   * then when several long-lived processes share a directory.
   */
  prune(): Promise<number> {
    return this.backend.prune();
  }
}

interface Settings {
  dir: string;
  isShared: boolean;
  maxBytes: number;
  maxEntryBytes: number;
  ttlMs: number;
  onUnusable: "throw" | "memory";
  now: () => number;
}

function checkOptions(options: FsStoreOptions): Settings {
  if (options === null || typeof options !== "object") throw new PithyConfigError("options", "an object", options);
  const { dir, ttlMs, onUnusable, now } = options;
  if (dir !== undefined && !(typeof dir === "string" && dir.length > 0 && !dir.includes("\0"))) {
    throw new PithyConfigError("dir", "a non-empty path without NUL", dir);
  }
  const { maxBytes, maxEntryBytes } = checkByteCaps(options, DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES);
  if (ttlMs !== undefined && !(typeof ttlMs === "number" && ttlMs > 0)) {
    throw new PithyConfigError("ttlMs", "a positive number of milliseconds (Infinity: never expire)", ttlMs);
  }
  if (onUnusable !== undefined && onUnusable !== "throw" && onUnusable !== "memory") {
    throw new PithyConfigError("onUnusable", '"throw" or "memory"', onUnusable);
  }
  if (now !== undefined && typeof now !== "function")
    throw new PithyConfigError("now", "a function returning milliseconds", now);
  const location = dir === undefined ? defaultStoreDir() : { dir: resolve(dir), isShared: false };
  return {
    ...location,
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
function checkOwnDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  const uid = process.getuid?.();
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) {
    throw Object.assign(new Error(`${dir} is not a directory owned by uid ${uid}`), { code: "EACCES" });
  }
}
