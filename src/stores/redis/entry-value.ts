/**
 * The Redis value of one RedisStore entry: an ASCII header line, then the
 * payload.
 *
 *     pithy-redis/1 000001700000000 a 000000012345 tenant:<key>\n<payload>
 *
 * The 15 digits are when the entry was last put (ms since the epoch), `a`
 * means the content is all ASCII and the payload is its bytes, `w` ("wide")
 * means anything else, stored as UTF-16 code units, little-endian — both are
 * exact for every string, lone surrogates and NUL included, which UTF-8 could
 * not promise. The 12 digits are the content's length in UTF-16 code units,
 * then comes the store key.
 *
 * Why the key and the length travel with the content: a reply routed to the
 * wrong request (a client bug across a reconnect) or a value cut short would
 * otherwise be handed back as someone's original. With them, a get checks that
 * the value is the one it asked for and whole, and reads anything else as
 * missing: missing is allowed, wrong is not. There is no digest of the
 * payload: Redis writes a value atomically, and hashing 100 KB would cost more
 * than the round trip it guards.
 *
 * Everything after the timestamp is fixed by key and content, so a put
 * compares that tail of the old value with its own to tell a repeated put
 * (a renewal) from a new one.
 */
import { Buffer } from "node:buffer";

const MAGIC = "pithy-redis/1 ";
const STAMP_DIGITS = 15;
const UNITS_DIGITS = 12;
/** Bytes before the part of a value that depends only on key and content (magic and timestamp). */
export const STAMP_END = MAGIC.length + STAMP_DIGITS;
/**
 * Bytes a header can take at most: magic, stamp, tag, units, the longest
 * store key (8 × 65 + 64 = 584), spaces and newline. Stats read this much of
 * each value.
 */
export const MAX_HEADER_BYTES = STAMP_END + 3 + UNITS_DIGITS + 1 + 584 + 1;

const NEWLINE = 0x0a;

/** What a header says about its entry. */
export interface EntryHeader {
  /** When the entry was last put, in ms. */
  storedAt: number;
  /** The store key it was put under. */
  storeKey: string;
  /** Its content's length in UTF-16 code units. */
  units: number;
  /** Whether the payload is UTF-16LE (else ASCII bytes). */
  isWide: boolean;
  /** Where the payload starts. */
  payloadStart: number;
}

/** Lays out `content` under `storeKey`, put at `storedAt`, as one Redis value. */
export function encodeEntryValue(storeKey: string, content: string, storedAt: number): Buffer {
  // UTF-8 length equals the UTF-16 length exactly when every unit is ASCII.
  const isWide = Buffer.byteLength(content, "utf8") !== content.length;
  const header =
    MAGIC +
    String(Math.max(0, Math.floor(storedAt))).padStart(STAMP_DIGITS, "0") +
    (isWide ? " w " : " a ") +
    String(content.length).padStart(UNITS_DIGITS, "0") +
    " " +
    storeKey +
    "\n";
  const value = Buffer.allocUnsafe(header.length + (isWide ? 2 * content.length : content.length));
  value.write(header, 0, "latin1");
  value.write(content, header.length, isWide ? "utf16le" : "latin1");
  return value;
}

/**
 * The content of a whole value read back for `storeKey`, or `null` when it is
 * not a complete pithy entry of that very key.
 */
export function decodeEntryValue(storeKey: string, value: Uint8Array): string | null {
  const header = parseEntryHeader(value);
  if (header === null || header.storeKey !== storeKey) return null;
  const payloadBytes = value.length - header.payloadStart;
  if (payloadBytes !== (header.isWide ? 2 * header.units : header.units)) return null;
  const payload = Buffer.from(value.buffer, value.byteOffset + header.payloadStart, payloadBytes);
  return payload.toString(header.isWide ? "utf16le" : "latin1");
}

/**
 * The header at the start of `value` (a whole value or its first
 * {@link MAX_HEADER_BYTES}), or `null` when it is not one of ours.
 */
export function parseEntryHeader(value: Uint8Array | string): EntryHeader | null {
  const head = typeof value === "string" ? value.slice(0, MAX_HEADER_BYTES) : latin1Head(value);
  const end = head.indexOf("\n");
  if (end < 0 || !head.startsWith(MAGIC)) return null;
  const parts = head.slice(MAGIC.length, end).split(" ");
  if (parts.length !== 4) return null;
  const [stamp, tag, units, storeKey] = parts;
  if (!isDigits(stamp, STAMP_DIGITS) || !isDigits(units, UNITS_DIGITS) || (tag !== "a" && tag !== "w")) return null;
  return { storedAt: Number(stamp), storeKey, units: Number(units), isWide: tag === "w", payloadStart: end + 1 };
}

function latin1Head(value: Uint8Array): string {
  const limit = Math.min(value.length, MAX_HEADER_BYTES);
  let end = value.subarray(0, limit).indexOf(NEWLINE);
  if (end < 0) end = limit - 1;
  return Buffer.from(value.buffer, value.byteOffset, end + 1).toString("latin1");
}

function isDigits(s: string, length: number): boolean {
  if (s.length !== length) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
