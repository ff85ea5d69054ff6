/**
 * The shape every tabular parser (csv.ts, aligned.ts) hands the compressor:
 * the input cut into records, each either a table row or a line outside the
 * table body (the header, `total 2204` above an `ls -la` listing), and each
 * row cut into cells. Everything is offsets into the input held in flat typed
 * arrays: a megabyte table becomes a few arrays, not a hundred thousand small
 * strings, and a kept record is reproduced byte for byte by slicing the text.
 */

/** How the table was read, which decides how columns are named and factored. */
export type TableKind = "delimited" | "aligned" | "ls";

/**
 * Widest table a parser reads by its columns. Past it the text is not read as a
 * table (no agent scans 500 columns; the line-based fallback shows rows whole),
 * and every per-cell stage would work through hundreds of thousands of
 * one-character cells: lines of tab or `| ` runs under the tabular hint cost
 * 300-450 ms per MB (issue #15).
 */
export const MAX_TABLE_COLUMNS = 512;

/** A parsed table. Record `r` is `text.slice(recordStart[r], recordEnd[r])`, terminator excluded. */
export interface Table {
  readonly kind: TableKind;
  readonly text: string;
  readonly recordCount: number;
  readonly recordStart: Int32Array;
  readonly recordEnd: Int32Array;
  /** 1 for table rows; 0 for the header and other lines kept as they are. */
  readonly isRow: Uint8Array;
  /** Record `r`'s cells are `fieldOffset[r]` up to `fieldOffset[r + 1]` in the cell arrays. */
  readonly fieldOffset: Int32Array;
  /** Raw cell spans (absolute offsets); for delimited text they include the quotes. */
  readonly cellStart: Int32Array;
  readonly cellEnd: Int32Array;
  /** Index of the header record, or -1. */
  readonly header: number;
  /** Column names: from the header, the known layout (`ls -l`), or `column N`. */
  readonly columns: string[];
  /** The record separator the input uses most (`\n`, `\r\n` or a bare `\r`). */
  readonly separator: string;
  /** Whether the input ends with a separator (the output then does too). */
  readonly endsWithSeparator: boolean;
  /** Field delimiter of delimited text (`,`, `\t`, `;`, `|`); empty for aligned tables. */
  readonly delimiter: string;
}

/** Generic name of the column at `index` (0-based) when the table names none. */
export function columnLabel(index: number): string {
  return `column ${index + 1}`;
}

/** Record indices of the table rows, in order. */
export function rowRecords(table: Table): Int32Array {
  let n = 0;
  for (let r = 0; r < table.recordCount; r++) n += table.isRow[r];
  const out = new Int32Array(n);
  let k = 0;
  for (let r = 0; r < table.recordCount; r++) if (table.isRow[r] === 1) out[k++] = r;
  return out;
}

/** Number of cells of record `r`. */
export function cellCount(table: Table, r: number): number {
  return table.fieldOffset[r + 1] - table.fieldOffset[r];
}

/** Absolute index (into `cellStart`/`cellEnd`) of cell `c` of record `r`, or -1 when the record is shorter. */
export function cellIndex(table: Table, r: number, c: number): number {
  const i = table.fieldOffset[r] + c;
  return i < table.fieldOffset[r + 1] ? i : -1;
}

/** The raw text of cell `c` of record `r` (quotes included), or "" when absent. */
export function rawCell(table: Table, r: number, c: number): string {
  const i = cellIndex(table, r, c);
  return i < 0 ? "" : table.text.slice(table.cellStart[i], table.cellEnd[i]);
}

/** The value of cell `c` of record `r`: quotes removed and `""` undone for delimited text. */
export function cellValue(table: Table, r: number, c: number): string {
  const raw = rawCell(table, r, c);
  if (table.kind !== "delimited" || raw.charCodeAt(0) !== 34) return raw;
  const close = raw.lastIndexOf('"');
  const inner = close > 0 ? raw.slice(1, close) + raw.slice(close + 1) : raw.slice(1);
  return inner.indexOf('""') < 0 ? inner : inner.split('""').join('"');
}

/** Whether cell `c` has the same raw text in records `a` and `b`. */
export function isSameCell(table: Table, a: number, b: number, c: number): boolean {
  const i = cellIndex(table, a, c);
  const j = cellIndex(table, b, c);
  if (i < 0 || j < 0) return i === j;
  const len = table.cellEnd[i] - table.cellStart[i];
  if (len !== table.cellEnd[j] - table.cellStart[j]) return false;
  const { text } = table;
  const si = table.cellStart[i];
  const sj = table.cellStart[j];
  for (let k = 0; k < len; k++) if (text.charCodeAt(si + k) !== text.charCodeAt(sj + k)) return false;
  return true;
}

/** A growable list of int32 offsets, so parsers allocate a few arrays instead of an object per cell. */
export class OffsetList {
  private data = new Int32Array(1024);
  length = 0;

  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = x;
  }

  /** The value at `i` (< length). */
  get(i: number): number {
    return this.data[i];
  }

  /** The values pushed so far, as an exact-length copy. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Flat record and cell offsets being built by a parser. */
export class TableBuilder {
  readonly recordStart = new OffsetList();
  readonly recordEnd = new OffsetList();
  readonly isRow: number[] = [];
  readonly fieldOffset = new OffsetList();
  readonly cellStart = new OffsetList();
  readonly cellEnd = new OffsetList();

  constructor() {
    this.fieldOffset.push(0);
  }

  get recordCount(): number {
    return this.recordStart.length;
  }

  addCell(start: number, end: number): void {
    this.cellStart.push(start);
    this.cellEnd.push(end);
  }

  /** Closes a record whose cells were added since the previous one. */
  endRecord(start: number, end: number, isRow: boolean): void {
    this.recordStart.push(start);
    this.recordEnd.push(end);
    this.isRow.push(isRow ? 1 : 0);
    this.fieldOffset.push(this.cellStart.length);
  }

  build(
    fields: Omit<
      Table,
      "recordCount" | "recordStart" | "recordEnd" | "isRow" | "fieldOffset" | "cellStart" | "cellEnd"
    >,
  ): Table {
    return {
      ...fields,
      recordCount: this.recordCount,
      recordStart: this.recordStart.toArray(),
      recordEnd: this.recordEnd.toArray(),
      isRow: Uint8Array.from(this.isRow),
      fieldOffset: this.fieldOffset.toArray(),
      cellStart: this.cellStart.toArray(),
      cellEnd: this.cellEnd.toArray(),
    };
  }
}
