import type { LineIndex } from "../../kernels/lines.js";

/**
 * Reads RFC 822-style stanza lists: records of `Name: value` fields (a value
 * may continue on lines that start with a space or a tab) separated by blank
 * lines, as `apt-cache show`, `dpkg -s`, /var/lib/dpkg/status, mail headers
 * and `curl -I` header blocks print them. A record may open with one line
 * that is not a field (an HTTP status line, an mbox `From ` line).
 *
 * Some tools right-align their labels instead (`stat`: `  File:`,
 * ` Birth:`, `Device:`; systemd's `Main PID:`): every label ends at one
 * column and no blank line parts the records. There a line whose label
 * ends at that column is a field (spaces may stand inside its name), and a
 * record ends where its first field's name comes again.
 *
 * Others name each record on a line of its own and indent its fields under
 * it (`apt-cache policy`: `curl:`, then `  Installed: …`, `  Candidate: …`,
 * `  Version table:` and its deeper rows). There every column-0 line is a
 * name ending with `:`, and a line at the record's first indent that opens
 * with a label is a field; any other indented line continues the field
 * above it.
 *
 * One pass over the lines, with character tests instead of a regex per line.
 */

/** One field of a record: its name (lowercased) and the lines it spans. */
export interface StanzaField {
  /** Lowercased field name (`package`, `content-length`). */
  readonly name: string;
  /** The value on the field's first line, trimmed. */
  readonly value: string;
  /** First line of the field (0-based). */
  readonly from: number;
  /** Line after the field's last continuation line. */
  readonly to: number;
}

/** One record: its lines, an optional opening line that is not a field, and its fields. */
export interface StanzaRecord {
  readonly from: number;
  readonly to: number;
  /** The opening line that is not a field (`HTTP/1.0 200 OK`), or -1. */
  readonly head: number;
  readonly fields: readonly StanzaField[];
}

/** The records of a text, in order. */
export interface Stanzas {
  readonly records: readonly StanzaRecord[];
}

/** Longest field name a line may open with. */
const MAX_NAME = 64;

/**
 * Length of the field name `line` opens with (`Name:` then a space, a tab or
 * the end of the line), or 0. Names start with a letter and hold letters,
 * digits, `-` and `_`.
 */
export function fieldNameLength(line: string): number {
  const c0 = line.charCodeAt(0);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122))) return 0;
  const end = Math.min(line.length, MAX_NAME + 1);
  for (let i = 1; i < end; i++) {
    const c = line.charCodeAt(i);
    if (c === 58) {
      const next = line.charCodeAt(i + 1);
      return i + 1 === line.length || next === 32 || next === 9 ? i : 0;
    }
    const isNameChar = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 95;
    if (!isNameChar) return 0;
  }
  return 0;
}

/** Whether `line` may open a record without being a field: an HTTP status line or an mbox `From ` line. */
export function isRecordHead(line: string): boolean {
  if (line.startsWith("HTTP/")) {
    const space = line.indexOf(" ");
    return space > 5 && space < 10 && /^ \d{3}(?: |$)/.test(line.slice(space, space + 5));
  }
  return line.startsWith("From ") && line.length > 5 && line.charCodeAt(5) !== 32;
}

/** Share of non-blank lines whose label must end at one column for the labels to read as right-aligned. */
const ALIGNED_SHARE = 0.9;
/** Fewest aligned labels that make a text of right-aligned labels. */
const ALIGNED_MIN = 8;

/**
 * Length of the right-aligned label of `line` whose colon stands at
 * `column` (`  File:` → 4, `Main PID:` → 8), or 0: a letter after the
 * indent, then letters, digits, `-`, `_` and single spaces up to the colon,
 * and a space, a tab or the end of the line after it.
 */
