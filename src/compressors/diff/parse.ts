/**
 * Reads a diff into spans of lines, in input order: what is kept verbatim,
 * what is dropped (`index` lines), and the parts the renderer trims under
 * caps (hunks, commit messages, diffstats, binary patch data). One pass, no
 * regex over whole lines except short anchored checks.
 *
 * Understood shapes: `git diff`/`show`/`log -p` (with `--stat`, `-M`, `--cc`),
 * `git format-patch` mbox, `diff -ru` / `diff -u` (with `Only in` lines),
 * `--word-diff` bodies, GNU diff's normal format (`3,4c3`, `<` / `>` lines),
 * bare `--- / +++` patches, hunks without file headers, coloured output.
 * Anything else between hunks is kept as it is.
 */
import { isWordDiffBody, parseHunkHeader, scanHunkBody, scanWordDiff, type HunkBody } from "./hunk.js";
import { parseNormalCommand, scanNormalBody } from "./normal.js";
import { pathFromDashes, pathFromDiffLine } from "./paths.js";
import type { DiffView } from "./view.js";

/** One file section of the diff. */
export interface DiffFile {
  path: string;
  /** The line that opened the section: its `diff` line, its `---` line or its first hunk's header. */
  line: number;
  /** Index of its first hunk in {@link ParsedDiff.hunks}; its hunks are contiguous. */
  firstHunk: number;
  hunkCount: number;
  plus: number;
  minus: number;
  /** Whether a `diff …` line opened the section (it stays in the output and names the file). */
  hasDiffLine: boolean;
}

/** One hunk: header line and body lines [from, to). */
export interface DiffHunk {
  file: number;
  /** Position among its file's hunks, from 0. */
  ordinal: number;
  header: number;
  from: number;
  to: number;
  cols: number;
  counted: boolean;
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  plus: number;
  minus: number;
  changedChars: number;
}

/** A run of lines and what to do with it. */
export type DiffSpan =
  | { kind: "keep"; from: number; to: number }
  | { kind: "index"; from: number; to: number }
  | { kind: "dashes"; from: number; to: number; file: number }
  | { kind: "hunk"; hunk: number }
  | { kind: "message"; from: number; to: number }
  | { kind: "stat"; from: number; to: number }
  | { kind: "binary"; from: number; to: number; file: number };

/** A whole parsed diff. */
export interface ParsedDiff {
  spans: DiffSpan[];
  files: DiffFile[];
  hunks: DiffHunk[];
  /** Per input line, the kind of hunk-body line it is (see hunk.ts), 0 elsewhere. */
  kinds: Uint8Array;
}

const COMMIT_RE = /^commit [0-9a-f]{7,64}(?: |$)/;
const MBOX_FROM_RE = /^From [0-9a-f]{40} /;
const INDEX_RE = /^index [0-9a-f]{4,64}(?:,[0-9a-f]{4,64})*\.\.[0-9a-f]{4,64}(?: [0-7]{6})?$/;
const STAT_COUNT_RE = /^ *(?:\d+(?: [+-]*)?|Bin |-> )/;

/** Whether a visible line opens a commit (`commit <hash>`, an mbox `From <hash>` line). */
export function isCommitLine(v: string): boolean {
  return COMMIT_RE.test(v) || MBOX_FROM_RE.test(v);
}

/** Whether a visible line opens a file section (`diff --git`, `diff --cc`, `diff --combined`, `diff -ru` …). */
export function isDiffLine(v: string): boolean {
  return v.startsWith("diff -");
}

/** ` path | 12 ++--` or ` image.png | Bin 0 -> 1234 bytes`. */
export function isStatLine(v: string): boolean {
  if (v.charCodeAt(0) !== 32) return false;
  const bar = v.indexOf(" | ");
  return bar > 1 && STAT_COUNT_RE.test(v.slice(bar + 3, bar + 40));
}

type Mode = "body" | "commitHeader" | "message";

