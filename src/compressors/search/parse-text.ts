import { isGroupSeparator, parseGrepRows } from "../../kernels/grep.js";
import type { LineIndex } from "../../kernels/lines.js";
import { BREAK, CONTEXT, MATCH, RAW, SearchTable } from "./model.js";
import { functionRowEnd } from "./function-rows.js";
import { parsePathRows } from "./path-rows.js";

/**
 * Reads grep/rg text output (`path:N:text`, `path-N-text` context, `--`
 * breaks, `--heading` groups, `./` prefixes, Windows drive letters) into a
 * {@link SearchTable} over the input itself, through the grep kernel's
 * one-pass row parser. Returns null when the text has no rows, or more
 * non-row lines than rows (then it is not a search result).
 */
export function parseTextSearch(lines: LineIndex): SearchTable | null {
  const text = lines.text;
  const rows = parseGrepRows(text);
  if (rows.count === 0) return parsePathRows(lines);
  const table = new SearchTable("text", text, lines.count);
  let file = -1;
  let path = "";
  let r = 0;
  for (let i = 0; i < lines.count; i++) {
    const start = lines.start(i);
    if (
      r < rows.count &&
      rows.lineIndex(r) === i &&
      (isDateHour(text, rows.pathStart(r), rows.pathEnd(r)) || isFunctionRowAt(text, start, rows.pathEnd(r)))
    ) {
      // `2026-12-02T19:56:59 …` splits at its colons like path:line:text, but is a log line's time;
      // `a.txt=706=Date: Wed Dec 2 05:38:36` is a `git grep -p` function row (read below) whose text holds a time.
      r++;
    } else if (r < rows.count && rows.lineIndex(r) === i) {
      const ps = rows.pathStart(r);
      const pe = rows.pathEnd(r);
      if (file < 0 || path.length !== pe - ps || !text.startsWith(path, ps)) {
        path = text.slice(ps, pe);
        file = table.fileFor(path);
      }
      // A path inside this line is followed by its one-character separator;
      // a --heading row's path is an earlier line, a one-file row has none.
      const bodyStart = pe > start ? pe + 1 : start;
      if (pe > start) table.pathRows++;
      table.push(
        rows.isContext(r) ? CONTEXT : MATCH,
        file,
        rows.lineNo(r),
        bodyStart,
        rows.textEnd(r),
        rows.textStart(r),
        i,
      );
      r++;
      continue;
    }
    const end = lineEnd(text, start, lines.end(i));
    if (isBlank(text, start, end)) continue;
    if (end - start === 2 && isGroupSeparator(text.slice(start, end))) {
      table.push(BREAK, file, 0, start, end, start);
      continue;
    }
    // A --heading path: the next row names this very line as its path.
    if (r < rows.count && rows.pathStart(r) === start && rows.pathEnd(r) <= end) continue;
    // `git grep -p`'s function line (`path=N=text`) opens its file's rows: it
    // stays with that file, as printed (raw lines always show).
    const fn = functionRowEnd(text.slice(start, end));
    if (fn > 0 && (file < 0 || path.length !== fn || !text.startsWith(path, start))) {
      path = text.slice(start, start + fn);
      file = table.fileFor(path);
    }
    if (fn > 0) table.push(RAW, file, 0, start, end, start, i);
    else table.push(RAW, file, 0, start, end, start);
  }
  return table.raws > table.rows ? null : table;
}

/**
 * Whether text[from, to) is the date and hour of an ISO 8601 time
 * (`2026-12-02T19`, `2026-12-02 19`, optionally after `[`): what a
 * timestamped line holds before its first colon.
 */
function isDateHour(text: string, from: number, to: number): boolean {
  const start = text.charCodeAt(from) === 91 ? from + 1 : from;
  if (to - start !== 13) return false;
  for (let i = 0; i < 13; i++) {
    const c = text.charCodeAt(start + i);
    const ok = i === 4 || i === 7 ? c === 45 : i === 10 ? c === 84 || c === 32 : c >= 48 && c <= 57;
    if (!ok) return false;
  }
  return true;
}

/** Whether the line at `start` is a `path=N=text` row whose `=N=` comes before `pathEnd` (a grep row's path end). */
function isFunctionRowAt(text: string, start: number, pathEnd: number): boolean {
  const fn = functionRowEnd(text.slice(start, Math.min(pathEnd, start + 320)));
  return fn > 0 && start + fn < pathEnd;
}

/** The end of the line's content, before a "\r". */
function lineEnd(text: string, start: number, end: number): number {
  return end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}

/** Empty or only spaces and tabs (the layout between --heading groups). */
function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