export function alignedLabelLength(line: string, column: number): number {
  if (column <= 0 || column >= line.length || line.charCodeAt(column) !== 58) return 0;
  const next = line.charCodeAt(column + 1);
  if (column + 1 < line.length && next !== 32 && next !== 9) return 0;
  let start = 0;
  while (start < column && line.charCodeAt(start) === 32) start++;
  if (start === column) return 0;
  const name = line.slice(start, column);
  if (fieldNameLength(`${name}:`) > 0) return column - start;
  // A name with single spaces inside (`Main PID`, `IO Block`) is read word by word.
  if (name.includes("  ") || name.endsWith(" ")) return 0;
  for (const word of name.split(" ")) if (fieldNameLength(`${word}:`) === 0) return 0;
  return column - start;
}

/**
 * The column where right-aligned labels end (their colon), or -1: the
 * first non-blank line is indented (labels at column 0 are plain stanzas)
 * and its colon sets the column; at least ALIGNED_MIN lines and
 * ALIGNED_SHARE of the non-blank ones hold a label ending there. The scan
 * stops as soon as too many lines miss. `line(i)` reads line `i` of `count`.
 */
export function alignedLabelColumn(count: number, line: (i: number) => string): number {
  let column = -1;
  let nonBlank = 0;
  for (let i = 0; i < count && column < 0; i++) {
    const text = line(i);
    if (isBlank(text)) continue;
    if (text.charCodeAt(0) !== 32) return -1;
    column = text.indexOf(":");
  }
  if (column <= 0 || column > MAX_NAME) return -1;
  let labels = 0;
  for (let i = 0; i < count; i++) {
    const text = line(i);
    if (isBlank(text)) continue;
    nonBlank++;
    if (alignedLabelLength(text, column) > 0) labels++;
    else if (nonBlank - labels > (1 - ALIGNED_SHARE) * Math.max(nonBlank, 10 * ALIGNED_MIN)) return -1;
  }
  return labels >= ALIGNED_MIN && labels >= ALIGNED_SHARE * nonBlank ? column : -1;
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/**
 * The stanzas of `lines`, or null when any non-blank line is neither a
 * field, a continuation nor a record's opening line, or the text holds
 * fewer than `minRecords` records.
 */
export function parseStanzas(lines: LineIndex, minRecords = 2): Stanzas | null {
  const aligned = alignedLabelColumn(lines.count, (i) => lines.line(i));
  if (aligned > 0) return parseAligned(lines, aligned, minRecords);
  if (isNamedHead(lines.line(0))) {
    const indented = parseIndented(lines.count, (i) => lines.line(i), minRecords);
    if (indented !== null) return indented;
  }
  const records: StanzaRecord[] = [];
  let fields: StanzaField[] = [];
  let from = -1;
  let head = -1;
  let field: { name: string; value: string; from: number } | null = null;
  const closeField = (to: number) => {
    if (field !== null) fields.push({ ...field, to });
    field = null;
  };
  const closeRecord = (to: number) => {
    closeField(to);
    if (from >= 0) records.push({ from, to, head, fields });
    fields = [];
    from = -1;
    head = -1;
  };
  // A text that ends with a newline has an empty last "line"; it is blank like any other.
  for (let i = 0; i < lines.count; i++) {
    const line = lines.line(i);
    if (isBlank(line)) {
      closeRecord(i);
      continue;
    }
    const c = line.charCodeAt(0);
    if (c === 32 || c === 9) {
      // A continuation belongs to the field above it.
      if (field === null) return null;
      continue;
    }
    const n = fieldNameLength(line);
    if (n > 0) {
      closeField(i);
      if (from < 0) from = i;
      field = { name: line.slice(0, n).toLowerCase(), value: line.slice(n + 1).trim(), from: i };
      continue;
    }
    if (from < 0 && isRecordHead(line)) {
      from = i;
      head = i;
      continue;
    }
    return null;
  }
  closeRecord(lines.count);
  return records.length >= minRecords ? { records } : null;
}

/** The records of a text of right-aligned labels ending at `column` (see the file's head). */
function parseAligned(lines: LineIndex, column: number, minRecords: number): Stanzas | null {
  const records: StanzaRecord[] = [];
  let fields: StanzaField[] = [];
  let from = -1;
  /** Name of the open record's first field: when it comes again, a new record starts. */
  let firstName = "";
  let field: { name: string; value: string; from: number } | null = null;
  const closeRecord = (to: number) => {
    if (field !== null) fields.push({ ...field, to });
    field = null;
    if (from >= 0) records.push({ from, to, head: -1, fields });
    fields = [];
    from = -1;
  };
  for (let i = 0; i < lines.count; i++) {
    const line = lines.line(i);
    if (isBlank(line)) {
      closeRecord(i);
      continue;
    }
    const n = alignedLabelLength(line, column);
    if (n > 0) {
      const name = line.slice(column - n, column).toLowerCase();
      if (from >= 0 && firstName === name) closeRecord(i);
      if (field !== null) fields.push({ ...field, to: i });
      if (from < 0) {
        from = i;
        firstName = name;
      }
      field = { name, value: line.slice(column + 1).trim(), from: i };
      continue;
    }
    const c = line.charCodeAt(0);
    if ((c !== 32 && c !== 9) || field === null) return null;
  }
  closeRecord(lines.count);
  return records.length >= minRecords ? { records } : null;
}

/** Longest record name a head line may hold. */
const MAX_HEAD = 200;

/** Whether `line` names a record on its own: no indent, no space, and a `:` ending it (`g++:`, `libpython3.11:`). */
export function isNamedHead(line: string): boolean {
  const end = line.endsWith("\r") ? line.length - 1 : line.length;
  if (end < 2 || end > MAX_HEAD || line.charCodeAt(end - 1) !== 58) return false;
  for (let i = 0; i < end - 1; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9 || c === 58) return false;
  }
  return true;
}

