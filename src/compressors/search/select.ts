import { scaled } from "../types.js";
import { CONTEXT, MATCH, RAW, type SearchTable } from "./model.js";
import { MAX_SCORE, scoreText } from "./priority.js";

/**
 * Chooses which rows of a search result stay visible: at most `perFile`
 * matches of a file, `total` matches overall, rows for at most `files` files
 * (the others are only named, with their counts), and up to `context` context
 * rows on each side of a kept match. Query-term and error-word matches go
 * first; among equals, earlier rows win, and every shown file gets its best
 * match before any file gets a second, so the result stays broad.
 */

/** The caps of one compression, already scaled by the profile. */
export interface SearchCaps {
  readonly perFile: number;
  readonly total: number;
  readonly files: number;
  readonly context: number;
}

/** Caps at the `default` profile; `scale` multiplies them (2 conservative, 0.5 aggressive). */
export function searchCaps(scale: number): SearchCaps {
  return {
    perFile: scaled(5, scale),
    total: scaled(30, scale),
    files: scaled(10, scale),
    context: scaled(1, scale, 0),
  };
}

/** What stays of a search result. */
export interface SearchSelection {
  /** Per entry: 1 when it stays visible (raw lines always do). */
  readonly keep: Uint8Array;
  /** Entry indices grouped by file, each file's in output order: file f's are `byFile[fileStart[f] .. fileStart[f + 1])`. */
  readonly byFile: Int32Array;
  readonly fileStart: Int32Array;
  /** Per file: match rows kept. */
  readonly keptMatches: Int32Array;
  readonly droppedMatches: number;
  readonly droppedContext: number;
  /** Files with at least one dropped match. */
  readonly filesWithDrops: number;
}

interface Candidate {
  file: number;
  entry: number;
  score: number;
  /** Position among its file's picks. */
  rank: number;
}

/** Chooses the visible rows of `table` under `caps`, preferring matches that hit `terms` or error words. */
export function selectRows(table: SearchTable, caps: SearchCaps, terms: readonly string[]): SearchSelection {
  const nFiles = table.files.length;
  const { byFile, fileStart } = groupByFile(table);
  const scores = new Uint8Array(table.count);
  const best = new Uint8Array(nFiles);
  for (let e = 0; e < table.count; e++) {
    if (table.kind[e] !== MATCH) continue;
    const s = scoreText(table.source.slice(table.textStart[e], table.end[e]), terms);
    scores[e] = s;
    const f = table.file[e];
    if (f >= 0 && s > best[f]) best[f] = s;
  }
  const candidates: Candidate[] = [];
  for (const f of shownFiles(table, best, caps.files)) {
    const picks = topMatches(table, byFile, fileStart[f], fileStart[f + 1], scores, caps.perFile);
    picks.forEach((entry, rank) => {
      candidates.push({ file: f, entry, score: scores[entry], rank });
    });
  }
  candidates.sort((a, b) => b.score - a.score || a.rank - b.rank || a.file - b.file);
  const keep = new Uint8Array(table.count);
  const keptMatches = new Int32Array(nFiles);
  const taken = Math.min(candidates.length, caps.total);
  for (let i = 0; i < taken; i++) {
    keep[candidates[i].entry] = 1;
    keptMatches[candidates[i].file]++;
  }
  for (let f = 0; f < nFiles; f++) keepAround(table, byFile, fileStart[f], fileStart[f + 1], keep, caps.context);
  let droppedContext = 0;
  for (let e = 0; e < table.count; e++) {
    const kind = table.kind[e];
    if (kind === RAW || table.file[e] < 0) keep[e] = 1;
    else if (kind === CONTEXT && keep[e] === 0) droppedContext++;
  }
  let droppedMatches = 0;
  let filesWithDrops = 0;
  for (let f = 0; f < nFiles; f++) {
    const dropped = table.files[f].matches - keptMatches[f];
    droppedMatches += dropped;
    if (dropped > 0) filesWithDrops++;
  }
  return { keep, byFile, fileStart, keptMatches, droppedMatches, droppedContext, filesWithDrops };
}

/** A stable counting sort of the entries by file (entries before any file are left out). */
function groupByFile(table: SearchTable): { byFile: Int32Array; fileStart: Int32Array } {
  const nFiles = table.files.length;
  const fileStart = new Int32Array(nFiles + 1);
  for (let e = 0; e < table.count; e++) {
    const f = table.file[e];
    if (f >= 0) fileStart[f + 1]++;
  }
  for (let f = 0; f < nFiles; f++) fileStart[f + 1] += fileStart[f];
  const next = fileStart.slice(0, nFiles);
  const byFile = new Int32Array(fileStart[nFiles]);
  for (let e = 0; e < table.count; e++) {
    const f = table.file[e];
    if (f >= 0) byFile[next[f]++] = e;
  }
  return { byFile, fileStart };
}

/** The files whose rows may show: the best-scored first, then in order, up to `cap` (files without a match always). */
function shownFiles(table: SearchTable, best: Uint8Array, cap: number): number[] {
  const files = table.files;
  const withMatches: number[] = [];
  for (let f = 0; f < files.length; f++) if (files[f].matches > 0) withMatches.push(f);
  withMatches.sort((a, b) => best[b] - best[a] || a - b);
  const shown = withMatches.slice(0, cap);
  return shown.sort((a, b) => a - b);
}

/** The best `cap` match entries of one file's range: highest score first, earlier first among equals. */
function topMatches(
  table: SearchTable,
  byFile: Int32Array,
  from: number,
  to: number,
  scores: Uint8Array,
  cap: number,
): number[] {
  const picks: number[] = [];
  for (let s = MAX_SCORE; s >= 0 && picks.length < cap; s--) {
    for (let i = from; i < to && picks.length < cap; i++) {
      const e = byFile[i];
      if (table.kind[e] === MATCH && scores[e] === s) picks.push(e);
    }
  }
  return picks;
}

/** Marks the context rows within `span` lines of each kept match of one file, up to the nearest break or other row. */
function keepAround(
  table: SearchTable,
  byFile: Int32Array,
  from: number,
  to: number,
  keep: Uint8Array,
  span: number,
): void {
  if (span <= 0) return;
  const { kind, lineNo } = table;
  for (let i = from; i < to; i++) {
    const m = byFile[i];
    if (kind[m] !== MATCH || keep[m] === 0) continue;
    for (let j = i - 1; j >= from; j--) {
      const c = byFile[j];
      if (kind[c] !== CONTEXT || lineNo[c] < lineNo[m] - span || lineNo[c] >= lineNo[m]) break;
      keep[c] = 1;
    }
    for (let j = i + 1; j < to; j++) {
      const c = byFile[j];
      if (kind[c] !== CONTEXT || lineNo[c] > lineNo[m] + span || lineNo[c] <= lineNo[m]) break;
      keep[c] = 1;
    }
  }
}
