/** The detector of diffs and patches. */
import { isStatLine } from "../../compressors/diff/parse.js";
import { isCommitListLine } from "../../compressors/diff/commit-list.js";
import { isGraphCommitLine } from "../../compressors/diff/graph-log.js";
import { isRangeDiffPair } from "../../compressors/diff/range-diff.js";
import { sideBySideGutter } from "../../compressors/diff/side-by-side.js";
import { isNameStatusLine, isStatSummary } from "../../compressors/diff/stat-log.js";
import type { Sample } from "../sample.js";
import { type Detector, count } from "./detector.js";

/** A hunk head: unified (`@@ -1,3 +1,4 @@`) or combined, one `-` range per parent (`@@@ -1,3 -1,3 +1,5 @@@`, `git diff` of a conflict). */
const HUNK_RE = /^@@@* -\d+(?:,\d+)? (?:-\d+(?:,\d+)? )*\+\d+(?:,\d+)? @@/;
const FILE_HEADER_RE =
  /^(?:diff --git |diff -[a-zA-Z]+ |diff --cc |--- \S|\+\+\+ \S|Index: |Only in .+: |Binary files )/;
const COMMIT_RE = /^(?:commit [0-9a-f]{7,64}\b|From [0-9a-f]{40} )/;
/** Stat lines (` path | 3 ++-`) after a commit line that make a `git log --stat` without its summary in view. */
const MIN_STAT_LINES = 5;
const ONELINE_RE = /^[0-9a-f]{7,64} \S/;
/** Commit lines (`4904857 subject`) that make a sample a list of commits, and their least share of its lines. */
const MIN_LISTED_COMMITS = 5;
const LISTED_SHARE = 0.9;
/** Commits behind `--graph` columns (`* 4904857 subject`, `| * commit …`) that make a graph log. */
const MIN_GRAPH_COMMITS = 3;
/** `diff -c`: the `***************` line opening each hunk, and its old-side range `*** 12,18 ****`. */
const CONTEXT_HUNK_RE = /^(?:\*{15}$|\*\*\* \d+(?:,\d+)? \*\*\*\*$)/;
/** Plain `diff`: a change command (`12,14c12`, `40a41,43`, `7d6`) alone on its line. */
const NORMAL_COMMAND_RE = /^\d+(?:,\d+)?[acd]\d+(?:,\d+)?$/;
/** The old and new lines of a plain `diff`. */
const NORMAL_LINE_RE = /^[<>] /;

/** Unified diffs, `git log -p`, `git show`, format-patch mail, `diff -ru`, and the context and normal formats of `diff -c` / `diff`. */
export const diffDetector: Detector = {
  type: "diff",
  threshold: 0.5,
  score(sample) {
    const { hunks, headers, commits } = headCounts(sample);
    if (hunks >= 1 && headers >= 2) return 1;
    if (hunks >= 2) return 0.8;
    // The formats GNU diff writes without -u: context (`diff -c`) and its default, the normal format.
    if (count(sample, (l) => l.charCodeAt(0) === 42 /* * */ && CONTEXT_HUNK_RE.test(l)) >= 2) {
      return headers >= 1 ? 1 : 0.8;
    }
    const commands = count(sample, (l) => isDigit(l.charCodeAt(0)) && NORMAL_COMMAND_RE.test(l));
    if (commands >= 2 && count(sample, (l) => NORMAL_LINE_RE.test(l)) >= commands) return headers >= 1 ? 0.9 : 0.7;
    if (commits >= 1 && headers >= 1) return 0.7;
    // `git log --stat`: commits (full or `--oneline`) each closed by a diffstat summary.
    // A commit touching many files may push its summary past the sample: a run of stat lines says as much.
    const summaries = count(sample, isStatSummary);
    if (commits >= 1 && (summaries >= 1 || count(sample, isStatLine) >= MIN_STAT_LINES)) return 0.7;
    if (summaries >= 1 && count(sample, (l) => ONELINE_RE.test(l)) >= summaries) return 0.7;
    // `git log --name-status`: commits each followed by `M\tpath` lines.
    if (commits >= 1 && count(sample, isNameStatusLine) >= MIN_STAT_LINES) return 0.7;
    // `git log --graph` (any format): commits behind the graph's columns are history, whose every commit stays.
    if (count(sample, isGraphCommitLine) >= MIN_GRAPH_COMMITS) return 0.7;
    // `git range-diff`: it opens with a pair line (`1:  728e7cb ! 1:  68c73b5 subject`).
    if (sample.count > 0 && isRangeDiffPair(firstLine(sample))) return 0.8;
    // `diff -y`: rows padded to a gutter column whose marks (`|`, `<`, `>`) say what changed.
    if (sideBySideGutter((i) => sample.line(i), sample.count) >= 0) return 0.7;
    // `git log --oneline` and `--pretty=format:'%h …'`: a list of commits, every one an item of the outline.
    const listed = count(sample, isCommitListLine);
    if (listed >= MIN_LISTED_COMMITS && listed >= sample.nonBlank * LISTED_SHARE) return 0.7;
    return 0;
  },
};

/**
 * Hunk heads, file headers and commit lines of the sample, in one pass: each
 * of their patterns opens with a character of its own (`@`; `d - + I O B`;
 * `c F`), so a line is tried against one pattern at most, and most lines of
 * a text that is no diff against none.
 */
function headCounts(sample: Sample): { hunks: number; headers: number; commits: number } {
  let hunks = 0;
  let headers = 0;
  let commits = 0;
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    const c = line.charCodeAt(0);
    if (c === 64 /* @ */) {
      if (HUNK_RE.test(line)) hunks++;
    } else if (c === 99 /* c */ || c === 70 /* F */) {
      if (COMMIT_RE.test(line)) commits++;
    } else if (opensFileHeader(c) && FILE_HEADER_RE.test(line)) headers++;
  }
  return { hunks, headers, commits };
}

/** The first characters {@link FILE_HEADER_RE} can match: `diff`, `---`, `+++`, `Index:`, `Only in`, `Binary files`. */
function opensFileHeader(c: number): boolean {
  return (
    c === 100 /* d */ ||
    c === 45 /* - */ ||
    c === 43 /* + */ ||
    c === 73 /* I */ ||
    c === 79 /* O */ ||
    c === 66 /* B */
  );
}

/** The sample's first non-blank line ("" when it has none). */
function firstLine(sample: Sample): string {
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    if (line.trim() !== "") return line;
  }
  return "";
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
