import { splitLines, type Lines } from "./line-ends.js";
import { MAX_TABLE_COLUMNS, TableBuilder, type Table } from "./table.js";

/**
 * Whitespace-aligned tables: `ls -l` listings (no header; the layout is
 * known), and tables under a header line (`ps aux`, `df -h`, `docker ps`,
 * `kubectl get`). Cells are only used to choose rows and to spot constant
 * columns; rows themselves are kept as the exact lines of the input.
 *
 * A header table is split one of two ways: by gaps of two or more spaces
 * when the header's own columns are separated that way (`docker ps`, whose
 * cells hold single spaces: "Up 2 hours"), placing each cell under the
 * header column it starts in; otherwise word by word, the last column taking
 * the rest of the line (`ps aux`'s COMMAND).
 */

/** An `ls -l` row: type and permission bits, then the link count (sticky: tested at a line start). */
const LS_ROW_RE = /[-dlcbpsD][rwxsStTlL-]{9}[.@+]? +\d+ /y;
/** The `ls -l` columns; month, day and time-or-year form one `modified` cell. */
const LS_COLUMNS = ["mode", "links", "owner", "group", "size", "modified", "name"];
/** Words of an `ls -l` row: 5 columns, 3 date words, then the name. */
const LS_WORDS = 9;
const SPACE = 32;
const TAB = 9;
/** psql's footer under an aligned result: `(40 rows)`, `(1 row)`. */
const ROW_COUNT_FOOTER_RE = /^\(\d+ rows?\)$/;
/** Share of rows that must fit the header's shape. */
const MIN_FIT = 0.85;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/**
 * Calls `emit(start, end)` for each whitespace-separated token of
 * `text[start, end)`, at most `max` of them (the last runs to the end of the
 * line); a gap is `minGap`+ spaces or any tab. Returns the count.
 */
function scanTokens(
  text: string,
  start: number,
  end: number,
  minGap: number,
  max: number,
  emit: (s: number, e: number) => void,
): number {
  let count = 0;
  let i = start;
  while (i < end) {
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const tokenStart = i;
    let tokenEnd = i;
    if (count === max - 1) {
      tokenEnd = end;
      while (tokenEnd > tokenStart && isBlank(text.charCodeAt(tokenEnd - 1))) tokenEnd--;
      emit(tokenStart, tokenEnd);
      return count + 1;
    }
    while (i < end) {
      if (!isBlank(text.charCodeAt(i))) {
        i++;
        tokenEnd = i;
        continue;
      }
      // Measure the gap: a single space inside a cell does not split it.
      let j = i;
      let hasTab = false;
      while (j < end && isBlank(text.charCodeAt(j))) {
        if (text.charCodeAt(j) === TAB) hasTab = true;
        j++;
      }
      if (j >= end || hasTab || j - i >= minGap) break;
      i = j;
    }
    emit(tokenStart, tokenEnd);
    count++;
    i = tokenEnd;
  }
  return count;
}

function countTokens(text: string, start: number, end: number, minGap: number): number {
  return scanTokens(text, start, end, minGap, Number.MAX_SAFE_INTEGER, () => undefined);
}

function isEmptyLine(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isBlank(text.charCodeAt(i))) return false;
  return true;
}

/** Cells of an `ls -l` row: 5 words, the date words as one cell, the rest as the name. */
function addLsCells(text: string, start: number, end: number, b: TableBuilder): void {
  let i = start;
  let dateStart = start;
  for (let word = 0; word < LS_WORDS && i < end; word++) {
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const s = i;
    if (word === LS_WORDS - 1) {
      let e = end;
      while (e > s && isBlank(text.charCodeAt(e - 1))) e--;
      b.addCell(s, e);
      return;
    }
    while (i < end && !isBlank(text.charCodeAt(i))) i++;
    if (word < 5) b.addCell(s, i);
    else if (word === 5) dateStart = s;
    else if (word === 7) b.addCell(dateStart, i);
  }
}

