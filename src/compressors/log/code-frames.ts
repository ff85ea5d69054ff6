/**
 * The code frames of a long list of compiler diagnostics: the quoted source
 * line and its underline under each head, in a gutter (gcc, g++, clang),
 * led by the line's number (tsc --pretty) or indented over a caret (mypy
 * --pretty),
 *
 *     wrapt/_wrappers.c:1907:50: warning: unused parameter ‘args’ [-Wunused-parameter]
 *      1907 |                                        PyObject *args, PyObject *kwds)
 *           |                                        ~~~~~~~~~~^~~~
 *
 * The head is the diagnostic (its place and message: what the reader goes
 * to); the frame only quotes the file at that place. Each frame is a short
 * run, cheaper than a marker of its own, so a list of 109 warnings kept
 * every one and saved nothing. Here the first frame of each kind of
 * diagnostic (its message with quoted names and numbers left out: "unused
 * parameter ‘…’ [-Wunused-parameter]") stays, showing what such a place
 * looks like, and the others go behind the log's markers, which group
 * nearby runs into one. A frame that quotes an error word stays whole
 * (outline.ts keeps such lines wherever they stand), and a frame under a head that is not
 * place-led (rustc's `error[E0308]` over `-->`, whose gutter labels carry
 * the message) is no such frame.
 *
 * ruff's full format leads with the rule's code and message, puts the place on
 * the line below and the frame under that, its line numbers at the margin and
 * no labels under its carets, then the rule's `help:` advice:
 *
 *     UP031 Use format specifiers instead of percent format
 *       --> docutils/parsers/recommonmark_wrapper.py:91:21
 *        |
 *     91 |                     'Line %d exceeds the line-length-limit.'%(i+1))
 *        |                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
 *        |
 *     help: Replace with format specifiers
 *
 * Its kind is the head (code and message); the head and the place stay, and
 * the frame with its help is shown for the first of each kind.
 *
 * Lines are read once each; every test is a bounded scan without regexes.
 */

import { diagnosticParts } from "./diagnostic-groups.js";
import { namesError } from "./outline.js";

/** What {@link codeFrames} found for a line. */
/** Shown: the first frame of its kind (or any frame of a short list), read by the log as any other line. */
export const FrameRole = { None: 0, Shown: 1, Hidden: 2 } as const;
export type FrameRole = (typeof FrameRole)[keyof typeof FrameRole];

/** Fewer hidden frames than this in a log hide none: a short list is read whole. */
export const MIN_HIDDEN_FRAMES = 4;

/** Longest line read as a frame line. */
const MAX_FRAME_LINE = 2000;

/**
 * For each of `visible`'s lines, its role in a code frame. `isHead(i)` says
 * whether line `i` is a diagnostic head by the log's outline rules; only a
 * place-led head (`path:l:c: level: message`) has a gutter frame here.
 */
export function codeFrames(visible: readonly string[], isHead: (i: number) => boolean): Uint8Array {
  const n = visible.length;
  const roles = new Uint8Array(n);
  const kinds = new Set<string>();
  let hidden = 0;
  for (let i = 0; i < n; i++) {
    // Only a head has a frame: the look below it for one reads up to a dozen lines.
    if (!isHead(i)) continue;
    let from = frameStart(visible, i);
    let end: number;
    let kind: string;
    const parts = from < 0 ? null : diagnosticParts(visible[i]);
    if (parts !== null) {
      end = frameEnd(visible, from);
      kind = messageKind(parts.message);
    } else if (isCodeLedHead(visible[i]) && isPlaceBelow(visible, i + 1) && isMarginGutterLine(visible[i + 2] ?? "")) {
      from = i + 2;
      end = from;
      while (end < n && isMarginGutterLine(visible[end])) end++;
      while (end < n && isAdviceLine(visible[end])) end++;
      kind = messageKind(visible[i]);
    } else continue;
    const role = kinds.has(kind) && !quotesError(visible, from, end) ? FrameRole.Hidden : FrameRole.Shown;
    kinds.add(kind);
    if (role === FrameRole.Hidden) hidden++;
    roles.fill(role, from, end);
    i = end - 1;
  }
  if (hidden < MIN_HIDDEN_FRAMES) {
    for (let i = 0; i < n; i++) if (roles[i] === FrameRole.Hidden) roles[i] = FrameRole.Shown;
  }
  return roles;
}

