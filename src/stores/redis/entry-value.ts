/**
 * The Redis value of one RedisStore entry: an ASCII header line, then the
 * payload.
 *
 *     pithy-redis/1 000001700000000 u 000000012345 000000015000 tenant:<key>\n<payload>
 *
 * The 15 digits are when the entry was last put (ms since the epoch), then
 * comes the payload's encoding (see `payload-encoding.ts`): `a` ASCII bytes,
 * `u` WTF-8 (UTF-8, lone surrogates kept exactly), `w` UTF-16LE code units
 * where WTF-8 would be larger — each exact for every string, lone surrogates
 * and NUL included. The 12 digits after it are the content's length in
 * UTF-16 code units; a `u` header adds the payload's length in bytes, which
 * `a` and `w` imply. Then comes the store key. Stores before `u` wrote every
 * non-ASCII content as `w`; those values read back as they always did.
 *
 * Why the key and the lengths travel with the content: a reply routed to the
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
import { type PayloadEncoding, planPayload, readPayload, writePayload } from "../payload-encoding.js";

const MAGIC = "pithy-redis/1 ";
const STAMP_DIGITS = 15;
const LENGTH_DIGITS = 12;
/** Bytes before the part of a value that depends only on key and content (magic and timestamp). */
export const STAMP_END = MAGIC.length + STAMP_DIGITS;
/**
 * Bytes a header can take at most: magic, stamp, tag, two lengths, the
 * longest store key (8 × 65 + 64 = 584), spaces and newline. Stats read this
 * much of each value.
 */
export const MAX_HEADER_BYTES = STAMP_END + 3 + LENGTH_DIGITS + 1 + LENGTH_DIGITS + 1 + 584 + 1;

const NEWLINE = 0x0a;

/** What a header says about its entry. */
export interface EntryHeader {
  /** When the entry was last put, in ms. */
  storedAt: number;
  /** The store key it was put under. */
  storeKey: string;
  /** Its content's length in UTF-16 code units. */
  units: number;
  /** How the payload holds the content. */
  encoding: PayloadEncoding;
  /** Where the payload starts. */
  payloadStart: number;
  /** The payload's length in bytes: the value is whole when it is `payloadStart + payloadBytes` long. */
  payloadBytes: number;
}

/** Lays out `content` under `storeKey`, put at `storedAt`, as one Redis value. */
export function encodeEntryValue(storeKey: string, content: string, storedAt: number): Buffer {
  const plan = planPayload(content);
  const header =
    MAGIC +
    String(Math.max(0, Math.floor(storedAt))).padStart(STAMP_DIGITS, "0") +
    ` ${plan.encoding} ` +
    String(content.length).padStart(LENGTH_DIGITS, "0") +
    (plan.encoding === "u" ? ` ${String(plan.bytes).padStart(LENGTH_DIGITS, "0")}` : "") +
    " " +
    storeKey +
    "\n";
  const value = Buffer.allocUnsafe(header.length + plan.bytes);
  value.write(header, 0, "latin1");
  writePayload(content, plan, value, header.length);
  return value;
}

/**
 * The content of a whole value read back for `storeKey`, or `null` when it is
 * not a complete pithy entry of that very key.
 */
export function decodeEntryValue(storeKey: string, value: Uint8Array): string | null {
  const header = parseEntryHeader(value);
  if (header === null || header.storeKey !== storeKey) return null;
  if (value.length !== header.payloadStart + header.payloadBytes) return null;
  const content = readPayload(header.encoding, value.subarray(header.payloadStart));
  return content.length === header.units ? content : null;
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
  const tag = parts[1];
  if (parts.length !== (tag === "u" ? 5 : 4) || (tag !== "a" && tag !== "u" && tag !== "w")) return null;
  const [stamp, , units] = parts;
  const bytes = tag === "u" ? parts[3] : units;
  if (!isDigits(stamp, STAMP_DIGITS) || !isDigits(units, LENGTH_DIGITS) || !isDigits(bytes, LENGTH_DIGITS)) return null;
  const count = Number(units);
  return {
    storedAt: Number(stamp),
    storeKey: parts[parts.length - 1],
    units: count,
    encoding: tag,
    payloadStart: end + 1,
    payloadBytes: tag === "a" ? count : tag === "w" ? 2 * count : Number(bytes),
  };
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
