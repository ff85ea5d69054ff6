import { cellIndex, cellValue, isSameCell, type Table } from "./table.js";

/**
 * What the omitted rows have in common, for the marker: "470 of 495 rows
 * omitted: directories owned by root" for an `ls -l` listing, "all
 * state=PR, type=STANDARD" for other tables. Only values every omitted row
 * shares are named, so the summary never claims more than is true.
 */

/** Longest value named in a summary; longer ones would crowd the marker. */
const MAX_VALUE = 24;
/** Columns named at most in a summary. */
const MAX_SHARED = 3;

const LS_KINDS: Readonly<Record<string, string>> = {
  d: "directories",
  "-": "files",
  l: "symlinks",
  c: "character devices",
  b: "block devices",
  p: "pipes",
  s: "sockets",
};

/** The value every given record has in column `col`, or null. */
function sharedValue(table: Table, records: readonly number[], col: number): string | null {
  if (records.length === 0 || cellIndex(table, records[0], col) < 0) return null;
  for (const r of records) if (!isSameCell(table, records[0], r, col)) return null;
  return cellValue(table, records[0], col);
}

function isNameable(value: string): boolean {
  return value.trim() !== "" && value.length <= MAX_VALUE && value.indexOf("\n") < 0 && value.indexOf("\r") < 0;
}

function lsDescription(table: Table, dropped: readonly number[]): string {
  const kinds = new Set<string>();
  for (const r of dropped) {
    kinds.add(table.text.charAt(table.recordStart[r]));
    if (kinds.size > 1) break;
  }
  const kind = kinds.size === 1 ? (LS_KINDS[[...kinds][0]] ?? "entries") : "entries";
  const owner = sharedValue(table, dropped, 2);
  return owner !== null && isNameable(owner) ? `${kind} owned by ${owner}` : kind;
}

function sharedDescription(table: Table, dropped: readonly number[]): string {
  const pairs: string[] = [];
  if (dropped.length === 0) return "";
  for (let col = 0; col < table.columns.length && pairs.length < MAX_SHARED; col++) {
    // Only a nameable value is named: the first row's value tells before every
    // row is compared (a wide table of empty cells would compare each of them).
    if (!isNameable(cellValue(table, dropped[0], col))) continue;
    const value = sharedValue(table, dropped, col);
    if (value !== null) pairs.push(`${table.columns[col]}=${value.trim()}`);
  }
  return pairs.length > 0 ? `all ${pairs.join(", ")}` : "";
}

/** Marker summary for rows omitted from a sampled table (`dropped` are record indices). */
export function describeOmitted(table: Table, total: number, dropped: readonly number[]): string {
  const head = `${dropped.length} of ${total} rows omitted`;
  const what = table.kind === "ls" ? lsDescription(table, dropped) : sharedDescription(table, dropped);
  return what === "" ? head : `${head}: ${what}`;
}

/** Marker summary for near-duplicate rows omitted from a table of messages. */
export function describeRepeats(total: number, dropped: number): string {
  return `${dropped} of ${total} rows omitted: repeats of kept rows differing only in numbers or hashes`;
}
