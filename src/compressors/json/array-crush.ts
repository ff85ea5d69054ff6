import { renderJson } from "./render.js";
import { JsonObject, decodeString, isStringScalar, numberValue, type JsonNode } from "./tree.js";
import type { IdentifierKeys } from "./identifier-keys.js";
import { ROW_IS_ERROR, ROW_MATCHES, RowScanner } from "./row-scan.js";
import { JsonRows } from "./rows.js";

// Re-exported for the tabular compressor, which reads error words the same way.
export { ERROR_HINT_RE, isErrorValue } from "./row-scan.js";

/**
 * Picks which rows of a long homogeneous array (all objects, or all scalars)
 * stay visible. Rows the agent needs are always kept: errors and failures,
 * rare status values, rare values of any column of few values, numeric outliers, fields most rows lack, matches of the
 * caller's query, the top rows by score, the rows around a change in a time
 * series, and the first and last few. The rest of the budget goes to evenly
 * strided distinct rows. Kept rows stay as they were, in their order; the
 * caller replaces the dropped ones by one marker.
 *
 * It declines (null) when the array is short, or when its rows are distinct
 * entities (unique ids) with nothing that sets any row apart: then every row
 * is equally likely to be the one the agent wants, and sampling would hide it.
 */

/** How many rows to keep and what the caller is looking for. */
export interface CrushPolicy {
  /** Rows kept in all, unless more rows than this carry a signal (those are all kept). */
  budget: number;
  /** Arrays of at most this many rows are never crushed. */
  minRows: number;
  head: number;
  tail: number;
  /** Rows kept from the top of a score-ranked array. */
  topScores: number;
  /** Lowercased terms from the caller's query. */
  queryTerms: readonly string[];
  identifiers: IdentifierKeys;
  /** The rows are the values of an object, so their keys already tell them apart. */
  keyedByIdentity: boolean;
  /** Shared across the arrays of one document so each distinct value is read once; one per call when absent. */
  scanner?: RowScanner;
}

/** The rows to keep and what the marker for the rest should say. */
export interface RowSelection {
  /** Indices of kept rows, ascending. */
  kept: number[];
  dropped: number;
  /** Marker summary: "41 rows omitted (status=200)". */
  summary: string;
}

const STATUS_FIELDS: ReadonlySet<string> = new Set([
  "status",
  "state",
  "level",
  "severity",
  "code",
  "result",
  "outcome",
  "conclusion",
  "ok",
  "success",
  "passed",
  "exitcode",
  "statuscode",
  "httpstatus",
  "loglevel",
  "priority",
  "type",
  "kind",
]);
const SCORE_FIELDS: ReadonlySet<string> = new Set(["score", "relevance", "rank", "similarity", "searchscore"]);
const TIME_FIELD_RE = /^(?:ts|t|time|timestamp|date|datetime|created|updated)$|_at$|At$|_time$|Time$/;
/** A value is rare when it holds at most this share of the rows. */
const RARE_SHARE = 0.25;
/**
 * A field most rows lack sets its rows apart, unless, past 100 rows, it is in
 * more than this many rows and this share of them and its values repeat (at
 * most one distinct string or small container per {@link FAMILY_REPEATS}
 * rows): `os`/`cpu` in 69 of 281 lockfile entries (10 and 9 values) name a
 * family of records, the platform binaries, not standouts. A field of
 * numbers or distinct values (a trace's `dur` in its 167 complete events of
 * 840) still marks every row.
 */
const SPARSE_ROWS = 25;
const SPARSE_SHARE = 0.1;
const FAMILY_REPEATS = 4;

/** Whether the rows holding a field each stand out for holding it. */
function isSparseSignal(col: Column, n: number): boolean {
  const size = col.present.length;
  if (size > n * RARE_SHARE) return false;
  if (size <= Math.max(SPARSE_ROWS, n * SPARSE_SHARE)) return true;
  const values = new Set<string>();
  for (let k = 0; k < size; k++) {
    const v = categoryValue(valueAt(col, k));
    if (v === null) return true;
    values.add(v);
    if (values.size * FAMILY_REPEATS > size) return true;
  }
  return false;
}

