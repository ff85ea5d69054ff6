/**
 * ANSI / ECMA-48 escape stripping: what a terminal would consume without
 * printing goes, every visible character stays.
 *
 * Removed: CSI (`ESC [` params/intermediates 0x20–0x3F, final 0x40–0x7E,
 * private forms such as `ESC[?25l` included), OSC / DCS / SOS / PM / APC
 * strings (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`) up to BEL or ST
 * (`ESC \` or U+009C), nF escapes (`ESC ( B`, `ESC ) 0`, `ESC # 8`), the
 * single-character escapes (`ESC 7`, `ESC =`, `ESC M`, …), a lone ESC, and the
 * C1 8-bit forms U+009B (CSI), U+009D (OSC), U+0090 (DCS), U+0098 (SOS),
 * U+009E (PM), U+009F (APC) and U+009C (ST). Other C1 controls are left alone:
 * they are not escape introducers and U+0085 (NEL) can be a line break.
 *
 * Malformed input follows the terminal where that is bounded: a CSI cut short
 * by a character outside its grammar ends there (that character is kept); a
 * string sequence (OSC …) with no terminator ends before the next "\n" (kept)
 * or an ESC that starts another sequence, so one broken escape can never
 * swallow the rest of a log.
 */
import { LINE_WINDOW_UNITS, lineWindowEnd } from "./lines.js";
import { wasmHost, type WasmHost } from "./wasm.js";

const ESC = 0x1b;
const BEL = 0x07;
const LF = 0x0a;
const C1_DCS = 0x90;
const C1_SOS = 0x98;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const C1_OSC = 0x9d;
const C1_PM = 0x9e;
const C1_APC = 0x9f;

/**
 * The C1 introducers, most common first. One indexOf per character beats a
 * character-class regex 2–6× (V8 scans for one code unit at memchr speed).
 */
const C1_INTRODUCERS = ["\x9b", "\x9d", "\x90", "\x9c", "\x98", "\x9e", "\x9f"];

function hasC1(text: string): boolean {
  for (const c of C1_INTRODUCERS) if (text.indexOf(c) !== -1) return true;
  return false;
}

/**
 * True when `text` holds anything {@link stripAnsi} would remove. The cheap
 * pre-check: eight indexOf scans, the first (ESC) usually ends it. A long
 * text's answer is remembered, as {@link stripAnsi} remembers its result.
 */
export function hasAnsi(text: string): boolean {
  if (text.length < REMEMBER_STRIPPED_MIN) return scansAsAnsi(text);
  const last = lastAsked;
  if (last !== null && last.text === text) return last.has;
  const has = scansAsAnsi(text);
  lastAsked = { text, has };
  return has;
}

function scansAsAnsi(text: string): boolean {
  return text.indexOf("\x1b") !== -1 || hasC1(text);
}

/**
 * The last long text {@link hasAnsi} scanned and its answer. One call asks
 * about its input in the chain's first link, in {@link stripAnsi}, and twice
 * more for the view the fidelity check reads: without escapes, each asking
 * cost all eight scans (a 256 KB search, two bytes a char: 40 µs each).
 */
let lastAsked: { text: string; has: boolean } | null = null;

/** End of a CSI whose parameters start at `j`. */
function csiEnd(text: string, j: number, n: number): number {
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c < 0x20 || c > 0x3f) break;
    j++;
  }
  if (j < n) {
    const c = text.charCodeAt(j);
    if (c >= 0x40 && c <= 0x7e) j++;
  }
  return j;
}

/** End of a control string (OSC, DCS, SOS, PM, APC) whose body starts at `j`. */
function controlStringEnd(text: string, j: number, n: number): number {
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c === BEL || c === C1_ST) return j + 1;
    if (c === ESC) return j + 1 < n && text.charCodeAt(j + 1) === 0x5c ? j + 2 : j;
    if (c === LF) return j;
    j++;
  }
  return n;
}

