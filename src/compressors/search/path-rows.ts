/**
 * Search rows without line numbers: `path:text`, what `rg PATTERN` and
 * `grep -r PATTERN` print when their output is not a terminal and `-n` was
 * not asked for (an agent's shell tool is no terminal). The grep kernel reads
 * only numbered rows, so without this such output was no search at all and
 * reached a prose or code chain that dropped most of its paths.
 *
 * A row's path is the text before its first `:`, accepted only when it looks
 * like a path: no white space, quotes or brackets, and a `/` or a file
 * extension in it. One scan per line, no regex.
 */
import type { LineIndex } from "../../kernels/lines.js";
import { MATCH, RAW, SearchTable } from "./model.js";

const MAX_PATH = 300;

/** Whether `c` may appear in a path as search tools print them. */
function isPathChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 46 || // .
    c === 47 || // /
    c === 95 || // _
    c === 45 || // -
    c === 64 || // @
    c === 43 || // +
    c === 126 || // ~
    c === 44 || // ,
    c === 61 || // =
    c === 92 || // \
    c > 127
  );
}

/**
 * The offset of the `:` (or `grep -Z`'s NUL) that ends the path of row
 * [s, e) of `text`, or -1 when the line is no `path:text` row.
 */
export function pathRowEnd(text: string, s: number, e: number): number {
  let hasSlash = false;
  let lastDot = -1;
  const stop = Math.min(e, s + MAX_PATH);
  for (let i = s; i < stop; i++) {
    const c = text.charCodeAt(i);
    // `:`, or the NUL that `grep -Z` prints after a path instead.
    if (c === 58 || c === 0) {
      if (i === s) return -1;
      // A file extension: a dot followed by 1 to 8 letters or digits up to the colon.
      const hasExtension = lastDot > s && i - lastDot >= 2 && i - lastDot <= 9 && isWord(text, lastDot + 1, i);
      return hasSlash || hasExtension ? i : -1;
    }
    if (!isPathChar(c)) return -1;
    if (c === 47 || c === 92) hasSlash = true;
    else if (c === 46) lastDot = i;
  }
  return -1;
}

function isWord(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false;
  }
  return true;
}

/**
 * Reads `path:text` rows into a {@link SearchTable} (every row a match, line
 * number 0). Returns null unless nearly every non-blank line is such a row
 * and most paths hold a `/` (a list of `key.sub: value` lines is no search).
 */
export function parsePathRows(lines: LineIndex): SearchTable | null {
  const text = lines.text;
  const table = new SearchTable("text", text, lines.count);
  let rows = 0;
  let file = -1;
  let slashed = 0;
  let nonBlank = 0;
  for (let i = 0; i < lines.count; i++) {
    const s = lines.start(i);
    let e = lines.end(i);
    if (e > s && text.charCodeAt(e - 1) === 13) e--;
    if (e === s) continue;
    nonBlank++;
    const colon = pathRowEnd(text, s, e);
    if (colon < 0) {
      table.push(RAW, file, 0, s, e, s, i);
      continue;
    }
    const path = text.slice(s, colon);
    file = table.fileFor(path);
    rows++;
    if (path.includes("/") || path.includes("\\")) slashed++;
    table.pathRows++;
    table.push(MATCH, file, 0, colon + 1, e, colon + 1, i);
  }
  if (rows < 2 || rows < 0.9 * nonBlank || slashed < 0.5 * rows) return null;
  return table;
}
