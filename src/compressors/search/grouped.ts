import { estimateTokens } from "../../kernels/tokens.js";
import { BREAK, CONTEXT, MATCH, RAW, type SearchTable } from "./model.js";

/**
 * The lossless rewrite of grep/rg rows: each run of one file's rows becomes
 * its path on a line of its own followed by the rows without the path, runs
 * separated by a blank line (ripgrep's own `--heading` layout):
 *
 *     src/a.py:3:x = 1        src/a.py
 *     src/a.py-4-y = 2   ⇒    3:x = 1
 *     src/b.py:9:z = 3        4-y = 2
 *                             (blank)
 *                             src/b.py
 *                             9:z = 3
 *
 * Reading it back is mechanical: the line after a blank (or the first line)
 * is a path, `--` stays, and every other line `N:…` / `N-…` gets the path and
 * the separator after its line number in front. The rewrite counts as
 * lossless only when that gives the input back byte for byte, which
 * {@link expandsTo} checks on every call; a rewrite that fails (CRLF, blank
 * or stray lines, path-less rows) is lossy.
 */

/**
 * The grouped form of text rows, or null when there is nothing to group (no
 * row printed its path: --heading or one-file output), a preamble, or a run
 * without a path.
 */
export function renderGrouped(table: SearchTable, finalNewline: boolean): string | null {
  if (table.format !== "text" || table.pathRows === 0 || table.count === 0 || table.file[0] < 0) return null;
  const out: string[] = [];
  let file = -1;
  for (let e = 0; e < table.count; e++) {
    const f = table.file[e];
    if (f !== file) {
      const header = table.files[f].header;
      if (header === "") return null;
      if (file >= 0) out.push("");
      out.push(header);
      file = f;
    }
    const kind = table.kind[e];
    if (kind === RAW) return null;
    out.push(kind === BREAK ? "--" : table.body(e));
  }
  // One flat string: `join(…) + "\n"` would be a rope whose first reader copies it again.
  if (finalNewline) out.push("");
  return out.join("\n");
}

/**
 * Tokens the grouped form saves, estimated without building it: each row
 * loses its `path:` prefix, each run gains a header line and a blank line.
 * Fewer characters is not always fewer tokens (one-row files gain a header).
 */
export function groupingGain(table: SearchTable): number {
  const prefixTokens = table.files.map((f) => (f.path === "" ? 0 : estimateTokens(`${f.path}:`)));
  const headerTokens = table.files.map((f) => estimateTokens(f.header) + 1);
  let gain = 0;
  let file = -1;
  for (let e = 0; e < table.count; e++) {
    const f = table.file[e];
    if (f < 0) continue;
    if (f !== file) {
      gain -= headerTokens[f];
      file = f;
    }
    const kind = table.kind[e];
    if (kind === MATCH || kind === CONTEXT) gain += prefixTokens[f];
  }
  return gain;
}

/** Whether reading `grouped` back (see the module comment) gives exactly `original`. */
export function expandsTo(grouped: string, original: string): boolean {
  const n = grouped.length;
  const end = grouped.endsWith("\n") ? n - 1 : n;
  if (n === 0 || original.endsWith("\n") !== end < n) return false;
  let path: string | null = null;
  let at = 0; // next offset to match in `original`
  let s = 0;
  while (s <= end) {
    let nl = grouped.indexOf("\n", s);
    if (nl < 0 || nl > end) nl = end;
    const lineStart = s;
    s = nl + 1;
    if (path === null) {
      if (nl === lineStart) return false;
      path = grouped.slice(lineStart, nl);
      continue;
    }
    if (nl === lineStart) {
      path = null;
      if (s > end) return false;
      continue;
    }
    let restored: number; // length of the restored line
    if (nl - lineStart === 2 && grouped.startsWith("--", lineStart)) {
      if (!original.startsWith("--", at)) return false;
      restored = 2;
    } else {
      const sep = separatorAfterNumber(grouped, lineStart, nl);
      if (sep < 0) return false;
      if (!original.startsWith(path, at) || original.charCodeAt(at + path.length) !== sep) return false;
      const bodyAt = at + path.length + 1;
      if (!original.startsWith(grouped.slice(lineStart, nl), bodyAt)) return false;
      restored = path.length + 1 + (nl - lineStart);
    }
    at += restored;
    if (at === original.length) return s > end;
    if (original.charCodeAt(at) !== 10) return false;
    at++;
  }
  return at === original.length;
}

/** The separator (`:` or `-`) after the line number that opens [start, end), or -1 when it opens none. */
function separatorAfterNumber(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && i - start < 11 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  if (i === start || i >= end) return -1;
  const c = text.charCodeAt(i);
  return c === 58 || c === 45 ? c : -1;
}
