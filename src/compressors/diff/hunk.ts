/**
 * Hunks: the `@@ -a,b +c,d @@` header and the body it announces. The body
 * ends where its line counts run out, not at the first line that "looks
 * different": that is what keeps a format-patch signature (`-- `), a deleted
 * SQL comment (`--- x`) or a `git log -p` commit line in its right place.
 * Combined diffs (`@@@ -a,b -c,d +e,f @@@`, merges) carry one prefix column
 * per parent. A header without numbers (`@@ def f(`, hand-written patches)
 * gives a body that runs while lines look like diff lines. `git diff
 * --word-diff` bodies have no prefix column: a changed line is one holding
 * `[-old-]` or `{+new+}` (see {@link scanWordDiff}).
 */
import type { DiffView } from "./view.js";

/** What a body line is, per line of the input (0 = not in a hunk body). */
export const LINE_CONTEXT = 1;
export const LINE_DELETED = 2;
export const LINE_ADDED = 3;
/** `\ No newline at end of file`, which belongs to the line above it. */
export const LINE_NO_EOL = 4;
/** A `--word-diff` line present on both sides with words changed inside it (`a [-b-]{+c+} d`). */
export const LINE_REWORDED = 5;
/** Whether a body-line kind is a change. In a combined diff, "deleted" means some parent column holds `-`. */
export function isChange(kind: number): boolean {
  return kind === LINE_DELETED || kind === LINE_ADDED || kind === LINE_REWORDED;
}

/** A parsed hunk header. */
export interface HunkHeader {
  /** Prefix columns of each body line: 1, or the number of parents in a combined diff. */
  cols: number;
  /** Whether the header carried line numbers (the body is then bounded by them). */
  counted: boolean;
  /** Old start line and count, per parent. */
  oldStart: number[];
  oldCount: number[];
  newStart: number;
  newCount: number;
}

const MAX_COLS = 16;
const MAX_NUMBER = 1_000_000_000;

/** Reads a decimal at `pos`; returns [value, next offset] or null when no digit is there. */
function readNumber(v: string, pos: number): [number, number] | null {
  let value = 0;
  let j = pos;
  while (j < v.length) {
    const c = v.charCodeAt(j);
    if (c < 48 || c > 57) break;
    if (value < MAX_NUMBER) value = value * 10 + (c - 48);
    j++;
  }
  return j === pos ? null : [value, j];
}

/** Reads `start[,count]` after a sign at `pos`; the count defaults to 1, as in unified diffs. */
function readRange(v: string, pos: number): [number, number, number] | null {
  const start = readNumber(v, pos);
  if (start === null) return null;
  let count = 1;
  let j = start[1];
  if (v.charCodeAt(j) === 44) {
    const c = readNumber(v, j + 1);
    if (c === null) return null;
    count = c[0];
    j = c[1];
  }
  return [start[0], count, j];
}

/**
 * Parses a visible line as a hunk header. Returns null when it is not one;
 * a header of the right shape without readable numbers comes back with
 * `counted: false` (the caller decides whether it trusts it).
 */
export function parseHunkHeader(v: string): HunkHeader | null {
  let at = 0;
  while (at < v.length && v.charCodeAt(at) === 64) at++;
  if (at < 2 || at - 1 > MAX_COLS || v.charCodeAt(at) !== 32) return null;
  const cols = at - 1;
  const header: HunkHeader = { cols, counted: false, oldStart: [], oldCount: [], newStart: 0, newCount: 0 };
  let pos = at + 1;
  for (let k = 0; k < cols; k++) {
    if (v.charCodeAt(pos) !== 45) return header;
    const r = readRange(v, pos + 1);
    if (r === null || v.charCodeAt(r[2]) !== 32) return header;
    header.oldStart.push(r[0]);
    header.oldCount.push(r[1]);
    pos = r[2] + 1;
  }
  if (v.charCodeAt(pos) !== 43) return header;
  const r = readRange(v, pos + 1);
  if (r === null || v.charCodeAt(r[2]) !== 32) return header;
  pos = r[2] + 1;
  for (let k = 0; k < at; k++) if (v.charCodeAt(pos + k) !== 64) return header;
  header.newStart = r[0];
  header.newCount = r[1];
  header.counted = true;
  return header;
}

/** Totals of one scanned hunk body. */
export interface HunkBody {
  /** Line just past the body. */
  to: number;
  plus: number;
  minus: number;
  /** Characters on changed lines (spots minified blobs that have few lines). */
  changedChars: number;
  /** The body ended at a line without a prefix before its counts ran out. */
  isShort?: boolean;
}

const PLUS = 43;
const MINUS = 45;
const SPACE = 32;
const BACKSLASH = 92;

/**
 * Scans the body that starts at line `from`, writing each line's kind into
 * `kinds`; stops at the first line that cannot belong to it.
 */
export function scanHunkBody(view: DiffView, header: HunkHeader, from: number, kinds: Uint8Array): HunkBody {
  return header.cols === 1 && header.counted
    ? scanUnified(view, header, from, kinds)
    : scanByShape(view, header, from, kinds);
}

function scanUnified(view: DiffView, header: HunkHeader, from: number, kinds: Uint8Array): HunkBody {
  const n = view.lines.count;
  let oldLeft = header.oldCount[0];
  let newLeft = header.newCount;
  let plus = 0;
  let minus = 0;
  let changedChars = 0;
  let j = from;
  for (; j < n; j++) {
    const c = view.first(j);
    if (c === BACKSLASH) {
      if (j === from) break;
      kinds[j] = LINE_NO_EOL;
      continue;
    }
    if (oldLeft <= 0 && newLeft <= 0) break;
    if (c === SPACE || c === -1) {
      // An empty line is context whose lone space an editor or mailer trimmed.
      kinds[j] = LINE_CONTEXT;
      oldLeft--;
      newLeft--;
    } else if (c === MINUS) {
      kinds[j] = LINE_DELETED;
      oldLeft--;
      minus++;
      changedChars += view.lines.end(j) - view.lines.start(j);
    } else if (c === PLUS) {
      kinds[j] = LINE_ADDED;
      newLeft--;
      plus++;
      changedChars += view.lines.end(j) - view.lines.start(j);
    } else {
      break;
    }
  }
  return { to: j, plus, minus, changedChars, isShort: j < n && (oldLeft > 0 || newLeft > 0) };
}

