/**
 * The key grammar of the CCR store.
 *
 * A *content key* names an original by its content: the first 32 hex digits
 * (128 bits) of the SHA-256 of its WTF-8 bytes (wtf8.ts: UTF-8 for
 * well-formed text, lone surrogates in a form of their own, so the encoding
 * is injective on UTF-16 and no two texts share a key), lowercase. 128 bits keep a
 * marker short (≈ 20 tokens) while leaving accidental collisions out of reach
 * (birthday bound ≈ 2^64 entries). Keys of 32 to 64 hex digits are accepted so
 * a store or a caller may use the full digest.
 *
 * A *store key* is what a store is handed: a content key, optionally behind
 * namespaces (`tenant:session:<key>`, see `withNamespace` in store.ts).
 *
 * Keys arrive from models (a recall names one), so every check here is a
 * single linear scan with an early length bound: no regex, nothing that a
 * 10 KB string, a NUL or `../../etc/passwd` can turn into a slow path or a
 * file name.
 */
import { sha256Bytes, sha256Hex } from "../kernels/sha256.js";
import { sha256HexAsync } from "../kernels/sha256-async.js";
import { hashesNatively, nativeSha256Hex, nativeSha256Utf8 } from "../kernels/sha256-native.js";
import { encodeWtf8, isWellFormed } from "./wtf8.js";

/** Hex digits in a key made by {@link computeKey} (128 bits). */
export const KEY_HEX_LENGTH = 32;
/** Fewest hex digits a valid key may have. */
export const MIN_KEY_LENGTH = 32;
/** Most hex digits a valid key may have (a whole SHA-256). */
export const MAX_KEY_LENGTH = 64;
/** Longest namespace name (see {@link isValidNamespace}). */
export const MAX_NAMESPACE_LENGTH = 64;
/** Separates namespaces from each other and from the content key in a store key. */
export const NAMESPACE_SEPARATOR = ":";
/**
 * The namespace call-id aliases live in (`pithy-alias:<hex>`): a key space no
 * content can reach, since a content key is hex alone and no caller may name
 * this namespace (withNamespace refuses it).
 */
export const ALIAS_NAMESPACE = "pithy-alias";

/** Most namespace levels a store key may carry (tenant, session, … with room to spare). */
export const MAX_NAMESPACE_DEPTH = 8;
/** Longest store key: every level at its longest, each with its separator, then the key. */
const MAX_STORE_KEY_LENGTH = MAX_NAMESPACE_DEPTH * (MAX_NAMESPACE_LENGTH + 1) + MAX_KEY_LENGTH;
const SEPARATOR_CODE = NAMESPACE_SEPARATOR.charCodeAt(0);
/** Surrounding whitespace {@link normalizeKey} tolerates before giving up without scanning. */
const MAX_PADDING = 64;

/**
 * The content key of `content`: the first 32 hex digits of SHA-256 over its
 * WTF-8 bytes, lowercase. A text ending in a cut emoji (`\ud83d`) and the
 * same text ending in U+FFFD have different keys.
 * @example computeKey("hello") // "2cf24dba5fb0a30e26e83b2ac5b9e29e"
 */
export function computeKey(content: string): string {
  return contentDigest(content).slice(0, KEY_HEX_LENGTH);
}

/** The whole SHA-256 (64 hex digits) that a content key is the head of. */
export function contentDigest(content: string): string {
  return digestOf(content).hex;
}

/**
 * {@link computeKey} of `content` and, when hashing it told, its UTF-8
 * length in bytes (what `utf8Length` counts, saved a pass of its own).
 */
export function computeKeyAndLength(content: string): { key: string; utf8Bytes?: number } {
  const { hex, bytes } = digestOf(content);
  return bytes === undefined
    ? { key: hex.slice(0, KEY_HEX_LENGTH) }
    : { key: hex.slice(0, KEY_HEX_LENGTH), utf8Bytes: bytes };
}

/** {@link contentDigest}, with the UTF-8 length when the native hash encoded the text itself. */
function digestOf(content: string): { hex: string; bytes?: number } {
  // Node, Deno: one encoding gives the digest, the length, and that the text is well-formed.
  const native = hashesNatively(content) ? nativeSha256Utf8(content) : null;
  if (native !== null) return native;
  // Lone surrogates: the string hashers would see U+FFFD there, so hash the WTF-8 bytes.
  if (!isWellFormed(content)) return { hex: toHex(sha256Bytes(encodeWtf8(content))) };
  // The runtime's own SHA-256 where it has one (a text with U+FFFD): same digest, several times faster.
  return { hex: hashesNatively(content) ? nativeSha256Hex()!(content) : sha256Hex(content) };
}

