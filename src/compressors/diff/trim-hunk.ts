/**
 * Trims one hunk. Its header is kept verbatim (the agent sees the hunk's true
 * extent, and tools quoting it still match); every changed line of an
 * ordinary hunk is kept; context shrinks to a window around each change.
 *
 * Where context is cut inside a hunk, the next kept piece gets its own
 * `@@ -a,b +c,d @@` header with exact numbers for that piece, so the reader
 * never takes two distant lines for neighbours. The original header's counts
 * still describe the whole original hunk: the output is for reading, not for
 * `git apply` (the original is one recall away).
 *
 * A hunk with more changed lines than its allowance (see plan.ts) keeps
 * its first and last changes and its standout lines; the rest goes behind
 * markers naming the file and the +/- counts omitted. Combined-diff hunks
 * and hunks without line numbers keep their context (no numbers to
 * re-anchor pieces with) and are only cut by their allowance.
 */
import { MAX_MARKER_RANGES } from "../../ccr/marker.js";
import type { OmissionPlace } from "../types.js";
import type { DiffCaps } from "./caps.js";
import type { Emitter } from "./emit.js";
import { isChange, LINE_ADDED, LINE_CONTEXT, LINE_DELETED, LINE_NO_EOL, LINE_REWORDED } from "./hunk.js";
import type { DiffFile, DiffHunk } from "./parse.js";
import { headShare, isCutLine, LONG_LINE, LONG_LINE_HEAD, MARKER_CHARS } from "./plan.js";

/** What trimming one hunk dropped. */
export interface HunkTrim {
  contextDropped: number;
  changedDropped: number;
}

const KEEP = 1;
/** Kept pieces of at most this many lines let the cuts around them share a marker. */
const GROUPED_PIECE = 2;
const DROPPED_CHANGE = 2;
const FAR = 1 << 30;

/** Everything {@link renderHunk} needs besides the hunk. */
export interface HunkContext {
  kinds: Uint8Array;
  lineLength(i: number): number;
  /** Input line `i` without its line ending. */
  lineText(i: number): string;
  /** Context lines kept on each side of a kept change. */
  window: number;
  /** Per input line: 1 for a line kept whatever the allowance (it names an error or a failure). */
  standout: Uint8Array;
  caps: DiffCaps;
  out: Emitter;
  marker(summary: string, place?: OmissionPlace): string;
}

/**
 * Marks which changed lines stay: all of them when there are no more than
 * the hunk's allowance (from the diff's budget, see plan.ts), else the first
 * two thirds of it and the last third (lines too long to show alone are
 * skipped), plus every standout line (an error or a failure named). Returns
 * the marks, one per body line (KEEP for a kept change, DROPPED_CHANGE for
 * one that goes).
 */
function markChanges(h: DiffHunk, ctx: HunkContext, allowance: number): Uint8Array {
  const { kinds, standout } = ctx;
  const len = h.to - h.from;
  const marks = new Uint8Array(len);
  let changed = 0;
  for (let k = 0; k < len; k++) {
    if (!isChange(kinds[h.from + k])) continue;
    marks[k] = KEEP;
    changed++;
  }
  if (changed <= allowance) return marks;
  for (let k = 0; k < len; k++) if (marks[k] === KEEP) marks[k] = standout[h.from + k] === 1 ? KEEP : DROPPED_CHANGE;
  const isShort = (k: number): boolean => ctx.lineLength(h.from + k) + 1 <= LONG_LINE;
  const head = headShare(allowance);
  let taken = 0;
  let k = 0;
  for (; k < len && taken < head; k++) {
    if (marks[k] !== DROPPED_CHANGE || !isShort(k)) continue;
    marks[k] = KEEP;
    taken++;
  }
  taken = 0;
  for (let j = len - 1; j >= k && taken < allowance - head; j--) {
    if (marks[j] !== DROPPED_CHANGE || !isShort(j)) continue;
    marks[j] = KEEP;
    taken++;
  }
  // A cut that would hide less than its marker costs is no cut.
  let dropped = 0;
  for (let j = 0; j < len; j++) if (marks[j] === DROPPED_CHANGE) dropped += ctx.lineLength(h.from + j) + 1;
  if (dropped <= MARKER_CHARS) for (let j = 0; j < len; j++) if (marks[j] === DROPPED_CHANGE) marks[j] = KEEP;
  return marks;
}

