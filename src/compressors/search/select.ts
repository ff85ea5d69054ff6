import { CODE_EXTENSIONS, extensionOf } from "../../file-names.js";
import type { LineIndex } from "../../kernels/lines.js";
import { scaled } from "../types.js";
import { CONTEXT, MATCH, RAW, type SearchTable } from "./model.js";
import {
  isRaiseRow,
  isSalientRow,
  isScoredStandout,
  isStandout,
  MAX_SCORE,
  NO_SUBJECT,
  scoreText,
  subjectOf,
} from "./priority.js";

/**
 * Chooses which rows of a search result stay visible: at most `perFile`
 * matches of a file (more when few files share the `total`), `total` matches
 * overall over the first `files` files, up to `context` context rows on each
 * side of their kept matches (none at the default profile), and the best match alone of each further file
 * up to `outlineFiles` (the rest are only named, with their counts): a file's
 * one row costs little more than its name and count, and is often its fact. Query-term and error-word matches go
 * first; among equals, earlier rows win, and every shown file gets its best
 * match before any file gets a second, so the result stays broad. Beyond
 * the caps, the first row of each distinct line (numbers aside) that names
 * an error or a failure stays too, match or context, with a count of the
 * dropped rows that repeat it: distinct errors are the facts of a search
 * over logs.
 */

/** The caps of one compression, already scaled by the profile. */
export interface SearchCaps {
  readonly perFile: number;
  readonly total: number;
  readonly files: number;
  /** Files in all that show a row: past `files`, each shows its best match alone. */
  readonly outlineFiles: number;
  readonly context: number;
  /** Distinct rows naming an error or a failure kept beyond the caps, and the characters they may take. */
  readonly standouts: number;
  readonly standoutChars: number;
}

/**
 * A row longer than this (a minified bundle's line, a source map's one line of
 * 150 KB) is shown cut to its first {@link LONG_ROW_HEAD} characters: its path
 * and line number are the fact, and no reader takes in the rest.
 */
export const LONG_ROW = 1_000;
/** What a long row keeps: the salience pass reads a line's first 240 characters too. */
export const LONG_ROW_HEAD = 240;

/** Whether entry `e` is a match or context row longer than {@link LONG_ROW}. */
export function isLongRow(table: SearchTable, e: number): boolean {
  const kind = table.kind[e];
  return (kind === MATCH || kind === CONTEXT) && table.end[e] - table.start[e] > LONG_ROW;
}

/** Share of the input's characters that standout rows may take, at the default profile. */
const STANDOUT_SHARE = 0.25;

