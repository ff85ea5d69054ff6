/**
 * The FsStore proper: one file per entry in a directory that several
 * processes may share (see entry-file.ts for the format and the paths).
 *
 * Writes go to a temp file in the entry's own directory and are renamed over
 * the entry, so a reader opens either the old file or the new one, never
 * half of one, and a process killed mid-write leaves a stray temp file, not a
 * broken entry. Files are not fsynced: this is a cache, a power loss may
 * lose recent entries, and the checksum makes sure a torn file reads as
 * missing (removed and counted in `corrupt`) rather than as wrong content.
 *
 * Times live in the files so every process sees them: mtime is the last put
 * (the start of the time to live, as in MemoryStore, so a recall does not keep
 * an entry alive forever) and atime the last put or read (the recency for
 * eviction). Both are set explicitly with `futimes` from the store's clock;
 * a scan uses `lstat` only, so it never touches an atime itself.
 *
 * Each process keeps a {@link RecencyIndex} of what it has seen and bounds
 * that: a put evicts its least recently used entries beyond `maxBytes`, after
 * checking the file (an entry another process used since is kept and moved
 * up). Entries other processes wrote join the index when read, on a rescan
 * (`prune`), or on the next open; so several processes sharing a directory
 * hold it within `maxBytes` each between rescans, and within `maxBytes` in
 * all after one.
 *
 * Nothing that is not the store's own is followed or waited on: entries are
 * opened with `O_NOFOLLOW | O_NONBLOCK` and read only when they are regular
 * files, and namespace directories are checked level by level (see
 * entry-dir.ts), so a symlink or a FIFO planted in the directory makes an
 * entry missing, never a read from, or a write to, somewhere else.
 *
 * A directory that can be read but not written (read-only mount, no write
 * permission) still serves what it holds: `load` notes it in
 * {@link DiskStore.isWritable} instead of failing, puts then reject, and
 * nothing is evicted or swept (FsStore keeps new entries in memory).
 *
 * File operations inside put, get and delete are synchronous: each is a
 * handful of syscalls on a local cache directory, and a thread-pool round
 * trip of `fs.promises` per syscall cost more than the work (a 100 KB put+get
 * measured 2.5× slower in Node and 4× in Deno that way). Being synchronous
 * also makes each operation atomic within the process. Directory scans,
 * which grow with the directory, are asynchronous.
 */