/** Reads `text` as an `ls -l` listing, or null. */
export function parseLsListing(text: string): Table | null {
  const lines = splitLines(text);
  if (lines.count < 3) return null;
  const b = new TableBuilder();
  let rows = 0;
  let nonEmpty = 0;
  for (let i = 0; i < lines.count; i++) {
    const start = lines.starts[i];
    const end = lines.ends[i];
    let isRow = false;
    if (!isEmptyLine(text, start, end)) {
      nonEmpty++;
      LS_ROW_RE.lastIndex = start;
      isRow = LS_ROW_RE.test(text) && LS_ROW_RE.lastIndex <= end;
      if (isRow) {
        rows++;
        addLsCells(text, start, end, b);
      }
    }
    b.endRecord(start, end, isRow);
    // Give up early on text that is plainly not a listing.
    if (i === 63 && rows < nonEmpty * 0.6) return null;
  }
  if (rows < 3 || rows < nonEmpty * 0.6) return null;
  return b.build({
    kind: "ls",
    text,
    header: -1,
    columns: LS_COLUMNS,
    separator: lines.separator,
    endsWithSeparator: lines.endsWithSeparator,
    delimiter: "",
  });
}

/**
 * A header line: at least two words, each starting with a letter, `%` or
 * `#`, the first not ending in `:`. A first word ending in a colon labels a
 * value (`Package: python3`, `Status: install ok installed`): that line is a
 * field of a stanza list or a `key: value` report, never a row of column
 * names, and reading it as one makes every later line a "row".
 */
function isHeaderLine(text: string, start: number, end: number): boolean {
  let words = 0;
  let isHeader = true;
  scanTokens(text, start, end, 1, Number.MAX_SAFE_INTEGER, (s, e) => {
    const c = text.charCodeAt(s);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 37 || c === 35)) isHeader = false;
    if (words === 0 && text.charCodeAt(e - 1) === 58) isHeader = false;
    words++;
  });
  return isHeader && words >= 2;
}

function firstNonEmpty(text: string, lines: Lines): number {
  for (let i = 0; i < lines.count; i++) if (!isEmptyLine(text, lines.starts[i], lines.ends[i])) return i;
  return -1;
}

/** Lines a preamble above a ruled header may take (`dpkg -l` has three). */
const MAX_PREAMBLE = 8;

/**
 * Whether a line is a rule under a header: only `-`, `=`, `+` and `|` (and
 * spaces), at least 10 of them (`+++-====-===`, `------ -----`).
 */
function isRuleLine(text: string, start: number, end: number): boolean {
  let marks = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 45 || c === 61 || c === 43 || c === 124) marks++;
    else if (c !== SPACE && c !== 13) return false;
  }
  return marks >= 10;
}

/**
 * The header line: the first non-empty line when it reads as one (with the
 * rule line under it, if any), or the line above a rule line within the first few (`dpkg -l`'s `||/ Name …`
 * under its legend); with the rule line's index, or -1.
 */
function findHeader(text: string, lines: Lines): [header: number, rule: number] {
  const first = firstNonEmpty(text, lines);
  if (first < 0) return [-1, -1];
  if (isHeaderLine(text, lines.starts[first], lines.ends[first])) {
    // A header underlined (`sqlite3 -column`, psql, mysql): the rule belongs to it, not to the rows.
    const next = first + 1;
    return [first, next < lines.count && isRuleLine(text, lines.starts[next], lines.ends[next]) ? next : -1];
  }
  const most = Math.min(lines.count, first + MAX_PREAMBLE + 1);
  for (let i = first + 1; i < most; i++) {
    if (isRuleLine(text, lines.starts[i], lines.ends[i])) return [i - 1, i];
  }
  // A summary paragraph, a blank line, then the header (`top -b`: uptime, tasks, CPU and memory lines over the processes).
  for (let i = first + 1; i + 1 < most; i++) {
    if (!isEmptyLine(text, lines.starts[i], lines.ends[i])) continue;
    return isHeaderLine(text, lines.starts[i + 1], lines.ends[i + 1]) ? [i + 1, -1] : [-1, -1];
  }
  return [-1, -1];
}

