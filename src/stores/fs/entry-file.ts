/**
 * The on-disk form of one FsStore entry, and where it lives.
 *
 * A file is a fixed-size ASCII header line followed by the payload:
 *
 *     pithy-fs/1 u 000000012345 <64 hex digits of SHA-256>\n<payload>
 *
 * The tag says how the payload holds the content (see `payload-encoding.ts`):
 * `a` ASCII bytes, `u` WTF-8 (UTF-8, with lone surrogates kept exactly), `w`
 * UTF-16LE code units where WTF-8 would be larger. All three are exact for
 * every string, lone surrogates and NUL included, and none takes more disk
 * than the entry's weight (`entryBytes`, 2 bytes a unit), so `maxBytes`
 * bounds the disk too. Stores before `u` wrote every non-ASCII content as
 * `w`; those files read back as they always did. The 12 digits are the
 * content's length in UTF-16 code units, checked again after decoding.
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
import { type PayloadEncoding, planPayload, readPayload, writePayload } from "../payload-encoding.js";

const MAGIC = "pithy-fs/1";
const UNITS_DIGITS = 12;
const DIGEST_HEX = 64;
/** Bytes of every header: magic, encoding tag, units, digest, three spaces and a newline. */
export const HEADER_BYTES = MAGIC.length + 1 + 1 + 1 + UNITS_DIGITS + 1 + DIGEST_HEX + 1;
/** Prefix of every temp file; never a key, never a namespace directory. */
export const TEMP_PREFIX = ".tmp-";
/** Prefix of a namespace's directory name. */
export const NAMESPACE_DIR_PREFIX = "@";

/** The complete entry file (header and payload in one buffer) for `content` under `storeKey`. */
export function encodeEntry(storeKey: string, content: string): Buffer {
  const plan = planPayload(content);
  const file = Buffer.allocUnsafe(HEADER_BYTES + plan.bytes);
  writePayload(content, plan, file, HEADER_BYTES);
  const digest = digestOf(storeKey, plan.encoding, file.subarray(HEADER_BYTES));
  file.write(
    `${MAGIC} ${plan.encoding} ${String(content.length).padStart(UNITS_DIGITS, "0")} ${digest}\n`,
    0,
    "latin1",
  );
  return file;
}

/**
 * The content of an entry file read whole, or `null` when the file is not a
 * complete, untouched entry of `storeKey` (torn, truncated, edited, renamed).
 */
export function decodeEntry(storeKey: string, file: Uint8Array): string | null {
  const header = parseHeader(file);
  if (header === null) return null;
  const payload = file.subarray(HEADER_BYTES);
  // Cheap size checks first, so a torn file is not hashed: a unit takes 1 (a), 2 (w) or 1 to 3 (u) bytes.
  if (!hasPayloadSize(header, payload.length)) return null;
  if (digestOf(storeKey, header.encoding, payload) !== header.digest) return null;
  const content = readPayload(header.encoding, payload);
  return content.length === header.units ? content : null;
}

/**
 * An upper bound on an entry's weight (see `entryBytes`) from its file's size
 * alone: every code unit takes at least one payload byte. Exact for ASCII
 * content, which is most of it, at most twice the weight otherwise; a
 * re-index uses it so it need not open (and so touch) every file.
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
  const tag = String.fromCharCode(file[at++]);
  if (tag !== "a" && tag !== "u" && tag !== "w") return null;
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
  return { encoding: tag, units, digest };
}

function hasPayloadSize(header: Header, bytes: number): boolean {
  if (header.encoding === "a") return bytes === header.units;
  if (header.encoding === "w") return bytes === 2 * header.units;
  return bytes >= header.units && bytes <= 3 * header.units;
}

function digestOf(storeKey: string, encoding: PayloadEncoding, payload: Uint8Array): string {
  return createHash("sha256").update(`${MAGIC}\0${storeKey}\0${encoding}\0`).update(payload).digest("hex");
}
