/**
 * The file system steps the FsStore is made of, each safe against the others
 * running in another process and against what else may sit in the directory:
 * write-then-rename, open only regular files (never through a symlink, never
 * waiting on a FIFO), read whole, remove only the file that was looked at,
 * make directories one level at a time, and times that survive the trip
 * through `futimes` in Node and in Deno alike.
 */
import { Buffer } from "node:buffer";
import {
  type Stats,
  closeSync,
  constants,
  fstatSync,
  futimesSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { tempName } from "./entry-file.js";

/**
 * Flags to open an entry for reading: `O_NOFOLLOW`, so a symlink planted at
 * an entry's name is refused (`ELOOP`) rather than read from wherever it
 * points, and `O_NONBLOCK`, so a FIFO at that name opens at once instead of
 * waiting for a writer forever (on a regular file it changes nothing).
 * Windows has neither flag, nor FIFOs; there they are 0.
 */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Most directory levels {@link makeDirectory} creates for one path. */
export const MAX_CREATED_LEVELS = 64;

/** An entry file opened for reading, with what `fstat` says of it. */
export interface OpenedFile {
  readonly fd: number;
  readonly stats: Stats;
}

/**
 * Opens `path` for reading if it is a regular file, or `null` when it is
 * missing or something else: a symlink (not followed), a FIFO, a socket, a
 * directory, a device. Such a thing is not one of the store's files, so the
 * caller neither reads nor removes it. Throws other errors (`EACCES`, `EMFILE`).
 */
export function openRegularFile(path: string): OpenedFile | null {
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (error) {
    if (isMissing(error) || isNotRegular(error)) return null;
    throw error;
  }
  let stats: Stats;
  try {
    stats = fstatSync(fd);
  } catch (error) {
    closeQuietly(fd);
    throw error;
  }
  if (stats.isFile()) return { fd, stats };
  closeQuietly(fd);
  return null;
}

/**
 * Creates `dir` and its missing parents, one level at a time, mode `mode`.
 * Unlike `mkdir -p` in Node (which retries forever where `mkdir` answers
 * ENOENT for a parent that exists, as under `/proc`), every level is tried
 * once: it walks up at most {@link MAX_CREATED_LEVELS} missing levels to one
 * that exists, then creates each on the way down, and throws the first error
 * that is not "another process made it first". Parents are followed through
 * symlinks: how the user lays out their disk is theirs.
 */
export function makeDirectory(dir: string, mode: number): void {
  const missing: string[] = [];
  for (let at = dir; ; ) {
    const st = statUnlessMissing(at);
    if (st !== null) {
      if (!st.isDirectory()) throw fsError("ENOTDIR", `not a directory, mkdir '${dir}' (${at} is not a directory)`);
      break;
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) throw fsError("ENOENT", `no such file or directory, mkdir '${dir}'`);
    if (missing.length > MAX_CREATED_LEVELS) {
      throw fsError("ENOENT", `more than ${MAX_CREATED_LEVELS} missing levels, mkdir '${dir}'`);
    }
    at = parent;
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      mkdirSync(missing[i], { mode });
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EEXIST" || statUnlessMissing(missing[i])?.isDirectory() !== true) {
        throw error;
      }
    }
  }
}

/**
 * Writes `bytes` to a temp file beside `file`, stamps both times with `now`,
 * and renames it into place. When the file's directory is missing (a
 * namespace's first entry, or the store was removed under it),
 * `makeParent` is called once to make it and the write tried again.
 */
export function writeAtomically(file: string, bytes: Uint8Array, now: number, makeParent: () => void): void {
  const temp = join(dirname(file), tempName());
  let fd: number;
  try {
    fd = openSync(temp, "wx", 0o600);
  } catch (error) {
    if (!isMissing(error)) throw error;
    makeParent();
    fd = openSync(temp, "wx", 0o600);
  }
  try {
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
    futimesSync(fd, toFileTime(now), toFileTime(now));
    closeSync(fd);
    fd = -1;
    renameSync(temp, file);
  } catch (error) {
    if (fd >= 0) closeQuietly(fd);
    try {
      unlinkSync(temp);
    } catch {
      // Already gone or never made; the original error is the one to report.
    }
    throw error;
  }
}

/** The first `size` bytes of the file open at `fd` (fewer if it ends sooner). */
export function readWhole(fd: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(size);
  let done = 0;
  while (done < size) {
    const n = readSync(fd, buffer, done, size - done, done);
    if (n === 0) break;
    done += n;
  }
  // A file that shrank while read (it cannot, files are replaced whole) would fail its digest.
  return done === size ? buffer : buffer.subarray(0, done);
}

/** Removes `path` if it is still the file `st` describes; whether it did. */
export function unlinkIfSame(path: string, st: Stats): boolean {
  const now = lstatOrNull(path);
  if (now === null || now.ino !== st.ino || now.dev !== st.dev) return false;
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}

/** `lstat` of `path`, or `null` when it is gone or unreadable. */
export function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** Closes `fd`, ignoring an error: used where another error is already on its way. */
export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Closing a descriptor we opened fails only if it is already closed.
  }
}

/**
 * Milliseconds to the seconds `futimes` takes, half a millisecond up: Node
 * rounds the fraction to nanoseconds and Deno truncates it, and from the
 * middle of the millisecond both read back to the same one (see {@link fromFileTime}).
 */
export function toFileTime(ms: number): number {
  return (ms + 0.5) / 1000;
}

/** A stat time (`mtimeMs`, `atimeMs`) back to the whole millisecond {@link toFileTime} was given. */
export function fromFileTime(statMs: number): number {
  return Math.floor(statMs);
}

/** Whether a file system error means "no such entry" rather than a broken directory. */
export function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Whether an open failed because the name is not a regular file: a symlink
 * under `O_NOFOLLOW` (`ELOOP` on Linux and macOS, `EMLINK` on FreeBSD), or a
 * socket or device with no reader (`ENXIO`).
 */
function isNotRegular(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ELOOP" || code === "EMLINK" || code === "ENXIO";
}

/** Whether a file system error says the directory may be read but not written. */
export function isReadOnlyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "EACCES" || code === "EPERM" || code === "EROFS";
}

/** `stat` of `path`, `null` when nothing is there; other errors (ENOTDIR, EACCES) throw. */
function statUnlessMissing(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return null;
    throw error;
  }
}

function fsError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

/** `CODE: message` of a file system error, for messages and `stats().fallback`. */
export function describeFsError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const prefix = typeof code === "string" ? code : error.name;
  return error.message.startsWith(prefix) ? error.message : `${prefix}: ${error.message}`;
}
