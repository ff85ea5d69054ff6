import type { LineIndex } from "../../kernels/lines.js";
import { CONTEXT, MATCH, RAW, SearchTable } from "./model.js";

/**
 * Reads `rg --json` output (JSON Lines of begin / match / context / end /
 * summary messages) into a {@link SearchTable} whose rows look like rg's text
 * rows (`474:text`, `475-text`), so the JSON's offsets and submatches cost
 * nothing. Each file's header is its begin message verbatim (the path exactly
 * as rg wrote it, and what a reader of rg --json looks for); the summary keeps
 * only its counts. Lines that are no rg message,
 * and rows rg could only give as base64 `bytes`, stay verbatim.
 */

const MESSAGE_TYPES = new Set(["begin", "match", "context", "end", "summary"]);
/** The summary counts worth keeping; timings and byte counts go. */
const SUMMARY_COUNTS = ["matched_lines", "matches", "searches", "searches_with_match"] as const;

type Json = Record<string, unknown>;

/** Whether the text opens like `rg --json` output (its first non-blank line is an rg message). */
export function looksLikeRgJson(lines: LineIndex): boolean {
  for (let i = 0; i < lines.count; i++) {
    const line = lines.line(i);
    if (line.trim() === "") continue;
    return messageOf(line) !== null;
  }
  return false;
}

/** Parses `rg --json` output; null when it holds no rg message at all. */
export function parseRgJson(lines: LineIndex): SearchTable | null {
  const table = new SearchTable("json", "", lines.count);
  const bodies = new Bodies(table);
  let file = -1;
  let messages = 0;
  const openFile = (path: string, header: string): void => {
    file = table.fileFor(path, header);
  };
  for (let i = 0; i < lines.count; i++) {
    const line = lines.line(i);
    if (line.trim() === "") continue;
    const msg = messageOf(line);
    if (msg === null) {
      bodies.push(RAW, file, 0, line, 0);
      continue;
    }
    messages++;
    const data = isObject(msg.data) ? msg.data : {};
    const type = msg.type as string;
    if (type === "summary") {
      table.summary = summaryLine(data) ?? line;
      continue;
    }
    if (type === "end") continue;
    const path = pathOf(data.path);
    if (type === "begin") {
      openFile(path ?? line, line);
      continue;
    }
    // A row without its begin message names its file by the path alone.
    if (path !== null && (file < 0 || table.files[file].path !== path)) openFile(path, path);
    if (file < 0) {
      bodies.push(RAW, file, 0, line, 0);
      continue;
    }
    bodies.inputLine = i;
    pushRows(bodies, type === "match" ? MATCH : CONTEXT, file, data, line);
    bodies.inputLine = -1;
  }
  if (messages === 0) return null;
  table.source = bodies.join();
  return table;
}

/** Collects synthesised bodies; their offsets point into the string {@link Bodies.join} makes. */
class Bodies {
  private readonly parts: string[] = [];
  private offset = 0;
  /** The input line of the message being read. */
  inputLine = -1;
  constructor(private readonly table: SearchTable) {}

  push(kind: number, file: number, lineNo: number, body: string, textAt: number): void {
    this.parts.push(body);
    this.table.push(kind, file, lineNo, this.offset, this.offset + body.length, this.offset + textAt, this.inputLine);
    this.offset += body.length + 1;
  }

  join(): string {
    return this.parts.join("\n");
  }
}

/** Adds a match/context message's rows, one per line of a multi-line match (as rg's text output shows them). */
function pushRows(bodies: Bodies, kind: number, file: number, data: Json, line: string): void {
  const lineNo = data.line_number;
  const lines = isObject(data.lines) ? data.lines.text : undefined;
  if (typeof lineNo !== "number" || !Number.isSafeInteger(lineNo) || lineNo < 0 || typeof lines !== "string") {
    // No line number, or non-UTF-8 text (base64 `bytes`): the message itself is the row.
    bodies.push(kind, file, 0, line, 0);
    return;
  }
  const sep = kind === MATCH ? ":" : "-";
  let text = lines.endsWith("\n") ? lines.slice(0, -1) : lines;
  if (text.endsWith("\r")) text = text.slice(0, -1);
  let n = 0;
  let from = 0;
  for (;;) {
    const nl = text.indexOf("\n", from);
    let piece = nl < 0 ? text.slice(from) : text.slice(from, nl);
    if (piece.endsWith("\r")) piece = piece.slice(0, -1);
    const prefix = `${lineNo + n}${sep}`;
    bodies.push(kind, file, lineNo + n, prefix + piece, prefix.length);
    n++;
    if (nl < 0) return;
    from = nl + 1;
  }
}

/** The line as an rg message, or null when it is not one. */
function messageOf(line: string): Json | null {
  const t = line.charCodeAt(0) === 123 ? line : line.trimStart();
  if (t.charCodeAt(0) !== 123) return null;
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.type !== "string" || !MESSAGE_TYPES.has(value.type)) return null;
  return value;
}

/** rg's `{"text": …}` path, or its base64 `{"bytes": …}` form tagged as such. */
function pathOf(value: unknown): string | null {
  if (!isObject(value)) return null;
  if (typeof value.text === "string") return value.text;
  if (typeof value.bytes === "string") return `base64:${value.bytes}`;
  return null;
}

/** The summary message with only its counts, as one JSON line. */
function summaryLine(data: Json): string | null {
  if (!isObject(data.stats)) return null;
  const stats: Record<string, number> = {};
  let any = false;
  for (const k of SUMMARY_COUNTS) {
    const v = data.stats[k];
    if (typeof v === "number") {
      stats[k] = v;
      any = true;
    }
  }
  return any ? JSON.stringify({ type: "summary", data: { stats } }) : null;
}

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
