import type { LineIndex } from "../../kernels/lines.js";

/**
 * Reads RFC 822-style stanza lists: records of `Name: value` fields (a value
 * may continue on lines that start with a space or a tab) separated by blank
 * lines, as `apt-cache show`, `dpkg -s`, /var/lib/dpkg/status, mail headers
 * and `curl -I` header blocks print them. A record may open with one line
 * that is not a field (an HTTP status line, an mbox `From ` line).
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
