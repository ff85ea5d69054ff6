import { outlierPositions } from "../json/array-crush.js";
import { cellIndex, type Table } from "./table.js";

/**
 * Rows that stand out within a column: a rare value of a categorical column
 * (the one regular file among 494 directories, the 10 UNIQUE ZIP codes among
 * 274 STANDARD ones), or a number more than 2σ from its column's mean (the
 * JSON crusher's outlier rule, imported from json/array-crush.ts). One
 * pass per column, comparing cells in place (no string per cell), and a
 * column stops being read as soon as it can be neither categorical nor
 * numeric (a column of names gives up after a few dozen rows).
 *
 * It also says whether any row is *set apart*, which decides whether a table
 * of distinct entities may be sampled at all (keep-rows.ts). A rare value
 * always sets its rows apart. Outliers do only while they are few: a 2σ cut
 * flags about 5% of a normal or exponential column by chance alone, so a
 * column whose 2σ tail holds more than {@link OUTLIER_TOTAL_SHARE} of the rows
 * (field lengths 8 to 25 among hundreds of 1s and 2s) is showing its spread,
 * not singling out a row (the one process at 98.7% CPU). Such tail rows are
 * still kept when the table is sampled.
 */

/** A value is rare when it holds at most this share of the rows… */
const RARE_SHARE = 0.1;
/** …in a column whose most common value holds at least this share… */
const MODE_SHARE = 0.5;
/** …and whose rare rows together stay a small minority. */
const RARE_TOTAL_SHARE = 0.15;
/** Categorical columns have at most this many distinct values. */
const MAX_CATEGORIES = 24;
/** Columns read at most; wider tables are rare and their far columns seldom matter. */
const MAX_COLUMNS = 64;
/**
 * Outliers set rows apart only while a column's outliers hold at most this
 * share of the rows (at least one row always may): well under the ~5% a 2σ
 * cut flags on a normal or exponential column by chance.
 */
export const OUTLIER_TOTAL_SHARE = 0.02;

/** The number in `text[s, e)` (quotes around it allowed), or NaN. Accepts `+1`, `-0.5`, `1e3`, `.5`. */
export function parseNumber(text: string, s: number, e: number): number {
  if (e - s >= 2 && text.charCodeAt(s) === 34 && text.charCodeAt(e - 1) === 34) {
    s++;
    e--;
  }
  if (e - s === 0 || e - s > 32) return NaN;
  let i = s;
  const sign = text.charCodeAt(i);
  if (sign === 43 || sign === 45) i++;
  let digits = 0;
  let dots = 0;
  let whole = 0;
  for (; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      digits++;
      whole = whole * 10 + (c - 48);
    } else if (c === 46 && dots === 0) dots++;
    else break;
  }
  if (digits === 0) return NaN;
  // Plain integers (counts, sizes, ids) need no string: the common case stays allocation-free.
  if (i === e && dots === 0 && digits <= 15) return sign === 45 ? -whole : whole;
  if (i < e) {
    const c = text.charCodeAt(i);
    if (c !== 101 && c !== 69) return NaN;
    i++;
    const expSign = text.charCodeAt(i);
    if (expSign === 43 || expSign === 45) i++;
    const expStart = i;
    while (i < e && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    if (i === expStart || i < e) return NaN;
  }
  return Number(text.slice(s, e));
}

