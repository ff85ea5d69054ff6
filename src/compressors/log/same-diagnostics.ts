/**
 * Diagnostics a compiler printed again byte for byte: gcc's
 * `object.h:118:16: note: ‘sq_inplace_concat’ declared here` with its code
 * frame under each of 30 `missing initializer` warnings, or its `note: in
 * expansion of macro ‘PUT4’` at one place under every warning the macro
 * raised. A copy names no place and no message the first does not, so it
 * goes behind the log's markers, counted, with the lines under it; the first
 * copy stays where it stands. A copy's code frame quotes the very place the
 * first's does (gcc prints it under the first copy only, at times), so
 * frames are not compared; any other line under the head (a message wrapped
 * onto the next line, tsc's `Overload 1 of 2 …`) must be the same as the
 * first's, else the diagnostic is one of its own and stays.
 */

import { isFrameLine } from "./code-frames.js";
import { diagnosticParts } from "./diagnostic-groups.js";

/** Longest line compared. */
const MAX_LINE = 2000;

/**
 * 1 for each line of a diagnostic that repeats, head and body, one shown
 * earlier in `visible`. `isHead(i)` says whether line `i` is a diagnostic
 * head by the log's outline rules; only place-led heads are compared.
 */
export function sameDiagnostics(visible: readonly string[], isHead: (i: number) => boolean): Uint8Array {
  const n = visible.length;
  const same = new Uint8Array(n);
  const firstOf = new Map<string, number>();
  const heads: boolean[] = new Array<boolean>(n);
  for (let i = 0; i < n; i++)
    heads[i] = visible[i].length <= MAX_LINE && isHead(i) && diagnosticParts(visible[i]) !== null;
  for (let i = 0; i < n; i++) {
    if (!heads[i]) continue;
    const end = bodyEnd(visible, heads, i);
    const first = firstOf.get(visible[i]);
    if (first === undefined) {
      firstOf.set(visible[i], i);
      continue;
    }
    if (sameDetail(visible, first + 1, bodyEnd(visible, heads, first), i + 1, end)) same.fill(1, i, end);
  }
  return same;
}

/** Whether lines [a, aEnd) and [b, bEnd) hold the same lines once code frames and blank lines are left out. */
function sameDetail(visible: readonly string[], a: number, aEnd: number, b: number, bEnd: number): boolean {
  for (;;) {
    while (a < aEnd && isFrameOrBlank(visible[a])) a++;
    while (b < bEnd && isFrameOrBlank(visible[b])) b++;
    if (a === aEnd || b === bEnd) return a === aEnd && b === bEnd;
    if (visible[a] !== visible[b]) return false;
    a++;
    b++;
  }
}

function isFrameOrBlank(text: string): boolean {
  return isBlank(text) || isFrameLine(text);
}

/**
 * The end (exclusive) of the diagnostic whose head is line `i`: the lines
 * under it up to the next head, blank lines before that head left out.
 * A body line is blank, indented or opens with a digit (tsc's `94   x()`);
 * anything else ends it.
 */
function bodyEnd(visible: readonly string[], heads: readonly boolean[], i: number): number {
  let k = i + 1;
  while (k < visible.length && !heads[k] && isBodyLine(visible[k])) k++;
  while (k > i + 1 && isBlank(visible[k - 1])) k--;
  return k;
}

function isBodyLine(text: string): boolean {
  if (text.length === 0) return true;
  const c = text.charCodeAt(0);
  return c === 32 || c === 9 || (c >= 48 && c <= 57) || c === 13;
}

function isBlank(text: string): boolean {
  for (let p = 0; p < text.length; p++) {
    const c = text.charCodeAt(p);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}
