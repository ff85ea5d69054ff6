/**
 * `git log --stat` (any `--format`, `--oneline` too) with no patch: commits
 * whose file list is a diffstat (or, with `--name-status`, `M\tpath` lines,
 * kept as they are). Every commit's header (hash, author, dates,
 * merge parents), its subject and its summary line (`N files changed, …`)
 * stay verbatim: they are what a reader of history scans. The per-file stat
 * lines are detail: each commit's become one line naming its files (the
 * `| 12 ++--` bars dropped), only the first few of a long list, behind a
 * marker that recalls the commit's stat lines by range. A commit body longer
 * than a few lines keeps its first lines and a marker for the rest.
 */
import { salientKind } from "../../fidelity/salient.js";
import type { OmissionPlace } from "../types.js";
import { isCommitLine, isStatLine } from "./parse.js";
import type { DiffView } from "./view.js";

/** A body of at most this many lines (subject included) is kept whole… */
const BODY_KEPT_WHOLE = 5;
/** …a longer one keeps this many (the subject and the lines right after it). */
const BODY_HEAD = 3;
/** Files a compacted stat block names before the marker stands for the rest. */
const FILES_NAMED = 8;

/** A `--oneline` commit: an abbreviated hash (decorations may follow) and the subject. */
const ONELINE_RE = /^[0-9a-f]{7,64} /;
const SUMMARY_RE = /^ \d+ files? changed(?:, \d+ insertions?\(\+\))?(?:, \d+ deletions?\(-\))?$/;

/** `M\tpath`, `R097\told\tnew`: a file line of `git log --name-status` (status letter, similarity for R and C, TAB). */
const NAME_STATUS_RE = /^(?:[ADMTUXB]|[RC]\d{1,3})\t\S/;

/** Whether a visible line names a file as `git log --name-status` does. */
export function isNameStatusLine(v: string): boolean {
  return NAME_STATUS_RE.test(v);
}

/** Whether a visible line is a diffstat's summary (` 3 files changed, 59 insertions(+), 2 deletions(-)`). */
export function isStatSummary(v: string): boolean {
  return SUMMARY_RE.test(v);
}

/** A diffstat: stat lines [from, summary) and its summary line. */
interface StatBlock {
  from: number;
  summary: number;
}

/** The diffstats of `view`: runs of stat lines each closed by a summary line. */
function statBlocks(view: DiffView): StatBlock[] {
  const blocks: StatBlock[] = [];
  const n = view.lines.count;
  let from = -1;
  for (let i = 0; i < n; i++) {
    const v = view.plain(i);
    if (isStatLine(v)) {
      if (from === -1) from = i;
    } else {
      if (from !== -1 && isStatSummary(v)) blocks.push({ from, summary: i });
      from = -1;
    }
  }
  return blocks;
}

/** The path a stat line names, as git printed it (`.../` abbreviations and `{a => b}` renames kept). */
function statPath(v: string): string {
  return v.slice(0, v.lastIndexOf(" | ")).trim();
}

/** Whether some line is a `commit <hash>` header. */
function hasCommitHeader(view: DiffView): boolean {
  const n = view.lines.count;
  for (let i = 0; i < n; i++) if (isCommitLine(view.plain(i))) return true;
  return false;
}

/** Whether the log names its commits: a `commit <hash>` line, or a `<hash> subject` line before every diffstat. */
function hasCommit(view: DiffView, blocks: StatBlock[]): boolean {
  if (hasCommitHeader(view)) return true;
  // `--oneline`: every diffstat follows a `<hash> subject` line.
  return blocks.every((b) => b.from > 0 && ONELINE_RE.test(view.plain(b.from - 1)));
}

/**
 * The log with stat lines and long bodies compacted, or null when it is no
 * stat-only log or nothing would be saved.
 */
export function renderStatLog(view: DiffView, marker: Mark): string | null {
  const blocks = statBlocks(view);
  // With no diffstat (`git log --graph` in full) only `commit` headers make it a log whose long bodies compact.
  if (blocks.length === 0 ? !hasCommitHeader(view) : !hasCommit(view, blocks)) return null;
  const out: string[] = [];
  // Short file lists name every file; their counts share one marker (one per commit would cost more than the bars).
  const countsOnly: [number, number][] = [];
  const n = view.lines.count;
  let next = 0;
  let i = 0;
  while (i < n) {
    const block = blocks[next];
    if (block !== undefined && block.from === i) {
      const total = block.summary - block.from;
      if (total <= FILES_NAMED) countsOnly.push([block.from, block.summary]);
      out.push(compactStat(view, block, marker));
      out.push(line(view, block.summary));
      next++;
      i = block.summary + 1;
      continue;
    }
    if (isCommitLine(view.plain(i))) {
      i = copyCommit(view, i, out, marker);
      continue;
    }
    if (isNameStatusLine(view.plain(i))) {
      i = copyNameStatus(view, i, out, marker);
      continue;
    }
    out.push(line(view, i));
    i++;
  }
  if (countsOnly.length > 0) {
    const lines = countsOnly.reduce((sum, [a, b]) => sum + b - a, 0);
    const commits = countsOnly.length === 1 ? "1 commit" : `${countsOnly.length} commits`;
    const summary = `per-file change counts of ${lines} stat lines in ${commits} (each commit's files are named above)`;
    const text = out.join("");
    out.push(`${text.endsWith("\n") || text.length === 0 ? "" : "\n"}${marker(summary, { lines: countsOnly })}\n`);
  }
  const output = out.join("");
  return output.length < view.text.length ? output : null;
}