/** Keeps context within `window` lines of a kept change, never reaching across a dropped one. */
function markContext(h: DiffHunk, marks: Uint8Array, window: number, kinds: Uint8Array): void {
  const len = marks.length;
  let d = FAR;
  for (let k = 0; k < len; k++) {
    const kind = kinds[h.from + k];
    if (kind === LINE_CONTEXT) {
      if (d < FAR) d++;
      if (d <= window) marks[k] = KEEP;
    } else if (kind !== LINE_NO_EOL) {
      d = marks[k] === KEEP ? 0 : FAR;
    }
  }
  d = FAR;
  for (let k = len - 1; k >= 0; k--) {
    const kind = kinds[h.from + k];
    if (kind === LINE_CONTEXT) {
      if (d < FAR) d++;
      if (d <= window) marks[k] = KEEP;
    } else if (kind !== LINE_NO_EOL) {
      d = marks[k] === KEEP ? 0 : FAR;
    }
  }
  // "\ No newline at end of file" goes with the line it qualifies.
  for (let k = 1; k < len; k++) if (kinds[h.from + k] === LINE_NO_EOL && marks[k - 1] === KEEP) marks[k] = KEEP;
}

/** Keeps short runs of context between two kept pieces: a piece header would cost as much. */
function fillSmallGaps(marks: Uint8Array, fillGap: number): void {
  const len = marks.length;
  let k = 0;
  while (k < len && marks[k] !== KEEP) k++;
  while (k < len) {
    while (k < len && marks[k] === KEEP) k++;
    const gap = k;
    let hasDroppedChange = false;
    while (k < len && marks[k] !== KEEP) {
      if (marks[k] === DROPPED_CHANGE) hasDroppedChange = true;
      k++;
    }
    if (k < len && !hasDroppedChange && k - gap <= fillGap) marks.fill(KEEP, gap, k);
  }
}

/** `@@ -a,b +c,d @@` in git's spelling: a count of 1 is implied, an empty side names the line before. */
function pieceHeader(oldLine: number, oldCount: number, newLine: number, newCount: number): string {
  const side = (sign: string, line: number, count: number): string =>
    count === 1 ? `${sign}${line}` : `${sign}${count === 0 ? line - 1 : line},${count}`;
  return `@@ ${side("-", oldLine, oldCount)} ${side("+", newLine, newCount)} @@`;
}

