/**
 * grep / ripgrep output rows: `path:line:text` (match), `path-line-text`
 * (context, from -A/-B/-C), `path:line:col:text` (--column), `./` prefixes
 * (grep -rn), `--` group separators and ripgrep's --heading layout (a path
 * line, then `line:text` / `line-text` rows without a path).
 *
 * Reading a row is ambiguous in general, because paths and text may both hold
 * `:` and `-`. The rules, applied to one line:
 *
 * 1. A *separator candidate* is a run of 1–9 ASCII digits without a leading
 *    zero (grep never prints line 0 or `07`), enclosed by the same character on
 *    both sides: `:N:` (match) or `-N-` (context). A run at the very start of
 *    the line closed by `:` or `-` is a path-less row (--heading, or grep on
 *    one file); its path is "". A match candidate followed by another digit
 *    run and `:` (`:N:C:`) carries a column.
 * 2. The leftmost candidate wins, except when it is a context candidate and a
 *    later match candidate has a path with no space or tab before it: then the
 *    match wins. So `a-1-b:2:c` is path `a-1-b`, line 2 (file names such as
 *    `x86-64-linux/…` or `2-0-1.log` are more common than context text with a
 *    `:N:` and no space before it), while `a.py-12-  x = d[1:2:3]` stays a
 *    context row of `a.py`. `2024-01-05.log:3:x` needs no exception: `-01-`
 *    has a leading zero.
 * 3. Windows drive letters need nothing special: `C:\src\a.go:42:hit` has no
 *    digits after `C:`.
 * 4. A NUL right before the digits ends the path too, closed by either
 *    separator: `grep -Z` prints `path\0N:text` and `path\0N-text`. No path
 *    holds a NUL, so such a candidate wins over any before it (`a-1-b\012-x`
 *    is path `a-1-b`, line 12).
 *
 * The bulk form ({@link parseGrepRows}) also uses the neighbours: a row that
 * starts with the previous row's path followed by a candidate keeps that path
 * (so `build/x86-64-linux/a.c-12-x` after a match row of that file is read
 * right), and a non-blank line followed by a path-less row is a --heading path.
 */
import { wasmHost, type WasmHost } from "./wasm.js";

/** One row of grep / ripgrep output. */
export interface GrepRow {
  /** File path as printed ("" for path-less rows: single-file grep, or rg --heading via {@link parseGrepRow}). */
  path: string;
  /** 1-based line number. */
  line: number;
  /** 1-based column (ripgrep --column), when printed. */
  column?: number;
  /** `match` for `path:N:` rows, `context` for `path-N-` rows. */
  kind: "match" | "context";
  /** The line's text after the separator (without a trailing "\r"). */
  text: string;
}

const COLON = 58;
const DASH = 45;
const ZERO = 48;
const NINE = 57;
const SPACE = 32;
const TAB = 9;
const CR = 13;
const NUL = 0;
/** `sep` of a candidate after a NUL (rule 4): 0 already means the line start. */
const NUL_SEP = 256;
const MAX_DIGITS = 9;

/**
 * Where one row's fields are, as offsets into the text. Reused between calls
 * so that scanning allocates nothing.
 */
interface RowScan {
  /** Offset just past the path (the separator before the line number). */
  pathEnd: number;
  lineNo: number;
  /** 0 when no column was printed. */
  column: number;
  isContext: boolean;
  textStart: number;
}

/**
 * Reads the digit run at `i` (in [i, end)) as a line number: returns the offset
 * just past it, or -1 when there is none, it starts with 0 or it is too long.
 */
function digitRunEnd(text: string, i: number, end: number): number {
  if (i >= end) return -1;
  const first = text.charCodeAt(i);
  if (first <= ZERO || first > NINE) return -1;
  let j = i + 1;
  while (j < end) {
    const c = text.charCodeAt(j);
    if (c < ZERO || c > NINE) break;
    j++;
  }
  return j - i > MAX_DIGITS ? -1 : j;
}

function digitValue(text: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) v = v * 10 + (text.charCodeAt(i) - ZERO);
  return v;
}

/**
 * Tries a candidate whose digits start at `d`; `sep` is the character before
 * them (or 0 at the line start, where either separator may close the run;
 * NUL_SEP after a NUL, likewise).
 * Fills `out` and returns true when it is one.
 */
