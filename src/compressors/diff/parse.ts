/**
 * Reads a diff into spans of lines, in input order: what is kept verbatim,
 * what is dropped (`index` lines), and the parts the renderer trims under
 * caps (hunks, commit messages, diffstats, binary patch data). One pass, no
 * regex over whole lines except short anchored checks.
 *
 * Understood shapes: `git diff`/`show`/`log -p` (with `--stat`, `-M`, `--cc`),
 * `git format-patch` mbox, `diff -ru` / `diff -u` (with `Only in` lines),
 * bare `--- / +++` patches, hunks without file headers, coloured output.
 * Anything else between hunks is kept as it is.
 */
import { parseHunkHeader, scanHunkBody } from "./hunk.js";
import { pathFromDashes, pathFromDiffLine } from "./paths.js";
import type { DiffView } from "./view.js";

/** One file section of the diff. */
export interface DiffFile {
  path: string;
  /** Index of its first hunk in {@link ParsedDiff.hunks}; its hunks are contiguous. */
  firstHunk: number;
  hunkCount: number;
  plus: number;
  minus: number;
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

/** Whether a visible line opens a file section (`diff --git`, `diff --cc`, `diff --combined`, `diff -ru` …). */
function isDiffLine(v: string): boolean {
  return v.startsWith("diff -");
}

/** ` path | 12 ++--` or ` image.png | Bin 0 -> 1234 bytes`. */
function isStatLine(v: string): boolean {
  if (v.charCodeAt(0) !== 32) return false;
  const bar = v.indexOf(" | ");
  return bar > 1 && STAT_COUNT_RE.test(v.slice(bar + 3, bar + 40));
}

type Mode = "body" | "commitHeader" | "message";

/** Parses `view` into spans; a text with no file header and no hunk comes back with no files and no hunks. */
export function parseDiff(view: DiffView): ParsedDiff {
  const n = view.lines.count;
  const spans: DiffSpan[] = [];
  const files: DiffFile[] = [];
  const hunks: DiffHunk[] = [];
  const kinds = new Uint8Array(n);

  let file = -1;
  /** Between a file's first line and its first hunk: where `index` and `---/+++` lines live. */
  let inFileHeader = false;
  /** A `diff` line was seen and its `---/+++` pair has not come yet. */
  let expectDashes = false;
  let mode: Mode = "body";

  const push = (kind: "keep" | "index" | "message" | "stat", from: number, to: number): void => {
    const last = spans[spans.length - 1];
    if (last !== undefined && last.kind === kind && last.to === from) last.to = to;
    else spans.push({ kind, from, to });
  };
  const openFile = (path: string): void => {
    files.push({ path, firstHunk: hunks.length, hunkCount: 0, plus: 0, minus: 0 });
    file = files.length - 1;
  };

  let i = 0;
  while (i < n) {
    const v = view.plain(i);

    if (mode === "message") {
      if (v.length === 0 || v.startsWith("    ")) {
        push("message", i, i + 1);
        i++;
        continue;
      }
      mode = "body";
    } else if (mode === "commitHeader") {
      // Author:, Date:, Merge:, mbox From:/Subject: and their continuations, up to the blank line.
      if (!isDiffLine(v)) {
        push("keep", i, i + 1);
        if (v.length === 0) mode = "message";
        i++;
        continue;
      }
      mode = "body";
    }

    if (isDiffLine(v)) {
      openFile(pathFromDiffLine(v));
      inFileHeader = true;
      expectDashes = true;
      push("keep", i, i + 1);
      i++;
      continue;
    }

    if (v.startsWith("--- ") && i + 1 < n) {
      const next = view.plain(i + 1);
      if (next.startsWith("+++ ")) {
        const path = pathFromDashes(v, next);
        if (!expectDashes) openFile(path);
        else if (files[file].path === "") files[file].path = path;
        expectDashes = false;
        inFileHeader = true;
        spans.push({ kind: "dashes", from: i, to: i + 2, file });
        i += 2;
        continue;
      }
    }

    if (inFileHeader && INDEX_RE.test(v)) {
      push("index", i, i + 1);
      i++;
      continue;
    }

    if (v.charCodeAt(0) === 64 && v.charCodeAt(1) === 64) {
      const header = parseHunkHeader(v);
      // A header without numbers is trusted only inside a file section.
      if (header !== null && (header.counted || file !== -1)) {
        if (file === -1) openFile("");
        const body = scanHunkBody(view, header, i + 1, kinds);
        const f = files[file];
        hunks.push({
          file,
          ordinal: f.hunkCount,
          header: i,
          from: i + 1,
          to: body.to,
          cols: header.cols,
          counted: header.counted,
          oldStart: header.oldStart[0] ?? 0,
          oldCount: header.oldCount[0] ?? 0,
          newStart: header.newStart,
          newCount: header.newCount,
          plus: body.plus,
          minus: body.minus,
          changedChars: body.changedChars,
        });
        f.hunkCount++;
        f.plus += body.plus;
        f.minus += body.minus;
        spans.push({ kind: "hunk", hunk: hunks.length - 1 });
        inFileHeader = false;
        expectDashes = false;
        i = body.to;
        continue;
      }
    }

    if (inFileHeader && v === "GIT binary patch") {
      push("keep", i, i + 1);
      i = readBinaryPatch(view, i + 1, file, spans, push);
      continue;
    }

    if (COMMIT_RE.test(v) || MBOX_FROM_RE.test(v)) {
      file = -1;
      inFileHeader = false;
      expectDashes = false;
      mode = "commitHeader";
      push("keep", i, i + 1);
      i++;
      continue;
    }

    if (isStatLine(v)) push("stat", i, i + 1);
    else push("keep", i, i + 1);
    i++;
  }
  return { spans, files, hunks, kinds };
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
  push: (kind: "keep", from: number, to: number) => void,
): number {
  const n = view.lines.count;
  let i = from;
  while (i < n) {
    const v = view.plain(i);
    if (isBinaryBlockStart(v)) {
      push("keep", i, i + 1);
      i++;
      continue;
    }
    if (isDiffLine(v)) break;
    if (v.length === 0) {
      // A blank line ends one block; the reverse block of a binary patch may follow.
      if (i + 1 < n && isBinaryBlockStart(view.plain(i + 1))) {
        push("keep", i, i + 1);
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
