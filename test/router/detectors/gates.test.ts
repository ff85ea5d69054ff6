import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isGraphCommitLine } from "../../../src/compressors/diff/graph-log.js";
import { isStatLine } from "../../../src/compressors/diff/parse.js";
import { isStatSummary } from "../../../src/compressors/diff/stat-log.js";
import { accessLogDetector } from "../../../src/router/detectors/access-log.js";
import { count, type Detector } from "../../../src/router/detectors/detector.js";
import { diagnosticsDetector } from "../../../src/router/detectors/diagnostics.js";
import { diffDetector } from "../../../src/router/detectors/diff.js";
import { type Sample, sampleOf } from "../../../src/router/sample.js";
import { CORPUS_NAMES, openCorpus } from "../../support/corpus.js";

// The three detectors as they were before their first-character gates and the
// diff detector's single pass: every pattern tried on every line of the sample.
const HUNK_RE = /^@@@* -\d+(?:,\d+)? (?:-\d+(?:,\d+)? )*\+\d+(?:,\d+)? @@/;
const FILE_HEADER_RE =
  /^(?:diff --git |diff -[a-zA-Z]+ |diff --cc |--- \S|\+\+\+ \S|Index: |Only in .+: |Binary files )/;
const COMMIT_RE = /^(?:commit [0-9a-f]{7,64}\b|From [0-9a-f]{40} )/;
const ONELINE_RE = /^[0-9a-f]{7,64} \S/;
const CONTEXT_HUNK_RE = /^(?:\*{15}$|\*\*\* \d+(?:,\d+)? \*\*\*\*$)/;
const NORMAL_COMMAND_RE = /^\d+(?:,\d+)?[acd]\d+(?:,\d+)?$/;
const NORMAL_LINE_RE = /^[<>] /;
const ACCESS_LINE_RE = /^\S+ \S+ \S+ \[[^\]\n]{10,40}\] /;
const DIAGNOSTIC_HEAD_RE =
  /^[^\s:()]+(?:\(\d+,\d+\): (?:error|warning) |:\d+(?::\d+)?(?::? (?:fatal error|error|warning|note)\b|: [A-Z]{1,4}\d{2,5}\b|:\d+ - (?:error|warning)\b| lint\/))/;