/**
 * Where the frame under line `i` starts, or -1 when none follows it: a
 * gutter line right below (gcc, clang), or a quoted source line led by its
 * number at the margin (tsc --pretty: `172       len = Buffer.byteLength(chunk, encoding)`),
 * after the message's indented detail lines (`  Try \`npm i …\``) and at most one blank line.
 */
function frameStart(visible: readonly string[], i: number): number {
  const n = visible.length;
  let at = i + 1;
  if (at < n && isGutterLine(visible[at])) return at;
  while (at < n && at - i <= MAX_DETAIL_LINES && isDetailLine(visible[at])) at++;
  if (at < n && visible[at].length === 0) at++;
  if (at < n && isNumberedSource(visible[at])) return at;
  // mypy --pretty: the message wraps onto lines at the margin, then the quoted line, then its carets.
  for (at = i + 1; at + 1 < n && at - i <= MAX_DETAIL_LINES; at++) {
    const text = visible[at];
    if (isCaretLine(visible[at + 1]) && text.length > 0 && text.charCodeAt(0) === 32) return at;
    if (text.length === 0 || text.charCodeAt(0) === 32 || diagnosticParts(text) !== null) return -1;
  }
  return -1;
}

/** ruff's head: the rule's code, then its message (`UP031 Use format…`, `F401 [*] \`os\` imported…`). */
function isCodeLedHead(text: string): boolean {
  let p = 0;
  while (p < text.length && p < 4 && text.charCodeAt(p) >= 65 && text.charCodeAt(p) <= 90) p++;
  if (p === 0) return false;
  const digits = p;
  while (p < text.length && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) p++;
  return p - digits >= 2 && p - digits <= 5 && text.charCodeAt(p) === 32;
}

/** ruff's place under its head: `  --> path:l:c`. */
function isPlaceBelow(visible: readonly string[], at: number): boolean {
  if (at >= visible.length) return false;
  const text = visible[at];
  let p = 0;
  while (p < text.length && text.charCodeAt(p) === 32) p++;
  return text.startsWith("--> ", p) && text.indexOf(":", p + 4) > 0;
}

/**
 * A line of ruff's frame: its line number at the margin or white space, then the
 * gutter's `|` at the end or before a space or a second `|` (`91 |     x`, `   |`, `102 | |  y`).
 */
function isMarginGutterLine(text: string): boolean {
  const n = text.length;
  if (n === 0 || n > MAX_FRAME_LINE) return false;
  let p = 0;
  while (p < n && text.charCodeAt(p) === 32) p++;
  while (p < n && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) p++;
  while (p < n && text.charCodeAt(p) === 32) p++;
  if (p >= n || text.charCodeAt(p) !== 124 /* | */) return false;
  const next = text.charCodeAt(p + 1);
  return p + 1 === n || next === 32 || next === 124;
}

/** The advice under ruff's frame: `help: Replace with format specifiers`, `note: …`. */
function isAdviceLine(text: string): boolean {
  return text.startsWith("help: ") || text.startsWith("note: ");
}

/** mypy's underline under a quoted line: spaces, a caret, tildes, nothing else. */
function isCaretLine(text: string): boolean {
  const n = text.length;
  if (n === 0 || n > MAX_FRAME_LINE || text.charCodeAt(0) !== 32) return false;
  let p = 0;
  while (p < n && text.charCodeAt(p) === 32) p++;
  if (p >= n || text.charCodeAt(p) !== 94 /* ^ */) return false;
  p++;
  while (p < n && text.charCodeAt(p) === 126 /* ~ */) p++;
  while (p < n && text.charCodeAt(p) === 32) p++;
  return p === n;
}

