import { isRowCountFooter } from "./aligned.js";
import { SeparatorTally, isCrOnly, terminatorAt } from "./line-ends.js";
import { MAX_TABLE_COLUMNS, TableBuilder, columnLabel, cellValue, type Table } from "./table.js";

/**
 * CSV and TSV, read in one linear pass: quoted fields (a field that opens
 * with `"` runs to the next lone `"`, with `""` standing for one quote) may
 * hold delimiters and newlines; records end at LF, CRLF, or a bare CR when
 * the text has no LF at all (classic-Mac files). Each record keeps its exact
 * span, so a kept record is reproduced byte for byte. Lenient where real
 * files are sloppy: text after a closing quote joins the field, and an
 * unclosed quote runs to the end (the shape check then rejects the parse).
 */

const QUOTE = 34;
/** Delimiters tried, in order of preference on a tie (TSV before CSV). */
const DELIMITERS = ["\t", ",", ";", "|"] as const;
/** Records read to choose the delimiter. */
const PROBE_RECORDS = 64;
/** Share of non-blank records that must have the most common field count. */
const MIN_CONSISTENCY = 0.9;

interface Parsed {
  builder: TableBuilder;
  separator: string;
  endsWithSeparator: boolean;
  /** Whether the whole text was read (not stopped at `maxRecords`). */
  complete: boolean;
}

/** Splits `text` into records of fields, reading at most `maxRecords`. */
function parseRecords(text: string, delimiter: string, hasQuotes: boolean, maxRecords: number): Parsed {
  const crOnly = isCrOnly(text);
  const delim = delimiter.charCodeAt(0);
  const tally = new SeparatorTally();
  const builder = new TableBuilder();
  const n = text.length;
  let i = 0;
  let endsWithSeparator = false;
  while (i < n && builder.recordCount < maxRecords) {
    const start = i;
    for (;;) {
      const fieldStart = i;
      if (hasQuotes && text.charCodeAt(i) === QUOTE) {
        // Quoted field: find the closing quote, skipping doubled ones.
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) {
            j = n;
            break;
          }
          if (text.charCodeAt(q + 1) === QUOTE) {
            j = q + 2;
            continue;
          }
          j = q;
          break;
        }
        i = j < n ? j + 1 : n;
      }
      // Unquoted text (or what trails a closing quote) runs to a delimiter or terminator.
      let term = 0;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === delim) break;
        if ((c === 10 || c === 13) && (term = terminatorAt(text, i, crOnly)) > 0) break;
        i++;
      }
      builder.addCell(fieldStart, i);
      if (i < n && term === 0) {
        i++;
        continue;
      }
      if (term > 0) {
        tally.add(text, i, term);
        builder.endRecord(start, i, true);
        i += term;
        endsWithSeparator = i === n;
      } else builder.endRecord(start, n, true);
      break;
    }
  }
  return { builder, separator: tally.dominant(), endsWithSeparator, complete: i >= n };
}