const LINKER_HEAD_RE =
  /^(?:[^\s:]*ld: )?[^\s:]+(?::[^\s:]+)?(?::\d+|:\(\.[\w.]+\+0x[\da-f]+\)): (?:undefined reference to|multiple definition of) |^[^\s:]*ld: [^\s:]+: in function [`'‘]/;
const ESBUILD_HEAD_RE = /^(?:✘|▲|X|!) \[(?:ERROR|WARNING)\] \S/;
const ASC_HEAD_RE = /^(?:ERROR|WARNING|INFO) (?:AS|TS)\d{3,4}: \S/;
const GROUPED_HEAD_RE = /^ +\d+:\d+ +(?:[A-Z]{1,4}\d{2,5} |(?:error|warning|warn|info|✖|⚠) )/;

function referenceDiff(sample: Sample): number {
  const hunks = count(sample, (l) => HUNK_RE.test(l));
  const headers = count(sample, (l) => FILE_HEADER_RE.test(l));
  const commits = count(sample, (l) => COMMIT_RE.test(l));
  if (hunks >= 1 && headers >= 2) return 1;
  if (hunks >= 2) return 0.8;
  if (count(sample, (l) => CONTEXT_HUNK_RE.test(l)) >= 2) return headers >= 1 ? 1 : 0.8;
  const commands = count(sample, (l) => NORMAL_COMMAND_RE.test(l));
  if (commands >= 2 && count(sample, (l) => NORMAL_LINE_RE.test(l)) >= commands) return headers >= 1 ? 0.9 : 0.7;
  if (commits >= 1 && headers >= 1) return 0.7;
  const summaries = count(sample, isStatSummary);
  if (commits >= 1 && (summaries >= 1 || count(sample, isStatLine) >= 5)) return 0.7;
  if (summaries >= 1 && count(sample, (l) => ONELINE_RE.test(l)) >= summaries) return 0.7;
  if (count(sample, isGraphCommitLine) >= 3) return 0.7;
  const listed = count(sample, (l) => ONELINE_RE.test(l));
  if (listed >= 5 && listed >= sample.nonBlank * 0.9) return 0.7;
  return 0;
}

function referenceAccessLog(sample: Sample): number {
  if (sample.nonBlank < 3) return 0;
  const share = count(sample, (l) => ACCESS_LINE_RE.test(l)) / sample.nonBlank;
  return share >= 0.7 ? share : 0;
}

function referenceDiagnostics(sample: Sample): number {
  const heads = count(
    sample,
    (l) =>
      DIAGNOSTIC_HEAD_RE.test(l) ||
      LINKER_HEAD_RE.test(l) ||
      ESBUILD_HEAD_RE.test(l) ||
      ASC_HEAD_RE.test(l) ||
      GROUPED_HEAD_RE.test(l),
  );
  if (heads < 3 || sample.nonBlank === 0) return 0;
  const share = heads / sample.nonBlank;
  return share >= 0.03 ? Math.max(0.8, share) : 0;
}

const CHECKED: readonly [Detector, (sample: Sample) => number][] = [
  [diffDetector, referenceDiff],
  [accessLogDetector, referenceAccessLog],
  [diagnosticsDetector, referenceDiagnostics],
];

/** Line openings the patterns read, and what could pass for them. */
const PIECE = fc.constantFrom(
  "@@ -1,3 +1,4 @@",
  "@@@ -1,3 -1,3 +1,4 @@@",
  "ERROR AS101: x",
  "WARNING TS2322: x",
  "diff --git a/x b/x",
  "diff -ru a b",
  "--- a/x",
  "+++ b/x",
  "Index: x",
  "Only in a: x",
  "Binary files a and b differ",
  "commit 1a2b3c4d5e",
  "From 0123456789abcdef0123456789abcdef01234567 ",
  "1a2b3c4 subject",
  "***************",
  "*** 1,2 ****",
  "12,14c12",
  "< old",
  "> new",
  " x | 3 ++-",
  " 1 file changed, 2 insertions(+)",
  "* 1a2b3c4 subject",
  "1.2.3.4 - - [07/Dec/2026:11:00:00 +0000] ",
  "src/a.ts:3:4: error x",
  "src/a.ts(3,4): error TS1",
  "✘ [ERROR] x",
  "▲ [WARNING] y",
  "X [ERROR] z",
  "! [WARNING] w",
  "  16:1  error  x",
  "  2:1 F403 y",
  " [",
  "x",
  " ",
  "-",
  "+",
  "@",
  "*",
  "1",
  "\t",
);
const TEXT = fc
  .array(
    fc.array(PIECE, { maxLength: 3 }).map((parts) => parts.join("")),
    { maxLength: 30 },
  )
  .map((lines) => lines.join("\n"));

describe("the diff, access-log and diagnostics detectors' gates", () => {
  it("score generated texts as the ungated detectors did", () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        const sample = sampleOf(text);
        for (const [detector, reference] of CHECKED) expect(detector.score(sample)).toBe(reference(sample));
      }),
      { numRuns: 2000 },
    );
  });

  it("score every case of both corpora as the ungated detectors did", { timeout: 60_000 }, async () => {
    const mismatches: string[] = [];
    let scored = 0;
    for (const name of CORPUS_NAMES) {
      for (const c of await openCorpus(name).load()) {
        const sample = sampleOf(c.text);
        for (const [detector, reference] of CHECKED) {
          scored++;
          if (detector.score(sample) !== reference(sample)) mismatches.push(`${c.id}: ${detector.type}`);
        }
      }
    }
    expect(scored).toBeGreaterThan(300);
    expect(mismatches).toEqual([]);
  });
});
