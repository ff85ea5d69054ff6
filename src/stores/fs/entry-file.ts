/**
 * The on-disk form of one FsStore entry, and where it lives.
 *
 * A file is a fixed-size ASCII header line followed by the payload:
 *
 *     pithy-fs/1 a 000000012345 <64 hex digits of SHA-256>\n<payload>
 *
 * `a` means the content is all ASCII and the payload is its bytes; `w`
 * ("wide") means anything else, stored as its UTF-16 code units,
 * little-endian. Both are exact for every string: lone surrogates and NUL
 * survive, which UTF-8 could not promise. Tool output is mostly ASCII, so the
 * common case takes one byte a unit on disk and decodes to a one-byte string;
 * other content is copied as it sits in memory, and never takes more disk
 * than its weight (`entryBytes`, 2 bytes a unit), so `maxBytes` bounds the
 * disk too. The 12 digits are the content's length in UTF-16 code units.
 *
 * The digest covers the store key, the encoding tag and the payload. Keys are
 * not always hashes of their content (namespaced keys, call-id aliases), so
 * the digest, not the key, is what proves a file whole; and because the key is
 * hashed too, a file copied or moved under another key or into another
 * namespace's directory reads as corrupt instead of leaking across.
 *
 * Paths: `ns1:ns2:<key>` lives at `<root>/@ns1/@ns2/<key>`. Namespace and key
 * grammars (key.ts) admit only `a-z0-9_-` and hex, so no store key can name
 * `..`, a separator, a drive or NUL, and no segment needs escaping on any OS
 * (`:` would be invalid on Windows). The `@` keeps a 32-hex namespace from
 * colliding with an entry file, and temp files start with `.tmp-`, which is
 * neither.
 */
import { Buffer } from "node:buffer";
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import process from "node:process";
import { NAMESPACE_SEPARATOR } from "../../ccr/key.js";
import { detectRuntime } from "../../runtime.js";

const MAGIC = "pithy-fs/1";
const UNITS_DIGITS = 12;
const DIGEST_HEX = 64;
/** Bytes of every header: magic, encoding tag, units, digest, three spaces and a newline. */
export const HEADER_BYTES = MAGIC.length + 1 + 1 + 1 + UNITS_DIGITS + 1 + DIGEST_HEX + 1;
/** Prefix of every temp file; never a key, never a namespace directory. */
export const TEMP_PREFIX = ".tmp-";
/** Prefix of a namespace's directory name. */
export const NAMESPACE_DIR_PREFIX = "@";

type PayloadEncoding = "a" | "w";

/** The complete entry file (header and payload in one buffer) for `content` under `storeKey`. */
export function encodeEntry(storeKey: string, content: string): Buffer {
  // UTF-8 length equals the UTF-16 length exactly when every unit is ASCII.
  const isAscii = Buffer.byteLength(content, "utf8") === content.length;
  const encoding: PayloadEncoding = isAscii ? "a" : "w";
  const file = Buffer.allocUnsafe(HEADER_BYTES + (isAscii ? content.length : 2 * content.length));
  // For ASCII, UTF-8 is the same bytes as Latin-1 and the fastest writer in both runtimes.
  if (isAscii) file.write(content, HEADER_BYTES, "utf8");
  else writeUtf16le(content, file, HEADER_BYTES);
  const digest = digestOf(storeKey, encoding, file.subarray(HEADER_BYTES));
  file.write(`${MAGIC} ${encoding} ${String(content.length).padStart(UNITS_DIGITS, "0")} ${digest}\n`, 0, "latin1");
  return file;
}

const isDeno = detectRuntime() === "deno";

/**
 * Copies `content`'s code units into `file` at `at`, little-endian. Node's
 * native `utf16le` writer is a memcpy; Deno's compatibility layer takes 2–7 ms
 * per 100 KB there, where this loop takes ~0.4 ms.
 */
