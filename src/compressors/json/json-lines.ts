import { parseJson } from "./parse.js";
import { renderJson } from "./render.js";
import type { JsonNode } from "./tree.js";

/**
 * JSON Lines (one JSON value per line): `cargo build --message-format=json`,
 * structured logs, `--json` event streams. The whole text is not one JSON
 * document, but each record is: the compressor prunes the records as one
 * array (the crusher keeps errors and rare records, stubs name the rest) and
 * writes each kept record, stub or marker back on a line of its own, so the
 * output is JSON Lines too and every line of it parses.
 */

/** The records of a JSON Lines text, with the 0-based line each came from. */
export interface JsonLines {
  records: JsonNode[];
  /** `lineOf[k]`: the input line of record k. */
  lineOf: number[];
  /** Whether keys were followed by whitespace in the first record (`"a": 1`). */
  spacedColon: boolean;
}

/** Fewest records that make a text JSON Lines rather than a few values. */
export const JSON_LINES_MIN_RECORDS = 3;

/**
 * The records of `text` when every non-blank line is one JSON object or
 * array, at least {@link JSON_LINES_MIN_RECORDS} of them; else null. Parsed
 * line by line with the strict parser; the first line that does not parse
 * ends the attempt.
 */
export function parseJsonLines(text: string): JsonLines | null {
  const records: JsonNode[] = [];
  const lineOf: number[] = [];
  let spacedColon = false;
  let line = 0;
  for (let start = 0; start < text.length; line++) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    const body = text.slice(start, end);
    start = end + 1;
    if (body.trim() === "") continue;
    const first = body.charCodeAt(firstNonBlank(body));
    if (first !== 123 /* { */ && first !== 91 /* [ */) return null;
    const parsed = parseJson(body);
    if (parsed === null) return null;
    if (records.length === 0) spacedColon = parsed.spacedColon;
    records.push(parsed.root);
    lineOf.push(line);
  }
  return records.length >= JSON_LINES_MIN_RECORDS ? { records, lineOf, spacedColon } : null;
}

function firstNonBlank(text: string): number {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i;
}

/** Records written back one per line. */
export function renderJsonLines(records: readonly JsonNode[], colon: string): string {
  return records.map((record) => renderJson(record, colon)).join("\n");
}

/**
 * The input lines a marker's JSON path covers in JSON Lines, where the path
 * indexes the records: `$[4]…` is record 4's line, `$[4:9]` records 4 to 8;
 * null for the root (`$`, every record) or a path that names no record.
 * Read by hand: a path is short and this runs once per marker.
 */
export function recordLines(path: string, lineOf: readonly number[]): [number, number] | null {
  if (path.charCodeAt(0) !== 36 /* $ */ || path.charCodeAt(1) !== 91 /* [ */) return null;
  let i = 2;
  const from = readIndex(path, i);
  if (from === null) return null;
  i = from.end;
  let to = from.value + 1;
  if (path.charCodeAt(i) === 58 /* : */) {
    const upper = readIndex(path, i + 1);
    if (upper === null) return null;
    to = upper.value;
    i = upper.end;
  }
  if (path.charCodeAt(i) !== 93 /* ] */ || from.value >= lineOf.length || to <= from.value) return null;
  const last = Math.min(to, lineOf.length) - 1;
  return [lineOf[from.value], lineOf[last] + 1];
}

function readIndex(text: string, at: number): { value: number; end: number } | null {
  let i = at;
  let value = 0;
  while (i < text.length && i - at < 10) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
    i++;
  }
  return i === at ? null : { value, end: i };
}
