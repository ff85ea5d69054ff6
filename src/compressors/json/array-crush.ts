import { renderJson } from "./render.js";
import { JsonObject, decodeString, isStringScalar, numberValue, type JsonNode } from "./tree.js";
import { isIdentifierValue, type IdentifierKeys } from "./identifier-keys.js";

/**
 * Picks which rows of a long homogeneous array (all objects, or all scalars)
 * stay visible. Rows the agent needs are always kept: errors and failures,
 * rare status values, numeric outliers, fields most rows lack, matches of the
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
}

/** The rows to keep and what the marker for the rest should say. */
export interface RowSelection {
  /** Indices of kept rows, ascending. */
  kept: number[];
  dropped: number;
  /** Marker summary: "41 rows omitted (status=200)". */
  summary: string;
}

// Error words inside prose ("Error: connection refused", "2 tests failed").
const ERROR_WORD_RE = /\b(?:errors?|exceptions?|fail(?:s|ed|ure|ures|ing)?|fatal|panic(?:s|ked)?|timeout|timed out|denied|rejected|refused|crash(?:ed|es)?|abort(?:ed)?|critical|unauthori[sz]ed|forbidden)\b/i;
// CamelCase error names ("TypeError", "IOException").
const ERROR_NAME_RE = /[a-z0-9](?:Error|Exception|Failure)\b/;
// A value that is one token counts only when it is the word itself ("failed", "ERROR"),
// not when it merely contains it (feature "no-panic", file "panics.rs").
const ERROR_TOKEN_RE = /^(?:errors?|exceptions?|fail(?:s|ed|ure)?|fatal|panic(?:ked)?|timeout|timed_out|denied|rejected|refused|crash(?:ed)?|abort(?:ed)?|critical|unauthori[sz]ed|forbidden|err|ko)$/i;
const SPACE_RE = /\s/;

/**
 * Matches (case-insensitively) inside every text {@link isErrorValue} accepts:
 * a cheap first pass for finding error words in a whole document, each hit
 * then confirmed on its own value. Keep it in step with the three patterns above.
 */
export const ERROR_HINT_RE = /error|exception|fail|fatal|panic|timeout|timed.out|denied|rejected|refused|crash|abort|critical|unauthori[sz]ed|forbidden|\berr\b|\bko\b/i;

const STATUS_FIELDS: ReadonlySet<string> = new Set([
  "status", "state", "level", "severity", "code", "result", "outcome", "conclusion", "ok", "success",
  "passed", "exitcode", "statuscode", "httpstatus", "loglevel", "priority", "type", "kind",
]);
const SCORE_FIELDS: ReadonlySet<string> = new Set(["score", "relevance", "rank", "similarity", "searchscore"]);
const TIME_FIELD_RE = /^(?:ts|t|time|timestamp|date|datetime|created|updated)$|_at$|At$|_time$|Time$/;
/** Scalars walked per row when looking for words; bounds the cost of huge rows. */
const ROW_SCAN_LIMIT = 4096;
/** A value is rare when it holds at most this share of the rows. */
const RARE_SHARE = 0.25;
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
    const w = word.replace(/^[.\-/:]+|[.\-/:]+$/g, "").toLowerCase();
    if (w.length >= 3 || /[0-9]/.test(w)) if (!STOP_WORDS.has(w)) terms.add(w);
    if (terms.size >= 16) break;
  }
  return [...terms].filter((t) => t !== "");
}

const STOP_WORDS: ReadonlySet<string> = new Set([
  "the", "and", "for", "with", "that", "this", "from", "are", "was", "were", "what", "which", "where",
  "when", "how", "why", "who", "all", "any", "not", "but", "has", "have", "had", "show", "find", "get",
  "list", "give", "into", "about", "there", "their", "them", "then", "than", "its", "does", "did",
]);

/** What a row's texts say: whether one carries an error word, whether one matches the query. */
interface RowFlags {
  isError: boolean;
  matchesQuery: boolean;
}

/**
 * Whether a value says something failed: an error word in prose, a CamelCase
 * error name, or a one-word value that is the word itself ("failed", not
 * "es-errors"). Identifier-shaped values (paths, urls, hashes) never do.
 * Shared with the tabular compressor, so tables and arrays agree on errors.
 */