function writeUtf16le(content: string, file: Buffer, at: number): void {
  if (!isDeno) {
    file.write(content, at, "utf16le");
    return;
  }
  for (let i = 0; i < content.length; i++, at += 2) {
    const unit = content.charCodeAt(i);
    file[at] = unit & 0xff;
    file[at + 1] = unit >>> 8;
  }
}
/**
 * The content of an entry file read whole, or `null` when the file is not a
 * complete, untouched entry of `storeKey` (torn, truncated, edited, renamed).
 */
export function decodeEntry(storeKey: string, file: Uint8Array): string | null {
  const header = parseHeader(file);
  if (header === null) return null;
  const payload = file.subarray(HEADER_BYTES);
  // Cheap size checks first, so a torn file is not hashed.
  if (payload.length !== (header.encoding === "a" ? header.units : 2 * header.units)) return null;
  if (digestOf(storeKey, header.encoding, payload) !== header.digest) return null;
  const bytes = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  return bytes.toString(header.encoding === "a" ? "latin1" : "utf16le");
}

/**
 * The namespace directories on the way to `storeKey`'s file, outermost
 * first (`<root>/@tenant`, `<root>/@tenant/@session`); none for a plain key.
 */
export function namespaceDirs(root: string, storeKey: string): string[] {
  if (storeKey.indexOf(NAMESPACE_SEPARATOR) < 0) return [];
  const parts = storeKey.split(NAMESPACE_SEPARATOR);
  parts.pop();
  const dirs: string[] = [];
  let dir = root;
  for (const ns of parts) {
    dir = join(dir, NAMESPACE_DIR_PREFIX + ns);
    dirs.push(dir);
  }
  return dirs;
}

/**
 * An upper bound on an entry's weight (see `entryBytes`) from its file's size
 * alone: every code unit takes at least one payload byte. Exact for ASCII
 * content, which is most of it, twice the weight for wide content; a re-index
 * uses it so it need not open (and so touch) every file.
 */
export function weightFromFileSize(storeKey: string, fileBytes: number): number {
  return 2 * (storeKey.length + Math.max(0, fileBytes - HEADER_BYTES));
}

/** The file that holds `storeKey` (already normalised) under `root`. */
export function entryPath(root: string, storeKey: string): string {
  if (storeKey.indexOf(NAMESPACE_SEPARATOR) < 0) return join(root, storeKey);
  const parts = storeKey.split(NAMESPACE_SEPARATOR);
  const key = parts.pop() as string;
  return join(root, ...parts.map((ns) => NAMESPACE_DIR_PREFIX + ns), key);
}

/**
 * A fresh temp file name, unique within the process (counter) and across
 * processes (pid, plus random bits drawn once in case a pid is reused while a
 * dead process's temp file is still there).
 */
export function tempName(): string {
  return `${tempPrefix}${++tempCounter}`;
}
const tempPrefix = `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString("hex")}-`;
let tempCounter = 0;

interface Header {
  encoding: PayloadEncoding;
  units: number;
  digest: string;
}

function parseHeader(file: Uint8Array): Header | null {
  if (file.length < HEADER_BYTES || file[HEADER_BYTES - 1] !== 0x0a) return null;
  for (let i = 0; i < MAGIC.length; i++) if (file[i] !== MAGIC.charCodeAt(i)) return null;
  let at = MAGIC.length;
  if (file[at++] !== 0x20) return null;
  const tag = file[at++];
  if (tag !== 0x61 && tag !== 0x77) return null;
  if (file[at++] !== 0x20) return null;
  let units = 0;
  for (const end = at + UNITS_DIGITS; at < end; at++) {
    const d = file[at] - 0x30;
    if (d < 0 || d > 9) return null;
    units = units * 10 + d;
  }
  if (file[at++] !== 0x20) return null;
  let digest = "";
  for (const end = at + DIGEST_HEX; at < end; at++) {
    const c = file[at];
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return null;
    digest += String.fromCharCode(c);
  }
  return { encoding: tag === 0x61 ? "a" : "w", units, digest };
}

function digestOf(storeKey: string, encoding: PayloadEncoding, payload: Uint8Array): string {
  return createHash("sha256").update(`${MAGIC}\0${storeKey}\0${encoding}\0`).update(payload).digest("hex");
}