function candidateAt(text: string, d: number, end: number, sep: number, out: RowScan): boolean {
  const q = digitRunEnd(text, d, end);
  if (q < 0 || q >= end) return false;
  const close = text.charCodeAt(q);
  const eitherClose = sep === 0 || sep === NUL_SEP;
  if (eitherClose ? close !== COLON && close !== DASH : close !== sep) return false;
  out.pathEnd = sep === 0 ? d : d - 1;
  out.lineNo = digitValue(text, d, q);
  out.isContext = close === DASH;
  out.column = 0;
  out.textStart = q + 1;
  if (close === COLON) {
    const r = digitRunEnd(text, q + 1, end);
    if (r > 0 && r < end && text.charCodeAt(r) === COLON) {
      out.column = digitValue(text, q + 1, r);
      out.textStart = r + 1;
    }
  }
  return true;
}

const probe: RowScan = { pathEnd: 0, lineNo: 0, column: 0, isContext: false, textStart: 0 };

/** Copies `from` into `to`. */
function keep(from: RowScan, to: RowScan): void {
  to.pathEnd = from.pathEnd;
  to.lineNo = from.lineNo;
  to.column = from.column;
  to.isContext = from.isContext;
  to.textStart = from.textStart;
}

/**
 * Applies rules 1–2 to the line [start, end): fills `out`, returns false when
 * the line is not a row.
 */
function scanRow(text: string, start: number, end: number, out: RowScan): boolean {
  let found = false;
  if (candidateAt(text, start, end, 0, out)) {
    if (!out.isContext) return true;
    found = true;
  }
  let spaced = false;
  for (let k = start; k < end - 1; k++) {
    const c = text.charCodeAt(k);
    if (c === SPACE || c === TAB) {
      spaced = true;
      if (found) return true;
      continue;
    }
    if (c !== COLON && c !== DASH && c !== NUL) continue;
    // Skip to the next candidate quickly: it needs a digit right after.
    const n = text.charCodeAt(k + 1);
    if (n <= ZERO || n > NINE) continue;
    if (!candidateAt(text, k + 1, end, c === NUL ? NUL_SEP : c, probe)) continue;
    if (c === NUL) {
      // A NUL candidate is the row, whatever came before it: no path holds a NUL.
      keep(probe, out);
      return true;
    }
    if (!found) {
      keep(probe, out);
      if (!probe.isContext) return true;
      found = true;
    } else if (!probe.isContext && !spaced) {
      keep(probe, out);
      return true;
    }
  }
  return found;
}

/** True for a `--` group separator line (grep / rg context output). */
export function isGroupSeparator(line: string): boolean {
  let n = line.length;
  if (n > 0 && line.charCodeAt(n - 1) === CR) n--;
  return n === 2 && line.charCodeAt(0) === DASH && line.charCodeAt(1) === DASH;
}

const single: RowScan = { pathEnd: 0, lineNo: 0, column: 0, isContext: false, textStart: 0 };

/**
 * Parses one grep/ripgrep output line (without its "\n"); null for `--`
 * separators, blank lines, --heading paths and anything else that is not a row.
 * See the module comment for the ambiguity rules.
 * @example parseGrepRow("./cmd.go:42:func Run()") // {path: "./cmd.go", line: 42, kind: "match", text: "func Run()"}
 */
export function parseGrepRow(line: string): GrepRow | null {
  let end = line.length;
  if (end > 0 && line.charCodeAt(end - 1) === CR) end--;
  if (!scanRow(line, 0, end, single)) return null;
  const row: GrepRow = {
    path: line.slice(0, single.pathEnd),
    line: single.lineNo,
    kind: single.isContext ? "context" : "match",
    text: line.slice(single.textStart, end),
  };
  if (single.column > 0) row.column = single.column;
  return row;
}

/** Int32 slots per row in {@link GrepRows.data}, in this order: */
export const GREP_ROW_STRIDE = 8;
const F_LINE_INDEX = 0;
const F_PATH_START = 1;
const F_PATH_END = 2;
const F_LINE_NO = 3;
const F_COLUMN = 4;
const F_TEXT_START = 5;
const F_TEXT_END = 6;
const F_CONTEXT = 7;

/**
 * Every row of a whole grep/ripgrep output, as offsets into `text` (no string
 * is made until a row's path or text is asked for). One interleaved
 * Int32Array, so the WASM path hands its result over in one copy.
 */
