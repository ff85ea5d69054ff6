/**
 * Stack traces, found so they can be kept whole: Python tracebacks (chained
 * with "The above exception…" / "During handling…"), Java/Kotlin (`at`,
 * `Caused by:`, `... 12 more`), JS/Node (`    at fn (file:1:2)` and the error
 * object printed after it), Go panics and goroutine dumps, Rust panics and
 * backtraces, .NET (`   at X in file:line 12`, `--- End of … ---`), gdb's `bt`.
 *
 * A trace runs from its head (or the message line just above its first
 * frame) through frames, connectors and continuation lines, across single
 * blank lines that are followed by more trace. A trace splits into segments
 * at each head; a segment whose masked frames repeat an earlier segment
 * (the same stack printed for every failing test) keeps only its first line,
 * and its first frame when that frame names a place no trace showed before.
 */

import { maskLine } from "./templates.js";

/** Role of a line in a trace. */
export const TraceRole = { None: 0, Kept: 1, Repeated: 2 } as const;
export type TraceRole = (typeof TraceRole)[keyof typeof TraceRole];

/** What {@link scanTraces} found. */
export interface TraceScan {
  /** {@link TraceRole} per line. */
  readonly roles: Uint8Array;
  /** Number of traces found. */
  readonly traces: number;
}

/** Longest error object (`{ code: 'X', … }`) followed after a JS frame. */
const MAX_OBJECT_LINES = 60;

/** Finds every trace in `text` (visible lines) and marks repeated segments. */
export function scanTraces(text: readonly string[], maxSegmentLines: number): TraceScan {
  const n = text.length;
  const roles = new Uint8Array(n);
  const seen = new Set<string>();
  let traces = 0;
  let i = 0;
  while (i < n) {
    if (!startsTrace(text, i)) {
      i++;
      continue;
    }
    let start = i;
    if (isFrame(text, i) && i > 0 && roles[i - 1] === TraceRole.None && !isBlank(text[i - 1])) start = i - 1;
    const end = extend(text, i);
    traces++;
    markSegments(text, start, end, roles, seen, maxSegmentLines);
    i = end + 1;
  }
  return { roles, traces };
}

/** Index of the last line of the trace that starts at (or has its first frame at) `i`. */
function extend(text: readonly string[], i: number): number {
  const n = text.length;
  const head = trimStart(text[i]);
  const rust = head.startsWith("thread '");
  let last = i;
  // After a Python frame (or its source lines), one unindented line is the exception that closes the traceback.
  let inPythonFrames = false;
  let j = i + 1;
  if (endsWithBrace(text[i]) && isFrame(text, i)) {
    last = skipObject(text, i);
    j = last + 1;
  }
  if (rust && j < n && !isBlank(text[j])) {
    last = j;
    j++;
  } // the panic message
  while (j < n) {
    const line = text[j];
    if (isBlank(line)) {
      if (
        j + 1 < n &&
        !isBlank(text[j + 1]) &&
        (isFrame(text, j + 1) || isHead(text[j + 1]) || isConnector(text[j + 1]))
      ) {
        j++;
        continue;
      }
      break;
    }
    if (
      isFrame(text, j) ||
      isHead(line) ||
      isConnector(line) ||
      isGoContinuation(line, head) ||
      (rust && line.startsWith("note: "))
    ) {
      inPythonFrames = isPythonFrame(line) || (inPythonFrames && isPythonHead(line) === false && isIndented(line));
      last = j;
      if (endsWithBrace(line) && isFrame(text, j)) {
        last = skipObject(text, j);
        j = last + 1;
        continue;
      }
      j++;
      continue;
    }
    if (inPythonFrames && isIndented(line)) {
      last = j;
      j++;
      continue;
    }
    if (inPythonFrames) {
      last = j;
      inPythonFrames = false;
      j++;
      continue;
    }
    break;
  }
  return last;
}

/** Lines of a JS error object printed after its stack (`… {`, `  code: 'X',`, `}`). */
function skipObject(text: readonly string[], from: number): number {
  const limit = Math.min(text.length - 1, from + MAX_OBJECT_LINES);
  for (let k = from + 1; k <= limit; k++) {
    const t = text[k].trim();
    if (t === "}" || t === "},") return k;
    if (t.length === 0) return from;
  }
  return from;
}

function markSegments(
  text: readonly string[],
  start: number,
  end: number,
  roles: Uint8Array,
  seen: Set<string>,
  maxSegmentLines: number,
): void {
  let segStart = start;
  for (let k = start + 1; k <= end + 1; k++) {
    if (k <= end && !(isHead(text[k]) || isConnector(text[k]))) continue;
    markSegment(text, segStart, k - 1, roles, seen, maxSegmentLines);
    segStart = k;
  }
}

