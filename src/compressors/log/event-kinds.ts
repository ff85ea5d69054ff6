/**
 * The kind of event a timestamped log record reports, read past its stamp:
 * the word that follows it and the record's length in words (`upgrade` with
 * four words after it in dpkg.log, `vite:time` in a dev server's debug log,
 * `intel_pstate:` in the kernel ring buffer), or for an access-log line its
 * method and status (`HEAD 301`), since the path of a request is its detail.
 *
 * Template mining groups lines by their first literal token, which for many
 * stamped formats is a bracket or a pid: the kind looks past it. A bounded
 * indexOf scan over one line, no regex.
 */

import { accessLogStatus } from "./levels.js";

/** Words of a record counted for its kind (the rest of a long line is detail). */
const MAX_WORDS = 24;

/** Word-valued fields read for a record's {@link eventFields} (a long record's rest is detail). */
const MAX_FIELDS = 16;
/** Longest field value read as a word (a longer one is a message, not a name). */
const FIELD_VALUE_MAX = 32;

/** The kind of `text`, a stamped record (see log/stamps.ts), as a short key. */
export function eventKind(text: string): string {
  const status = accessLogStatus(text);
  if (status !== 0) {
    const at = text.indexOf(" HTTP/");
    const open = text.lastIndexOf('"', at);
    const end = open === -1 ? -1 : text.indexOf(" ", open);
    if (end !== -1 && end <= at) return `http ${text.slice(open + 1, end)} ${status}`;
  }
  const from = pastStamp(text);
  let p = from;
  const n = text.length;
  while (p < n && isSpace(text.charCodeAt(p))) p++;
  let e = p;
  while (e < n && !isSpace(text.charCodeAt(e))) e++;
  const head = text.slice(p, Math.min(e, p + 40));
  let words = 0;
  let q = e;
  while (q < n && words < MAX_WORDS) {
    while (q < n && isSpace(text.charCodeAt(q))) q++;
    if (q >= n) break;
    words++;
    while (q < n && !isSpace(text.charCodeAt(q))) q++;
  }
  return `${head} ${words}`;
}

/**
 * The `key=value` fields of a record whose values are words (no digit, no
 * path, no quote): `flags=N events=r cmd=mset user=default` of redis's
 * `Client closed connection id=175 addr=… cmd=mset …`. They say what the
 * record is about (the command a client ran last, the user, the method);
 * the numeric fields (ids, ports, sizes) are its detail. "" when none.
 */
export function eventFields(text: string): string {
  let out = "";
  let fields = 0;
  const n = text.length;
  let at = text.indexOf("=");
  while (at !== -1 && fields < MAX_FIELDS) {
    let k = at;
    while (k > 0 && isKeyChar(text.charCodeAt(k - 1))) k--;
    let e = at + 1;
    let isWord = k < at && (k === 0 || isSpace(text.charCodeAt(k - 1)));
    while (e < n && !isSpace(text.charCodeAt(e))) {
      if (!isWordChar(text.charCodeAt(e))) isWord = false;
      e++;
    }
    if (isWord && e - at - 1 <= FIELD_VALUE_MAX) {
      out += ` ${text.slice(k, e)}`;
      fields++;
    }
    at = text.indexOf("=", e);
  }
  return out;
}

function isKeyChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 45 || isDigit(c);
}

/** A character of a word value: a letter, `_`, `-` or `|` (redis writes `cmd=config|set`). */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 45 || c === 124;
}

/**
 * Whether a stamped record opens a run of the program that writes the log:
 * dpkg.log's `startup archives unpack` and `startup packages configure`
 * (each run of dpkg unpacks or configures its own set of packages).
 */
export function opensRun(text: string): boolean {
  const from = pastStamp(text);
  let p = from;
  while (p < text.length && isSpace(text.charCodeAt(p))) p++;
  return text.startsWith("startup ", p) && from > 0;
}

/**
 * Where the stamp ends: after dmesg's `[ seconds.micro]`, or after the first
 * clock time (`20:28:49`, `20:31:43.895Z`, `20:20:07]`) and what closes it.
 */
function pastStamp(text: string): number {
  if (text.charCodeAt(0) === 91) {
    const close = text.indexOf("]");
    if (close !== -1 && close < 24) return close + 1;
  }
  let at = text.indexOf(":");
  while (at !== -1 && at < 48) {
    if (isDigit(text.charCodeAt(at - 1)) && isDigit(text.charCodeAt(at + 1)) && text.charCodeAt(at + 3) === 58) {
      let p = at + 4;
      while (p < text.length && !isSpace(text.charCodeAt(p))) p++;
      return p;
    }
    at = text.indexOf(":", at + 1);
  }
  return 0;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
