/**
 * Carriage-return frames: progress bars and spinners redraw one terminal line
 * many times (`50%\r51%\r…`), and only the last drawing is what a person saw.
 *
 * Within a line (between "\n"s), *frames* are the pieces between separators.
 * A line is a redraw when at least 2/3 of its adjacent non-empty frame pairs
 * look alike; it then keeps only its last redrawn frame and any frames after
 * it that are not redraws (a `remote: fatal: …` that overwrote a `52%` bar keeps
 * the `52%`, which says where the transfer stopped). Frames look alike when:
 * - their shared prefix plus shared suffix covers at least 40% of the longer
 *   frame (`remote: Counting objects:  41% (…)`, cargo's `Building [==> ] 4/28`;
 *   on the corpus, ≥ 99% of progress pairs pass and 17% of the CR-only CSV's
 *   record pairs do, far below the 2/3 a line needs),
 * - or the later frame starts with the whole earlier one (a test runner's
 *   `name ...` redrawn as `name ... ok (3ms)`, the result's colour escapes
 *   making it far longer),
 * - or the later frame starts with an erase-in-line (`ESC[K`, `ESC[0K`,
 *   `ESC[2K`): the program said it is redrawing,
 * - or both are a single non-alphanumeric glyph (a `|/-\` or braille spinner).
 *
 * `\r`-separated *records* (a CSV whose only record separator is a bare "\r")
 * share no long prefix or suffix and stay as they are; "\r" just before "\n" (or
 * at the end of the text) is a line ending, never a separator.
 *
 * ANSI: the separators are "\r" and, while escapes are still in the text, the
 * cursor-to-column-1 CSI (`ESC[G`, `ESC[0G`, `ESC[1G`), which npm's spinner uses
 * instead of "\r". So collapse works after stripAnsi (on "\r" frames alone) and
 * catches more before it (CHA redraws, erase-in-line hints); the terminal chain
 * should collapse first and strip after. Escapes inside the kept frame stay.
 */
import { LINE_WINDOW_UNITS, lineWindowEnd } from "./lines.js";
import { wasmHost, type WasmHost } from "./wasm.js";

const CR = 13;
const ESC = 27;
const BRACKET = 0x5b;

/**
 * Length of a cursor-to-column-1 CSI at `i` (`ESC[G`, `ESC[0G`, `ESC[1G`), 0 if
 * there is none; it ends a frame just like "\r".
 */
function columnOneLength(text: string, i: number, end: number): number {
  if (i + 2 >= end || text.charCodeAt(i + 1) !== BRACKET) return 0;
  const c = text.charCodeAt(i + 2);
  if (c === 0x47) return 3;
  if ((c === 0x30 || c === 0x31) && i + 3 < end && text.charCodeAt(i + 3) === 0x47) return 4;
  return 0;
}

/** True when a frame at `i` starts with an erase-in-line CSI (`ESC[K`, `ESC[0K`, `ESC[1K`, `ESC[2K`). */
function startsWithErase(text: string, i: number, end: number): boolean {
  if (i + 2 >= end || text.charCodeAt(i) !== ESC || text.charCodeAt(i + 1) !== BRACKET) return false;
  const c = text.charCodeAt(i + 2);
  if (c === 0x4b) return true;
  return c >= 0x30 && c <= 0x32 && i + 3 < end && text.charCodeAt(i + 3) === 0x4b;
}

/** A spinner glyph: one non-alphanumeric, non-space character (a surrogate pair counts as one). */
function isGlyph(text: string, start: number, len: number): boolean {
  const c = text.charCodeAt(start);
  if (len === 2) return c >= 0xd800 && c <= 0xdbff;
  if (len !== 1 || c <= 32) return false;
  return !((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122));
}

/** Whether the frame [b, be) redraws the frame [a, ae) (see the module comment). */
function isRedraw(text: string, a: number, ae: number, b: number, be: number): boolean {
  if (startsWithErase(text, b, be)) return true;
  const la = ae - a;
  const lb = be - b;
  if (la <= 2 && lb <= 2 && isGlyph(text, a, la) && isGlyph(text, b, lb)) return true;
  const shorter = Math.min(la, lb);
  const longer = Math.max(la, lb);
  let p = 0;
  while (p < shorter && text.charCodeAt(a + p) === text.charCodeAt(b + p)) p++;
  // The later frame opens with the whole earlier one: the line was completed in place
  // (`name ...` then `name ... ok (3ms)`), however long the escapes make the rest.
  if (p === la && la < lb) return true;
  let s = 0;
  while (p + s < shorter && text.charCodeAt(ae - 1 - s) === text.charCodeAt(be - 1 - s)) s++;
  return p + s > 0 && 5 * (p + s) >= 2 * longer;
}

/**
 * Where the kept frame of the line content [start, end) begins: `start` when
 * the line is not a redraw, else the start of its last non-empty frame.
 */