function markSegment(
  text: readonly string[],
  s: number,
  e: number,
  roles: Uint8Array,
  seen: Set<string>,
  maxSegmentLines: number,
): void {
  for (let k = s; k <= e; k++) roles[k] = TraceRole.Kept;
  if (e - s < 2) return;
  let signature = "";
  for (let k = s + 1; k <= e; k++) signature += maskLine(text[k]) + "\n";
  if (seen.has(signature)) {
    for (let k = s + 1; k <= e; k++) roles[k] = TraceRole.Repeated;
    keepNewPlace(text, s + 1, e, roles, seen);
    return;
  }
  seen.add(signature);
  for (let k = s + 1; k <= e; k++) {
    if (isFrame(text, k)) seen.add(`\u0000${text[k]}`);
  }
  const len = e - s + 1;
  if (len > maxSegmentLines) {
    // Keep the head and the innermost frames, and the outermost ones.
    const head = Math.ceil((maxSegmentLines * 2) / 3);
    const tail = maxSegmentLines - head;
    for (let k = s + head; k <= e - tail; k++) roles[k] = TraceRole.Repeated;
  }
}

/**
 * A repeated stack still says where it was thrown: its first frame that no
 * earlier trace showed (digits and all). The same assertion helper failing in
 * three tests prints three stacks alike but for the test file's line (`at
 * Context.<anonymous> (test/a.spec.js:21:55)`): that line is the failure's
 * place, and it stays, whether it is the first frame (mocha) or comes under
 * the helper's own frames, shown before (`at assertEquals (assert.ts:7:22)`,
 * Deno and node:test). A stack repeated at one place keeps nothing more.
 */
function keepNewPlace(text: readonly string[], s: number, e: number, roles: Uint8Array, seen: Set<string>): void {
  for (let k = s; k <= e; k++) {
    if (!isFrame(text, k)) continue;
    const place = `\u0000${text[k]}`;
    if (seen.has(place)) continue;
    seen.add(place);
    roles[k] = TraceRole.Kept;
    return;
  }
}

function startsTrace(text: readonly string[], i: number): boolean {
  const line = text[i];
  return isHead(line) || isFrame(text, i);
}

/** Lines that open a trace or a segment of one. */
function isHead(line: string): boolean {
  const p = indentOf(line);
  if (p >= line.length) return false;
  switch (line.charCodeAt(p)) {
    case 84: // T
      return isPythonHead(line);
    case 112: // p
      return line.startsWith("panic: ", p);
    case 102: // f
      return line.startsWith("fatal error: ", p);
    case 103: // g
      return line.startsWith("goroutine ", p) && isDigit(line.charCodeAt(p + 10)) && line.indexOf(" [", p) !== -1;
    case 116: // t
      return line.startsWith("thread '", p) && line.indexOf(" panicked at ", p) !== -1;
    case 115: // s
      return line.startsWith("stack backtrace:", p);
    case 69: // E ("E   Traceback …" in pytest)
      return line.startsWith("Exception in thread ", p) || isPythonHead(line);
    case 85: // U
      return line.startsWith("Unhandled exception.", p) || line.startsWith("Unhandled Exception:", p);
    case 35: // "# Traceback …" (TAP)
      return isPythonHead(line);
    default:
      return false;
  }
}

/** Lines that join two parts of one trace. */
function isConnector(line: string): boolean {
  const p = indentOf(line);
  switch (line.charCodeAt(p)) {
    case 67: // C
      return line.startsWith("Caused by: ", p);
    case 83: // S
      return line.startsWith("Suppressed: ", p);
    case 45: // -
      return line.startsWith("--- End of ", p);
    case 84: // T
      return line.startsWith("The above exception was the direct cause", p);
    case 68: // D
      return line.startsWith("During handling of the above exception", p);
    case 99: // c
      return line.startsWith("created by ", p);
    case 46: // .
      return line.startsWith("...", p) && trimEnd(line).endsWith(" more");
    default:
      return false;
  }
}

function isPythonHead(line: string): boolean {
  return line.length >= 34 && line.indexOf("Traceback (most recent call last)") !== -1;
}

function isPythonFrame(line: string): boolean {
  const p = indentOf(line);
  return line.startsWith('File "', p) && line.indexOf('", line ', p) !== -1;
}

/** A frame line in any of the supported languages. */
function isFrame(text: readonly string[], i: number): boolean {
  const line = text[i];
  if (line.length === 0) return false;
  const p = indentOf(line);
  if (p > 0) {
    if (line.startsWith('File "', p)) return line.indexOf('", line ', p) !== -1;
    if (line.startsWith("at ", p)) return isAtTail(line, p + 3);
    if (isGoFileLine(line) || isRustFrameNumber(line, p)) return true;
  }
  if (line.charCodeAt(0) === 35 && isGdbFrame(line)) return true;
  // "at" frames behind a prefix: "#     at …" (TAP), "npm warn old lockfile     at …"
  const q = indexOfAtFrame(line, p);
  if (q !== -1 && isAtTail(line, q + 6)) return true;
  // Go: "main.main()" or "testing.tRunner(0xc000162820, 0x6eccf8)" above its file line
  // The cheap test first: most lines do not end in ")".
  return i + 1 < text.length && endsWithParen(line) && isGoFileLine(text[i + 1]);
}