/**
 * End of the escape sequence introduced at `i` (an ESC or a C1 introducer);
 * always greater than `i`.
 */
function sequenceEnd(text: string, i: number, n: number): number {
  const c = text.charCodeAt(i);
  if (c !== ESC) {
    if (c === C1_CSI) return csiEnd(text, i + 1, n);
    if (c === C1_ST) return i + 1;
    return controlStringEnd(text, i + 1, n);
  }
  if (i + 1 >= n) return i + 1;
  const d = text.charCodeAt(i + 1);
  if (d === 0x5b) return csiEnd(text, i + 2, n); // [
  if (d === 0x5d || d === 0x50 || d === 0x58 || d === 0x5e || d === 0x5f) {
    return controlStringEnd(text, i + 2, n); // ] P X ^ _
  }
  if (d >= 0x20 && d <= 0x2f) {
    let j = i + 2;
    while (j < n) {
      const e = text.charCodeAt(j);
      if (e < 0x20 || e > 0x2f) break;
      j++;
    }
    if (j < n) {
      const e = text.charCodeAt(j);
      if (e >= 0x30 && e <= 0x7e) j++;
    }
    return j;
  }
  if (d >= 0x30 && d <= 0x7e) return i + 2;
  return i + 1;
}

function isIntroducer(c: number): boolean {
  return (
    c === ESC ||
    c === C1_CSI ||
    c === C1_OSC ||
    c === C1_DCS ||
    c === C1_ST ||
    c === C1_SOS ||
    c === C1_PM ||
    c === C1_APC
  );
}

/**
 * Most code units put into one flat string of a result. Measured in Node 20 on
 * a 10 MB log: reading the result back as one flat string takes 14 ms, as
 * 8 Ki-unit pieces joined by `+` 4 ms, as 16 Ki-unit pieces 80 ms (past some
 * size V8 stops allocating strings cheaply in the young generation). A rope of
 * flat pieces is also what `String#replace`, and so strip-ansi, returns.
 */
const FLAT_PIECE_UNITS = 1 << 13;

/**
 * Gathers slices into flat pieces of about {@link FLAT_PIECE_UNITS} and
 * concatenates the pieces: one `join` per piece, a rope with n/8 Ki nodes
 * (`+=` on millions of tiny slices would build a deep rope instead).
 */
class PieceJoiner {
  private parts: string[] = [];
  private units = 0;
  private out = "";

  push(slice: string): void {
    if (this.units + slice.length > FLAT_PIECE_UNITS && this.parts.length > 0) this.flush();
    this.parts.push(slice);
    this.units += slice.length;
  }

  finish(): string {
    this.flush();
    return this.out;
  }

  private flush(): void {
    this.out += this.parts.length === 1 ? this.parts[0] : this.parts.join("");
    this.parts = [];
    this.units = 0;
  }
}

/**
 * TS twin of {@link stripAnsi}: removes escape sequences, returns `text`
 * itself (===) when there is none.
 */