function keptFrom(text: string, start: number, end: number): number {
  let frameStart = start;
  let prevStart = -1;
  let prevEnd = -1;
  // Start of the last frame that redrew its predecessor: frames after it are
  // other messages that overwrote the bar (`remote: fatal: …` after `52%`), and
  // the bar's last state is what tells where it stopped, so both stay.
  let lastRedrawStart = start;
  let pairs = 0;
  let alike = 0;
  let k = start;
  while (k <= end) {
    let sep = 0;
    if (k === end) sep = 1;
    else {
      const c = text.charCodeAt(k);
      if (c === CR) sep = 1;
      else if (c === ESC) sep = columnOneLength(text, k, end);
    }
    if (sep === 0) {
      k++;
      continue;
    }
    if (k > frameStart) {
      if (prevStart >= 0) {
        pairs++;
        if (isRedraw(text, prevStart, prevEnd, frameStart, k)) {
          alike++;
          lastRedrawStart = frameStart;
        }
      }
      prevStart = frameStart;
      prevEnd = k;
    }
    k += sep;
    frameStart = k;
  }
  return pairs > 0 && 3 * alike >= 2 * pairs ? lastRedrawStart : start;
}

/**
 * TS twin of {@link collapseCarriageReturns}. Returns `text` itself (===) when
 * no line is a redraw.
 */
export function collapseCarriageReturnsTwin(text: string): string {
  let nextCr = text.indexOf("\r");
  let nextEsc = text.indexOf("\x1b");
  if (nextCr < 0 && nextEsc < 0) return text;
  const n = text.length;
  const parts: string[] = [];
  let copied = 0;
  let ls = 0;
  while (ls < n) {
    // Lines with neither "\r" nor ESC have one frame: skip them at indexOf speed.
    if (nextCr >= 0 && nextCr < ls) nextCr = text.indexOf("\r", ls);
    if (nextEsc >= 0 && nextEsc < ls) nextEsc = text.indexOf("\x1b", ls);
    const marker = nextCr < 0 ? nextEsc : nextEsc < 0 ? nextCr : Math.min(nextCr, nextEsc);
    if (marker < 0) break;
    if (marker > ls) {
      const skip = text.lastIndexOf("\n", marker);
      if (skip >= ls) ls = skip + 1;
    }
    let le = text.indexOf("\n", ls);
    if (le < 0) le = n;
    let ce = le;
    while (ce > ls && text.charCodeAt(ce - 1) === CR) ce--;
    const kept = keptFrom(text, ls, ce);
    if (kept > ls) {
      parts.push(text.slice(copied, ls));
      copied = kept;
    }
    ls = le + 1;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join("");
}

/**
 * WASM path of {@link collapseCarriageReturns}: the kernel lists the dropped
 * ranges, JS joins what stays. Exported so tests and benchmarks can force it.
 */
export function collapseCarriageReturnsWasm(host: WasmHost, text: string, window: number = LINE_WINDOW_UNITS): string {
  const n = text.length;
  let out = "";
  let copied = 0;
  // The kernel decides each line alone, so the text crosses in windows of whole
  // lines (lines.ts says why: the arena never shrinks).
  for (let from = 0; from < n; ) {
    const to = lineWindowEnd(text, from, window);
    const length = to - from;
    const ptr = host.base;
    // Ranges go after the text: at most one [from, to) pair per line.
    const ranges = (ptr + 2 * length + 15) & ~15;
    host.reserve(ranges + 8 * (Math.min(length, window) + 1) + 16);
    host.writeUtf16(from === 0 && to === n ? text : text.slice(from, to), ptr);
    const count = host.exports.collapseFrames(ptr, length, ranges);
    const i32 = host.i32;
    const at = ranges >>> 2;
    for (let r = 0; r < count; r++) {
      out += text.slice(copied, from + i32[at + 2 * r]!);
      copied = from + i32[at + 2 * r + 1]!;
    }
    from = to;
  }
  if (copied === 0) return text;
  return out + text.slice(copied);
}

/**
 * Inputs with a "\r" or ESC at least this long go to WASM. Measured with
 * bench/kernels/frames.mjs on the terminal corpus: WASM is 2.5–4× the twin
 * from 1 KB up. Text with neither is returned by an indexOf pre-check.
 */
export const COLLAPSE_WASM_MIN = 512;

/**
 * Keeps only the last frame of progress-bar / spinner lines redrawn with "\r"
 * (or `ESC[1G`); leaves "\r"-separated records and "\r\n" endings alone.
 * Returns `text` itself when nothing collapses.
 * @example collapseCarriageReturns("10%\r50%\r100%\ndone\n") // "100%\ndone\n"
 */
export function collapseCarriageReturns(text: string): string {
  if (text.indexOf("\r") < 0 && text.indexOf("\x1b") < 0) return text;
  const host = text.length >= COLLAPSE_WASM_MIN ? wasmHost() : null;
  return host === null ? collapseCarriageReturnsTwin(text) : collapseCarriageReturnsWasm(host, text);
}