/** Emits hunk `h` of `file`, trimmed; returns what was dropped. */
export function renderHunk(h: DiffHunk, file: DiffFile, ctx: HunkContext, allowance: number): HunkTrim {
  const { kinds, caps, out } = ctx;
  out.keep(h.header, h.header + 1);
  const trim: HunkTrim = { contextDropped: 0, changedDropped: 0 };
  const len = h.to - h.from;
  if (len === 0) return trim;

  const isTrimmable = h.counted && h.cols === 1;
  const marks = markChanges(h, ctx, allowance);
  markContext(h, marks, isTrimmable ? ctx.window : len, kinds);
  if (isTrimmable) for (let k = 0; k < len; k++) if (ctx.standout[h.from + k] === 1) marks[k] = KEEP;
  if (isTrimmable) fillSmallGaps(marks, caps.fillGap);

  let oldLine = h.oldCount === 0 ? h.oldStart + 1 : h.oldStart;
  let newLine = h.newCount === 0 ? h.newStart + 1 : h.newStart;
  const advance = (kind: number): void => {
    if (kind === LINE_CONTEXT || kind === LINE_REWORDED) {
      oldLine++;
      newLine++;
    } else if (kind === LINE_DELETED) {
      oldLine++;
    } else if (kind === LINE_ADDED) {
      newLine++;
    }
  };

  const where = file.path === "" ? "this hunk" : file.path;
  // Cuts between short kept pieces (a new file's declarations, its standouts) share one marker naming
  // each range, written before the next longer piece or at the hunk's end: a marker per cut would cost
  // more than the declarations it sits between.
  let ranges: [number, number][] = [];
  let groupPlus = 0;
  let groupMinus = 0;
  const flush = (): void => {
    if (ranges.length === 0) return;
    const n = groupPlus + groupMinus;
    out.insert(ctx.marker(`${where}: ${n} changed lines omitted (+${groupPlus} -${groupMinus})`, { lines: ranges }));
    ranges = [];
    groupPlus = 0;
    groupMinus = 0;
  };
  let hasKept = false;
  let k = 0;
  while (k < len) {
    if (marks[k] === KEEP) {
      const start = k;
      while (k < len && marks[k] === KEEP) advance(kinds[h.from + k++]);
      if (k - start > GROUPED_PIECE) flush();
      keepCut(ctx, h.from + start, h.from + k, where);
      hasKept = true;
      continue;
    }
    let plus = 0;
    let minus = 0;
    const dropFrom = k;
    while (k < len && marks[k] !== KEEP) {
      const kind = kinds[h.from + k];
      if (marks[k] === DROPPED_CHANGE) {
        if (kind !== LINE_DELETED) plus++;
        if (kind !== LINE_ADDED) minus++;
      } else if (kind === LINE_CONTEXT) {
        trim.contextDropped++;
      }
      advance(kind);
      k++;
    }
    if (plus + minus > 0) {
      trim.changedDropped += plus + minus;
      ranges.push([h.from + dropFrom, h.from + k]);
      groupPlus += plus;
      groupMinus += minus;
      if (ranges.length === MAX_MARKER_RANGES) flush();
    } else if (hasKept && k < len && isTrimmable) {
      flush();
      out.insert(nextPieceHeader(h, marks, k, kinds, oldLine, newLine));
    }
  }
  flush();
  return trim;
}

/**
 * Keeps input lines [from, to), each line of machine text ({@link isCutLine})
 * cut to its first {@link LONG_LINE_HEAD} characters, the count of the rest
 * said, and a marker under it that recalls the line whole.
 */
function keepCut(ctx: HunkContext, from: number, to: number, where: string): void {
  const { out } = ctx;
  let start = from;
  for (let i = from; i < to; i++) {
    if (ctx.lineLength(i) <= LONG_LINE) continue;
    const text = ctx.lineText(i);
    if (!isCutLine(text)) continue;
    out.keep(start, i);
    const head = cutHead(text);
    out.insert(`${head} … (${text.length - head.length} more characters)`);
    out.insert(ctx.marker(`${where}: a line of ${text.length} characters, cut`, { lines: [[i, i + 1]] }));
    start = i + 1;
  }
  out.keep(start, to);
}

/** The first {@link LONG_LINE_HEAD} characters of `text`, never ending inside a surrogate pair. */
function cutHead(text: string): string {
  const last = text.charCodeAt(LONG_LINE_HEAD - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? LONG_LINE_HEAD - 1 : LONG_LINE_HEAD);
}

/** The header of the kept piece that starts at body line `k`. */
function nextPieceHeader(
  h: DiffHunk,
  marks: Uint8Array,
  k: number,
  kinds: Uint8Array,
  oldLine: number,
  newLine: number,
): string {
  let oldCount = 0;
  let newCount = 0;
  for (let j = k; j < marks.length && marks[j] === KEEP; j++) {
    const kind = kinds[h.from + j];
    const isBoth = kind === LINE_CONTEXT || kind === LINE_REWORDED;
    if (isBoth || kind === LINE_DELETED) oldCount++;
    if (isBoth || kind === LINE_ADDED) newCount++;
  }
  return pieceHeader(oldLine, oldCount, newLine, newCount);
}