/**
 * {@link computeKey}, hashed by the platform's WebCrypto on another thread
 * when the content is large (same key either way).
 */
export async function computeKeyAsync(content: string): Promise<string> {
  if (hashesNatively(content) || !isWellFormed(content)) return computeKey(content);
  return (await sha256HexAsync(content)).slice(0, KEY_HEX_LENGTH);
}

/**
 * Whether `content` is what `key` names: a store entry whose content does
 * not hash to its key (left by an older pithy that hashed lone surrogates
 * as U+FFFD, or altered) must never answer for it.
 */
export function keyNames(key: string, content: string): boolean {
  return contentDigest(content).startsWith(key);
}

function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const b of bytes) hex += (b < 16 ? "0" : "") + b.toString(16);
  return hex;
}

/** Whether `s` is 32 to 64 hex digits (either case), and nothing else. */
export function isValidKey(s: unknown): s is string {
  if (typeof s !== "string") return false;
  return isHexRun(s, 0, s.length);
}

/**
 * The canonical form of a key given by a caller or a model: trimmed and
 * lowercased, or `null` when it is not a key at all (wrong length, non-hex,
 * path, NUL, not a string).
 */
export function normalizeKey(s: unknown): string | null {
  if (typeof s !== "string" || s.length > MAX_KEY_LENGTH + 2 * MAX_PADDING) return null;
  const t = s.trim();
  return isHexRun(t, 0, t.length) ? t.toLowerCase() : null;
}

/**
 * Whether `s` may name a namespace: 1 to 64 of `a-z`, `0-9`, `_`, `-`.
 * Lowercase only, on purpose: keys are normalised to lowercase, so allowing
 * `Ab` and `ab` as distinct namespaces would let one read the other's entries.
 */
export function isValidNamespace(s: unknown): s is string {
  if (typeof s !== "string" || s.length === 0 || s.length > MAX_NAMESPACE_LENGTH) return false;
  for (let i = 0; i < s.length; i++) {
    if (!isNamespaceChar(s.charCodeAt(i))) return false;
  }
  return true;
}

/**
 * The canonical form of a store key (`ns:ns:<content key>`, up to 8
 * namespaces), or `null` when it is not one. Namespaces must already be
 * lowercase; the content key is lowercased. Stores call this on every key so
 * nothing else ever reaches a backend.
 */
export function normalizeStoreKey(s: unknown): string | null {
  if (typeof s !== "string" || s.length < MIN_KEY_LENGTH || s.length > MAX_STORE_KEY_LENGTH) return null;
  const cut = s.lastIndexOf(NAMESPACE_SEPARATOR);
  if (!isHexRun(s, cut + 1, s.length)) return null;
  let start = 0;
  let depth = 0;
  for (let i = 0; i <= cut; i++) {
    const c = s.charCodeAt(i);
    if (c === SEPARATOR_CODE) {
      const len = i - start;
      if (len === 0 || len > MAX_NAMESPACE_LENGTH || ++depth > MAX_NAMESPACE_DEPTH) return null;
      start = i + 1;
    } else if (!isNamespaceChar(c)) {
      return null;
    }
  }
  return s.slice(0, cut + 1) + s.slice(cut + 1).toLowerCase();
}

/** The canonical form of a call-id alias key (`pithy-alias:<hex>`), or null when it is not one. */
export function normalizeAliasKey(s: unknown): string | null {
  if (typeof s !== "string" || !s.startsWith(ALIAS_NAMESPACE + NAMESPACE_SEPARATOR)) return null;
  const hex = normalizeKey(s.slice(ALIAS_NAMESPACE.length + 1));
  return hex === null ? null : ALIAS_NAMESPACE + NAMESPACE_SEPARATOR + hex;
}

function isHexRun(s: string, from: number, to: number): boolean {
  const len = to - from;
  if (len < MIN_KEY_LENGTH || len > MAX_KEY_LENGTH) return false;
  for (let i = from; i < to; i++) {
    if (!isHexCode(s.charCodeAt(i))) return false;
  }
  return true;
}

function isHexCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function isNamespaceChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}
