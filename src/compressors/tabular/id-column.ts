import { cellValue, type Table } from "./table.js";

/**
 * Whether a table's rows are distinct entities: some column is an id column,
 * a value in every row and no value twice (`Question` 0…331 of a variable
 * list, the names of an `ls` listing, the PIDs of `ps`). The JSON crusher
 * finds ids by key name (json/identifier-keys.ts); tables seldom name their
 * columns, or name them freely (`Variable Name`, `column 1`), so here the
 * values decide.
 */

/** Columns tried at most, as in columns.ts. */
const MAX_COLUMNS = 64;

/** Whether the value of column `col` is non-empty in every row and never repeats. */
function isIdColumn(table: Table, rows: Int32Array, col: number): boolean {
  const seen = new Set<string>();
  for (let k = 0; k < rows.length; k++) {
    const value = cellValue(table, rows[k], col);
    // A column of mostly blanks or repeats gives up at its first one, after a few rows.
    if (value.trim() === "" || seen.has(value)) return false;
    seen.add(value);
  }
  return true;
}

/** Whether any of the table's columns holds a distinct, non-empty value in every row. */
export function hasIdColumn(table: Table, rows: Int32Array): boolean {
  return idColumn(table, rows) >= 0;
}

/** The first column that holds a distinct, non-empty value in every row, or -1. */
export function idColumn(table: Table, rows: Int32Array): number {
  if (rows.length === 0) return -1;
  for (let col = 0; col < Math.min(table.columns.length, MAX_COLUMNS); col++) {
    if (isIdColumn(table, rows, col)) return col;
  }
  return -1;
}
