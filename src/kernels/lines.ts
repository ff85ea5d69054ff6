/**
 * Line kernels: the shared line index, and the line-number prefix strip for
 * `cat -n`-style reads.
 */
import { wasmHost, type WasmHost } from "./wasm.js";

const CR = 13;
const TAB = 9;
const SPACE = 32;
const ARROW = 0x2192;
const MAX_DIGITS = 9;

/**
 * Texts at least this long are indexed in WASM. Measured with
 * bench/kernels/lines.mjs: V8's `indexOf("\n")` loop is as fast below
 * ~100 KB; above, the SIMD scan wins (1–3×, most on short lines).
 */
export const LINE_INDEX_WASM_MIN = 64 * 1024;

/** Units of text one WASM pass over lines reads (see {@link LineIndex.ofWasm}): 512 KB of arena. */
export const LINE_WINDOW_UNITS = 256 * 1024;

/**
 * End of the window from `from`: just past the last "\n" within `window`
 * units, or, when a line is longer than that, just past its own "\n"; the
 * text's end when nothing is left after it.
 */
export function lineWindowEnd(text: string, from: number, window: number): number {
  const limit = from + window;
  if (limit >= text.length) return text.length;
  const last = text.lastIndexOf("\n", limit - 1);
  if (last >= from) return last + 1;
  const next = text.indexOf("\n", limit);
  return next === -1 ? text.length : next + 1;
}

/**
 * One line index per input, built once and shared by the router and every
 * compressor, so nobody splits a 10 MB string into an array of lines.
 *
 * A line ends at "\n" (not included). A "\r" before it belongs to the raw
 * line but not to {@link LineIndex.line}. A final "\n" does not open an
 * empty last line: "a\nb\n" has 2 lines, "" has 0, "\n" has 1 (empty).
 */
export class LineIndex {
  readonly text: string;
  /** Number of lines. */
  readonly count: number;
  /**
   * Start offset of each line; `starts[count]` is one past the last line's
   * "\n" (`text.length`), or `text.length + 1` when the last line has none, so
   * `starts[i + 1] - 1` is always line i's end.
   */
  private readonly starts: Int32Array;

  private constructor(text: string, starts: Int32Array, count: number) {
    this.text = text;
    this.starts = starts;
    this.count = count;
  }

  /** Indexes `text` (in WASM above {@link LINE_INDEX_WASM_MIN}). */
  static of(text: string): LineIndex {
    const host = text.length >= LINE_INDEX_WASM_MIN ? wasmHost() : null;
    return host === null ? LineIndex.ofTwin(text) : LineIndex.ofWasm(host, text);
  }

  /** TS twin of {@link LineIndex.of}: an `indexOf("\n")` loop. */
  static ofTwin(text: string): LineIndex {
    const n = text.length;
    let cap = 1024;
    let starts = new Int32Array(cap);
    let count = 0;
    let pos = 0;
    while (pos < n) {
      if (count + 1 >= cap) {
        cap *= 2;
        const grown = new Int32Array(cap);
        grown.set(starts);
        starts = grown;
      }
      starts[count++] = pos;
      const nl = text.indexOf("\n", pos);
      if (nl === -1) {
        pos = n + 1;
        break;
      }
      pos = nl + 1;
    }
    starts[count] = pos;
    return new LineIndex(text, starts, count);
  }

  /**
   * WASM path of {@link LineIndex.of}; exported for tests and benchmarks.
   *
   * The text crosses in windows of about `window` units that end just after a
   * "\n", so every window starts a line and the kernel's starts, shifted by
   * the window's offset, are the whole text's. The arena is grow-only: one
   * pass over the whole text (2 bytes per unit in, room for a start per unit
   * out) left 6 bytes per input char of memory behind for the process's life.
   */
  static ofWasm(host: WasmHost, text: string, window: number = LINE_WINDOW_UNITS): LineIndex {
    const n = text.length;
    if (n === 0) return new LineIndex(text, new Int32Array(1), 0);
    const pieces: Int32Array[] = [];
    let total = 0;
    let sentinel = 0;
    for (let from = 0; from < n; ) {
      const to = lineWindowEnd(text, from, window);
      const length = to - from;
      const ptr = host.base;
      const out = (ptr + 2 * length + 15) & ~15;
      // A window longer than `window` holds one line (see lineWindowEnd): the starts fit in `window` + 2.
      host.reserve(out + 4 * (Math.min(length, window) + 2));
      host.writeUtf16(from === 0 && to === n ? text : text.slice(from, to), ptr);
      const count = host.exports.lineStarts(ptr, length, out);
      const at = out >>> 2;
      const starts = host.i32.slice(at, at + count + 1);
      if (from > 0) for (let i = 0; i <= count; i++) starts[i] += from;
      pieces.push(starts.subarray(0, count));
      total += count;
      sentinel = starts[count]!;
      from = to;
    }
    const starts = new Int32Array(total + 1);
    let at = 0;
    for (const piece of pieces) {
      starts.set(piece, at);
      at += piece.length;
    }
    starts[total] = sentinel;
    return new LineIndex(text, starts, total);
  }