const COMMIT_LINE_RE = /^commit [0-9a-f]{7,64}(?: |$)/;
/** Lines of a body looked at for word-diff marks before a short body is taken for one. */
const WORD_DIFF_LOOK = 64;

/** Whether `v` holds a `[-…-]` or `{+…+}` mark, in that order. */
function hasWordMark(v: string, open: string, close: string): boolean {
  const at = v.indexOf(open);
  return at !== -1 && v.indexOf(close, at + 2) !== -1;
}

/** Where a word-diff body ends: the next hunk, file, commit or `---`/`+++` pair. */
function endsWordDiff(view: DiffView, j: number): boolean {
  const v = view.plain(j);
  return v.startsWith("@@ ") || v.startsWith("diff -") || COMMIT_LINE_RE.test(v) || isNextFileHeader(view, j);
}

/**
 * Whether the body at `from` (one that ran short of its counts or held no
 * change, see {@link scanUnified}) is a `git diff --word-diff` body: one of
 * its first lines holds a `[-…-]` or `{+…+}` mark.
 */
export function isWordDiffBody(view: DiffView, from: number): boolean {
  const end = Math.min(view.lines.count, from + WORD_DIFF_LOOK);
  for (let j = from; j < end && !endsWordDiff(view, j); j++) {
    const v = view.plain(j);
    if (hasWordMark(v, "[-", "-]") || hasWordMark(v, "{+", "+}")) return true;
  }
  return false;
}

/**
 * Scans a `--word-diff` body: its lines have no prefix column, so it runs
 * to the next hunk, file or commit. A line that is one `{+…+}` is an added
 * line, one that is one `[-…-]` a deleted line, any other line holding a
 * mark a line of both sides with words changed ({@link LINE_REWORDED},
 * counted as one addition and one deletion); the rest is context.
 */
export function scanWordDiff(view: DiffView, from: number, kinds: Uint8Array): HunkBody {
  const n = view.lines.count;
  let plus = 0;
  let minus = 0;
  let changedChars = 0;
  let j = from;
  for (; j < n && !endsWordDiff(view, j); j++) {
    const v = view.plain(j);
    const isAdded = hasWordMark(v, "{+", "+}");
    const isDeleted = hasWordMark(v, "[-", "-]");
    if (!isAdded && !isDeleted) {
      kinds[j] = LINE_CONTEXT;
      continue;
    }
    const isWhole = (open: string, close: string) => v.startsWith(open) && v.endsWith(close) && v.length >= 4;
    if (isAdded && !isDeleted && isWhole("{+", "+}")) kinds[j] = LINE_ADDED;
    else if (isDeleted && !isAdded && isWhole("[-", "-]")) kinds[j] = LINE_DELETED;
    else kinds[j] = LINE_REWORDED;
    if (kinds[j] !== LINE_DELETED) plus++;
    if (kinds[j] !== LINE_ADDED) minus++;
    changedChars += view.lines.end(j) - view.lines.start(j);
  }
  return { to: j, plus, minus, changedChars };
}

function scanByShape(view: DiffView, header: HunkHeader, from: number, kinds: Uint8Array): HunkBody {
  const n = view.lines.count;
  const cols = header.cols;
  const prefix = new Int32Array(cols);
  const oldLeft = header.counted ? header.oldCount.slice() : null;
  let newLeft = header.newCount;
  let plus = 0;
  let minus = 0;
  let changedChars = 0;
  let j = from;
  for (; j < n; j++) {
    const got = view.prefix(j, cols, prefix);
    if (got > 0 && prefix[0] === BACKSLASH) {
      if (j === from) break;
      kinds[j] = LINE_NO_EOL;
      continue;
    }
    if (oldLeft !== null && newLeft <= 0 && oldLeft.every((left) => left <= 0)) break;
    if (got < cols) break;
    let hasPlus = false;
    let hasMinus = false;
    let valid = true;
    for (let k = 0; k < cols; k++) {
      const c = prefix[k];
      if (c === PLUS) hasPlus = true;
      else if (c === MINUS) hasMinus = true;
      else if (c !== SPACE) valid = false;
    }
    if (!valid) break;
    // Without counts, a `--- x` / `+++ y` pair is the next file, not a change.
    if (oldLeft === null && cols === 1 && hasMinus && isNextFileHeader(view, j)) break;
    if (oldLeft !== null) {
      for (let k = 0; k < cols; k++) if (prefix[k] !== PLUS) oldLeft[k]--;
      if (!hasMinus) newLeft--;
    }
    if (!hasPlus && !hasMinus) {
      kinds[j] = LINE_CONTEXT;
      continue;
    }
    kinds[j] = hasMinus ? LINE_DELETED : LINE_ADDED;
    if (hasMinus) minus++;
    else plus++;
    changedChars += view.lines.end(j) - view.lines.start(j);
  }
  return { to: j, plus, minus, changedChars };
}

function isNextFileHeader(view: DiffView, j: number): boolean {
  if (j + 1 >= view.lines.count) return false;
  return view.plain(j).startsWith("--- ") && view.plain(j + 1).startsWith("+++ ");
}