/**
 * `line.indexOf("   at ", from)`, found through `"at "` (rarer than the
 * leading space V8 would look for first, which a log line is full of).
 */
export function indexOfAtFrame(line: string, from: number): number {
  for (let k = line.indexOf("at ", from + 3); k !== -1; k = line.indexOf("at ", k + 1)) {
    if (line.charCodeAt(k - 1) === 32 && line.charCodeAt(k - 2) === 32 && line.charCodeAt(k - 3) === 32) return k - 3;
  }
  return -1;
}

/** Whether the line's last non-blank character is `)`. */
function endsWithParen(line: string): boolean {
  let e = line.length;
  while (e > 0 && (line.charCodeAt(e - 1) === 32 || line.charCodeAt(e - 1) === 9)) e--;
  return e > 0 && line.charCodeAt(e - 1) === 41;
}

/** What follows `at `: a location (`file:1:2`, `(…)`, `:line 12`) or the `{` of an error object. */
function isAtTail(line: string, from: number): boolean {
  if (from >= line.length) return false;
  const end = trimEnd(line);
  const last = end.charCodeAt(end.length - 1);
  if (last === 41 || last === 123 || last === 44) return true; // ")", "{", "," (node: "at x (f:1:2)," in objects)
  return hasColonDigit(line, from) || line.indexOf(":line ", from) !== -1;
}

/**
 * gdb's backtrace: `#0  __strlen_avx2 () at …`, `#1  0x00007ffff715a608 in string_at (…) at …`,
 * `#3  0x00007ffff714cf7a in ?? () from /lib/…`: `#`, the frame's number, two spaces or
 * more, then an address and ` in `, or a function name and ` (`.
 */
function isGdbFrame(line: string): boolean {
  let k = 1;
  while (k < line.length && isDigit(line.charCodeAt(k))) k++;
  if (k === 1 || line.charCodeAt(k) !== 32) return false;
  while (k < line.length && line.charCodeAt(k) === 32) k++;
  if (line.startsWith("0x", k)) {
    const at = line.indexOf(" in ", k);
    return at !== -1 && at - k <= 18;
  }
  const paren = line.indexOf(" (", k);
  return paren > k && line.indexOf(" ", k) === paren;
}

/** Go: `\t/usr/lib/go/src/testing/testing.go:1396 +0x24e`. */
function isGoFileLine(line: string): boolean {
  if (line.charCodeAt(0) !== 9 && line.charCodeAt(0) !== 32) return false;
  const g = line.indexOf(".go:");
  return g !== -1 && isDigit(line.charCodeAt(g + 4));
}

/** Rust backtrace: `   4: core::ptr::drop_in_place<…>`. */
function isRustFrameNumber(line: string, p: number): boolean {
  let k = p;
  while (k < line.length && isDigit(line.charCodeAt(k))) k++;
  return k > p && line.charCodeAt(k) === 58 && line.charCodeAt(k + 1) === 32;
}

/** Inside a Go panic: `\tpanic: …`, `[signal SIGSEGV: …]`. */
function isGoContinuation(line: string, head: string): boolean {
  if (!head.startsWith("panic: ") && !head.startsWith("fatal error: ")) return false;
  return line.charCodeAt(0) === 9 || line.startsWith("[signal ");
}

function hasColonDigit(line: string, from: number): boolean {
  let k = line.indexOf(":", from);
  while (k !== -1) {
    if (isDigit(line.charCodeAt(k + 1))) return true;
    k = line.indexOf(":", k + 1);
  }
  return false;
}

function endsWithBrace(line: string): boolean {
  const t = trimEnd(line);
  return t.length > 0 && t.charCodeAt(t.length - 1) === 123;
}

function isIndented(line: string): boolean {
  const c = line.charCodeAt(0);
  return c === 32 || c === 9;
}

function isBlank(line: string): boolean {
  return indentOf(line) >= line.length;
}

function indentOf(line: string): number {
  let p = 0;
  while (p < line.length && (line.charCodeAt(p) === 32 || line.charCodeAt(p) === 9)) p++;
  return p;
}

function trimStart(line: string): string {
  const p = indentOf(line);
  return p === 0 ? line : line.slice(p);
}

function trimEnd(line: string): string {
  let e = line.length;
  while (e > 0 && (line.charCodeAt(e - 1) === 32 || line.charCodeAt(e - 1) === 9)) e--;
  return e === line.length ? line : line.slice(0, e);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
