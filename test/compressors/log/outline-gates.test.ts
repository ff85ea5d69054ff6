import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isFrameNamingError, Outline, outlineKind, passingGroup } from "../../../src/compressors/log/outline.js";
import { corpusLinesWhere } from "../../support/corpus.js";

// outlineKind and passingGroup as they were before their first-character
// gates: every pattern tried on every line. The gates must change nothing.
const PLACED_HEAD_RE =
  /^[^\s:()]+(?:\(\d+,\d+\): (?:error|warning) |:\d+(?::\d+)?(?::? (?:fatal error|error|warning|note)\b|: [A-Z]{1,4}\d{2,5}\b|:\d+ - (?:error|warning)\b| lint\/))/;
const POINTER_RE = /^ *(?:-->|:::) [^\s:]+:\d+(?::\d+)?/;
const SCOPE_RE = /^(?:[^\s:]+: (?:In |At top level:)|In file included from \S|\s+from [^\s:]+:\d+[:,])/;
const WERROR_RE = /^[\w+.-]+: (?:some|all) warnings being treated as errors/;
const CODE_HEAD_RE = /^[A-Z]{1,4}\d{2,5} (?:\[\*\] )?[A-Z`]/;
const CODED_LEVEL_HEAD_RE = /^(?:ERROR|WARNING|INFO) [A-Z]{1,4}\d{2,5}: \S/;
const TAP_NAME_RE = /^# [A-Za-z]/;
const TOP_OUTCOME_RE = /^[✔✓▶] \S/;
const FILE_OUTCOME_RE = /^ ?[✓✔×❯↓] [^(]*\(\d+ tests?[ |)]/;
const TEST_FRAME_RE = /^ *❯ [^\s:]+:\d+:\d+/;
const DPKG_SETUP_RE = /^Setting up [^\s()]+ \([^\s()]+\) \.\.\.\r?$/;
const APT_SIMULATED_RE = /^(?:Inst [^\s()[\]]+ (?:\[[^\s\]]+\] )?\(|Remv [^\s()[\]]+ \[)/;
const FRAME_MARK_RE = /^ +> +\d+ \| /;
const UNITTEST_OK_RE = /^\w+ \(([\w.]+)\.\w+\) \.\.\. ok$/;
const TAP_OK_RE = /^( *)ok \d+ (?![^#]*# (?:SKIP|TODO))/;
const PASSING_RE = /^ *[✓✔√] \S/;
const PYTEST_HEAD_RE = /^(_+) ([^ ].*) (_+)[ \r]*$/;

function referencePytestHead(text: string): boolean {
  const m = PYTEST_HEAD_RE.exec(text);
  if (m === null) return false;
  const [a, b] = [m[1].length, m[3].length];
  return Math.abs(a - b) <= 1 && (Math.min(a, b) >= 3 || text.trimEnd().length >= 60);
}

function referenceOutline(text: string): Outline {
  if (text.length === 0 || text.length > 2000) return Outline.None;
  const c = text.charCodeAt(0);
  if (c === 35 || c === 32) {
    if (c === 35 && TAP_NAME_RE.test(text)) return Outline.TestName;
    if (c === 32 && (FILE_OUTCOME_RE.test(text) || TEST_FRAME_RE.test(text))) {
      return FILE_OUTCOME_RE.test(text) ? Outline.TestName : Outline.Diagnostic;
    }
    if (c === 32 && POINTER_RE.test(text)) return Outline.Diagnostic;
    if (c === 32 && SCOPE_RE.test(text)) return Outline.Diagnostic;
    if (c === 32 && FRAME_MARK_RE.test(text)) return Outline.FailingSource;
    return Outline.None;
  }
  if (TOP_OUTCOME_RE.test(text) || FILE_OUTCOME_RE.test(text)) return Outline.TestName;
  if (TEST_FRAME_RE.test(text)) return Outline.Diagnostic;
  if (referencePytestHead(text)) return Outline.TestName;
  if (c === 83 && DPKG_SETUP_RE.test(text)) return Outline.Package;
  if (APT_SIMULATED_RE.test(text)) return Outline.Package;
  if (
    PLACED_HEAD_RE.test(text) ||
    SCOPE_RE.test(text) ||
    CODE_HEAD_RE.test(text) ||
    POINTER_RE.test(text) ||
    WERROR_RE.test(text) ||
    CODED_LEVEL_HEAD_RE.test(text)
  ) {
    return Outline.Diagnostic;
  }
  return Outline.None;
}

function referencePassingGroup(text: string): string | null {
  const unittest = UNITTEST_OK_RE.exec(text);
  if (unittest !== null) return `unittest:${unittest[1]}`;
  const tap = TAP_OK_RE.exec(text);
  if (tap !== null) return `tap:${tap[1].length}`;
  if (!PASSING_RE.test(text)) return null;
  const cut = text.indexOf(" > ");
  if (cut !== -1) return text.slice(0, cut);
  let indent = 0;
  while (indent < text.length && text.charCodeAt(indent) === 32) indent++;
  return `${indent}`;
}

const FRAME_RE = /^ *(?:> *)?\d+(?: +\d+)? *[|│]/;
const ERROR_WORD_RE = /\b(?:error|Error|ERROR|fatal|panic|exception)\b/;
const TAP_ASSERT_RE = /^ *(?:not )?ok \d+ /;

function referenceFrameNamingError(text: string): boolean {
  return (FRAME_RE.test(text) || TAP_ASSERT_RE.test(text)) && ERROR_WORD_RE.test(text);
}

/** Openings and pieces of the shapes, and what could pass for them. */
const PIECE = fc.constantFrom(
  "src/a.ts:3:4: error x",
  "ERROR AS101: x",
  "WARNING TS2322: x",
  "INFO AS2: x",
  "src/a.ts(3,4): error TS1 x",
  "a.rs:3:9 lint/x",
  " --> a.rs:3:9",
  "::: a.rs:1:2",
  "-->",
  "f.c: In function",
  "In file included from f.h:3",
  "   from f.h:3:",
  "cc1: some warnings being treated as errors",
  "E501 Line",
  "F401 [*] `x`",
  "# name",
  "✔ test/a.js (1ms)",
  " ✓ test/a.test.ts (5 tests) 12ms",
  "× test/a.test.ts (2 tests | 1 failed)",
  "❯ test/a.test.ts:74:18",
  "▶ suite",
  "√ passes",
  "Setting up curl (7.88.1-10) ...",
  "Inst curl (7.88.1-10 Debian:12 [amd64])",
  "Remv tree [2.1.0-1]",
  "____ Test.test_x ____",
  "_ ",
  " _",
  "___",
  "    > 43 | x",
  "testX (pkg.mod.Class.testX) ... ok",
  "ok 12 name",
  "ok 3 - x # SKIP",
  " > ",
  "... ok",
  " ",
  "\t",
  "o",
  "x",
  "A",
  "1",
  "-",
  ":",
  "✓",
  "\r",
  "2024-01-01T12:00:00Z",
  "2024-01-01 12:00:00",
  "(",
  ")",
  "\u00a0",
  "\u3000",
  "\v",
  "from x.h:3,",
  "  12 | x",
  "> 135 │ if (error)",
  "not ok 3 error",
  " error",
  ">",
);
const LINE = fc.array(PIECE, { maxLength: 5 }).map((parts) => parts.join(""));

describe("outlineKind's, passingGroup's and isFrameNamingError's first-character gates", () => {
  it("find what the ungated patterns found on generated lines", () => {
    fc.assert(
      fc.property(LINE, (line) => {
        expect(outlineKind(line)).toBe(referenceOutline(line));
        expect(passingGroup(line)).toBe(referencePassingGroup(line));
        expect(isFrameNamingError(line)).toBe(referenceFrameNamingError(line));
      }),
      { numRuns: 5000 },
    );
  });

  it("find what the ungated patterns found on every line of both corpora", { timeout: 60_000 }, async () => {
    const { compared, mismatches } = await corpusLinesWhere(
      (line) =>
        outlineKind(line) !== referenceOutline(line) ||
        passingGroup(line) !== referencePassingGroup(line) ||
        isFrameNamingError(line) !== referenceFrameNamingError(line),
    );
    expect(compared).toBeGreaterThan(10_000);
    expect(mismatches).toEqual([]);
  });
});