/** Parses `view` into spans; a text with no file header and no hunk comes back with no files and no hunks. */
export function parseDiff(view: DiffView): ParsedDiff {
  const parser = new DiffParser(view);
  const n = view.lines.count;
  for (let i = 0; i < n; ) i = parser.step(i);
  return parser.result();
}

/** The state of {@link parseDiff}'s one pass: the open file section and where in a commit it is. */
class DiffParser {
  private readonly spans: DiffSpan[] = [];
  private readonly files: DiffFile[] = [];
  private readonly hunks: DiffHunk[] = [];
  private readonly kinds: Uint8Array;
  private file = -1;
  /** Between a file's first line and its first hunk: where `index` and `---/+++` lines live. */
  private inFileHeader = false;
  /** A `diff` line was seen and its `---/+++` pair has not come yet. */
  private expectDashes = false;
  private mode: Mode = "body";

  constructor(private readonly view: DiffView) {
    this.kinds = new Uint8Array(view.lines.count);
  }

  result(): ParsedDiff {
    return { spans: this.spans, files: this.files, hunks: this.hunks, kinds: this.kinds };
  }

  /** Reads the line(s) at `i` and returns the index of the next unread line. */
  step(i: number): number {
    const v = this.view.plain(i);
    if (this.mode === "message") {
      // The commit message: indented lines and blank lines, up to the first line of anything else.
      if (v.length === 0 || v.startsWith("    ")) return this.push("message", i);
      this.mode = "body";
    } else if (this.mode === "commitHeader") {
      // Author:, Date:, Merge:, mbox From:/Subject: and their continuations, up to the blank line.
      if (!isDiffLine(v)) {
        if (v.length === 0) this.mode = "message";
        return this.push("keep", i);
      }
      this.mode = "body";
    }
    if (isDiffLine(v)) {
      this.openFile(pathFromDiffLine(v), i, true);
      this.inFileHeader = true;
      this.expectDashes = true;
      return this.push("keep", i);
    }
    if (v.startsWith("--- ")) {
      const after = this.dashes(v, i);
      if (after !== -1) return after;
    }
    if (this.inFileHeader && INDEX_RE.test(v)) return this.push("index", i);
    if (v.charCodeAt(0) === 64 && v.charCodeAt(1) === 64) {
      const after = this.hunk(v, i);
      if (after !== -1) return after;
    }
    if (this.inFileHeader && v === "GIT binary patch") {
      this.push("keep", i);
      return readBinaryPatch(this.view, i + 1, this.file, this.spans, (kind, from) => this.push(kind, from));
    }
    if (v.charCodeAt(0) >= 48 && v.charCodeAt(0) <= 57) {
      const after = this.normalHunk(v, i);
      if (after !== -1) return after;
    }
    if (COMMIT_RE.test(v) || MBOX_FROM_RE.test(v)) {
      this.file = -1;
      this.inFileHeader = false;
      this.expectDashes = false;
      this.mode = "commitHeader";
      return this.push("keep", i);
    }
    return this.push(isStatLine(v) ? "stat" : "keep", i);
  }

  /** A `--- a` / `+++ b` pair at `i`: the file's paths. Returns the next line, or -1 when `i + 1` is no `+++`. */
  private dashes(v: string, i: number): number {
    if (i + 1 >= this.view.lines.count) return -1;
    const next = this.view.plain(i + 1);
    if (!next.startsWith("+++ ")) return -1;
    const path = pathFromDashes(v, next);
    if (!this.expectDashes) this.openFile(path, i);
    else if (this.files[this.file].path === "") this.files[this.file].path = path;
    this.expectDashes = false;
    this.inFileHeader = true;
    this.spans.push({ kind: "dashes", from: i, to: i + 2, file: this.file });
    return i + 2;
  }