export function stripAnsiTwin(text: string): string {
  const n = text.length;
  // Without C1 introducers, indexOf jumps from ESC to ESC at memchr speed.
  const escOnly = !hasC1(text);
  let i = escOnly ? text.indexOf("\x1b") : 0;
  if (i < 0) return text;
  const out = new PieceJoiner();
  let copied = 0;
  while (i < n) {
    if (escOnly) {
      i = text.indexOf("\x1b", i);
      if (i < 0) break;
    } else if (!isIntroducer(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const end = sequenceEnd(text, i, n);
    if (i > copied) out.push(text.slice(copied, i));
    copied = end;
    i = end;
  }
  if (copied === 0) return text;
  if (copied < n) out.push(text.slice(copied));
  return out.finish();
}

/**
 * WASM path of {@link stripAnsi}: copies `text` into the arena, compacts it in
 * place and reads the rest back. Returns `text` itself, without copying, when
 * there is nothing to remove (as the twin does). With `sliceSparse`, windows
 * with few escapes are cut from `text` instead (as {@link stripAnsi} does).
 * Exported so tests and benchmarks can force it.
 */
export function stripAnsiWasm(
  host: WasmHost,
  text: string,
  window: number = LINE_WINDOW_UNITS,
  sliceSparse = false,
): string {
  return hasAnsi(text) ? stripInWindows(host, text, window, sliceSparse) : text;
}

/**
 * Most escapes per this many units of a window for its kept text to be taken
 * as slices of the input. A slice costs a few dozen bytes whatever its
 * length, so past this density the window's compacted copy (2 bytes a unit
 * at most) is the smaller of the two.
 */
const UNITS_PER_SLICED_ESCAPE = 64;

/**
 * The strip proper, for text known to hold an introducer. The text crosses
 * in windows of whole lines (lines.ts says why: the arena never shrinks, and
 * one pass took 2 bytes per input char of it for good). That gives the same
 * result because no sequence holds a "\n": a CSI, an nF escape or a control
 * string without its terminator ends before it (see the file comment), so a
 * window that ends just after one never cuts a sequence.
 *
 * The pieces read back from the arena are as large as the result, and its
 * first reader (the line index) flattens the rope of them into a second copy
 * while they are still alive: 3.2 bytes per char at once on a 100 MB
 * coloured log. With `sliceSparse` (escapes only, no C1 introducer), a
 * window with few escapes is not copied at all: its kept runs are slices of
 * `text`, found with the twin's scan, and the result is joined from them
 * once, flat, so that join is the only copy.
 */
function stripInWindows(host: WasmHost, text: string, window: number, sliceSparse: boolean): string {
  const n = text.length;
  const parts: string[] = [];
  const mayslice = sliceSparse && !hasC1(text);
  let isChanged = false;
  // Below SLICED_STRIP_MIN each window's kept text is read back whole and the windows joined:
  // the result is flat. Its first reader flattened the rope of 8 Ki pieces, a third of the strip's
  // time on a coloured diff (0.13 of 0.43 ms at 100 KB; read whole: 0.2 ms in all).
  const isSmall = n < SLICED_STRIP_MIN;
  for (let from = 0; from < n; ) {
    const to = lineWindowEnd(text, from, window);
    const sliced = mayslice ? pushKeptSlices(text, from, to, parts) : -1;
    if (sliced === 1) isChanged = true;
    else if (sliced === -1 && compactWindow(host, text, from, to, parts, isSmall)) isChanged = true;
    from = to;
  }
  if (!isChanged) return text;
  if (mayslice || isSmall) return parts.length === 1 ? parts[0] : parts.join("");
  // Pieces only (a long text): a rope of them is as small as their join, and quicker to make.
  let out = "";
  for (const part of parts) out += part;
  return out;
}

/**
 * Pushes the runs of text[from, to) between escape sequences as slices of
 * `text` (the twin's scan, ESC only): 1 when it found one, 0 when there was
 * none, -1 (nothing pushed) when the window holds too many for slices to pay.
 */
function pushKeptSlices(text: string, from: number, to: number, parts: string[]): number {
  // Counted first, at memchr speed: a dense window is compacted in WASM, faster than sliced.
  const most = Math.max(1, Math.floor((to - from) / UNITS_PER_SLICED_ESCAPE));
  let escapes = 0;
  for (let i = text.indexOf("\x1b", from); i !== -1 && i < to; i = text.indexOf("\x1b", i + 1)) {
    if (++escapes > most) return -1;
  }
  let found = 0;
  let copied = from;
  for (let i = text.indexOf("\x1b", from); i !== -1 && i < to; i = text.indexOf("\x1b", i)) {
    found++;
    const end = sequenceEnd(text, i, text.length);
    if (i > copied) parts.push(text.slice(copied, i));
    copied = end;
    i = end;
  }
  if (copied < to) parts.push(copied === 0 && to === text.length ? text : text.slice(copied, to));
  return found > 0 ? 1 : 0;
}

/** Strips text[from, to) in the arena and pushes what is kept (`whole`: as one string); whether anything went. */
function compactWindow(
  host: WasmHost,
  text: string,
  from: number,
  to: number,
  parts: string[],
  whole: boolean,
): boolean {
  const length = to - from;
  const piece = from === 0 && to === text.length ? text : text.slice(from, to);
  const ptr = host.base;
  host.reserve(ptr + 2 * length + 16);
  host.writeUtf16(piece, ptr);
  const kept = host.exports.stripAnsi(ptr, length);
  if (kept === length) {
    parts.push(piece);
    return false;
  }
  if (whole) parts.push(host.readUtf16(ptr, kept));
  else pushPieces(host, ptr, kept, parts);
  return true;
}

/** Pushes `length` units at `ptr` as flat pieces of {@link FLAT_PIECE_UNITS} (see there why). */
function pushPieces(host: WasmHost, ptr: number, length: number, parts: string[]): void {
  for (let at = 0; at < length; at += FLAT_PIECE_UNITS) {
    parts.push(host.readUtf16(ptr + 2 * at, Math.min(FLAT_PIECE_UNITS, length - at)));
  }
}

/**
 * Inputs at least this long have their sparse windows cut from the input
 * (see stripInWindows): the pieces a shorter one leaves behind are a few MB
 * at most, and slicing is slower than the WASM pass (1.7× on a 10 MB diff,
 * the join included), so it pays only where the memory does.
 */
export const SLICED_STRIP_MIN = 1 << 20;

/**
 * Inputs with escapes at least this long go to WASM. Measured with
 * scratch timing on slices of the bench's ansi-log input (Node 20): WASM
 * 0.7× the twin at 128 units, 1.4× at 256, 1.8× at 512, 2.4× at 4 Ki; text
 * without escapes never gets here (pre-check).
 */
export const STRIP_ANSI_WASM_MIN = 256;

/**
 * Removes ANSI/ECMA-48 escape sequences (colours, cursor moves, OSC titles and
 * hyperlinks, charset switches, C1 forms); lossless on visible text. Returns
 * `text` itself when there is nothing to remove.
 * @example stripAnsi("\x1b[31merror\x1b[0m: x") // "error: x"
 */
export function stripAnsi(text: string): string {
  if (!hasAnsi(text)) return text;
  const last = lastStripped;
  if (last !== null && last.text === text) return last.stripped;
  const host = text.length >= STRIP_ANSI_WASM_MIN ? wasmHost() : null;
  const stripped =
    host === null
      ? stripAnsiTwin(text)
      : text.length < SLICED_STRIP_MIN
        ? // One window: the arena holds 2 MB at most (as the token count's chunks), and the kept text is read back in one piece.
          stripInWindows(host, text, text.length, false)
        : stripInWindows(host, text, LINE_WINDOW_UNITS, true);
  if (text.length >= REMEMBER_STRIPPED_MIN) lastStripped = { text, stripped };
  return stripped;
}

/**
 * Texts at least this long are remembered with what {@link stripAnsi} made
 * of them. One call strips its input in the chain's first link, again in
 * each re-render the fidelity check asks for, and once more for the view the
 * check reads: the same string each time. Shorter texts (the router's head
 * sample, a line) are not worth it and must not push the input out.
 */
const REMEMBER_STRIPPED_MIN = 1 << 14;

/** The last long text stripped and its result (one entry: bounded, and a hit costs one comparison). */
let lastStripped: { text: string; stripped: string } | null = null;

/** Drops the remembered texts, so that they are not kept alive past the call that read them. */
export function forgetStripped(): void {
  lastStripped = null;
  lastAsked = null;
}