export function isErrorValue(text: string): boolean {
  const isError = SPACE_RE.test(text) ? ERROR_WORD_RE.test(text) || ERROR_NAME_RE.test(text) : ERROR_TOKEN_RE.test(text) || ERROR_NAME_RE.test(text);
  return isError && !isIdentifierValue(text);
}

function matchesAny(text: string, terms: readonly string[]): boolean {
  const lower = text.toLowerCase();
  for (const t of terms) if (lower.includes(t)) return true;
  return false;
}

/**
 * Scans the scalars inside `row` (up to the scan limit). Values of identifier
 * keys and identifier-shaped values are not prose, so they never count as
 * errors ("panics.rs", feature "no-panic"); they do match queries (ids).
 */
function scanRow(row: JsonNode, identifiers: IdentifierKeys, terms: readonly string[]): RowFlags {
  const flags: RowFlags = { isError: false, matchesQuery: false };
  const wantsQuery = terms.length > 0;
  const stack: JsonNode[] = [row];
  const isIdStack: boolean[] = [false];
  let seen = 0;
  while (stack.length > 0 && seen < ROW_SCAN_LIMIT) {
    const node = stack.pop() as JsonNode;
    const isId = isIdStack.pop() as boolean;
    seen++;
    if (typeof node === "string") {
      if (isStringScalar(node)) {
        const text = decodeString(node);
        if (!flags.isError && !isId && isErrorValue(text)) flags.isError = true;
        if (wantsQuery && !flags.matchesQuery && matchesAny(text, terms)) flags.matchesQuery = true;
      } else if (wantsQuery && !flags.matchesQuery && matchesAny(node, terms)) flags.matchesQuery = true;
      if (flags.isError && (flags.matchesQuery || !wantsQuery)) break;
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        stack.push(node[i]);
        isIdStack.push(isId);
      }
    } else {
      for (let i = node.values.length - 1; i >= 0; i--) {
        stack.push(node.values[i]);
        isIdStack.push(typeof node.values[i] === "string" && identifiers.has(decodeString(node.keys[i])));
      }
    }
  }
  return flags;
}

interface Column {
  present: number[];
  values: JsonNode[];
}

function columnsOf(rows: JsonNode[]): Map<string, Column> {
  const columns = new Map<string, Column>();
  const names = new Map<string, string>();
  rows.forEach((row, r) => {
    if (!(row instanceof JsonObject)) return;
    for (let i = 0; i < row.keys.length; i++) {
      const raw = row.keys[i];
      let name = names.get(raw);
      if (name === undefined) names.set(raw, (name = decodeString(raw)));
      let col = columns.get(name);
      if (col === undefined) columns.set(name, (col = { present: [], values: [] }));
      // A key repeated inside one row counts once, by its first value.
      if (col.present[col.present.length - 1] === r) continue;
      col.present.push(r);
      col.values.push(row.values[i]);
    }
  });
  return columns;
}

function markErrorsAndQuery(flags: RowFlags[], keep: Set<number>): void {
  let errors = 0;
  for (const f of flags) if (f.isError) errors++;
  // When most rows carry an error word it no longer sets any row apart.
  const errorsCount = errors * 2 <= flags.length;
  flags.forEach((f, r) => {
    if ((f.isError && errorsCount) || f.matchesQuery) keep.add(r);
  });
}

/** Rows whose value is rare in a status-like column: the 3 failures among 200 successes. */
function markRareStatus(name: string, col: Column, n: number, keep: Set<number>): void {
  if (!STATUS_FIELDS.has(fieldWord(name))) return;
  const counts = new Map<string, number>();
  for (const v of col.values) if (typeof v === "string") counts.set(v, (counts.get(v) ?? 0) + 1);
  if (counts.size < 2) return;
  let mode = "";
  let modeCount = -1;
  for (const [v, c] of counts) if (c > modeCount) [mode, modeCount] = [v, c];
  col.values.forEach((v, k) => {
    if (typeof v === "string" && v !== mode && (counts.get(v) as number) <= n * RARE_SHARE) keep.add(col.present[k]);
  });
}

function numericColumn(col: Column, n: number): number[] | null {
  const nums: number[] = [];
  for (const v of col.values) {
    const x = numberValue(v);
    if (x !== null && Number.isFinite(x)) nums.push(x);
  }
  return nums.length >= n * 0.8 && nums.length === col.values.length ? nums : null;
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
  const order = xs.map((x, k) => k).sort((a, b) => xs[b] - xs[a] || a - b);
  for (const k of order.slice(0, top)) keep.add(rowsOf[k]);
}

