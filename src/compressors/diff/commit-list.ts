/**
 * A list of commits, one per line, each opening with its hash: `git log
 * --oneline`, `--pretty=format:'%h - %an, %ar : %s'`, `git reflog`. Every
 * line is an item of the history's outline, so up to the output cap the list
 * stays whole. Past the cap the first and last commits stay and the middle
 * goes in groups, each behind a marker that names its first and last commit,
 * how many it holds and its lines: never one "N lines omitted" with no names.
 */
import type { OmissionPlace } from "../types.js";
import type { DiffView } from "./view.js";

type Mark = (summary: string, place?: OmissionPlace) => string;

/** A commit line: an abbreviated or full hash, a space, then the rest (subject, author, date, decorations). */
const COMMIT_LINE_RE = /^[0-9a-f]{7,64} \S/;
/** Share of the non-blank lines that must be commit lines. */
const MIN_SHARE = 0.95;
/** Fewer commits than this are no list worth reading as one. */
const MIN_COMMITS = 5;
/** Groups the middle is cut into, at most: each marker names its two ends. */
const MAX_GROUPS = 24;
/** Characters of a subject a group's marker quotes. */
const SUBJECT_CHARS = 48;
/** Share of the kept characters given to the head (the newest commits of a `git log`). */
const HEAD_SHARE = 2 / 3;

/** Whether `line` (visible characters) is a commit line of a list. */
export function isCommitListLine(line: string): boolean {
  return COMMIT_LINE_RE.test(line);
}

/** Whether the visible lines of `view` are a commit list. */
export function isCommitList(view: DiffView): boolean {
  let commits = 0;
  let other = 0;
  for (let i = 0; i < view.lines.count; i++) {
    const v = view.plain(i);
    if (v.trim() === "") continue;
    if (isCommitListLine(v)) commits++;
    else other++;
  }
  return commits >= MIN_COMMITS && commits >= (commits + other) * MIN_SHARE;
}

/**
 * The list fitted to `cap` characters: whole when it fits (null: nothing to
 * drop), else its head and tail whole with the middle in named groups.
 */
export function renderCommitList(view: DiffView, cap: number, marker: Mark): string | null {
  const { lines } = view;
  const n = lines.count;
  if (view.text.length <= cap) return null;
  // Room for the groups' markers first; then the head and tail share what is left.
  const room = Math.max(0, cap - MAX_GROUPS * (2 * SUBJECT_CHARS + 128));
  const lineChars = (i: number) => lines.end(i) - lines.start(i) + 1;
  let head = 0;
  for (let used = 0; head < n && used + lineChars(head) <= room * HEAD_SHARE; head++) used += lineChars(head);
  let tail = n;
  for (let used = 0; tail > head && used + lineChars(tail - 1) <= room * (1 - HEAD_SHARE); tail--) {
    used += lineChars(tail - 1);
  }
  // The newest and the oldest commit stay, whatever the cap.
  head = Math.max(head, 1);
  tail = Math.min(tail, n - 1);
  if (tail - head < 2) return null;
  const out: string[] = [lines.slice(0, head)];
  const size = Math.ceil((tail - head) / MAX_GROUPS);
  for (let from = head; from < tail; from += size) {
    const to = Math.min(tail, from + size);
    out.push(`${marker(groupSummary(view, from, to), { lines: [[from, to]] })}\n`);
  }
  out.push(lines.slice(tail, n));
  return out.join("");
}

/** `120 commits omitted, from 4904857 "subject…" to 1b4164e "subject…"` (non-commit lines counted apart). */
function groupSummary(view: DiffView, from: number, to: number): string {
  let first = -1;
  let last = -1;
  let commits = 0;
  for (let i = from; i < to; i++) {
    if (!isCommitListLine(view.plain(i))) continue;
    if (first === -1) first = i;
    last = i;
    commits++;
  }
  const other = to - from - commits;
  const rest = other > 0 ? ` and ${other} other line${other === 1 ? "" : "s"}` : "";
  if (commits === 0) return `${other} line${other === 1 ? "" : "s"} omitted`;
  const ends = commits === 1 ? named(view, first) : `from ${named(view, first)} to ${named(view, last)}`;
  return `${commits} commit${commits === 1 ? "" : "s"}${rest} omitted, ${ends}`;
}

/** A commit line as a marker names it: its hash and the start of what follows, quoted. */
function named(view: DiffView, i: number): string {
  const v = view.plain(i);
  const space = v.indexOf(" ");
  const rest = v.slice(space + 1).replace(/[[\]]/g, "");
  const cut = rest.length > SUBJECT_CHARS ? `${rest.slice(0, SUBJECT_CHARS)}…` : rest;
  return `${v.slice(0, space)} "${cut}"`;
}