function sameSpan(text: string, a: number, aEnd: number, b: number, bEnd: number): boolean {
  const len = aEnd - a;
  if (len !== bEnd - b) return false;
  for (let k = 0; k < len; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

/** What the columns say about a table's rows. */
export interface Standouts {
  /** Positions (in `rows`) of rows with a rare categorical value or a numeric outlier, in any column. */
  rows: Set<number>;
  /** Whether a rare value, or a column's few outliers, set some row apart from the rest. */
  isAnySetApart: boolean;
}

/** Rows with a rare categorical value or a numeric outlier in any of the first `width` columns. */
export function standoutRows(table: Table, rows: Int32Array, width: number): Standouts {
  const n = rows.length;
  const found = new Set<number>();
  let isAnySetApart = false;
  const { text, cellStart, cellEnd } = table;
  const category = new Uint8Array(n);
  const numbers = new Float64Array(n);
  for (let col = 0; col < Math.min(width, MAX_COLUMNS); col++) {
    // Representative cell (start, end) and count of each distinct value.
    const repStart: number[] = [];
    const repEnd: number[] = [];
    const counts: number[] = [];
    let isCategorical = true;
    let isNumeric = true;
    for (let k = 0; k < n && (isCategorical || isNumeric); k++) {
      const i = cellIndex(table, rows[k], col);
      const s = i < 0 ? 0 : cellStart[i];
      const e = i < 0 ? 0 : cellEnd[i];
      if (isNumeric) {
        numbers[k] = i < 0 ? NaN : parseNumber(text, s, e);
        if (Number.isNaN(numbers[k])) isNumeric = false;
      }
      if (isCategorical) {
        // Neighbouring rows often share a value: try the previous row's first.
        let id = k > 0 ? category[k - 1] : 0;
        if (id >= counts.length || !sameSpan(text, repStart[id], repEnd[id], s, e)) {
          id = 0;
          while (id < counts.length && !sameSpan(text, repStart[id], repEnd[id], s, e)) id++;
        }
        if (id === counts.length) {
          if (id === MAX_CATEGORIES) {
            isCategorical = false;
            continue;
          }
          repStart.push(s);
          repEnd.push(e);
          counts.push(0);
        }
        counts[id]++;
        category[k] = id;
      }
    }
    if (isCategorical && markRare(counts, category, n, found)) isAnySetApart = true;
    if (isCategorical) markGroupStarts(counts, category, n, found);
    if (isNumeric) {
      const outliers = outlierPositions(numbers);
      for (const k of outliers) found.add(k);
      if (outliers.length > 0 && outliers.length <= Math.max(1, n * OUTLIER_TOTAL_SHARE)) isAnySetApart = true;
    }
  }
  return { rows: found, isAnySetApart };
}

/** Most groups a grouped column may have: more, and its run starts are rows of no particular note. */
const MAX_GROUPS = 12;

/**
 * Adds the first row of each group of a column whose rows are sorted by its
 * value (a CSV by type or category: `np.float32` rows, then `np.float64`
 * rows): each value makes one run, and the first row of each shows what its
 * group looks like. Values seen once (a `## -ve denormals ##` section line)
 * are read past. A column whose values come back after another is no
 * grouping and adds nothing.
 */
function markGroupStarts(counts: readonly number[], category: Uint8Array, n: number, found: Set<number>): void {
  let values = 0;
  for (const c of counts) if (c > 1) values++;
  if (values < 2 || values > MAX_GROUPS) return;
  const starts: number[] = [];
  let previous = -1;
  for (let k = 0; k < n; k++) {
    const value = category[k];
    if (counts[value] < 2 || value === previous) continue;
    if (previous >= 0) starts.push(k);
    previous = value;
    if (starts.length >= values) return;
  }
  for (const k of starts) found.add(k);
}

/** Adds the rows holding a rare value of one categorical column; whether there were any. */
function markRare(counts: number[], category: Uint8Array, n: number, found: Set<number>): boolean {
  if (counts.length < 2) return false;
  let mode = 0;
  let rareTotal = 0;
  for (const c of counts) {
    mode = Math.max(mode, c);
    if (c <= n * RARE_SHARE) rareTotal += c;
  }
  if (mode < n * MODE_SHARE || rareTotal === 0 || rareTotal > n * RARE_TOTAL_SHARE) return false;
  for (let k = 0; k < n; k++) if (counts[category[k]] <= n * RARE_SHARE) found.add(k);
  return true;
}