/** Numbers this many standard deviations from their column's mean are outliers. */
export const OUTLIER_SIGMAS = 2;

function fieldWord(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, "");
}

/** Lowercased terms worth matching from a free-text query: quoted phrases, ids, numbers, words of 3+ letters. */
export function queryTerms(query: string | undefined): string[] {
  if (query === undefined || query.trim() === "") return [];
  const terms = new Set<string>();
  let rest = query;
  const quoted = /"([^"]{1,200})"|'([^']{1,200})'/g;
  for (let m = quoted.exec(query); m !== null; m = quoted.exec(query)) terms.add((m[1] ?? m[2]).toLowerCase());
  rest = query.replace(quoted, " ");
  for (const word of rest.split(/[^\p{L}\p{N}_\-./:@#]+/u)) {
    const w = trimSeparators(word).toLowerCase();
    if (w.length >= 3 || /[0-9]/.test(w)) if (!STOP_WORDS.has(w)) terms.add(w);
    if (terms.size >= 16) break;
  }
  return [...terms].filter((t) => t !== "");
}

const STOP_WORDS: ReadonlySet<string> = new Set([
  "the",
  "and",
  "for",
  "with",
  "that",
  "this",
  "from",
  "are",
  "was",
  "were",
  "what",
  "which",
  "where",
  "when",
  "how",
  "why",
  "who",
  "all",
  "any",
  "not",
  "but",
  "has",
  "have",
  "had",
  "show",
  "find",
  "get",
  "list",
  "give",
  "into",
  "about",
  "there",
  "their",
  "them",
  "then",
  "than",
  "its",
  "does",
  "did",
]);

/**
 * The rows holding a key and their values under it: `values` for objects,
 * or position `at` of a block's rows (read one value at a time, see rows.ts).
 */
interface Column {
  present: number[];
  values: JsonNode[];
  block: JsonRows | null;
  at: number;
}

/** The `k`th value of a column. */
function valueAt(col: Column, k: number): JsonNode {
  return col.block === null ? col.values[k] : col.block.value(k, col.at);
}

/** The numeric value of a column's `k`th value (see `numberValue`), without making a block's non-numbers. */
function numberAt(col: Column, k: number): number | null {
  if (col.block === null) return numberValue(col.values[k]);
  const c = col.block.firstUnit(k, col.at);
  return c !== 45 && (c < 48 || c > 57) ? null : Number(col.block.value(k, col.at));
}

/** The columns of a block: every row holds every key. */
function blockColumns(block: JsonRows, all: number[]): Map<string, Column> {
  const columns = new Map<string, Column>();
  columnSlots(block.keys, columns).forEach((col, i) => {
    if (col === null) return;
    col.present = all;
    col.block = block;
    col.at = i;
  });
  return columns;
}

/**
 * The columns of an array of objects, in order of first appearance. Rows that
 * share one key array (the parser hands one to rows with the same keys) reuse
 * the previous row's column lookup; when all rows share it, each column is
 * one exactly-sized copy (`all` is the list of every row index).
 */
function columnsOf(rows: JsonNode[], all: number[]): Map<string, Column> {
  const columns = new Map<string, Column>();
  const first = rows[0];
  if (first instanceof JsonObject && rows.every((row) => row instanceof JsonObject && row.keys === first.keys)) {
    columnSlots(first.keys, columns).forEach((col, i) => {
      if (col === null) return;
      col.present = all;
      col.values = rows.map((row) => (row as JsonObject).values[i]);
    });
    return columns;
  }
  let keys: string[] | null = null;
  let slots: Array<Column | null> = [];
  rows.forEach((row, r) => {
    if (!(row instanceof JsonObject)) return;
    if (row.keys !== keys) {
      keys = row.keys;
      slots = columnSlots(keys, columns);
    }
    for (let i = 0; i < slots.length; i++) {
      const col = slots[i];
      if (col === null) continue;
      col.present.push(r);
      col.values.push(row.values[i]);
    }
  });
  return columns;
}

/** The column of each key, creating missing ones; null for a key repeated inside the row (it counts once, by its first value). */
function columnSlots(keys: string[], columns: Map<string, Column>): Array<Column | null> {
  const slots: Array<Column | null> = [];
  for (const raw of keys) {
    const name = decodeString(raw);
    let col = columns.get(name);
    if (col === undefined) columns.set(name, (col = { present: [], values: [], block: null, at: 0 }));
    slots.push(slots.includes(col) ? null : col);
  }
  return slots;
}

function markErrorsAndQuery(rows: JsonNode[] | JsonRows, scanner: RowScanner, keep: Set<number>): void {
  const n = rows instanceof JsonRows ? rows.count : rows.length;
  const flags = new Uint8Array(n);
  let errors = 0;
  for (let r = 0; r < n; r++) {
    flags[r] = rows instanceof JsonRows ? scanner.scanBlockRow(rows, r) : scanner.scan(rows[r]);
    if ((flags[r] & ROW_IS_ERROR) !== 0) errors++;
  }
  // When most rows carry an error word it no longer sets any row apart.
  const errorsCount = errors * 2 <= n;
  for (let r = 0; r < n; r++) {
    if (((flags[r] & ROW_IS_ERROR) !== 0 && errorsCount) || (flags[r] & ROW_MATCHES) !== 0) keep.add(r);
  }
}

/** Rows whose value is rare in a status-like column: the 3 failures among 200 successes. */
function markRareStatus(name: string, col: Column, n: number, keep: Set<number>): void {
  if (!STATUS_FIELDS.has(fieldWord(name))) return;
  const counts = new Map<string, number>();
  const size = col.present.length;
  for (let k = 0; k < size; k++) {
    const v = valueAt(col, k);
    if (typeof v === "string") counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  if (counts.size < 2) return;
  let mode = "";
  let modeCount = -1;
  for (const [v, c] of counts) if (c > modeCount) [mode, modeCount] = [v, c];
  for (let k = 0; k < size; k++) {
    const v = valueAt(col, k);
    if (typeof v === "string" && v !== mode && (counts.get(v) as number) <= n * RARE_SHARE) keep.add(col.present[k]);
  }
}

/** A category column has at most this many distinct values… */
const CATEGORY_VALUES = 6;
/** …one of them in at least this share of the rows… */
const CATEGORY_MODE_SHARE = 0.75;
/** …and its rare values stand out when each is in at most this share of the rows and this many rows. */
const CATEGORY_RARE_SHARE = 0.15;
const CATEGORY_RARE_ROWS = 8;
/** A nested value longer than this, rendered, is no category. */
const CATEGORY_VALUE_CHARS = 120;

/** A category value of `v`: a string or boolean lexeme, or a small container rendered; null for anything else. */
function categoryValue(v: JsonNode): string | null {
  if (typeof v === "string") return isStringScalar(v) || v === "true" || v === "false" ? v : null;
  const size = Array.isArray(v) ? v.length : v.keys.length;
  if (size > 4) return null;
  const shown = renderJson(v, ":");
  return shown.length <= CATEGORY_VALUE_CHARS ? shown : null;
}

/**
 * Rows whose value is rare in a category column of any name: a column of at
 * most {@link CATEGORY_VALUES} distinct values, one of them in most rows
 * (`"licenses": [{"license": {"id": "MIT"}}]` in 47 of 50 SBOM components).
 * A small nested value counts as one value, so the one BSD-3-Clause package
 * stands out as a failed status does. Stops reading a column at its fourth
 * distinct value.
 */
function markRareCategory(col: Column, n: number, keep: Set<number>): void {
  const size = col.present.length;
  if (size < n * CATEGORY_MODE_SHARE) return;
  const counts = new Map<string, number>();
  const values: string[] = [];
  for (let k = 0; k < size; k++) {
    const v = categoryValue(valueAt(col, k));
    if (v === null) return;
    const count = counts.get(v);
    if (count === undefined && counts.size === CATEGORY_VALUES) return;
    counts.set(v, (count ?? 0) + 1);
    values.push(v);
  }
  if (counts.size < 2) return;
  let modeCount = 0;
  for (const c of counts.values()) modeCount = Math.max(modeCount, c);
  if (modeCount < n * CATEGORY_MODE_SHARE) return;
  for (let k = 0; k < size; k++) {
    const c = counts.get(values[k]) as number;
    if (c < modeCount && c <= n * CATEGORY_RARE_SHARE && c <= CATEGORY_RARE_ROWS) keep.add(col.present[k]);
  }
}

/** The column's numbers when every value is a finite number and they fill 80 % of the rows; null at the first value that is not. */
function numericColumn(col: Column, n: number): number[] | null {
  const nums: number[] = [];
  const size = col.present.length;
  for (let k = 0; k < size; k++) {
    const x = numberAt(col, k);
    if (x === null || !Number.isFinite(x)) return null;
    nums.push(x);
  }
  return nums.length >= n * 0.8 ? nums : null;
}

/**
 * The item counts of a column whose every value is an array (a media type's
 * `extensions`, a package's `keywords`), or null: a record with far more
 * items than the others stands out as a large number does (the type that
 * eight file extensions map to). Read over the rows whose array holds
 * items, however few: a missing or empty array says the record has none
 * (a crate's one feature among crates of none is no outlier). A block's
 * values are scalars (containers are opaque there), so it has none.
 */
function arraySizes(col: Column): { rows: number[]; sizes: number[] } | null {
  if (col.block !== null) return null;
  const rows: number[] = [];
  const sizes: number[] = [];
  for (let k = 0; k < col.values.length; k++) {
    const v = col.values[k];
    if (!Array.isArray(v)) return null;
    if (v.length === 0) continue;
    rows.push(col.present[k]);
    sizes.push(v.length);
  }
  return rows.length < 3 ? null : { rows, sizes };
}

/**
 * Positions (ascending) of the numbers more than {@link OUTLIER_SIGMAS}
 * standard deviations from their mean; none for fewer than 3 numbers.
 * Shared with the tabular compressor, so tables and arrays agree on outliers.
 */
export function outlierPositions(xs: ArrayLike<number>): number[] {
  const n = xs.length;
  const found: number[] = [];
  if (n < 3) return found;
  let mean = 0;
  for (let k = 0; k < n; k++) mean += xs[k];
  mean /= n;
  let variance = 0;
  for (let k = 0; k < n; k++) variance += (xs[k] - mean) * (xs[k] - mean);
  const sigma = Math.sqrt(variance / n);
  if (!(sigma > 0)) return found;
  for (let k = 0; k < n; k++) if (Math.abs(xs[k] - mean) > OUTLIER_SIGMAS * sigma) found.push(k);
  return found;
}

/** Rows more than 2σ from the mean of a numeric column. */
function markOutliers(rowsOf: number[], xs: number[], keep: Set<number>): void {
  for (const k of outlierPositions(xs)) keep.add(rowsOf[k]);
}

/** Rows on both sides of a jump much larger than the series' usual step. */
function markChangePoints(rowsOf: number[], xs: number[], keep: Set<number>): void {
  if (xs.length < 4) return;
  const steps: number[] = [];
  for (let k = 1; k < xs.length; k++) steps.push(Math.abs(xs[k] - xs[k - 1]));
  const sorted = [...steps].sort((a, b) => a - b);
  const usual = sorted[sorted.length >> 1];
  const found: number[] = [];
  steps.forEach((d, k) => {
    if (d > 0 && d > 3 * usual) found.push(k + 1);
  });
  // Jumps everywhere are noise, not change points.
  if (found.length * 4 > xs.length) return;
  for (const k of found) {
    keep.add(rowsOf[k - 1]);
    keep.add(rowsOf[k]);
  }
}

function markTopScores(rowsOf: number[], xs: number[], top: number, keep: Set<number>): void {
  const order = xs.map((_, k) => k).sort((a, b) => xs[b] - xs[a] || a - b);
  for (const k of order.slice(0, top)) keep.add(rowsOf[k]);
}

/** Most common value of a status-like column among dropped rows, for the marker ("status=200"). */
function dominantStatus(columns: Map<string, Column>, isDropped: Uint8Array, dropped: number): string {
  const counts = new Map<string, number>();
  for (const [name, col] of columns) {
    if (!STATUS_FIELDS.has(fieldWord(name))) continue;
    // Count raw values first: a label per distinct value, not per row.
    const byValue = new Map<string, number>();
    for (let k = 0; k < col.present.length; k++) {
      if (isDropped[col.present[k]] === 0) continue;
      const value = valueAt(col, k);
      if (typeof value === "string") byValue.set(value, (byValue.get(value) ?? 0) + 1);
    }
    for (const [value, c] of byValue) {
      const label = `${name}=${isStringScalar(value) ? decodeString(value) : value}`;
      counts.set(label, (counts.get(label) ?? 0) + c);
    }
  }
  let best = "";
  let bestCount = 0;
  for (const [label, c] of counts)
    if (c > bestCount || (c === bestCount && label < best)) [best, bestCount] = [label, c];
  return bestCount * 2 > dropped && best.length <= 40 ? ` (${best})` : "";
}

/**
 * A row's keys and scalar values, each container as \u0001 (no lexeme holds a
 * raw control character, so the joins cannot be ambiguous), ending in \u0001
 * when the row holds a container. Identical rows share it; for flat rows it
 * is the whole signature.
 */
function rowOutline(row: JsonNode): string {
  if (typeof row === "string") return row;
  if (Array.isArray(row)) return "\u0001";
  let hasContainer = false;
  const values = row.values.map((v) => {
    if (typeof v === "string") return v;
    hasContainer = true;
    return "\u0001";
  });
  return `${row.keys.join(",")}\u0000${values.join(",")}${hasContainer ? "\u0000\u0001" : ""}`;
}

/** Evenly strided picks from `pool`, `count` of them. */
function strided(pool: number[], count: number): number[] {
  const picks: number[] = [];
  if (count <= 0 || pool.length === 0) return picks;
  if (count >= pool.length) return pool;
  for (let j = 0; j < count; j++) picks.push(pool[Math.floor(((j + 0.5) * pool.length) / count)]);
  return picks;
}

/** Whether a column is in every row with pairwise distinct values (at most one of them a container). */
function isDistinctColumn(col: Column, n: number): boolean {
  if (col.present.length !== n) return false;
  if (isIncreasing(col)) return true;
  const seen = new Set<string>();
  for (let k = 0; k < n; k++) {
    const v = valueAt(col, k);
    const key = typeof v === "string" ? v : "\u0000";
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/** Whether every value is a number, each larger than the one before: distinct without hashing (ids, sequences). */
function isIncreasing(col: Column): boolean {
  let last = -Infinity;
  for (let k = 0; k < col.present.length; k++) {
    const x = numberAt(col, k);
    if (x === null || !(x > last)) return false;
    last = x;
  }
  return true;
}

/**
 * The first row of each set of identical rows, in order. A column whose
 * values all differ proves every row distinct; otherwise rows are told apart
 * by their keys and scalar values first, and only rows that agree on those
 * are rendered whole (rendering every nested row was most of the cost).
 */
function firstOfEach(
  rowsOf: () => JsonNode[],
  all: number[],
  columns: Map<string, Column>,
  isDistinct: (name: string, col: Column) => boolean,
): number[] {
  for (const [name, col] of columns) if (isDistinct(name, col)) return all;
  const rows = rowsOf();
  const outlines = rows.map(rowOutline);
  const sharers = new Map<string, number>();
  for (const outline of outlines) sharers.set(outline, (sharers.get(outline) ?? 0) + 1);
  const firstOf = new Set<string>();
  const candidates: number[] = [];
  rows.forEach((row, r) => {
    const outline = outlines[r];
    if (sharers.get(outline) === 1) candidates.push(r);
    else {
      const signature =
        typeof row === "string" || outline.charCodeAt(outline.length - 1) !== 1 ? outline : renderJson(row, ":");
      if (!firstOf.has(signature)) {
        firstOf.add(signature);
        candidates.push(r);
      }
    }
  });
  return candidates;
}

/** Chooses the rows of `rows` to keep, or null to keep them all. */
export function selectRows(rows: JsonNode[] | JsonRows, policy: CrushPolicy): RowSelection | null {
  const isBlock = rows instanceof JsonRows;
  const n = isBlock ? rows.count : rows.length;
  if (n <= Math.max(policy.minRows, policy.budget)) return null;
  const isRecords = isBlock || rows.every((r) => r instanceof JsonObject);
  const isValues = !isRecords && rows.every((r) => typeof r === "string");
  if (!isRecords && !isValues) return null;

  // Signals are read over every row (a series keeps its order, a repeated
  // error is still an error); duplicates only leave the pool the fill draws from.
  const all: number[] = [];
  for (let r = 0; r < n; r++) all.push(r);
  const keep = new Set<number>();
  markErrorsAndQuery(rows, policy.scanner ?? new RowScanner(policy.identifiers, policy.queryTerms), keep);

  const distinctByName = new Map<string, boolean>();
  const isDistinct = (name: string, col: Column): boolean => {
    let known = distinctByName.get(name);
    if (known === undefined) distinctByName.set(name, (known = isDistinctColumn(col, n)));
    return known;
  };
  let hasUniqueId = policy.keyedByIdentity;
  // Kept once the array is crushed, but no reason to crush an array of distinct entities on its own.
  const rareCategories = new Set<number>();
  const columns = isBlock ? blockColumns(rows, all) : isRecords ? columnsOf(rows, all) : new Map<string, Column>();
  if (isRecords) {
    const timeSeries = [...columns.keys()].some((name) => TIME_FIELD_RE.test(name));
    for (const [name, col] of columns) {
      if (isSparseSignal(col, n)) for (const r of col.present) keep.add(r);
      markRareStatus(name, col, n, keep);
      const isId = policy.identifiers.has(name);
      if (!isId && !STATUS_FIELDS.has(fieldWord(name))) markRareCategory(col, n, rareCategories);
      if (isId && isDistinct(name, col)) hasUniqueId = true;
      const arrays = arraySizes(col);
      if (arrays !== null) markOutliers(arrays.rows, arrays.sizes, keep);
      const xs = isId ? null : numericColumn(col, n);
      if (xs === null) continue;
      if (SCORE_FIELDS.has(fieldWord(name))) markTopScores(col.present, xs, policy.topScores, keep);
      else {
        markOutliers(col.present, xs, keep);
        if (timeSeries && !TIME_FIELD_RE.test(name)) markChangePoints(col.present, xs, keep);
      }
    }
  } else {
    const col: Column = { present: all, values: rows as JsonNode[], block: null, at: 0 };
    const xs = numericColumn(col, n);
    if (xs !== null) {
      markOutliers(all, xs, keep);
      markChangePoints(all, xs, keep);
    }
  }

  // Identical rows say nothing new: only the first of each is a candidate.
  const candidates = firstOfEach(() => (isBlock ? rows.rows() : rows), all, columns, isDistinct);
  const duplicates = n - candidates.length;
  const m = candidates.length;
  if (isRecords && keep.size === 0 && hasUniqueId && duplicates === 0) return null;
  for (const r of rareCategories) keep.add(r);

  for (const r of candidates.slice(0, policy.head)) keep.add(r);
  for (const r of candidates.slice(Math.max(0, m - policy.tail))) keep.add(r);
  const pool = candidates.filter((r) => !keep.has(r));
  for (const r of strided(pool, policy.budget - keep.size)) keep.add(r);
  if (keep.size >= n) return null;

  const kept = [...keep].sort((a, b) => a - b);
  const isDropped = new Uint8Array(n).fill(1);
  for (const r of kept) isDropped[r] = 0;
  const dropped = n - kept.length;
  const unit = policy.keyedByIdentity ? "entries" : isRecords ? "rows" : "items";
  const dupNote = duplicates > 0 ? `, ${duplicates} duplicates` : "";
  const status = isRecords ? dominantStatus(columns, isDropped, dropped) : "";
  return { kept, dropped, summary: `${dropped} ${unit} omitted${status}${dupNote}` };
}

/** `word` without leading and trailing `.`, `-`, `/`, `:` (a scan: `[.\-/:]+$` re-reads a run from each of its marks). */
function trimSeparators(word: string): string {
  const isSeparator = (c: number) => c === 46 || c === 45 || c === 47 || c === 58;
  let start = 0;
  let end = word.length;
  while (start < end && isSeparator(word.charCodeAt(start))) start++;
  while (end > start && isSeparator(word.charCodeAt(end - 1))) end--;
  return word.slice(start, end);
}