export class GrepRows {
  readonly text: string;
  /** Number of rows. */
  readonly count: number;
  /** {@link GREP_ROW_STRIDE} slots per row: line index, path start/end, line number, column, text start/end, context flag. */
  readonly data: Int32Array;

  /** Wraps `count` rows of `data` over `text` (built by {@link parseGrepRows}). */
  constructor(text: string, count: number, data: Int32Array) {
    this.text = text;
    this.count = count;
    this.data = data;
  }

  /** 0-based index of row `i`'s line in the text. */
  lineIndex(i: number): number {
    return this.data[i * GREP_ROW_STRIDE + F_LINE_INDEX];
  }
  /** Start offset of row `i`'s path (in the heading line for --heading rows). */
  pathStart(i: number): number {
    return this.data[i * GREP_ROW_STRIDE + F_PATH_START];
  }
  /** End offset of row `i`'s path. */
  pathEnd(i: number): number {
    return this.data[i * GREP_ROW_STRIDE + F_PATH_END];
  }
  /** The 1-based line number row `i` reports. */
  lineNo(i: number): number {
    return this.data[i * GREP_ROW_STRIDE + F_LINE_NO];
  }
  /** Row `i`'s column, 0 when none was printed. */
  column(i: number): number {
    return this.data[i * GREP_ROW_STRIDE + F_COLUMN];
  }
  /** Start offset of row `i`'s text. */
  textStart(i: number): number {
    return this.data[i * GREP_ROW_STRIDE + F_TEXT_START];
  }
  /** End offset of row `i`'s text (a trailing "\r" excluded). */
  textEnd(i: number): number {
    return this.data[i * GREP_ROW_STRIDE + F_TEXT_END];
  }
  /** Whether row `i` is a context row (`path-N-text`). */
  isContext(i: number): boolean {
    return this.data[i * GREP_ROW_STRIDE + F_CONTEXT] === 1;
  }
  /** Row `i`'s path. */
  path(i: number): string {
    return this.text.slice(this.pathStart(i), this.pathEnd(i));
  }

  /** Row `i` as a {@link GrepRow}. */
  row(i: number): GrepRow {
    const r: GrepRow = {
      path: this.path(i),
      line: this.lineNo(i),
      kind: this.isContext(i) ? "context" : "match",
      text: this.text.slice(this.textStart(i), this.textEnd(i)),
    };
    const column = this.column(i);
    if (column > 0) r.column = column;
    return r;
  }
}

/** Growable row storage for the twin. */
class RowBuilder {
  count = 0;
  data = new Int32Array(64 * GREP_ROW_STRIDE);

  push(lineIdx: number, ps: number, pe: number, scan: RowScan, te: number): void {
    let at = this.count * GREP_ROW_STRIDE;
    if (at + GREP_ROW_STRIDE > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const d = this.data;
    d[at++] = lineIdx;
    d[at++] = ps;
    d[at++] = pe;
    d[at++] = scan.lineNo;
    d[at++] = scan.column;
    d[at++] = scan.textStart;
    d[at++] = te;
    d[at] = scan.isContext ? 1 : 0;
    this.count++;
  }
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== TAB) return false;
  }
  return true;
}

/** True when [start, end) begins with the `len` characters at `pathStart`. */
function startsWithPath(text: string, start: number, end: number, pathStart: number, len: number): boolean {
  if (start + len >= end) return false;
  if (pathStart === start) return true;
  for (let i = 0; i < len; i++) {
    if (text.charCodeAt(start + i) !== text.charCodeAt(pathStart + i)) return false;
  }
  return true;
}

const bulk: RowScan = { pathEnd: 0, lineNo: 0, column: 0, isContext: false, textStart: 0 };

/**
 * Parses every row of a grep/ripgrep output in one pass (TS twin of
 * {@link parseGrepRows}). Separators, blank lines, headings and other lines
 * produce no row.
 */