/** Share of non-blank records with the most common field count, and that count. */
function consistency(b: TableBuilder): { share: number; fields: number } {
  const counts = new Map<number, number>();
  let total = 0;
  for (let r = 0; r < b.recordCount; r++) {
    if (b.recordStart.get(r) === b.recordEnd.get(r)) continue;
    total++;
    const f = b.fieldOffset.get(r + 1) - b.fieldOffset.get(r);
    counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  let fields = 0;
  let best = 0;
  for (const [f, c] of counts) if (c > best || (c === best && f > fields)) [fields, best] = [f, c];
  return { share: total === 0 ? 0 : best / total, fields };
}

function isTable(b: TableBuilder): boolean {
  const { share, fields } = consistency(b);
  return fields >= 2 && share >= MIN_CONSISTENCY && b.recordCount >= 3;
}

/** A cell that reads as a number, date or amount (digits and number punctuation only). */
export function isNumberish(cell: string): boolean {
  let digits = 0;
  for (let i = 0; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    // + - . , / : % $ and space
    else if (c !== 43 && c !== 45 && c !== 46 && c !== 44 && c !== 47 && c !== 58 && c !== 37 && c !== 36 && c !== 32)
      return false;
  }
  return digits > 0;
}

/**
 * Whether the first record names the columns: none of its cells is a number
 * while some column below it is mostly numbers. A headerless file whose first
 * row is mistaken for data loses nothing (head rows are always kept).
 */
function hasHeader(table: Table, width: number): boolean {
  const n = Math.min(table.recordCount, 1 + PROBE_RECORDS * 4);
  if (n < 3) return false;
  for (let col = 0; col < width; col++) if (isNumberish(cellValue(table, 0, col))) return false;
  const need = (n - 1) * 0.8;
  for (let col = 0; col < width; col++) {
    let numbers = 0;
    // Stop reading a column once the rows left cannot make it mostly numbers:
    // a wide table of text (one cell per tab) would otherwise cost a string per cell.
    for (let r = 1; r < n && numbers + (n - r) >= need; r++) if (isNumberish(cellValue(table, r, col))) numbers++;
    if (numbers >= need) return true;
  }
  return false;
}

/** The delimiter chosen, and its probe's parse when that read the whole text (a short table need not be read twice). */
interface Choice {
  delimiter: string;
  hasQuotes: boolean;
  whole: Parsed | null;
}

/** Whether the first line of `head` holds more than `limit` fields split by `delimiter` (quotes ignored: an upper bound). */
function isWiderThan(head: string, delimiter: string, limit: number): boolean {
  const lineEnd = head.indexOf("\n");
  const end = lineEnd < 0 ? head.length : lineEnd;
  let fields = 1;
  for (let at = head.indexOf(delimiter); at >= 0 && at < end; at = head.indexOf(delimiter, at + 1))
    if (++fields > limit) return true;
  return false;
}

function pickDelimiter(text: string): Choice | null {
  let best: Choice | null = null;
  let bestShare = 0;
  const head = text.length > 1 << 16 ? text.slice(0, 1 << 16) : text;
  for (const delimiter of DELIMITERS) {
    if (head.indexOf(delimiter) < 0 || isWiderThan(head, delimiter, MAX_TABLE_COLUMNS)) continue;
    // TSV rarely quotes; a stray quote in a commit subject must not swallow rows.
    for (const hasQuotes of delimiter === "\t" ? [true, false] : [true]) {
      const parsed = parseRecords(text, delimiter, hasQuotes, PROBE_RECORDS);
      const probe = parsed.builder;
      if (!isTable(probe)) continue;
      const { share } = consistency(probe);
      if (share > bestShare)
        [best, bestShare] = [{ delimiter, hasQuotes, whole: parsed.complete ? parsed : null }, share];
      break;
    }
  }
  return best;
}

/** Reads `text` as CSV/TSV, or null when it does not have a consistent delimited shape. */
/** Whether `text[start, end)` is a table's rule (`----+----`), psql's row count or the blank line after it. */
function isFrameLine(text: string, start: number, end: number): boolean {
  if (isRowCountFooter(text, start, end)) return true;
  let marks = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 45 || c === 43 || c === 61) marks++;
    else if (c !== 32 && c !== 124 && c !== 13) return false;
  }
  return marks >= 3 || marks === 0;
}

export function parseDelimited(text: string): Table | null {
  const choice = pickDelimiter(text);
  if (choice === null) return null;
  const parsed = choice.whole ?? parseRecords(text, choice.delimiter, choice.hasQuotes, Number.MAX_SAFE_INTEGER);
  if (!isTable(parsed.builder)) return null;
  const width = consistency(parsed.builder).fields;
  const table = parsed.builder.build({
    kind: "delimited",
    text,
    header: -1,
    columns: [],
    separator: parsed.separator,
    endsWithSeparator: parsed.endsWithSeparator,
    delimiter: choice.delimiter,
  });
  // psql's frame (`----+----` under the header, `(40 rows)` and a blank line under the last row) holds no cells.
  let isRuled = false;
  if (choice.delimiter === "|" && width > 1)
    for (let r = 0; r < table.recordCount; r++)
      if (
        table.fieldOffset[r + 1] - table.fieldOffset[r] === 1 &&
        isFrameLine(text, table.recordStart[r], table.recordEnd[r])
      ) {
        table.isRow[r] = 0;
        if (r === 1 && table.recordEnd[r] > table.recordStart[r]) isRuled = true;
      }
  // The line over a rule is a header, numbers under it or not.
  const header = isRuled || hasHeader(table, width) ? 0 : -1;
  if (header === 0) table.isRow[0] = 0;
  const columns: string[] = [];
  for (let c = 0; c < width; c++) {
    const name = header === 0 ? cellValue(table, 0, c).trim() : "";
    columns.push(name === "" || name.length > 40 ? columnLabel(c) : name);
  }
  return { ...table, header, columns };
}
