/**
 * An error's shape: its text with digits and quoted names masked, so that
 * `AttributeError: 'TestDecode' object has no attribute 'loads'` and
 * `… 'TestDump' object has no attribute 'assertEqual'` read as one kind of
 * error. Each such line is still distinct and stays (the names are what
 * differ); only the lines above it stop being its context past the first
 * few of its kind, since they repeat what the first copies showed (a
 * pytest block's source line and carets).
 *
 * A quoted name is a word of identifier characters (`loads`, `a.b`,
 * `pkg/mod`, `x-y:z`); a quote holding white space or escapes is a value
 * (`'Subject: one\n two' != …`), and two failures that differ in their
 * values are two kinds.
 */

import { lightKey } from "./templates.js";

/** Longest quoted name masked. */
const MAX_NAME = 80;

/** The error's shape: {@link lightKey} with each quoted name (`'x'`, `"x"`, `` `x` ``) read as `'…'`. */
export function errorShape(text: string): string {
  const key = lightKey(text);
  let out = "";
  let from = 0;
  let i = 0;
  while (i < key.length) {
    const q = key.charCodeAt(i);
    if (q !== 39 && q !== 34 && q !== 96) {
      i++;
      continue;
    }
    const close = nameEnd(key, i + 1, q);
    if (close < 0) {
      i++;
      continue;
    }
    out += `${key.slice(from, i)}'…'`;
    i = close + 1;
    from = i;
  }
  return out + key.slice(from);
}

/** Index of quote `q` closing a name that starts at `from`, or -1 when what follows is no name. */
function nameEnd(key: string, from: number, q: number): number {
  const limit = Math.min(key.length, from + MAX_NAME + 1);
  for (let k = from; k < limit; k++) {
    const c = key.charCodeAt(k);
    if (c === q) return k > from ? k : -1;
    if (!isNameChar(c)) return -1;
  }
  return -1;
}

/** Letters, digits (already `#` in a light key), `_`, `.`, `-`, `:`, `/`, `<`, `>`, `$`. */
function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 35 ||
    c === 95 ||
    c === 46 ||
    c === 45 ||
    c === 58 ||
    c === 47 ||
    c === 60 ||
    c === 62 ||
    c === 36
  );
}