export function parseGrepRowsTwin(text: string): GrepRows {
  const rows = new RowBuilder();
  const n = text.length;
  // The previous row's path, for continuity; -1 when there is none.
  let prevPathStart = -1;
  let prevPathLen = 0;
  let prevPathless = false;
  // The current --heading path; -1 when none.
  let headStart = -1;
  let headEnd = -1;
  // The previous line: its range, and whether it produced a row with a path.
  let lastStart = -1;
  let lastEnd = -1;
  let lastKind = 0; // 0: blank/separator/none, 1: non-row text, 2: row with path, 3: path-less row
  let lineIdx = 0;
  let s = 0;
  while (s <= n) {
    let nl = text.indexOf("\n", s);
    if (nl < 0) nl = n;
    if (s === n && nl === n) break;
    let e = nl;
    if (e > s && text.charCodeAt(e - 1) === CR) e--;
    let kind = 0;
    if (!isBlank(text, s, e) && !(e - s === 2 && text.charCodeAt(s) === DASH && text.charCodeAt(s + 1) === DASH)) {
      let ok = false;
      if (prevPathStart >= 0 && !prevPathless && startsWithPath(text, s, e, prevPathStart, prevPathLen)) {
        const at = s + prevPathLen;
        const c = text.charCodeAt(at);
        if ((c === COLON || c === DASH || c === NUL) && candidateAt(text, at + 1, e, c === NUL ? NUL_SEP : c, bulk)) {
          ok = true;
        }
      } else if (prevPathless && candidateAt(text, s, e, 0, bulk)) {
        ok = true;
      }
      if (!ok) ok = scanRow(text, s, e, bulk);
      if (ok) {
        const pathless = bulk.pathEnd === s;
        if (pathless && (lastKind === 1 || lastKind === 2)) {
          // The previous line is a --heading path (even if it looked like a row).
          if (lastKind === 2) rows.count--;
          headStart = lastStart;
          headEnd = lastEnd;
        }
        if (pathless && headStart >= 0) {
          rows.push(lineIdx, headStart, headEnd, bulk, e);
        } else {
          rows.push(lineIdx, s, bulk.pathEnd, bulk, e);
        }
        prevPathless = pathless;
        prevPathStart = s;
        prevPathLen = bulk.pathEnd - s;
        kind = pathless ? 3 : 2;
      } else {
        kind = 1;
      }
    }
    lastKind = kind;
    lastStart = s;
    lastEnd = e;
    lineIdx++;
    s = nl + 1;
  }
  return new GrepRows(text, rows.count, rows.data.subarray(0, rows.count * GREP_ROW_STRIDE));
}

/**
 * WASM path of {@link parseGrepRows}: the kernel writes the rows' offsets into
 * the arena and they come back in one copy. Exported for tests and benchmarks.
 */
export function parseGrepRowsWasm(host: WasmHost, text: string): GrepRows {
  const n = text.length;
  const ptr = host.base;
  host.reserve(ptr + 2 * n + 16);
  host.writeUtf16(text, ptr);
  const lines = host.exports.countLineBreaks(ptr, n) + 1;
  const out = (ptr + 2 * n + 15) & ~15;
  host.reserve(out + 4 * GREP_ROW_STRIDE * lines);
  const count = host.exports.parseGrepRows(ptr, n, out);
  const at = out >>> 2;
  return new GrepRows(text, count, host.i32.slice(at, at + count * GREP_ROW_STRIDE));
}

/**
 * Texts at least this long are parsed in WASM. Measured with
 * bench/kernels/grep.mjs on the search corpus: WASM is 4× the twin at 100 KB
 * and 10 MB and already ahead at 1 KB.
 */
export const GREP_ROWS_WASM_MIN = 512;

/**
 * Longest text parsed in WASM. The kernel reads the whole text at once (how a
 * row reads depends on the rows before it: the previous path, a --heading
 * line), and the arena it grows for that never shrinks: 2 bytes per char
 * plus 32 per row, for the process's life (310 MB after one 100 MB search).
 * Longer texts go to the twin, which is about as fast there (warm, on the
 * search corpus: 490 ms against 436 at 100 MB, 51 against 50 at 10 MB).
 */
export const GREP_ROWS_WASM_MAX = 1 << 20;

/**
 * Parses every row of a whole grep/ripgrep output; separators, blank lines,
 * headings and other lines give no row. See the module comment for the rules.
 * @example parseGrepRows(out).row(0).path
 */
export function parseGrepRows(text: string): GrepRows {
  const host = text.length >= GREP_ROWS_WASM_MIN && text.length <= GREP_ROWS_WASM_MAX ? wasmHost() : null;
  return host === null ? parseGrepRowsTwin(text) : parseGrepRowsWasm(host, text);
}
