/**
 * Log line hints as a kernel: for every line of a log, whether it may hold a
 * level word and whether it may name an anomaly, so that the log compressor
 * runs its exact checks (compressors/log/levels.ts) only on lines that can
 * pass them.
 *
 * The twin *is* the definition: the two regex prefilters of level-words.ts, per line. The
 * WASM kernel (assembly/loghints.ts) reads each line's first 240 code units
 * once, comparing word lists at word starts, and must set every bit the twin
 * sets; it may set a few more (a set bit only costs the exact check), which
 * the differential tests count.
 */
import { LINE_WINDOW_UNITS, type LineIndex, lineWindowEnd } from "../../kernels/lines.js";
import { wasmHost, type WasmHost } from "../../kernels/wasm.js";
import { ANOMALY_SCAN, ANOMALY_WORDS, LEVEL_HINT_RE, LEVEL_SCAN } from "./level-words.js";

/** Hint bit: the line may hold a level word (levels.ts severityOf needs its word loop). */
export const LINE_MAY_HAVE_LEVEL = 1;
/** Hint bit: the line may name an anomaly (levels.ts isAnomaly may be true). */
export const LINE_MAY_NAME_ANOMALY = 2;

/**
 * The anomaly words without a closing boundary, for one scan of a whole log:
 * it matches wherever `ANOMALY_WORDS\b` matches on a line's first
 * {@link ANOMALY_SCAN} characters (a word cut at that limit included).
 */
const ANOMALY_HINT_RE = new RegExp(ANOMALY_WORDS, "g");

/**
 * TS twin of {@link lineHints}: {@link LEVEL_HINT_RE} on each line's first
 * {@link LEVEL_SCAN} characters, and one {@link ANOMALY_HINT_RE} scan of the
 * whole text flagging the lines where a match starts in the first
 * {@link ANOMALY_SCAN}.
 */
export function lineHintsTwin(lines: LineIndex): Uint8Array {
  const n = lines.count;
  const hints = new Uint8Array(n);
  const text = lines.text;
  for (let i = 0; i < n; i++) {
    const s = lines.start(i);
    // A "\r" ending the line may stay in: no match can end with it.
    const head = text.slice(s, Math.min(lines.end(i), s + LEVEL_SCAN));
    if (LEVEL_HINT_RE.test(head)) hints[i] = LINE_MAY_HAVE_LEVEL;
  }
  let line = 0;
  ANOMALY_HINT_RE.lastIndex = 0;
  for (let m = ANOMALY_HINT_RE.exec(text); m !== null; m = ANOMALY_HINT_RE.exec(text)) {
    const at = m.index;
    while (line + 1 < n && lines.start(line + 1) <= at) line++;
    if (at - lines.start(line) < ANOMALY_SCAN) hints[line] |= LINE_MAY_NAME_ANOMALY;
  }
  return hints;
}

/** Lines hinted per kernel call: bounds the arena whatever the log's size. */
const LINES_PER_CALL = 1 << 16;
/** Bytes after the text that the kernel may read (never use). */
const READ_PAST = 48;

/**
 * WASM path of {@link lineHints}; exported for tests and benchmarks.
 *
 * The log crosses in windows of whole lines (kernels/lines.ts says why: the
 * arena never shrinks, and the whole log left 2 bytes per char behind). Each
 * line's hints depend on that line alone, so a window that ends just after a
 * "\n" gives the hints the whole text would.
 */
export function lineHintsWasm(host: WasmHost, lines: LineIndex, window: number = LINE_WINDOW_UNITS): Uint8Array {
  const text = lines.text;
  const n = lines.count;
  const hints = new Uint8Array(n);
  let line = 0;
  for (let from = 0; line < n; ) {
    const to = lineWindowEnd(text, from, window);
    let windowEnd = line;
    while (windowEnd < n && lines.start(windowEnd) < to) windowEnd++;
    if (!hintWindow(host, from === 0 && to === text.length ? text : text.slice(from, to), hints, line, windowEnd)) {
      // The kernel splits lines as LineIndex does, so it runs out of text only
      // after the window's last line; should it ever not, the rest stay fully hinted.
      hints.fill(LINE_MAY_HAVE_LEVEL | LINE_MAY_NAME_ANOMALY, line);
      break;
    }
    line = windowEnd;
    from = to;
  }
  return hints;
}

/** Hints lines [line, end) of the log, which are the lines of `piece`, into `hints`; false if the kernel stopped early. */
function hintWindow(host: WasmHost, piece: string, hints: Uint8Array, line: number, end: number): boolean {
  const textPtr = host.base;
  // The kernel reads SIMD blocks up to 34 bytes past the text: leave room.
  const state = ((textPtr + 2 * piece.length + 15) & ~15) + READ_PAST;
  const out = state + 16;
  host.reserve(out + Math.min(end - line, LINES_PER_CALL) + 16);
  host.writeUtf16(piece, textPtr);
  host.i32[state >>> 2] = 0;
  while (line < end) {
    const done = host.exports.logLineHints!(textPtr, piece.length, state, Math.min(LINES_PER_CALL, end - line), out);
    if (done === 0) return false;
    hints.set(host.u8.subarray(out, out + done), line);
    line += done;
  }
  return true;
}

/**
 * Logs at least this long (UTF-16 code units) are hinted in WASM. Measured on
 * the corpus logs and terminal captures cut to 128 – 32768 units
 * (scratch timing, Node 20): WASM takes 0.89 of the twin's time at 128 units,
 * 0.68 at 256, 0.45 at 1024 and 0.39 from 2048 on (SIMD over each line's
 * head against a regex call per line).
 */
export const LOG_HINTS_WASM_MIN = 256;

/**
 * For each line of a log, {@link LINE_MAY_HAVE_LEVEL} unless the line's first
 * {@link LEVEL_SCAN} characters cannot hold a level word or class name, and
 * {@link LINE_MAY_NAME_ANOMALY} unless no anomaly word starts in its first
 * {@link ANOMALY_SCAN}. A set bit may be a false alarm; a clear one never is.
 * @example lineHints(LineIndex.of("INFO ok\nquota exceeded\n")) // Uint8Array [1, 2]
 */
export function lineHints(lines: LineIndex): Uint8Array {
  const host = lines.text.length >= LOG_HINTS_WASM_MIN ? wasmHost() : null;
  return host === null ? lineHintsTwin(lines) : lineHintsWasm(host, lines);
}
