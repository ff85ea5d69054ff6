import { indentOf, isBlank } from "./shapes.js";

/**
 * Tables in a rendered manual page (tbl): header lines, a rule of `─` (or
 * `-`, `=`, with `┼` where a vertical line crosses it), then rows whose
 * cells sit under the header's cells, a cell's overflow on lines of its
 * own under its column. A table is reference data (signal numbers, terms
 * to use, character codes): its rows are kept whole, as a Markdown table's
 * are. tbl may leave blank lines between rows; the table goes on across
 * them while the next line still fits the header's columns.
 */

/** Shortest rule read as a table's. */
const RULE_MIN = 10;
/** Most header lines read above a rule. */
const HEADER_MAX = 3;
/** Most lines kept as one table (a longer one is outlined like text past this). */
const TABLE_MAX_LINES = 200;
/** How far a cell may start outside its header cell: tbl centres numbers under a wider heading. */
const CELL_SLACK = 1;

/** Whether `line` is a table's rule: indented, only rule characters (and spaces), at least RULE_MIN of them. */
export function isTableRule(line: string): boolean {
  const at = indentOf(line);
  if (at === 0) return false;
  let count = 0;
  for (let i = at; i < line.length; i++) {
    const c = line.charCodeAt(i);
    // ─ ━ ═ ┼ ┿ - =
    if (c === 0x2500 || c === 0x2501 || c === 0x2550 || c === 0x253c || c === 0x253f || c === 45 || c === 61) count++;
    else if (c !== 32 && c !== 13) return false;
  }
  return count >= RULE_MIN;
}

/** The cells of `line`: runs of text separated by two or more spaces (or a `│`), as [start, end) columns. */
function cellsOf(line: string): [number, number][] {
  const cells: [number, number][] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && isGap(line.charCodeAt(i))) i++;
    if (i >= line.length || line.charCodeAt(i) === 13) break;
    const start = i;
    let end = i;
    while (i < line.length) {
      const c = line.charCodeAt(i);
      if (isGap(c) && c !== 32) break;
      if (c === 32 && (i + 1 >= line.length || isGap(line.charCodeAt(i + 1)))) break;
      if (c !== 32) end = i + 1;
      i++;
    }
    cells.push([start, end]);
  }
  return cells;
}

function isGap(c: number): boolean {
  return c === 32 || c === 0x2502 /* │ */;
}

/**
 * Whether `line` fits the header's columns: every cell starts within a
 * header cell, and it has two cells, or one that is a cell's overflow (not
 * in the first column, where a paragraph's text would start).
 */
function fitsColumns(line: string, header: readonly [number, number][], firstColumn: number): boolean {
  const cells = cellsOf(line);
  if (cells.length === 0) return false;
  if (cells.length === 1 && cells[0][0] <= firstColumn) return false;
  for (const [start] of cells) {
    let inside = false;
    for (const [from, to] of header) {
      if (start >= from - CELL_SLACK && start <= to + CELL_SLACK) {
        inside = true;
        break;
      }
    }
    if (!inside) return false;
  }
  return true;
}

/**
 * The lines of the tables among `lines` from `from` to `end`, as [first,
 * last + 1) ranges: each table's header lines, rule and rows (with the
 * blank lines between them).
 */
export function tableRanges(lines: { line(i: number): string }, from: number, end: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = from; i < end; i++) {
    if (!isTableRule(lines.line(i))) continue;
    let top = i;
    while (top > from && i - top < HEADER_MAX && !isBlank(lines.line(top - 1))) top--;
    if (top === i) continue;
    const header: [number, number][] = [];
    for (let h = top; h < i; h++) header.push(...cellsOf(lines.line(h)));
    const firstColumn = indentOf(lines.line(top));
    // The rows right under the rule are the table's; past a blank line, only lines that fit its columns.
    let last = i + 1;
    let j = i + 1;
    while (j < end && !isBlank(lines.line(j))) j++;
    last = j;
    while (j < end && j - top < TABLE_MAX_LINES) {
      if (isBlank(lines.line(j))) {
        j++;
        continue;
      }
      if (!fitsColumns(lines.line(j), header, firstColumn) || isTableRule(lines.line(j))) break;
      j++;
      last = j;
    }
    last = Math.min(last, top + TABLE_MAX_LINES);
    ranges.push([top, last]);
    i = last - 1;
  }
  return ranges;
}