/** Reads `text` as a whitespace-aligned table under a header line (`ps aux`, `df -h`, `docker ps`, `dpkg -l`), or null. */
export function parseHeaderAligned(text: string): Table | null {
  const lines = splitLines(text);
  const [header, rule] = findHeader(text, lines);
  if (header < 0 || lines.count - header < 3) return null;
  const hStart = lines.starts[header];
  const hEnd = lines.ends[header];
  const bodyFrom = Math.max(header, rule) + 1;

  if (countTokens(text, hStart, hEnd, 1) > MAX_TABLE_COLUMNS) return null;
  const wordStarts: number[] = [];
  const words: string[] = [];
  scanTokens(text, hStart, hEnd, 1, Number.MAX_SAFE_INTEGER, (s, e) => {
    wordStarts.push(s - hStart);
    words.push(text.slice(s, e));
  });
  const gapStarts: number[] = [];
  const gapNames: string[] = [];
  scanTokens(text, hStart, hEnd, 2, Number.MAX_SAFE_INTEGER, (s, e) => {
    gapStarts.push(s - hStart);
    gapNames.push(text.slice(s, e));
  });

  let body = 0;
  let gapFit = 0;
  let wordFit = 0;
  for (let i = bodyFrom; i < lines.count; i++) {
    const s = lines.starts[i];
    const e = lines.ends[i];
    if (isEmptyLine(text, s, e) || isRowCountFooter(text, s, e)) continue;
    body++;
    const gaps = countTokens(text, s, e, 2);
    if (gaps <= gapStarts.length && gaps >= gapStarts.length - 1) gapFit++;
    if (countTokens(text, s, e, 1) >= words.length - 1) wordFit++;
  }
  if (body < 2) return null;
  const byGaps = gapStarts.length >= 3 && gapStarts.length < words.length && gapFit >= body * MIN_FIT;
  if (!byGaps && wordFit < body * MIN_FIT) return null;
  const starts = byGaps ? gapStarts : wordStarts;

  const b = new TableBuilder();
  for (let i = 0; i < lines.count; i++) {
    const s = lines.starts[i];
    const e = lines.ends[i];
    // A footer counting the rows is no row: the table's last row is the one above it.
    const isRow = i >= bodyFrom && !isEmptyLine(text, s, e) && !isRowCountFooter(text, s, e);
    if (isRow && byGaps) addPlacedCells(text, s, e, starts, b);
    else if (isRow) scanTokens(text, s, e, 1, words.length, (cs, ce) => b.addCell(cs, ce));
    else if (i === header)
      scanTokens(text, s, e, byGaps ? 2 : 1, Number.MAX_SAFE_INTEGER, (cs, ce) => b.addCell(cs, ce));
    b.endRecord(s, e, isRow);
  }
  return b.build({
    kind: "aligned",
    text,
    header,
    columns: byGaps ? gapNames : words,
    separator: lines.separator,
    endsWithSeparator: lines.endsWithSeparator,
    delimiter: "",
  });
}

/** Whether `text[start, end)` is psql's row count (`(40 rows)`). */
export function isRowCountFooter(text: string, start: number, end: number): boolean {
  return end - start < 24 && text.charCodeAt(start) === 40 && ROW_COUNT_FOOTER_RE.test(text.slice(start, end));
}

/** Cells of a gap-split row, each placed under the header column it starts in (empty where none does). */
function addPlacedCells(text: string, start: number, end: number, headerStarts: number[], b: TableBuilder): void {
  const cs = new Array<number>(headerStarts.length).fill(-1);
  const ce = new Array<number>(headerStarts.length).fill(-1);
  scanTokens(text, start, end, 2, Number.MAX_SAFE_INTEGER, (s, e) => {
    let col = 0;
    while (col + 1 < headerStarts.length && headerStarts[col + 1] <= s - start) col++;
    if (cs[col] < 0) cs[col] = s;
    ce[col] = e;
  });
  for (let col = 0; col < headerStarts.length; col++)
    b.addCell(cs[col] < 0 ? start : cs[col], cs[col] < 0 ? start : ce[col]);
}
