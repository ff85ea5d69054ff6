import { ERROR_HINT_RE, isErrorValue } from "../json/array-crush.js";
import { cellIndex, type Table } from "./table.js";

/**
 * Rows that set themselves apart by their words: an error or failure word
 * in a cell, or a term of the caller's query. Both are found by scanning the
 * whole text once (a native regex or `indexOf`), then mapping each hit to its
 * row, so a megabyte table costs a handful of hits rather than a test per
 * cell. What counts as an error is the JSON crusher's rule, imported from
 * json/array-crush.ts: a one-word cell counts only when it is the word itself
 * ("failed", not "es-errors"), and identifier-shaped cells (paths, urls,
 * hashes) never count; a cell of prose only when it opens with the word.
 */

// Built once; `lastIndex` is reset before each scan (a scan runs to completion, so nothing else sees it).
const ERROR_SCAN_RE = new RegExp(ERROR_HINT_RE.source, "gi");

/** The position in `rows` of the row holding text offset `at`, or -1. */
function rowAt(table: Table, rows: Int32Array, at: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid];
    if (at < table.recordStart[r]) hi = mid - 1;
    else if (at >= table.recordEnd[r]) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The text of the cell of record `r` that holds offset `at` (the whole record if none does). */
function cellAt(table: Table, r: number, at: number): string {
  for (let c = 0; ; c++) {
    const i = cellIndex(table, r, c);
    if (i < 0) break;
    if (at >= table.cellStart[i] && at < table.cellEnd[i]) {
      let s = table.cellStart[i];
      let e = table.cellEnd[i];
      if (table.text.charCodeAt(s) === 34 && e - s >= 2) {
        s++;
        e--;
      }
      return table.text.slice(s, e);
    }
  }
  return table.text.slice(table.recordStart[r], table.recordEnd[r]);
}

/** A prose cell reports a failure when it opens with the word ("Error: …", "failed to …"). */
const LEADING_ERROR_RE =
  /^(?:errors?|exception|fail(?:ed|ure)?|fatal|panic(?:ked)?|crash(?:ed)?|abort(?:ed)?|denied|refused|timeout|timed out)\b/i;
/** Words that report an event wherever they stand ("connection refused", "2 tests failed"). */
const FAILURE_VERB_RE = /\b(?:failed|failing|refused|denied|rejected|timed out|crashed|aborted|panicked)\b/i;
const CELL_SPACE_RE = /\s/;
const ERROR_NAME_RE = /[a-z0-9](?:Error|Exception|Failure)\b/;

/**
 * Whether a cell says something failed. A one-word cell follows the JSON
 * crusher's rule; a cell of several words counts only when it opens with an
 * error word, holds a failure verb ("connection refused") or names an error
 * class (`TypeError`): a description that merely mentions the noun ("a fast memory error detector" in `dpkg -l`, "Fix
 * error handling" in a git log) describes, it does not fail.
 */
function isTableError(cell: string): boolean {
  const text = cell.trim();
  if (!CELL_SPACE_RE.test(text)) return isErrorValue(text);
  return (LEADING_ERROR_RE.test(text) || FAILURE_VERB_RE.test(text) || ERROR_NAME_RE.test(text)) && isErrorValue(text);
}

/** Positions (in `rows`) of rows with an error word; none when they are the majority (then they say nothing). */
export function errorRows(table: Table, rows: Int32Array): number[] {
  const found: number[] = [];
  const re = ERROR_SCAN_RE;
  re.lastIndex = 0;
  const { text } = table;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const k = rowAt(table, rows, m.index);
    if (k < 0) continue;
    const r = rows[k];
    if (isTableError(cellAt(table, r, m.index))) {
      found.push(k);
      // One hit per row is enough.
      re.lastIndex = Math.max(re.lastIndex, table.recordEnd[r]);
    }
  }
  return found.length * 2 <= rows.length ? found : [];
}

/** Positions (in `rows`) of rows containing any of the lowercased query `terms`. */
export function queryRows(table: Table, rows: Int32Array, terms: readonly string[]): number[] {
  if (terms.length === 0 || rows.length === 0) return [];
  const found = new Set<number>();
  const lower = table.text.toLowerCase();
  if (lower.length !== table.text.length) {
    // Case folding changed lengths (rare scripts): offsets no longer line up, so test row by row.
    rows.forEach((r, k) => {
      const row = table.text.slice(table.recordStart[r], table.recordEnd[r]).toLowerCase();
      if (terms.some((t) => row.includes(t))) found.add(k);
    });
    return [...found];
  }
  for (const term of terms) {
    if (term === "") continue;
    for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + 1)) {
      const k = rowAt(table, rows, at);
      if (k < 0) continue;
      found.add(k);
      at = Math.max(at, table.recordEnd[rows[k]]);
    }
  }
  return [...found];
}
