/** The detector of diffs and patches. */
import { type Detector, count } from "./detector.js";

const HUNK_RE = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;
const FILE_HEADER_RE =
  /^(?:diff --git |diff -[a-zA-Z]+ |diff --cc |--- \S|\+\+\+ \S|Index: |Only in .+: |Binary files )/;
const COMMIT_RE = /^(?:commit [0-9a-f]{7,64}\b|From [0-9a-f]{40} )/;

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
    return 0;
  },
};
