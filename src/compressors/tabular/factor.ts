import { cellIndex, cellValue, isSameCell, type Table } from "./table.js";

/**
 * Constant columns, stated once. When every row has the same value in a
 * column (`owner=root`, `state="NY"`), the value goes into one note line and
 * the column leaves every row and the header.
 *
 * This counts as lossless: the cut is exact and the note says what and where,
 * so each original row is rebuilt byte for byte by putting the value back. For
 * delimited text the column's raw field (quotes included) must be identical
 * in every row and every row must have the same number of fields; for aligned
 * text the value must sit at the same offset in every row, and the cut takes
 * one separating blank with it, so the remaining columns stay aligned.
 */

/** The note's opening words; output starting with them is ours and is not factored again. */
export const NOTE_PREFIX = "all rows: ";
/** Longest value stated in the note. */
const MAX_VALUE = 80;
/** A rewrite must save at least this many characters… */
const MIN_SAVED = 64;
/** …and this share of the text, or the note is not worth its line. */
const MIN_SAVED_SHARE = 0.05;

/** The rewrite: the note, and each record's text with the constant columns cut. */
export interface Factoring {
  note: string;
  rewrite(record: number): string;
}

/** A cut `[from, to)` relative to a record's start. */
type Cut = [number, number];

interface Found {
  names: string[];
  /** Record `r` (a row or the header) without the constant columns. */
  rewrite(r: number): string;
  /** Characters removed from all rows together. */
  saved: number;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

function isNameable(value: string): boolean {
  return value.trim() !== "" && value.length <= MAX_VALUE && value.indexOf("\n") < 0 && value.indexOf("\r") < 0;
}

/** Record `r` without the cuts (ascending by start), merged where they overlap. */
function applyCuts(table: Table, r: number, cuts: Cut[]): string {
  const { text } = table;
  const start = table.recordStart[r];
  const end = table.recordEnd[r];
  let out = "";
  let at = start;
  for (const [from, to] of cuts) {
    const a = Math.max(at, start + from);
    const b = Math.min(end, start + to);
    if (b <= a) continue;
    out += text.slice(at, a);
    at = b;
  }
  return out + text.slice(at, end);
}

function delimitedCuts(table: Table, rows: Int32Array): Found | null {
  const first = rows[0];
  const width = table.fieldOffset[first + 1] - table.fieldOffset[first];
  if (width < 2) return null;
  const sameWidth = (r: number): boolean => table.fieldOffset[r + 1] - table.fieldOffset[r] === width;
  if (table.header >= 0 && !sameWidth(table.header)) return null;
  for (const r of rows) if (!sameWidth(r)) return null;
  const constant: number[] = [];
  for (let col = 0; col < width; col++) {
    if (!isNameable(cellValue(table, first, col))) continue;
    let isConstant = true;
    for (const r of rows)
      if (!isSameCell(table, first, r, col)) {
        isConstant = false;
        break;
      }
    if (isConstant) constant.push(col);
  }
  if (constant.length === 0 || constant.length === width) return null;
  const isCut = new Uint8Array(width);
  for (const col of constant) isCut[col] = 1;
  let saved = 0;
  for (const r of rows)
    for (const col of constant)
      saved += table.cellEnd[table.fieldOffset[r] + col] - table.cellStart[table.fieldOffset[r] + col] + 1;
  return {
    names: constant.map((col) => `${table.columns[col]}=${cellValue(table, first, col)}`),
    // The kept fields' raw text, joined by the delimiter: exact, quotes and all.
    rewrite(r) {
      const parts: string[] = [];
      const base = table.fieldOffset[r];
      for (let col = 0; col < width; col++)
        if (isCut[col] === 0) parts.push(table.text.slice(table.cellStart[base + col], table.cellEnd[base + col]));
      return parts.join(table.delimiter);
    },
    saved,
  };
}

/** Whether cutting `[from, to)` from the header line falls on token boundaries. */
function isCleanCut(line: string, from: number, to: number): boolean {
  const startsClean =
    from <= 0 || from >= line.length || isBlank(line.charCodeAt(from - 1)) || isBlank(line.charCodeAt(from));
  const endsClean = to >= line.length || isBlank(line.charCodeAt(to)) || isBlank(line.charCodeAt(to - 1));
  return startsClean && endsClean;
}

/** Whether every row has the same blank at relative offset `at`. */
function isSharedBlank(table: Table, rows: Int32Array, at: number): boolean {
  if (at < 0) return false;
  const { text } = table;
  const c = text.charCodeAt(table.recordStart[rows[0]] + at);
  if (!isBlank(c)) return false;
  for (const r of rows)
    if (table.recordStart[r] + at >= table.recordEnd[r] || text.charCodeAt(table.recordStart[r] + at) !== c)
      return false;
  return true;
}

function alignedCuts(table: Table, rows: Int32Array): Found | null {
  const headerText =
    table.header >= 0 ? table.text.slice(table.recordStart[table.header], table.recordEnd[table.header]) : "";
  const first = rows[0];
  let width = Number.MAX_SAFE_INTEGER;
  for (const r of rows) width = Math.min(width, table.fieldOffset[r + 1] - table.fieldOffset[r]);
  const cuts: Cut[] = [];
  const names: string[] = [];
  let kept = 0;
  for (let col = 0; col < width; col++) {
    const value = cellValue(table, first, col);
    const from = table.cellStart[cellIndex(table, first, col)] - table.recordStart[first];
    let isConstant = isNameable(value);
    for (let k = 0; k < rows.length && isConstant; k++) {
      const r = rows[k];
      isConstant =
        isSameCell(table, first, r, col) && table.cellStart[cellIndex(table, r, col)] - table.recordStart[r] === from;
    }
    if (!isConstant) {
      kept++;
      continue;
    }
    const to = from + value.length;
    let cut: Cut | null = null;
    if (isSharedBlank(table, rows, to)) cut = [from, to + 1];
    else if (isSharedBlank(table, rows, from - 1)) cut = [from - 1, to];
    if (cut === null || (table.header >= 0 && !isCleanCut(headerText, cut[0], cut[1]))) {
      kept++;
      continue;
    }
    cuts.push(cut);
    names.push(`${table.columns[col] ?? `column ${col + 1}`}=${value}`);
  }
  if (cuts.length === 0 || kept === 0) return null;
  let saved = 0;
  for (const [a, b] of cuts) saved += (b - a) * rows.length;
  return { names, rewrite: (r) => applyCuts(table, r, cuts), saved };
}

/**
 * Whether `table` is psql's aligned output: `|` cells under a header and a
 * `----+----` rule. Its rows are read and quoted as printed, padded to the
 * rule: a cut column would leave header, rule and rows out of line.
 */
function isPsqlFramed(table: Table): boolean {
  return (
    table.delimiter === "|" &&
    table.header === 0 &&
    table.recordCount > 1 &&
    table.isRow[1] === 0 &&
    table.text.startsWith("--", table.recordStart[1])
  );
}

/** The constant-column rewrite of `table`, or null when no column is constant or it saves too little. */
export function factorConstants(table: Table, rows: Int32Array): Factoring | null {
  if (rows.length < 3 || isPsqlFramed(table)) return null;
  const found = table.kind === "delimited" ? delimitedCuts(table, rows) : alignedCuts(table, rows);
  if (found === null) return null;
  const note = `${NOTE_PREFIX}${found.names.join(", ")}`;
  const saved = found.saved - note.length;
  if (saved < MIN_SAVED || saved < table.text.length * MIN_SAVED_SHARE) return null;
  return {
    note,
    rewrite(r) {
      if (table.isRow[r] === 0 && r !== table.header) return table.text.slice(table.recordStart[r], table.recordEnd[r]);
      return found.rewrite(r);
    },
  };
}