/** Length of the label `line` opens with at `indent` (`Installed`, `Version table`), or 0. */
function indentedLabelLength(line: string, indent: number): number {
  const colon = line.indexOf(":", indent);
  if (colon <= indent || colon - indent > MAX_NAME) return 0;
  return alignedLabelLength(line.slice(indent), colon - indent);
}

/**
 * The records of a text of named heads and indented fields (see the file's
 * head), or null when a column-0 line is no head, a record has no field, or
 * an indented line comes before any field. `line(i)` reads line `i` of
 * `count` (the router reads its sample this way).
 */
export function parseIndented(count: number, lineAt: (i: number) => string, minRecords: number): Stanzas | null {
  const records: StanzaRecord[] = [];
  let fields: StanzaField[] = [];
  let from = -1;
  let base = -1;
  let field: { name: string; value: string; from: number } | null = null;
  const closeRecord = (to: number): boolean => {
    if (field !== null) fields.push({ ...field, to });
    field = null;
    if (from >= 0) {
      if (fields.length === 0) return false;
      records.push({ from, to, head: from, fields });
    }
    fields = [];
    from = -1;
    base = -1;
    return true;
  };
  for (let i = 0; i < count; i++) {
    const line = lineAt(i);
    if (isBlank(line)) continue;
    const c = line.charCodeAt(0);
    if (c !== 32 && c !== 9) {
      if (!isNamedHead(line) || !closeRecord(i)) return null;
      from = i;
      continue;
    }
    if (from < 0) return null;
    let indent = 0;
    while (line.charCodeAt(indent) === 32 || line.charCodeAt(indent) === 9) indent++;
    if (base < 0) base = indent;
    const n = indent === base ? indentedLabelLength(line, indent) : 0;
    if (n > 0) {
      if (field !== null) fields.push({ ...field, to: i });
      field = { name: line.slice(indent, indent + n).toLowerCase(), value: line.slice(indent + n + 1).trim(), from: i };
      continue;
    }
    if (field === null) return null;
  }
  // A last head without fields is where a read or a sample was cut: it stays out of the records.
  if (field === null) from = -1;
  closeRecord(count);
  return records.length >= minRecords ? { records } : null;
}
