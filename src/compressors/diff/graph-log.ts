/**
 * `git log --graph` in any format: every line opens with the graph's
 * columns (`* `, `| * `, `|\  `, `| |/  `), two characters each, before
 * what git would print without `--graph`. Read through this view, a line is
 * its content alone, so a commit behind the columns (`| * 4904857 subject`,
 * `* | commit 4904857…`) is a commit and a stat line behind them a stat
 * line: stat-log.ts compacts the graph's stats like any log's, and copies
 * every kept line whole, columns included. Lines of only columns (`|\`,
 * `|/`) are the graph's shape; they cost a few tokens and stay.
 */
import { isCommitLine } from "./parse.js";
import { DiffView } from "./view.js";

/** Characters git draws a graph column with (`-` and `.` in an octopus merge's `*-.`). */
function isGraphChar(c: number): boolean {
  // * | / \ _ - .
  return c === 42 || c === 124 || c === 47 || c === 92 || c === 95 || c === 45 || c === 46;
}

/**
 * Length of the graph columns opening visible line `v`: the pairs up to the
 * last one that opens with a graph character (blank pairs between columns
 * belong to the graph; the indentation of a commit body after them does not).
 */
export function graphWidth(v: string): number {
  let width = 0;
  for (let at = 0; at < v.length; at += 2) {
    const c = v.charCodeAt(at);
    const next = at + 1 < v.length ? v.charCodeAt(at + 1) : 32;
    if (isGraphChar(c) && (next === 32 || isGraphChar(next))) width = at + 2;
    else if (c !== 32 || next !== 32) break;
  }
  return Math.min(width, v.length);
}

/** A `--oneline` (or `--format='%h …'`) commit: an abbreviated hash, then the subject. */
const HASH_LINE_RE = /^[0-9a-f]{7,64}(?: |$)/;

/** Whether the content of a graph line (its columns removed) is a commit: a `commit <hash>` or `<hash> subject` line. */
export function isGraphCommit(content: string): boolean {
  const c = content.trimStart();
  return isCommitLine(c) || HASH_LINE_RE.test(c);
}

/** Whether visible line `v` is a commit behind graph columns that mark it (`*`). */
export function isGraphCommitLine(v: string): boolean {
  const width = graphWidth(v);
  return width > 0 && v.lastIndexOf("*", width) !== -1 && isGraphCommit(v.slice(width));
}

/** Commit lines behind graph columns that make a text a `--graph` log. */
const MIN_GRAPH_COMMITS = 2;

/** Whether `view` is a `git log --graph`: commits behind graph columns, and no commit line outside them. */
export function isGraphLog(view: DiffView): boolean {
  let commits = 0;
  const n = view.lines.count;
  for (let i = 0; i < n; i++) {
    const v = view.plain(i);
    if (isGraphCommitLine(v)) commits++;
    else if (isGraphCommit(v) && v.charCodeAt(0) !== 32) return false;
  }
  return commits >= MIN_GRAPH_COMMITS;
}

/** A `--graph` log read without its columns; {@link graphPrefix} gives them back for lines it writes anew. */
export class GraphLogView extends DiffView {
  override plain(i: number): string {
    const v = super.plain(i);
    const width = graphWidth(v);
    if (width === 0) return v;
    const content = v.slice(width);
    // `*   9ac11e5 Merge …`: a merge's hash sits after the columns of the merged branch.
    return isGraphCommit(content) ? content.trimStart() : content;
  }

  override graphPrefix(i: number): string {
    const v = super.plain(i);
    return v.slice(0, graphWidth(v));
  }
}
