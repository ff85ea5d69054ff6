/**
 * `diff -y` (side by side): each row shows an old line on the left and its
 * new line on the right, padded with tabs and spaces to fixed columns, and a
 * gutter mark between them says what changed: `|` both sides differ, `<`
 * only the left, `>` only the right. Unchanged rows have no mark. The changed rows are the diff's content; runs of unchanged rows
 * around them are context, which goes behind a marker past one row each
 * side, the way a hunk's context does. Unchanged rows that open a
 * declaration (`declare class C`, `def f(`) or that the salience pass reads
 * (a heading, an error) stay as the outline of what the changes sit in, as
 * a hunk header's function context does.
 *
 * The layout is read, not assumed: the gutter is the display column (tabs
 * every 8) where the marks of the rows that have one stand, and every other
 * non-empty row must hold only white space there and just before it. Text
 * that does not fit this all the way down is no side-by-side diff.
 */
import { salientKind } from "../../fidelity/salient.js";
import type { OmissionPlace } from "../types.js";
import { declarationDepth } from "./declarations.js";

/** Tab stops of the display: every 8 columns, as diff pads them. */
const TAB_WIDTH = 8;
/** The narrowest gutter column read as one (`-W 40` gives 19). */
const MIN_GUTTER = 16;
/** Marked rows needed before a gutter column is believed. */
const MIN_MARKED = 2;
/** Lines read to find the gutter column. */
const PROBE_LINES = 400;
/** Unchanged rows kept on each side of a changed one. */
const CONTEXT_ROWS = 1;
/** A run of unchanged rows shorter than this stays: a marker would cost as much. */
const MIN_CUT = 3;

/** Whether `c` is a gutter mark. */
function isMark(c: number): boolean {
  return c === 124 /* | */ || c === 60 /* < */ || c === 62 /* > */;
}

/**
 * Whether mark `c` may be followed by `next` (-1 at the line's end): `|` and
 * `>` have a right side after a tab, `<` has none. A Markdown table row's
 * closing `|` ends its line, so its column is no gutter.
 */
function closesMark(c: number, next: number): boolean {
  return c === 60 ? next === -1 || next === 9 : next === 9;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * The display column of the row's gutter mark: a mark after white space and
 * before what may follow it (see {@link closesMark}). -1 when the row has none.
 */
function markColumn(line: string): number {
  // Only `<` may close a mark without a tab after it, and only at the line's end: one native
  // search spares the column walk on most lines of a text that is no side-by-side diff.
  if (line.indexOf("\t") === -1 && line.charCodeAt(line.length - 1) !== 60 /* < */) return -1;
  let col = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (isMark(c) && i > 0 && isBlank(line.charCodeAt(i - 1))) {
      if (closesMark(c, i + 1 < line.length ? line.charCodeAt(i + 1) : -1)) return col;
    }
    col = c === 9 ? col + TAB_WIDTH - (col % TAB_WIDTH) : col + 1;
  }
  return -1;
}

/**
 * Whether the row fits a layout whose gutter is at display column `gutter`:
 * its mark there, or only white space from the column before it up to it
 * (an unchanged row whose right side starts past it, or ends before it).
 */
function fitsGutter(line: string, gutter: number): boolean {
  let col = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const next = c === 9 ? col + TAB_WIDTH - (col % TAB_WIDTH) : col + 1;
    // The character covering columns [col, next) against [gutter - 1, gutter].
    if (next > gutter - 1 && col <= gutter) {
      if (col === gutter && isMark(c)) return true;
      if (!isBlank(c)) return false;
    }
    if (col > gutter) return true;
    col = next;
  }
  return true;
}

/**
 * The gutter column of a side-by-side diff in `count` lines read through
 * `lineAt`, or -1 when they are not one.
 */
export function sideBySideGutter(lineAt: (i: number) => string, count: number): number {
  const votes = new Map<number, number>();
  const probe = Math.min(count, PROBE_LINES);
  for (let i = 0; i < probe; i++) {
    const col = markColumn(lineAt(i));
    if (col >= MIN_GUTTER) votes.set(col, (votes.get(col) ?? 0) + 1);
  }
  let gutter = -1;
  let best = 0;
  for (const [col, n] of votes) {
    if (n > best || (n === best && col < gutter)) {
      gutter = col;
      best = n;
    }
  }
  if (best < MIN_MARKED) return -1;
  let text = 0;
  for (let i = 0; i < count; i++) {
    const line = lineAt(i);
    if (line.length === 0) continue;
    if (!fitsGutter(line, gutter)) return -1;
    text++;
  }
  return text > best ? gutter : -1;
}

/** Whether row `line` holds a gutter mark at `gutter`. */
function isChanged(line: string, gutter: number): boolean {
  return markColumn(line) === gutter;
}

/** An unchanged row that opens a declaration or that the salience pass reads (a heading, an error). */
function isOutlineRow(line: string, next: string | undefined): boolean {
  if (line.length === 0) return false;
  if (declarationDepth(line) >= 0) return true;
  return salientKind(line.trim(), next, isBlank(line.charCodeAt(0))) !== null;
}

type Mark = (summary: string, place?: OmissionPlace) => string;

/**
 * The side-by-side diff with its changed rows and one unchanged row each
 * side of them; longer runs of unchanged rows behind a marker each. Null
 * when nothing would be cut.
 */
export function renderSideBySide(
  lineAt: (i: number) => string,
  count: number,
  gutter: number,
  marker: Mark,
  finalNewline: boolean,
): string | null {
  const keep = new Uint8Array(count);
  let changed = 0;
  for (let i = 0; i < count; i++) {
    const line = lineAt(i);
    if (!isChanged(line, gutter)) {
      if (isOutlineRow(line, i + 1 < count ? lineAt(i + 1) : undefined)) keep[i] = 1;
      continue;
    }
    changed++;
    for (let k = Math.max(0, i - CONTEXT_ROWS); k <= Math.min(count - 1, i + CONTEXT_ROWS); k++) keep[k] = 1;
  }
  const out: string[] = [`(side by side: ${changed} changed ${changed === 1 ? "row" : "rows"} of ${count})`];
  let cut = false;
  for (let i = 0; i < count; ) {
    if (keep[i] === 1) {
      out.push(lineAt(i++));
      continue;
    }
    let j = i;
    while (j < count && keep[j] === 0) j++;
    if (j - i < MIN_CUT) {
      for (let k = i; k < j; k++) out.push(lineAt(k));
    } else {
      out.push(marker(`${j - i} unchanged rows`, { lines: [[i, j]] }));
      cut = true;
    }
    i = j;
  }
  if (!cut) return null;
  if (finalNewline) out.push("");
  return out.join("\n");
}
