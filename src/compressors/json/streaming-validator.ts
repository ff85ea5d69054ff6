import { numberEnd, skipWs } from "./parse.js";

/**
 * Whether `text` is valid JSON, decided in one scan that builds nothing.
 *
 * `JSON.parse` answers the same question by building the value: for valid
 * JSON nested millions of levels deep (`[[[…]]]`) that is one array per level,
 * about 50 bytes per input char and most of the call's time in the garbage
 * collector. This scanner keeps one bit per open level (object or array) in a
 * grow-only byte array, so 8 MB of brackets cost 512 KB, and it accepts
 * exactly what `JSON.parse` accepts: ECMA-404 values, whitespace of space,
 * tab, LF and CR only, strings without raw control characters whose escapes
 * are `\" \\ \/ \b \f \n \r \t \uXXXX` (lone surrogates are fine).
 */
export function isValidJson(text: string): boolean {
  const n = text.length;
  /** Bit `d` is 1 when the container open at depth `d` (root = 0) is an object. */
  let isObjectAt: Uint8Array = new Uint8Array(64);
  let depth = 0;
  let i = skipWs(text, 0);
  for (;;) {
    // Here a value starts at `i`.
    const c = text.charCodeAt(i);
    let closed = false;
    if (c === 91 /* [ */ || c === 123 /* { */) {
      const isObject = c === 123;
      if (!isObject && text.charCodeAt(i + 1) === 91) {
        // A run of `[` opens one array per char, each holding the next: all but the last are
        // opened at once here, the last as a lone `[` below.
        const last = runEnd(text, i, 91, OPENING_RUN_RE) - 1;
        isObjectAt = openArrays(isObjectAt, depth, depth + last - i);
        depth += last - i;
        i = last;
      }
      if (depth >> 3 >= isObjectAt.length) {
        const grown = new Uint8Array(isObjectAt.length * 2);
        grown.set(isObjectAt);
        isObjectAt = grown;
      }
      if (isObject) isObjectAt[depth >> 3]! |= 1 << (depth & 7);
      else isObjectAt[depth >> 3]! &= ~(1 << (depth & 7));
      depth++;
      i = skipWs(text, i + 1);
      if (text.charCodeAt(i) === (isObject ? 125 : 93)) {
        i++;
        depth--;
        closed = true;
      } else if (isObject) {
        i = memberValueStart(text, i);
        if (i < 0) return false;
        continue;
      } else continue;
    }
    if (!closed) {
      i = scalarEnd(text, i);
      if (i < 0) return false;
    }
    // Here a value has ended: separate, close containers, or end the text.
    for (;;) {
      i = skipWs(text, i);
      if (depth === 0) return i === n;
      const isObject = (isObjectAt[(depth - 1) >> 3]! >> ((depth - 1) & 7)) & 1;
      const d = text.charCodeAt(i);
      if (d === 44 /* , */) {
        i = skipWs(text, i + 1);
        if (isObject) {
          i = memberValueStart(text, i);
          if (i < 0) return false;
        }
        break;
      }
      if (d !== (isObject ? 125 : 93)) return false;
      // A run of one closer closes one level per char while each is of its kind: closed at once
      // (a char-by-char pass through 500 000 `]` was most of a call on 1 MB of nested arrays).
      let levels = 1;
      if (text.charCodeAt(i + 1) === d) {
        levels = Math.min(runEnd(text, i, d, d === 93 ? CLOSING_ARRAYS_RE : CLOSING_OBJECTS_RE) - i, depth);
        if (!allOfKind(isObjectAt, depth - levels, depth, isObject)) return false;
      }
      i += levels;
      depth -= levels;
    }
  }
}

/** Runs of `[`, `]` and `}` from `lastIndex` (sticky). */
const OPENING_RUN_RE = /\[*/y;
const CLOSING_ARRAYS_RE = /\]*/y;
const CLOSING_OBJECTS_RE = /\}*/y;

/**
 * End of the run of `c` that starts at `i`: the first few chars one by one
 * (ordinary JSON's `]]` and `}}` cost no regex call), the rest by `run`.
 */
function runEnd(text: string, i: number, c: number, run: RegExp): number {
  let end = i + 1;
  for (; end < i + 8; end++) if (text.charCodeAt(end) !== c) return end;
  run.lastIndex = end;
  run.test(text);
  return run.lastIndex;
}

/**
 * `isObjectAt` (grown when it must be) with levels `[from, to)` marked as
 * arrays (bit 0), a byte at a time inside the range.
 */
function openArrays(isObjectAt: Uint8Array, from: number, to: number): Uint8Array {
  let bits = isObjectAt;
  while (to >> 3 >= bits.length) {
    const grown = new Uint8Array(bits.length * 2);
    grown.set(bits);
    bits = grown;
  }
  let level = from;
  for (; level < to && (level & 7) !== 0; level++) bits[level >> 3]! &= ~(1 << (level & 7));
  if (to - level >= 8) {
    bits.fill(0, level >> 3, to >> 3);
    level = to & ~7;
  }
  for (; level < to; level++) bits[level >> 3]! &= ~(1 << (level & 7));
  return bits;
}

/** Whether every level in `[from, to)` is an object (`isObject` 1) or every one an array (0). */
function allOfKind(isObjectAt: Uint8Array, from: number, to: number, isObject: number): boolean {
  const whole = isObject === 1 ? 0xff : 0;
  let level = from;
  for (; level < to && (level & 7) !== 0; level++)
    if (((isObjectAt[level >> 3]! >> (level & 7)) & 1) !== isObject) return false;
  for (; level + 8 <= to; level += 8) if (isObjectAt[level >> 3] !== whole) return false;
  for (; level < to; level++) if (((isObjectAt[level >> 3]! >> (level & 7)) & 1) !== isObject) return false;
  return true;
}

/** Start of the value after the key and colon of a member starting at `i` (its key's quote), or -1. */
function memberValueStart(text: string, i: number): number {
  if (text.charCodeAt(i) !== 34) return -1;
  const end = validStringEnd(text, i);
  if (end < 0) return -1;
  const colon = skipWs(text, end);
  if (text.charCodeAt(colon) !== 58 /* : */) return -1;
  return skipWs(text, colon + 1);
}

/** End of the string, number or literal starting at `i`, or -1 when none starts there. */
function scalarEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return validStringEnd(text, i);
  if (c === 116 /* t */) return text.startsWith("true", i) ? i + 4 : -1;
  if (c === 102 /* f */) return text.startsWith("false", i) ? i + 5 : -1;
  if (c === 110 /* n */) return text.startsWith("null", i) ? i + 4 : -1;
  return numberEnd(text, i);
}

/** End (past the closing quote) of the string whose quote is at `i`, or -1 when it is not a valid JSON string. */
function validStringEnd(text: string, i: number): number {
  const n = text.length;
  for (let j = i + 1; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c < 32) return -1;
    if (c === 92) {
      const e = text.charCodeAt(++j);
      if (e === 117 /* u */) {
        if (
          !(
            isHex(text.charCodeAt(j + 1)) &&
            isHex(text.charCodeAt(j + 2)) &&
            isHex(text.charCodeAt(j + 3)) &&
            isHex(text.charCodeAt(j + 4))
          )
        )
          return -1;
        j += 4;
      } else if (!isSimpleEscape(e)) return -1;
    }
  }
  return -1;
}

/** `" \ / b f n r t`: the characters a backslash may precede besides `u`. */
function isSimpleEscape(c: number): boolean {
  return c === 34 || c === 92 || c === 47 || c === 98 || c === 102 || c === 110 || c === 114 || c === 116;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
