import type { CrushPolicy } from "../json/array-crush.js";
import { standoutRows } from "./columns.js";
import { hasIdColumn } from "./id-column.js";
import { errorRows, queryRows } from "./signals.js";
import type { Table } from "./table.js";

/**
 * Which rows of a table stay visible, by the JSON array crusher's keep-rules
 * (json/array-crush.ts): rows with error or failure words, rare values of a
 * categorical column, numeric outliers beyond 2σ, matches of the caller's
 * query, the first and last few, and evenly strided distinct rows to fill the
 * budget. Rows carrying a signal are all kept even past the budget.
 *
 * Like the crusher, it declines when the rows are distinct entities (an id
 * column: id-column.ts) and nothing sets any of them apart: no error row, no
 * query match, no rare categorical value, no outlier that is one of a few
 * (columns.ts). Every row is then equally likely to be the one the agent
 * wants, and sampling would hide it; the table gets the lossless rewrite only.
 * (The crusher also requires no duplicate rows; a column of distinct values
 * already rules them out.)
 *
 * The crusher's `selectRows` works on parsed JSON nodes; presenting each row
 * as a JSON object costs a string per cell and ran at ~2 MB/s on a megabyte
 * table, so the same rules are applied here over the table's offsets
 * (signals.ts, columns.ts). Categorical columns are found by their values,
 * not by names like `status`, since most tables name none.
 */

/** How many rows to keep and what the caller is looking for: the crusher's policy minus what only JSON has (scores, key names). */
export type RowPolicy = Pick<CrushPolicy, "budget" | "minRows" | "head" | "tail" | "queryTerms"> & {
  /** Tables of distinct entities up to this many rows… */
  distinctRows: number;
  /** …and this many characters of rows are never sampled. */
  distinctChars: number;
};

/** The rows that carry a signal of their own, and whether any is set apart from the rest. */
interface Signals {
  rows: Set<number>;
  isAnySetApart: boolean;
}

function findSignals(table: Table, rows: Int32Array, terms: readonly string[]): Signals {
  const standouts = standoutRows(table, rows, table.columns.length);
  const keep = standouts.rows;
  const errors = errorRows(table, rows);
  const matches = queryRows(table, rows, terms);
  for (const k of errors) keep.add(k);
  for (const k of matches) keep.add(k);
  return { rows: keep, isAnySetApart: standouts.isAnySetApart || errors.length > 0 || matches.length > 0 };
}

/**
 * Positions (in `rows`) of rows that carry a signal of their own: error
 * words, query matches, rare values, outliers. No head, tail or fill.
 */
export function signalRows(table: Table, rows: Int32Array, terms: readonly string[]): Set<number> {
  return findSignals(table, rows, terms).rows;
}

function rowText(table: Table, r: number): string {
  return table.text.slice(table.recordStart[r], table.recordEnd[r]);
}

/**
 * Whether a table of distinct entities is small enough to stay whole. A list
 * of packages, files or processes is looked up by name: the row the agent
 * wants (`ii  git  1:2.39.5…`) is any row, and no sample or group marker
 * shows its version, so such a list keeps every row up to a size an agent's
 * context takes in one read (~30k tokens at the default profile); past it,
 * even entities are grouped.
 */
function isWithinEntityCap(table: Table, rows: Int32Array, policy: RowPolicy): boolean {
  if (rows.length > policy.distinctRows) return false;
  const chars = table.recordEnd[rows[rows.length - 1]] - table.recordStart[rows[0]];
  return chars <= policy.distinctChars;
}

/**
 * Positions (ascending, into `rows`) of the rows to keep; null when every
 * row should stay (a short table, or distinct entities none set apart).
 */
export function keepRows(table: Table, rows: Int32Array, policy: RowPolicy): number[] | null {
  const n = rows.length;
  if (n <= Math.max(policy.minRows, policy.budget)) return null;
  const signals = findSignals(table, rows, policy.queryTerms);
  // Distinct entities none of which stands out all stay, up to a cap; past it even
  // they are grouped (under markers naming each group's first and last row).
  if (!signals.isAnySetApart && isWithinEntityCap(table, rows, policy) && hasIdColumn(table, rows)) return null;
  const keep = signals.rows;
  for (let k = 0; k < Math.min(policy.head, n); k++) keep.add(k);
  for (let k = Math.max(0, n - policy.tail); k < n; k++) keep.add(k);
  fillStrided(table, rows, keep, policy.budget - keep.size);
  if (keep.size >= n) return null;
  return [...keep].sort((a, b) => a - b);
}

/**
 * Adds `count` rows spread evenly over those not yet kept, skipping rows
 * identical to one already kept (a repeat says nothing new).
 */
function fillStrided(table: Table, rows: Int32Array, keep: Set<number>, count: number): void {
  const n = rows.length;
  const free = n - keep.size;
  if (count <= 0 || free <= 0) return;
  const seen = new Set<string>();
  for (const k of keep) seen.add(rowText(table, rows[k]));
  const pool: number[] = [];
  for (let k = 0; k < n; k++) if (!keep.has(k)) pool.push(k);
  const want = Math.min(count, pool.length);
  for (let j = 0; j < want; j++) {
    // Walk forward from the stride point to the next row unlike any kept one.
    const from = Math.floor(((j + 0.5) * pool.length) / want);
    const to = Math.floor(((j + 1.5) * pool.length) / want);
    for (let p = from; p < Math.min(to, pool.length); p++) {
      const text = rowText(table, rows[pool[p]]);
      if (seen.has(text)) continue;
      seen.add(text);
      keep.add(pool[p]);
      break;
    }
  }
}