/** Most indented detail lines read between a head and its numbered frame. */
const MAX_DETAIL_LINES = 12;

/** An indented line of a message's detail, under its head. */
function isDetailLine(text: string): boolean {
  return text.length > 2 && text.charCodeAt(0) === 32 && text.charCodeAt(1) === 32 && text.trim().length > 0;
}

/** The end (exclusive) of the frame starting at line `from`: its gutter, or numbered source and underline, lines. */
function frameEnd(visible: readonly string[], from: number): number {
  let end = from;
  if (isGutterLine(visible[from])) {
    while (end < visible.length && isGutterLine(visible[end])) end++;
    return end;
  }
  if (from + 1 < visible.length && isCaretLine(visible[from + 1])) return from + 2;
  while (end < visible.length && (isNumberedSource(visible[end]) || isUnderline(visible[end]))) end++;
  return end;
}

/** Whether `text` is a line of a code frame of either shape: a gutter line, numbered source or an underline. */
export function isFrameLine(text: string): boolean {
  return isGutterLine(text) || isNumberedSource(text) || isUnderline(text) || isCaretLine(text);
}

/** Whether a line of the frame quotes an error word (`this.error(404, error)`): a reader looking for errors looks there. */
function quotesError(visible: readonly string[], from: number, end: number): boolean {
  for (let k = from; k < end; k++) if (namesError(visible[k])) return true;
  return false;
}

/** tsc's quoted source line: its line number at the margin, then a space. */
function isNumberedSource(text: string): boolean {
  const n = Math.min(text.length, MAX_FRAME_LINE);
  let p = 0;
  while (p < n && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) p++;
  return p > 0 && p < n && text.charCodeAt(p) === 32 && text.length <= MAX_FRAME_LINE;
}

/** tsc's underline under a quoted line: spaces, then tildes (or none, at a line's end), nothing else. */
function isUnderline(text: string): boolean {
  const n = text.length;
  if (n === 0 || n > MAX_FRAME_LINE || text.charCodeAt(0) !== 32) return false;
  let p = 0;
  while (p < n && text.charCodeAt(p) === 32) p++;
  while (p < n && text.charCodeAt(p) === 126 /* ~ */) p++;
  return p === n;
}

/**
 * A line of a gcc/clang code frame: white space, then a line number (or
 * a fix-it's `+++`) or nothing, white space, and the gutter's `|` at the
 * end or before a space (`  177 | static …`, `      |   ~~~^~~`, `      |`).
 */
export function isGutterLine(text: string): boolean {
  const n = text.length;
  if (n === 0 || n > MAX_FRAME_LINE || text.charCodeAt(0) !== 32) return false;
  let p = 0;
  while (p < n && text.charCodeAt(p) === 32) p++;
  const digits = p;
  while (p < n && isDigitOrPlus(text.charCodeAt(p))) p++;
  if (p > digits) {
    if (p >= n || text.charCodeAt(p) !== 32) return false;
    while (p < n && text.charCodeAt(p) === 32) p++;
  }
  if (p >= n || text.charCodeAt(p) !== 124 /* | */) return false;
  return p + 1 === n || text.charCodeAt(p + 1) === 32 || text.charCodeAt(p + 1) === 43; /* |+ fix-it */
}

/**
 * A diagnostic's kind: its message without what it quotes (‘x’, 'x', "x",
 * `x`) and with digits left out, so "unused parameter ‘args’" and "unused
 * parameter ‘kwds’" are one kind and each flag or code its own.
 */
export function messageKind(message: string): string {
  let out = "";
  let close = -1;
  for (let p = 0; p < message.length; p++) {
    const c = message.charCodeAt(p);
    if (close >= 0) {
      if (c === close) {
        close = -1;
        out += "…";
      }
      continue;
    }
    if (c === 0x2018 /* ‘ */) close = 0x2019;
    else if (c === 39 || c === 34 || c === 96) close = c;
    else if (c < 48 || c > 57) out += message[p];
  }
  return out;
}

function isDigitOrPlus(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 43;
}
