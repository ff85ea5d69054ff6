/** The detector of diffs and patches. */
import { isStatLine } from "../../compressors/diff/parse.js";
import { isStatSummary } from "../../compressors/diff/stat-log.js";
import { type Detector, count } from "./detector.js";

const HUNK_RE = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;
const FILE_HEADER_RE =
  /^(?:diff --git |diff -[a-zA-Z]+ |diff --cc |--- \S|\+\+\+ \S|Index: |Only in .+: |Binary files )/;
const COMMIT_RE = /^(?:commit [0-9a-f]{7,64}\b|From [0-9a-f]{40} )/;
/** Stat lines (` path | 3 ++-`) after a commit line that make a `git log --stat` without its summary in view. */
const MIN_STAT_LINES = 5;
const ONELINE_RE = /^[0-9a-f]{7,64} \S/;

/** Unified diffs, `git log -p`, `git show`, format-patch mail, `diff -ru`. */
export const diffDetector: Detector = {
  type: "diff",
  threshold: 0.5,
  score(sample) {
    const hunks = count(sample, (l) => HUNK_RE.test(l));
    const headers = count(sample, (l) => FILE_HEADER_RE.test(l));
    const commits = count(sample, (l) => COMMIT_RE.test(l));
    if (hunks >= 1 && headers >= 2) return 1;
    if (hunks >= 2) return 0.8;
    if (commits >= 1 && headers >= 1) return 0.7;
    // `git log --stat`: commits (full or `--oneline`) each closed by a diffstat summary.
    // A commit touching many files may push its summary past the sample: a run of stat lines says as much.
    const summaries = count(sample, isStatSummary);
    if (commits >= 1 && (summaries >= 1 || count(sample, isStatLine) >= MIN_STAT_LINES)) return 0.7;
    if (summaries >= 1 && count(sample, (l) => ONELINE_RE.test(l)) >= summaries) return 0.7;
    return 0;
  },
};