  /** Offset of line `i`'s first character. */
  start(i: number): number {
    return this.starts[i];
  }

  /** Offset just past line `i`'s last character, before its "\n" (a "\r" is included). */
  end(i: number): number {
    return this.starts[i + 1] - 1;
  }

  /** Line `i` without its line ending ("\n" or "\r\n"). */
  line(i: number): string {
    const s = this.starts[i];
    let e = this.starts[i + 1] - 1;
    if (e > s && this.text.charCodeAt(e - 1) === CR) e--;
    return this.text.slice(s, e);
  }

  /** The line that holds offset `at` of the text (the last line for an offset past the end). */
  lineAt(at: number): number {
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.start(mid) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Lines [from, to) as they stand in the text, with their line endings. */
  slice(from: number, to: number): string {
    if (to <= from) return "";
    return this.text.slice(this.starts[from], Math.min(this.text.length, this.starts[to]));
  }
}

// The number {@link prefixLength} read last (a second return value, without allocating).
let lastNumber = 0;

/**
 * Length of the line-number prefix of the non-blank line [s, le) (number plus
 * its TAB or "→"), or -1 when it has none. `prev` is the previous number: the
 * numbers must increase. Stores the number in `lastNumber`.
 */
function prefixLength(text: string, s: number, le: number, prev: number): number {
  let j = s;
  while (j < le && text.charCodeAt(j) === SPACE) j++;
  const d = j;
  let value = 0;
  while (j < le && j - d < MAX_DIGITS + 1) {
    const c = text.charCodeAt(j);
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
    j++;
  }
  const digits = j - d;
  if (digits === 0 || digits > MAX_DIGITS || j >= le) return -1;
  const sep = text.charCodeAt(j);
  if ((sep !== TAB && sep !== ARROW) || value <= prev) return -1;
  lastNumber = value;
  return j + 1 - s;
}

function isBlank(text: string, s: number, le: number): boolean {
  for (let i = s; i < le; i++) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== TAB && c !== CR) return false;
  }
  return true;
}

/**
 * TS twin of {@link stripLineNumbers}.
 */
export function stripLineNumbersTwin(text: string): string | null {
  const n = text.length;
  const parts: string[] = [];
  let prev = -1;
  let numbered = 0;
  let copied = 0;
  let s = 0;
  while (s < n) {
    let le = text.indexOf("\n", s);
    if (le < 0) le = n;
    if (!isBlank(text, s, le)) {
      const len = prefixLength(text, s, le, prev);
      if (len < 0) return null;
      prev = lastNumber;
      numbered++;
      if (s > copied) parts.push(text.slice(copied, s));
      copied = s + len;
    }
    s = le + 1;
  }
  if (numbered === 0) return null;
  parts.push(text.slice(copied));
  return parts.join("");
}

/** WASM path of {@link stripLineNumbers}: strips in place in the arena. Exported for tests and benchmarks. */
export function stripLineNumbersWasm(host: WasmHost, text: string): string | null {
  const n = text.length;
  const ptr = host.base;
  host.reserve(ptr + 2 * n + 16);
  host.writeUtf16(text, ptr);
  const kept = host.exports.stripLineNumbers(ptr, n);
  return kept < 0 ? null : host.readUtf16(ptr, kept);
}

/**
 * Texts at least this long are stripped in WASM: never, as measured with
 * bench/kernels/lines.mjs. The twin stops at the first unnumbered line (most
 * inputs) while WASM must copy the whole text first, and on numbered text the
 * two are within noise of each other; the WASM path stays for the
 * differential tests and the benchmark.
 */
export const STRIP_LINE_NUMBERS_WASM_MIN = Number.POSITIVE_INFINITY;

/**
 * Strips line-number prefixes — `cat -n` (`     1<TAB>`), `N<TAB>` and the
 * `N→` form of agents' Read tools — when every non-blank line has one and the
 * numbers increase; returns null otherwise (nothing to strip, or mixed
 * content). Line endings are kept as they are.
 * @example stripLineNumbers("     1\tconst a = 1;\n     2\tconst b = 2;\n") // "const a = 1;\nconst b = 2;\n"
 */
export function stripLineNumbers(text: string): string | null {
  const host = text.length >= STRIP_LINE_NUMBERS_WASM_MIN ? wasmHost() : null;
  return host === null ? stripLineNumbersTwin(text) : stripLineNumbersWasm(host, text);
}