  /** A hunk whose header is line `i`: returns the line after its body, or -1 when `v` is no hunk header here. */
  private hunk(v: string, i: number): number {
    const header = parseHunkHeader(v);
    // A header without numbers is trusted only inside a file section.
    if (header === null || (!header.counted && this.file === -1)) return -1;
    if (this.file === -1) this.openFile("", i);
    let body = scanHunkBody(this.view, header, i + 1, this.kinds);
    // A unified body never runs short of its counts nor lacks a change: a `--word-diff` body can do both.
    if ((body.isShort === true || body.plus + body.minus === 0) && isWordDiffBody(this.view, i + 1)) {
      this.kinds.fill(0, i + 1, body.to);
      body = scanWordDiff(this.view, i + 1, this.kinds);
    }
    const counts = {
      oldStart: header.oldStart[0] ?? 0,
      oldCount: header.oldCount[0] ?? 0,
      newStart: header.newStart,
      newCount: header.newCount,
    };
    return this.addHunk(i, header.cols, header.counted, counts, body);
  }

  /** A normal-format hunk (`3,4c3`, then its `<` / `---` / `>` lines) at `i`: the line after it, or -1. */
  private normalHunk(v: string, i: number): number {
    const cmd = parseNormalCommand(v);
    if (cmd === null) return -1;
    const body = scanNormalBody(this.view, cmd, i + 1, this.kinds);
    if (body === null) return -1;
    if (this.file === -1) this.openFile("", i);
    // No line numbers to re-anchor trimmed pieces with: read like a hunk without counts.
    return this.addHunk(i, 1, false, cmd, body);
  }

  /** Records the hunk whose header is line `i` and body `body` in the open file; returns the line after it. */
  private addHunk(
    i: number,
    cols: number,
    counted: boolean,
    counts: { oldStart: number; oldCount: number; newStart: number; newCount: number },
    body: HunkBody,
  ): number {
    const f = this.files[this.file];
    this.hunks.push({
      file: this.file,
      ordinal: f.hunkCount,
      header: i,
      from: i + 1,
      to: body.to,
      cols,
      counted,
      oldStart: counts.oldStart,
      oldCount: counts.oldCount,
      newStart: counts.newStart,
      newCount: counts.newCount,
      plus: body.plus,
      minus: body.minus,
      changedChars: body.changedChars,
    });
    f.hunkCount++;
    f.plus += body.plus;
    f.minus += body.minus;
    this.spans.push({ kind: "hunk", hunk: this.hunks.length - 1 });
    this.inFileHeader = false;
    this.expectDashes = false;
    return body.to;
  }

  private openFile(path: string, line: number, hasDiffLine = false): void {
    this.files.push({ path, line, firstHunk: this.hunks.length, hunkCount: 0, plus: 0, minus: 0, hasDiffLine });
    this.file = this.files.length - 1;
  }

  /** Adds line `i` to a span of `kind` (extending the last one when it ends there); returns `i + 1`. */
  private push(kind: "keep" | "index" | "message" | "stat", i: number): number {
    const last = this.spans[this.spans.length - 1];
    if (last !== undefined && last.kind === kind && last.to === i) last.to = i + 1;
    else this.spans.push({ kind, from: i, to: i + 1 });
    return i + 1;
  }
}

/**
 * `GIT binary patch` is followed by `literal N` / `delta N` lines, each with
 * base85 data up to a blank line: the sizes are kept, the data is not.
 */
function readBinaryPatch(
  view: DiffView,
  from: number,
  file: number,
  spans: DiffSpan[],
  push: (kind: "keep", line: number) => void,
): number {
  const n = view.lines.count;
  let i = from;
  while (i < n) {
    const v = view.plain(i);
    if (isBinaryBlockStart(v)) {
      push("keep", i);
      i++;
      continue;
    }
    if (isDiffLine(v)) break;
    if (v.length === 0) {
      // A blank line ends one block; the reverse block of a binary patch may follow.
      if (i + 1 < n && isBinaryBlockStart(view.plain(i + 1))) {
        push("keep", i);
        i++;
        continue;
      }
      break;
    }
    const start = i;
    while (i < n) {
      const w = view.plain(i);
      if (w.length === 0 || isBinaryBlockStart(w) || isDiffLine(w)) break;
      i++;
    }
    spans.push({ kind: "binary", from: start, to: i, file });
  }
  return i;
}

function isBinaryBlockStart(v: string): boolean {
  return v.startsWith("literal ") || v.startsWith("delta ");
}
