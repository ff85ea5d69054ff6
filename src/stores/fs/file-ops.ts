/**
 * The file system steps the FsStore is made of, each safe against the others
 * running in another process: write-then-rename, read whole, remove only the
 * file that was looked at, and times that survive the trip through `futimes`
 * in Node and in Deno alike.
 */
import { Buffer } from "node:buffer";
import {
  type Stats,
  closeSync,
  futimesSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { tempName } from "./entry-file.js";

/** Writes `bytes` to a temp file beside `file`, stamps both times with `now`, and renames it into place. */
export function writeAtomically(file: string, bytes: Uint8Array, now: number): void {
  const temp = join(dirname(file), tempName());
  let fd: number;
  try {
    fd = openSync(temp, "wx", 0o600);
  } catch (error) {
    if (!isMissing(error)) throw error;
    // A namespace's first entry, or the directory was removed under us: make it and try once more.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
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

/** `CODE: message` of a file system error, for messages and `stats().fallback`. */
export function describeFsError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const prefix = typeof code === "string" ? code : error.name;
  return error.message.startsWith(prefix) ? error.message : `${prefix}: ${error.message}`;
}