import { type CallOptions, rejectIfAborted } from "../../ccr/abort.js";
import type { Buffer } from "node:buffer";
import { type Stats, closeSync, futimesSync, lstatSync, openSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { PithyStoreError } from "../../errors.js";
import { normalizeStoreKey } from "../../ccr/key.js";
import { type Store, type StoreStats, admitEntry, emptyStoreStats, entryBytes } from "../../ccr/store.js";
import { HEADER_BYTES, decodeEntry, encodeEntry, entryPath, tempName, weightFromFileSize } from "./entry-file.js";
import { RecencyIndex } from "./recency-index.js";
import { scanStoreDir } from "./scan.js";
import { checkEntryDirs, makeEntryDirs } from "./entry-dir.js";
import {
  closeQuietly,
  describeFsError,
  fromFileTime,
  isMissing,
  isReadOnlyError,
  lstatOrNull,
  makeDirectory,
  openRegularFile,
  readWhole,
  toFileTime,
  unlinkIfSame,
  writeAtomically,
} from "./file-ops.js";

/** A temp file untouched this long belongs to a process that died mid-write. */
const STALE_TEMP_MS = 10 * 60 * 1000;
/** Fraction of the time to live that expired entries may wait for a sweep on put. */
const SWEEP_SLACK = 8;

/** The bounds and clock a {@link DiskStore} works with, already validated. */
export interface DiskStoreLimits {
  maxBytes: number;
  maxEntryBytes: number;
  ttlMs: number;
  now: () => number;
  /** Whether the store may create `root` (and its parents) when it is missing. */
  create: boolean;
}

/** Stats of a {@link DiskStore}: the Store counters plus files that failed verification. */
export interface DiskStoreStats extends StoreStats {
  /** Files that were torn, truncated or edited: read as missing and removed. */
  corrupt: number;
}

/** A store of one file per entry under `root`; call {@link load} before use. */
export class DiskStore implements Store {
  private readonly index = new RecencyIndex();
  private readonly counters = { ...emptyStoreStats(), corrupt: 0 };
  /** Before this time no entry known here can have expired, or a sweep ran recently enough. */
  private nextSweepAt = Infinity;
  private writable = true;
  private whyReadOnly = "";

  constructor(
    readonly root: string,
    private readonly limits: DiskStoreLimits,
  ) {}

  /** Whether puts can write here; false once {@link load} found the directory read-only. */
  get isWritable(): boolean {
    return this.writable;
  }

  /** Why the directory is read-only (`EACCES: permission denied, open …`), or "" when it is writable. */
  get readOnlyReason(): string {
    return this.whyReadOnly;
  }

  /**
   * Creates `root` if needed and allowed, tries a write, and indexes what it
   * holds, dropping expired, malformed and over-budget entries. A directory
   * that refuses the write but can be read loads read-only
   * ({@link isWritable} false). Rejects with the file system's error when the
   * directory is missing (and may not be created) or cannot be read.
   */
  async load(): Promise<void> {
    if (this.limits.create) makeDirectory(this.root, 0o700);
    else if (!statSync(this.root).isDirectory()) {
      throw Object.assign(new Error(`ENOTDIR: not a directory, open '${this.root}'`), { code: "ENOTDIR" });
    }
    try {
      this.probeWritable();
    } catch (error) {
      if (!isReadOnlyError(error)) throw error;
      this.writable = false;
      this.whyReadOnly = describeFsError(error);
    }
    await this.rescan();
  }

  put(key: string, content: string, options?: CallOptions): Promise<void> {
    // Everything below is synchronous (temp file, then rename): checked once, an entry is written whole or not at all.
    const aborted = rejectIfAborted(options);
    if (aborted !== null) return aborted;
    const admitted = admitEntry(key, content, this.limits.maxEntryBytes);
    if (admitted instanceof PithyStoreError) return this.refuse(admitted);
    const { key: k, bytes } = admitted;
    if (!this.writable) {
      return Promise.reject(
        new PithyStoreError(`pithy: fs store ${this.root} is read-only (${this.whyReadOnly})`, "unavailable"),
      );
    }
    try {
      const now = this.now();
      const file = entryPath(this.root, k);
      const makeParent = () => makeEntryDirs(this.root, k, () => this.makeRoot());
      // Checked on every put, not only when a level is missing: a symlink may replace a namespace at any time.
      makeParent();
      const encoded = encodeEntry(k, content);
      if (this.renewIfHeld(file, encoded, now)) {
        this.counters.dedupes++;
      } else {
        writeAtomically(file, encoded, now, () => {
          if (file === join(this.root, k)) this.makeRoot();
          else makeParent();
        });
        this.counters.puts++;
      }
      this.index.touch(k, { bytes, putAt: now, usedAt: now, isExact: true });
      this.sweepIfDue(now);
      this.evictBeyondBudget(k);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(failure("put", error));
    }
  }

  get(key: string, options?: CallOptions): Promise<string | undefined> {
    const aborted = rejectIfAborted(options);
    if (aborted !== null) return aborted;
    const k = normalizeStoreKey(key);
    if (k === null) return this.miss();
    const file = entryPath(this.root, k);
    let opened: ReturnType<typeof openRegularFile>;
    try {
      opened = checkEntryDirs(this.root, k) === "ready" ? openRegularFile(file) : null;
    } catch (error) {
      return Promise.reject(failure("get", error));
    }
    if (opened === null) {
      // Missing, or something else has the name (a symlink, a FIFO, a directory): not ours to read or remove.
      this.index.remove(k);
      return this.miss();
    }
    try {
      return Promise.resolve(this.readOpen(k, file, opened.fd, opened.stats));
    } catch (error) {
      return Promise.reject(failure("get", error));
    } finally {
      closeQuietly(opened.fd);
    }
  }

  delete(key: string, options?: CallOptions): Promise<boolean> {
    const aborted = rejectIfAborted(options);
    if (aborted !== null) return aborted;
    const k = normalizeStoreKey(key);
    if (k === null) return Promise.resolve(false);
    this.index.remove(k);
    if (checkEntryDirs(this.root, k) !== "ready") return Promise.resolve(false);
    const file = entryPath(this.root, k);
    try {
      // Only a regular file is an entry; a symlink at its name is left alone, like anything else not ours.
      const st = lstatSync(file, { throwIfNoEntry: false });
      if (st === undefined || !st.isFile()) return Promise.resolve(false);
      unlinkSync(file);
      return Promise.resolve(true);
    } catch (error) {
      return isMissing(error) ? Promise.resolve(false) : Promise.reject(failure("delete", error));
    }
  }

  stats(): Promise<DiskStoreStats> {
    const now = this.now();
    let oldest = now;
    let expired = 0;
    for (const record of this.index.values()) {
      if (record.putAt < oldest) oldest = record.putAt;
      if (this.isExpired(record.putAt, now)) expired++;
    }
    return Promise.resolve({
      ...this.counters,
      entries: this.index.size,
      bytes: this.index.bytes,
      maxBytes: this.limits.maxBytes,
      maxEntryBytes: this.limits.maxEntryBytes,
      oldestAgeMs: Math.max(0, now - oldest),
      expiredEntries: expired,
    });
  }

  /**
   * Rescans the whole directory (picking up other processes' entries and
   * forgetting vanished ones), drops expired entries and evicts down to
   * `maxBytes`; how many expired entries were dropped.
   */
  async prune(): Promise<number> {
    try {
      return await this.rescan();
    } catch (error) {
      throw failure("prune", error);
    }
  }

  /** Reads the regular file open at `fd` (`st` its fstat), verifying it; drops it when expired or corrupt. */
  private readOpen(k: string, file: string, fd: number, st: Stats): string | undefined {
    const now = this.now();
    const putAt = fromFileTime(st.mtimeMs);
    if (this.isExpired(putAt, now)) {
      this.counters.expirations++;
      return this.dropUnreadable(k, file, st);
    }
    if (st.size > HEADER_BYTES + this.limits.maxEntryBytes) {
      // Larger than any entry this store accepts (a process with a larger cap may share the
      // directory): not read into memory, and not removed either.
      this.counters.misses++;
      return undefined;
    }
    const content = decodeEntry(k, readWhole(fd, st.size));
    if (content === null) {
      this.counters.corrupt++;
      return this.dropUnreadable(k, file, st);
    }
    // Recency is best effort: a file we may read but not touch still serves.
    try {
      futimesSync(fd, toFileTime(now), toFileTime(putAt));
    } catch {
      // Not the owner of the file (a directory shared across users); keep serving.
    }
    this.index.touch(k, { bytes: entryBytes(k, content), putAt, usedAt: now, isExact: true });
    this.counters.hits++;
    return content;
  }

  /** Removes the file read as `st` (unless another process has replaced it since) and misses. */
  private dropUnreadable(k: string, file: string, st: Stats): undefined {
    this.index.remove(k);
    unlinkIfSame(file, st);
    this.counters.misses++;
    return undefined;
  }

  /**
   * Whether `file` already holds exactly the bytes `encoded` would write; if
   * so, renews its put and use times. The whole file is compared, not just
   * its header, so a damaged file is replaced rather than vouched for by a
   * fresh marker.
   */
  private renewIfHeld(file: string, encoded: Buffer, now: number): boolean {
    // A stat that cannot throw first: most puts are of new entries, and a thrown ENOENT costs more than the syscall.
    let st: Stats | undefined;
    try {
      st = lstatSync(file, { throwIfNoEntry: false });
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    // Anything but a regular file of the same size (a symlink, a FIFO) is replaced by the rename of a new one.
    if (st === undefined || !st.isFile() || st.size !== encoded.length) return false;
    const opened = openRegularFile(file);
    if (opened === null) return false;
    const fd = opened.fd;
    try {
      if (opened.stats.size !== encoded.length || !readWhole(fd, encoded.length).equals(encoded)) return false;
      futimesSync(fd, toFileTime(now), toFileTime(now));
      return true;
    } finally {
      closeQuietly(fd);
    }
  }

  /**
   * Evicts least recently used entries until this process's view fits
   * `maxBytes`, never `keep` (the entry just put, which fits on its own).
   */
  private evictBeyondBudget(keep: string): void {
    // Nothing can be removed from a read-only directory; the index keeps describing what is there.
    if (!this.writable) return;
    let cursor = this.index.oldest;
    // Each record is visited at most about once: one moved up is visited again only after all others.
    let steps = this.index.size;
    while (this.index.bytes > this.limits.maxBytes && cursor !== null && steps-- > 0) {
      const record = cursor;
      cursor = cursor.newer;
      if (record.key === keep) continue;
      const file = entryPath(this.root, record.key);
      const st = checkEntryDirs(this.root, record.key) === "ready" ? lstatOrNull(file) : null;
      if (st === null || !st.isFile()) {
        // Gone, or no longer the store's (its namespace became a symlink, something else took the name).
        this.index.remove(record.key);
        continue;
      }
      const usedAt = fromFileTime(st.atimeMs);
      if (usedAt > record.usedAt) {
        // Another process read or put it since we last looked: it is not the least recent after all.
        this.index.touch(record.key, { ...record, usedAt, putAt: fromFileTime(st.mtimeMs) });
        continue;
      }
      this.index.remove(record.key);
      unlinkIfSame(file, st);
      this.counters.evictions++;
    }
  }

  /** On a put, drops expired entries, at most about once per eighth of the time to live. */
  private sweepIfDue(now: number): void {
    if (now < this.nextSweepAt) return;
    for (const record of [...this.index.values()]) {
      if (!this.isExpired(record.putAt, now)) continue;
      const file = entryPath(this.root, record.key);
      const found = checkEntryDirs(this.root, record.key) === "ready" ? lstatOrNull(file) : null;
      const st = found?.isFile() ? found : null;
      const putAt = st === null ? record.putAt : fromFileTime(st.mtimeMs);
      if (st !== null && !this.isExpired(putAt, now)) {
        // Put again by another process: keep it with its new time.
        record.putAt = putAt;
        continue;
      }
      this.index.remove(record.key);
      if (st !== null && unlinkIfSame(file, st)) this.counters.expirations++;
    }
    this.scheduleSweep(now);
  }

  private scheduleSweep(now: number): void {
    if (this.limits.ttlMs === Infinity) return;
    let earliest = Infinity;
    for (const record of this.index.values()) earliest = Math.min(earliest, record.putAt + this.limits.ttlMs);
    // With nothing held, no entry can expire before one put now would.
    if (earliest === Infinity) earliest = now + this.limits.ttlMs;
    this.nextSweepAt = Math.max(earliest, now + this.limits.ttlMs / SWEEP_SLACK);
  }

  /**
   * Reads the directory into the index: drops expired entries, files too
   * short to be entries and stale temp files, merges what this process knew,
   * and evicts beyond `maxBytes`. Returns how many expired entries it dropped.
   */
  private async rescan(): Promise<number> {
    const startSeq = this.index.currentSeq;
    const files = await scanStoreDir(this.root);
    const now = this.now();
    const realNow = Date.now();
    const seen = new Set<string>();
    let expired = 0;
    for (const found of files) {
      const st = found.stats;
      if (found.kind === "temp") {
        // ctime is the kernel's own clock (utimes cannot set it), so this holds whatever clock the store uses.
        if (realNow - st.ctimeMs > STALE_TEMP_MS) unlinkIfSame(found.path, st);
        continue;
      }
      const known = this.index.get(found.key);
      if (known !== undefined && known.touchedSeq > startSeq) {
        // Put or read here after its lstat: this process knows better than the scan.
        seen.add(found.key);
        continue;
      }
      const putAt = fromFileTime(st.mtimeMs);
      if (this.isExpired(putAt, now) || st.size < HEADER_BYTES) {
        if (unlinkIfSame(found.path, st)) {
          if (st.size < HEADER_BYTES) this.counters.corrupt++;
          else expired++;
        }
        this.index.remove(found.key);
        continue;
      }
      seen.add(found.key);
      const usedAt = Math.max(fromFileTime(st.atimeMs), putAt);
      if (known === undefined) {
        this.index.touch(found.key, { bytes: weightFromFileSize(found.key, st.size), putAt, usedAt, isExact: false });
      } else {
        known.putAt = Math.max(known.putAt, putAt);
        known.usedAt = Math.max(known.usedAt, usedAt);
      }
    }
    // Forget what vanished, unless this process put or read it while the scan ran.
    for (const record of [...this.index.values()]) {
      if (!seen.has(record.key) && record.touchedSeq <= startSeq) this.index.remove(record.key);
    }
    this.counters.expirations += expired;
    this.index.reorderByUse();
    this.scheduleSweep(now);
    this.evictBeyondBudget("");
    return expired;
  }

  /** Makes the store directory again (it was removed under the store), unless the store may not create it. */
  private makeRoot(): void {
    if (!this.limits.create) {
      throw Object.assign(new Error(`ENOENT: the store directory ${this.root} is gone and create is false`), {
        code: "ENOENT",
      });
    }
    makeDirectory(this.root, 0o700);
  }

  /** Writes and removes a temp file, so a read-only or full directory is found at open, not at the first put. */
  private probeWritable(): void {
    const probe = join(this.root, tempName());
    const fd = openSync(probe, "wx", 0o600);
    try {
      writeSync(fd, "pithy");
    } finally {
      closeSync(fd);
      unlinkSync(probe);
    }
  }

  private isExpired(putAt: number, now: number): boolean {
    return putAt + this.limits.ttlMs <= now;
  }

  private now(): number {
    return Math.floor(this.limits.now());
  }

  private miss(): Promise<undefined> {
    this.counters.misses++;
    return Promise.resolve(undefined);
  }

  private refuse(error: PithyStoreError): Promise<never> {
    this.counters.refused++;
    return Promise.reject(error);
  }
}

/** The error a store rejects with when the file system fails under it. */
function failure(operation: string, error: unknown): PithyStoreError {
  if (error instanceof PithyStoreError) return error;
  return new PithyStoreError(`pithy: fs store ${operation} failed: ${describeFsError(error)}`, "unavailable", {
    cause: error,
  });
}