type Mark = (summary: string, place?: OmissionPlace) => string;

/** One line naming a diffstat's files: all of a short list; the first few of a long one and a marker for it. */
function compactStat(view: DiffView, block: StatBlock, marker: Mark): string {
  const total = block.summary - block.from;
  const paths: string[] = [];
  for (let i = block.from; i < block.from + Math.min(total, FILES_NAMED); i++) paths.push(statPath(view.plain(i)));
  // Under `--graph` the line keeps its columns, so the graph stays drawn.
  const columns = view.graphPrefix(block.from);
  if (total <= FILES_NAMED) return `${columns} ${paths.join(", ")}\n`;
  const recall = marker(`${total - paths.length} more files; all ${total} stat lines`, {
    lines: [[block.from, block.summary]],
  });
  return `${columns} ${paths.join(", ")}, … ${recall}\n`;
}

/**
 * Copies a run of `--name-status` lines from `at`: whole when short; else
 * its first few lines, every line that adds, deletes, renames or copies a
 * file (the changes to the tree's shape), and one marker counting the
 * modified files left out. Returns the next line.
 */
function copyNameStatus(view: DiffView, at: number, out: string[], marker: Mark): number {
  const n = view.lines.count;
  let to = at;
  while (to < n && isNameStatusLine(view.plain(to))) to++;
  if (to - at <= FILES_NAMED + 2) {
    for (let k = at; k < to; k++) out.push(line(view, k));
    return to;
  }
  const hidden: [number, number][] = [];
  let count = 0;
  for (let k = at; k < to; k++) {
    if (k < at + FILES_NAMED || view.plain(k).charCodeAt(0) !== 77 /* M */) {
      out.push(line(view, k));
      continue;
    }
    const last = hidden[hidden.length - 1];
    if (last !== undefined && last[1] === k) last[1] = k + 1;
    else hidden.push([k, k + 1]);
    count++;
  }
  const summary = `${count} more modified files (M) of ${to - at} files`;
  out.push(`${view.graphPrefix(at)}${marker(summary, { lines: hidden })}\n`);
  return to;
}

/**
 * Copies a `commit <hash>` header up to its blank line, then its body: whole
 * when short, else its first lines, every salient line (an error a message
 * quotes) and markers for the rest. Returns the next line.
 */
function copyCommit(view: DiffView, at: number, out: string[], marker: Mark): number {
  const n = view.lines.count;
  let i = at;
  while (i < n && view.plain(i).length > 0) out.push(line(view, i++));
  if (i < n) out.push(line(view, i++));
  const from = i;
  while (i < n && (view.plain(i).startsWith("    ") || view.plain(i).length === 0)) i++;
  // The blank line that closes the body belongs to what follows.
  let to = i;
  while (to > from && view.plain(to - 1).length === 0) to--;
  if (to - from <= BODY_KEPT_WHOLE) {
    for (let k = from; k < to; k++) out.push(line(view, k));
    return to;
  }
  for (let k = from; k < from + BODY_HEAD; k++) out.push(line(view, k));
  let hidden = from + BODY_HEAD;
  for (let k = hidden; k <= to; k++) {
    if (k < to && !isSalient(view, k, to)) continue;
    if (k > hidden) {
      const count = k - hidden === 1 ? "1 more message line" : `${k - hidden} more message lines`;
      out.push(`${view.graphPrefix(hidden)}    ${marker(count, { lines: [[hidden, k]] })}\n`);
    }
    if (k < to) out.push(line(view, k));
    hidden = k + 1;
  }
  return to;
}

function isSalient(view: DiffView, i: number, end: number): boolean {
  const next = i + 1 < end ? view.plain(i + 1) : undefined;
  return salientKind(view.plain(i).trim(), next, true) !== null;
}

/** Line `i` as it stands in the text, escapes and line ending included. */
function line(view: DiffView, i: number): string {
  return view.lines.slice(i, i + 1);
}