/** Most common value of a status-like column among dropped rows, for the marker ("status=200"). */
function dominantStatus(columns: Map<string, Column>, isDropped: Uint8Array, dropped: number): string {
  const counts = new Map<string, number>();
  for (const [name, col] of columns) {
    if (!STATUS_FIELDS.has(fieldWord(name))) continue;
    col.values.forEach((value, k) => {
      if (typeof value !== "string" || isDropped[col.present[k]] === 0) return;
      const label = `${name}=${isStringScalar(value) ? decodeString(value) : value}`;
      counts.set(label, (counts.get(label) ?? 0) + 1);
    });
  }
  let best = "";
  let bestCount = 0;
  for (const [label, c] of counts) if (c > bestCount || (c === bestCount && label < best)) [best, bestCount] = [label, c];
  return bestCount * 2 > dropped && best.length <= 40 ? ` (${best})` : "";
}

/** A string equal for identical rows; flat rows skip the full render (it dominates on long arrays). */
function rowSignature(row: JsonNode): string {
  if (typeof row === "string") return row;
  if (row instanceof JsonObject && row.values.every((v) => typeof v === "string")) {
    return `${row.keys.join(",")}\u0000${(row.values as string[]).join(",")}`;
  }
  return renderJson(row, ":");
}

/** Evenly strided picks from `pool`, `count` of them. */
function strided(pool: number[], count: number): number[] {
  const picks: number[] = [];
  if (count <= 0 || pool.length === 0) return picks;
  if (count >= pool.length) return pool;
  for (let j = 0; j < count; j++) picks.push(pool[Math.floor(((j + 0.5) * pool.length) / count)]);
  return picks;
}

/** Chooses the rows of `rows` to keep, or null to keep them all. */
export function selectRows(rows: JsonNode[], policy: CrushPolicy): RowSelection | null {
  const n = rows.length;
  if (n <= Math.max(policy.minRows, policy.budget)) return null;
  const isRecords = rows.every((r) => r instanceof JsonObject);
  const isValues = !isRecords && rows.every((r) => typeof r === "string");
  if (!isRecords && !isValues) return null;

  // Identical rows say nothing new: only the first of each is a candidate.
  const firstOf = new Map<string, number>();
  const candidates: number[] = [];
  rows.forEach((row, r) => {
    const signature = rowSignature(row);
    if (!firstOf.has(signature)) {
      firstOf.set(signature, r);
      candidates.push(r);
    }
  });
  const duplicates = n - candidates.length;
  const m = candidates.length;

  // Signals are read over every row (a series keeps its order, a repeated
  // error is still an error); duplicates only leave the pool the fill draws from.
  const all = rows.map((_, r) => r);
  const keep = new Set<number>();
  markErrorsAndQuery(rows.map((row) => scanRow(row, policy.identifiers, policy.queryTerms)), keep);

  let hasUniqueId = policy.keyedByIdentity;
  const columns = isRecords ? columnsOf(rows) : new Map<string, Column>();
  if (isRecords) {
    const timeSeries = [...columns.keys()].some((name) => TIME_FIELD_RE.test(name));
    for (const [name, col] of columns) {
      if (col.present.length <= n * RARE_SHARE) for (const r of col.present) keep.add(r);
      markRareStatus(name, col, n, keep);
      const isId = policy.identifiers.has(name);
      if (isId && col.present.length === n && new Set(col.values.map((v) => (typeof v === "string" ? v : "\u0000"))).size === n) {
        hasUniqueId = true;
      }
      const xs = isId ? null : numericColumn(col, n);
      if (xs === null) continue;
      if (SCORE_FIELDS.has(fieldWord(name))) markTopScores(col.present, xs, policy.topScores, keep);
      else {
        markOutliers(col.present, xs, keep);
        if (timeSeries && !TIME_FIELD_RE.test(name)) markChangePoints(col.present, xs, keep);
      }
    }
  } else {
    const col: Column = { present: all, values: rows };
    const xs = numericColumn(col, n);
    if (xs !== null) {
      markOutliers(all, xs, keep);
      markChangePoints(all, xs, keep);
    }
  }

  if (isRecords && keep.size === 0 && hasUniqueId && duplicates === 0) return null;

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