/** Caps at the `default` profile; `scale` multiplies them (2 conservative, 0.5 aggressive). */
export function searchCaps(scale: number, length = Number.POSITIVE_INFINITY): SearchCaps {
  return {
    perFile: scaled(5, scale),
    total: scaled(30, scale),
    files: scaled(10, scale),
    outlineFiles: scaled(30, scale),
    // No context row beside a kept match but at the conservative profile (one each side): the
    // matches are what the pattern found, and every context row is behind the marker. A
    // search's context took a third to a half of its cut output (shared corpus: 74 -> 82 %
    // saved) and held no must_keep of 19 corpora and held-out sets; a context row naming an
    // error stays as a standout.
    context: scaled(0.4, scale, 0),
    standouts: scaled(80, scale),
    // A quarter of the input at most: a search for an error word makes every row a standout.
    standoutChars: Math.min(scaled(12_000, scale), Math.round(length * STANDOUT_SHARE * scale)),
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
  /** Per entry: 1 for a standout row, shown as the tool printed it (path and all). */
  readonly verbatim: Uint8Array;
  /** Per entry: for a standout row, how many dropped rows read the same but for their numbers. */
  readonly repeats: Int32Array;
  readonly droppedMatches: number;
  readonly droppedContext: number;
  /** Kept rows longer than {@link LONG_ROW} characters, shown cut to their head (see render.ts). */
  readonly longRows: number;
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
export function selectRows(
  table: SearchTable,
  caps: SearchCaps,
  terms: readonly string[],
  input?: LineIndex,
): SearchSelection {
  const nFiles = table.files.length;
  const { byFile, fileStart } = groupByFile(table);
  const scores = new Uint8Array(table.count);
  const best = new Uint8Array(nFiles);
  const follows = multiLineFollows(table, byFile, fileStart);
  for (let e = 0; e < table.count; e++) {
    if (table.kind[e] !== MATCH) continue;
    const s = scoreText(table.source.slice(table.textStart[e], table.end[e]), terms);
    scores[e] = s;
    const f = table.file[e];
    if (f >= 0 && s > best[f]) best[f] = s;
  }
  // A multi-line match is one item: its first row stands for it, with the best score of its rows.
  const pickScores = follows === null ? scores : scores.slice();
  if (follows !== null) {
    for (let i = byFile.length - 1; i > 0; i--) {
      if (follows[byFile[i]] === 1)
        pickScores[byFile[i - 1]] = Math.max(pickScores[byFile[i - 1]], pickScores[byFile[i]]);
    }
  }
  const candidates: Candidate[] = [];
  const { deep, outline } = shownFiles(table, best, caps.files, caps.outlineFiles);
  // The total is shared out: when few files have matches, each shows more of them.
  const perFile = caps.perFile;
  for (const f of deep) {
    const picks = topMatches(table, byFile, fileStart[f], fileStart[f + 1], pickScores, perFile, follows);
    // A file's first match competes for the total with the file's best score.
    picks.forEach((entry, rank) => {
      candidates.push({ file: f, entry, score: rank === 0 ? best[f] : pickScores[entry], rank });
    });
  }
  candidates.sort((a, b) => b.score - a.score || a.rank - b.rank || a.file - b.file);
  const keep = new Uint8Array(table.count);
  const taken = Math.min(candidates.length, caps.total);
  for (let i = 0; i < taken; i++) keep[candidates[i].entry] = 1;
  for (let f = 0; f < nFiles; f++) keepAround(table, byFile, fileStart[f], fileStart[f + 1], keep, caps.context);
  // The files past the deep ones: each one's best match, as an outline row, without context.
  for (const f of outline) {
    const [entry] = topMatches(table, byFile, fileStart[f], fileStart[f + 1], pickScores, 1, follows);
    if (entry !== undefined) keep[entry] = 1;
  }
  keepSingleMatches(table, byFile, fileStart, keep);
  keepDistinctValues(table, byFile, fileStart, keep, deep.concat(outline), caps.perFile * VALUES_PER_CAP);
  if (follows !== null) keepWholeMatches(byFile, follows, keep);
  const { verbatim, repeats } = keepStandouts(table, keep, caps, scores, input);
  keepSmallCuts(table, byFile, fileStart, keep);
  const keptMatches = new Int32Array(nFiles);
  for (let e = 0; e < table.count; e++) {
    if (keep[e] === 1 && table.kind[e] === MATCH && table.file[e] >= 0) keptMatches[table.file[e]]++;
  }
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
  let longRows = 0;
  for (let e = 0; e < table.count; e++) if (keep[e] === 1 && isLongRow(table, e)) longRows++;
  return {
    keep,
    byFile,
    fileStart,
    keptMatches,
    verbatim,
    repeats,
    droppedMatches,
    droppedContext,
    longRows,
    filesWithDrops,
  };
}

/** Longest row of a file's one match shown in place of its `path (1 match)` line. */
const SINGLE_MATCH_CHARS = 160;

/**
 * Every file of one match shows it, past the deep and outline files too: the
 * row says where and what for little more than the `path (1 match)` line it
 * replaces (a path, a number and a short line), and an agent opens the file
 * at that line without a recall. A long row (a minified line) keeps the count.
 */
function keepSingleMatches(table: SearchTable, byFile: Int32Array, fileStart: Int32Array, keep: Uint8Array): void {
  for (let f = 0; f < table.files.length; f++) {
    if (table.files[f].matches !== 1) continue;
    for (let i = fileStart[f]; i < fileStart[f + 1]; i++) {
      const e = byFile[i];
      if (table.kind[e] === MATCH && table.end[e] - table.start[e] <= SINGLE_MATCH_CHARS) keep[e] = 1;
    }
  }
}

/** `selection` with every match row kept as well (context rows as they were). */
export function withEveryMatch(table: SearchTable, selection: SearchSelection): SearchSelection {
  const keep = selection.keep.slice();
  const keptMatches = new Int32Array(table.files.length);
  let longRows = 0;
  for (let e = 0; e < table.count; e++) {
    if (table.kind[e] === MATCH) keep[e] = 1;
    if (keep[e] === 1 && table.kind[e] === MATCH && table.file[e] >= 0) keptMatches[table.file[e]]++;
    if (keep[e] === 1 && isLongRow(table, e)) longRows++;
  }
  return { ...selection, keep, keptMatches, droppedMatches: 0, longRows, filesWithDrops: 0 };
}

/**
 * Keeps the first row of each file's distinct lines naming an error or a
 * failure (digits masked, indentation kept), up to the caps, and counts the
 * rows repeating each. Then, with what the caps leave, the same for the
 * matches of source files that throw, raise, panic or reject, define a
 * function or a type, or assert (see {@link subjectOf}), each kind when its
 * rows are no more than half of the matches (else they are what was searched
 * for, and the caps' picks sample them): where an error is made, where a name
 * is defined and what a test checks are facts of a search over code, though
 * after the errors of logs and what the salience pass reads as one, which
 * must stay first.
 */
function keepStandouts(
  table: SearchTable,
  keep: Uint8Array,
  caps: SearchCaps,
  scores: Uint8Array,
  input: LineIndex | undefined,
): { verbatim: Uint8Array; repeats: Int32Array } {
  const verbatim = new Uint8Array(table.count);
  const repeats = new Int32Array(table.count);
  const firstOf = new Map<string, number>();
  const isCode = table.files.map((file) => CODE_EXTENSIONS.has(extensionOf(file.path)));
  // Matches of source files that raise, define or assert and were no standout of the first
  // pass, in input order, with their kinds and the count of each kind.
  const raises: number[] = [];
  const subjects: number[] = [];
  const ofSubject = new Int32Array(RAISE_SUBJECT + 1);
  let rows = 0;
  let chars = 0;
  const take = (e: number, text: string, isRaise = false): void => {
    // Distinct per file: the same error in two files is two facts. The
    // indentation counts, as it does for the salience pass (the row's whole
    // line, digits masked): `} catch (error) {` at two depths is two lines to it.
    const key = `${table.file[e]}\n${text.trimEnd().replace(DIGITS_RE, "#")}`;
    const first = firstOf.get(key);
    if (first !== undefined) {
      if (keep[e] === 0) repeats[first]++;
      return;
    }
    const line = table.inputLine[e];
    // A standout is shown as its input line: that is what it costs. A raise is
    // no line the salience pass looks for: it shows as any kept row does (an
    // `rg --json` match as its text, not its message).
    const isPrinted = !isRaise || table.format === "text";
    const cost =
      isPrinted && input !== undefined && line >= 0 && line < input.count
        ? input.end(line) - input.start(line)
        : text.length;
    if (rows >= caps.standouts || chars + cost > caps.standoutChars) {
      // Past the caps a row the picks keep anyway still shows as printed, its
      // path and all (a path's length more): the salience pass reads it so.
      if (keep[e] === 1) {
        firstOf.set(key, e);
        if (isPrinted) verbatim[e] = 1;
      }
      return;
    }
    firstOf.set(key, e);
    keep[e] = 1;
    if (isPrinted) verbatim[e] = 1;
    rows++;
    chars += cost;
  };
  for (let e = 0; e < table.count; e++) {
    const kind = table.kind[e];
    if ((kind !== MATCH && kind !== CONTEXT) || table.file[e] < 0) continue;
    const text = table.source.slice(table.textStart[e], table.end[e]);
    const line = table.inputLine[e];
    const hasLine = input !== undefined && line >= 0 && line < input.count;
    // A row of a source file is a line of code, where an error word names a
    // type, a value or a branch (`) error {`, `Result<V, Error>`, `catch (error)`),
    // not a failure that happened: there only what the salience pass reads as
    // an error stands out. A match's score already says whether it holds an
    // error word (context rows have none).
    const code = isCode[table.file[e]];
    const isLevel = !code && (kind === MATCH ? isScoredStandout(text, scores[e]) : isStandout(text));
    if (isLevel || (hasLine ? isSalientRow(text, input.line(line), line) : isSalientRow(text, text))) take(e, text);
    else if (code && kind === MATCH) {
      const subject = isRaiseRow(text) ? RAISE_SUBJECT : subjectOf(text);
      if (subject !== NO_SUBJECT) {
        raises.push(e);
        subjects.push(subject);
        ofSubject[subject]++;
      }
    }
  }
  // A raise, a definition or an assertion stands out among other rows: in a search for `throw`
  // or `def` every row is one, and the caps' picks are the sample. Each kind is weighed apart:
  // the three `class` rows of a search for `def|class` still stand out among its forty `def`s.
  let matches = 0;
  for (const file of table.files) matches += file.matches;
  let n = 0;
  for (let i = 0; i < raises.length; i++) {
    if (ofSubject[subjects[i]] * 2 <= matches) raises[n++] = raises[i];
  }
  raises.length = n;
  // Spread over the files: each file's first raise, then each one's second…,
  // so that the caps cut the tail of long files, not the files late in the output.
  const rank = new Int32Array(raises.length);
  const seen = new Int32Array(table.files.length);
  for (let i = 0; i < raises.length; i++) rank[i] = seen[table.file[raises[i]]]++;
  const order = raises.map((_, i) => i).sort((a, b) => rank[a] - rank[b] || a - b);
  for (const i of order) take(raises[i], table.source.slice(table.textStart[raises[i]], table.end[raises[i]]), true);
  return { verbatim, repeats };
}

const DIGITS_RE = /\d+/g;
/** A row that throws, raises, panics or rejects: a kind beside {@link subjectOf}'s. */
const RAISE_SUBJECT = 4;

/**
 * Characters of dropped match rows (their bodies: the path shows either way)
 * a file may have and still lose them. A file's cut costs its `(N matches,
 * k shown)` note, a range in the marker and its share of the marker's words,
 * about this much: hiding fewer characters than that saves nothing.
 */
const SMALL_CUT = 48;

/**
 * Keeps the dropped matches of each file whose bodies (`102:https://…`, the
 * row without its path) come to at most {@link SMALL_CUT} characters: the
 * sixth short URL of an `rg -o`. A cut that hides less than what it costs
 * to say so is no cut.
 */
function keepSmallCuts(table: SearchTable, byFile: Int32Array, fileStart: Int32Array, keep: Uint8Array): void {
  for (let f = 0; f < table.files.length; f++) {
    let chars = 0;
    for (let i = fileStart[f]; i < fileStart[f + 1] && chars <= SMALL_CUT; i++) {
      const e = byFile[i];
      if (table.kind[e] === MATCH && keep[e] === 0) chars += table.end[e] - table.start[e] + 1;
    }
    if (chars === 0 || chars > SMALL_CUT) continue;
    for (let i = fileStart[f]; i < fileStart[f + 1]; i++) if (table.kind[byFile[i]] === MATCH) keep[byFile[i]] = 1;
  }
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

/**
 * The files whose rows may show, the best-scored first, then in order: the
 * first `cap` in depth, the next ones up to `outlineCap` by their best match alone.
 */
function shownFiles(
  table: SearchTable,
  best: Uint8Array,
  cap: number,
  outlineCap: number,
): { deep: number[]; outline: number[] } {
  const files = table.files;
  const withMatches: number[] = [];
  for (let f = 0; f < files.length; f++) if (files[f].matches > 0) withMatches.push(f);
  withMatches.sort((a, b) => best[b] - best[a] || a - b);
  const deep = withMatches.slice(0, cap).sort((a, b) => a - b);
  const outline = withMatches.slice(cap, Math.max(cap, outlineCap)).sort((a, b) => a - b);
  return { deep, outline };
}

/** A match row whose text (an offset or column aside) is this short reads as a value `-o` printed alone. */
const VALUE_ROW = 64;
/** Whether `c` is a space or a tab (what indents a line of code). */
function isSpaceCode(c: number): boolean {
  return c === 32 || c === 9;
}

/** Distinct values a file may show, per match of the per-file cap. */
const VALUES_PER_CAP = 6;
/** A leading byte offset or column (`grep -b`, `rg --column`): not part of the value. */
const OFFSET_RE = /^\d+:/;

/**
 * Keeps the first row of each distinct value (up to `cap` a file) of the
 * files whose match rows are all values (`grep -o`, `rg -o`: at most
 * {@link VALUE_ROW} characters each) and that repeat one another: the
 * distinct values (`process.env.VISUAL`, an error code) are the facts of
 * such a search, and their repeats are what the marker may hold.
 */
function keepDistinctValues(
  table: SearchTable,
  byFile: Int32Array,
  fileStart: Int32Array,
  keep: Uint8Array,
  files: readonly number[],
  cap: number,
): void {
  // `-o` prints no context, and a value is the match itself: no indentation before it.
  if (table.hasContext) return;
  const seen = new Set<string>();
  for (const f of files) {
    seen.clear();
    let isValues = true;
    let repeats = 0;
    for (let i = fileStart[f]; i < fileStart[f + 1] && isValues; i++) {
      const e = byFile[i];
      if (table.kind[e] !== MATCH) continue;
      const value = table.source.slice(table.textStart[e], table.end[e]).replace(OFFSET_RE, "");
      if (value.length > VALUE_ROW || value.length === 0 || isSpaceCode(value.charCodeAt(0))) isValues = false;
      else if (seen.has(value)) repeats++;
      else seen.add(value);
    }
    if (!isValues || repeats === 0) continue;
    seen.clear();
    for (let i = fileStart[f]; i < fileStart[f + 1] && seen.size < cap; i++) {
      const e = byFile[i];
      if (table.kind[e] !== MATCH) continue;
      const value = table.source.slice(table.textStart[e], table.end[e]).replace(OFFSET_RE, "");
      if (seen.has(value)) continue;
      seen.add(value);
      keep[e] = 1;
    }
  }
}

/**
 * Share of match rows that must sit in short runs (2 to {@link MAX_RUN} rows
 * on consecutive lines of one file) for the output to read as multi-line
 * matches (`rg -U`), where a `catch (e) {` row and the `throw` row under it
 * are one match. Adjacent hits of a line search come in runs of any length
 * (a test data file's block of cases) or alone.
 */
const MULTI_LINE_SHARE = 0.5;
const MAX_RUN = 3;

/**
 * Per entry, 1 for a match row that continues the match row before it in its
 * file (the next line number) within a short run, when the match rows read as
 * multi-line matches; else null (adjacent matches of a line search are separate).
 */
function multiLineFollows(table: SearchTable, byFile: Int32Array, fileStart: Int32Array): Uint8Array | null {
  const follows = new Uint8Array(table.count);
  let matches = 0;
  let inShortRuns = 0;
  for (let f = 0; f < table.files.length; f++) {
    let run = 0;
    const close = (end: number): void => {
      if (run >= 2 && run <= MAX_RUN) inShortRuns += run;
      else for (let j = end - run + 2; j <= end; j++) follows[byFile[j]] = 0;
      run = 0;
    };
    let last = -1;
    for (let i = fileStart[f]; i < fileStart[f + 1]; i++) {
      const e = byFile[i];
      if (table.kind[e] !== MATCH) continue;
      matches++;
      if (last >= 0 && table.lineNo[e] > 0 && table.lineNo[e] === table.lineNo[byFile[last]] + 1 && last === i - 1) {
        follows[e] = 1;
        run++;
      } else {
        if (last >= 0) close(last);
        run = 1;
      }
      last = i;
    }
    if (last >= 0) close(last);
  }
  return matches > 0 && inShortRuns >= matches * MULTI_LINE_SHARE ? follows : null;
}

/** Keeps every row of each multi-line match whose first row is kept. */
function keepWholeMatches(byFile: Int32Array, follows: Uint8Array, keep: Uint8Array): void {
  for (let i = 1; i < byFile.length; i++) {
    if (follows[byFile[i]] === 1 && keep[byFile[i - 1]] === 1) keep[byFile[i]] = 1;
  }
}

/**
 * The `cap` match entries of one file's range to show: its first match, then
 * the best of the others (highest score first, earlier first among equals).
 * The first match leads whatever the scores: it is where the file's hits
 * begin (often the declaration or the import), and rows that score only for
 * holding an error word (`Z_DATA_ERROR` in a search for `@deprecated`) must
 * not push it out of view. A text not yet shown goes before any repeat of one
 * that is (repeats fill what is left, best first): a file's twenty `/** @deprecated *\/` rows
 * are one fact, and the rows after them that say what to use instead are
 * others.
 */
function topMatches(
  table: SearchTable,
  byFile: Int32Array,
  from: number,
  to: number,
  scores: Uint8Array,
  cap: number,
  follows: Uint8Array | null = null,
): number[] {
  const picks: number[] = [];
  let first = -1;
  for (let i = from; i < to && first < 0; i++) if (table.kind[byFile[i]] === MATCH) first = byFile[i];
  if (first < 0 || cap <= 0) return picks;
  picks.push(first);
  const shownTexts = new Set<string>([rowText(table, first)]);
  const repeats: number[] = [];
  const level: number[] = [];
  for (let s = MAX_SCORE; s >= 0 && picks.length < cap; s--) {
    level.length = 0;
    for (let i = from; i < to; i++) {
      const e = byFile[i];
      if (e === first || table.kind[e] !== MATCH || scores[e] !== s || follows?.[e] === 1) continue;
      const text = rowText(table, e);
      if (shownTexts.has(text)) {
        // Only the best `cap` repeats can ever be picked.
        if (repeats.length < cap) repeats.push(e);
      } else {
        shownTexts.add(text);
        level.push(e);
      }
    }
    // More rows of this score than places: they are sampled evenly over the file, its
    // last hit included (where a class registers what it built, a test asserts last).
    const room = cap - picks.length;
    if (level.length <= room) for (const e of level) picks.push(e);
    else for (let j = 1; j <= room; j++) picks.push(level[Math.floor((j * level.length) / room) - 1]);
  }
  // Repeats, best first, fill what the distinct texts left.
  for (let i = 0; i < repeats.length && picks.length < cap; i++) picks.push(repeats[i]);
  return picks;
}

/** A match row's text, trimmed: rows that differ only in their indentation read the same. */
function rowText(table: SearchTable, e: number): string {
  return table.source.slice(table.textStart[e], table.end[e]).trim();
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
