import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DIAGNOSTIC_RE,
  mayBeDiagnostic,
  mayBeTestFailure,
  salientKind,
  TEST_FAIL_RE,
} from "../../src/fidelity/salient.js";
import { corpusLinesWhere } from "../support/corpus.js";

// The rules as salient.ts wrote them before the first-character gates: every
// regex tried on every line. The gates must change nothing of what they find.
const ERROR_RE = new RegExp(
  [
    /\b(?:ERROR|ERR!|FATAL|PANIC|FAILED|FAILURE|CRITICAL|SEVERE|EMERG)(?![a-z])/.source,
    /(?:^|[\s[(|])(?:[Ee]rror|[Ff]atal|[Pp]anic|[Ff]ailed|[Cc]ritical)(?:[:\]|)]|\s*$)|<(?:[Ee]rror|[Ff]atal|[Pp]anic|[Ff]ailed|[Cc]ritical)>/
      .source,
    /^(?:[Ee]rror|Failed|Fatal|Cannot|Could not|Unable to)\b/.source,
    /Segmentation fault|core dumped|\bAborted\b/.source,
    /^[\w.-]{0,36}make(?:\[\d{1,4}\])?: \*\*\* /.source,
    /^(?:npm|yarn|pnpm) (?:error|ERR!)/.source,
  ].join("|"),
);
const NO_ERROR_RE = /\b(?:0|no|zero|without) (?:errors?|failures?|failed)\b|\berrors?: 0\b|\bfailed: 0\b/i;
const TRACE_RE =
  /^(?:Traceback \(most recent call last\)|[\w.$]+(?:Error|Exception)(?: \[\w+\])?:|panic: |thread '.*' panicked at|Caused by: )/;
const EXPECTED_RE =
  /^(?:[-+] (?:Expected|Received|expected|actual)|Expected:|Received:|AssertionError\b|assert\b|E\s{2,})/;
const SUMMARY_RE =
  /^(?:Tests?:|Test Files|test result:|# (?:tests|pass|fail) \d|Ran \d+ tests?|FAILED \(|OK \(|Found \d+ errors?|\d+ (?:passed|failed|errors?|problems?)\b|=+ .*\b(?:passed|failed)\b.* =+$)/;
const HEADER_RE = /^(?:commit [0-9a-f]{7,64}\b|diff --git |From [0-9a-f]{40} )/;
const HEADING_RE = /^#{1,6} \S/;
const UNDERLINE_RE = /^(?:={3,}|-{3,}|~{3,}|\^{3,}|\*{3,}|\+{3,})$/;

function referenceUnderline(line: string): boolean {
  let at = 0;
  while (at < line.length && line.charCodeAt(at) === 32) at++;
  return at <= 3 && line.charCodeAt(at) !== 9 && UNDERLINE_RE.test(line.trim());
}

function referenceHeadingText(text: string, underline: string): boolean {
  if (text.length > 120 || !/^[A-Za-z0-9`*_"'[(]/.test(text) || UNDERLINE_RE.test(text)) return false;
  return underline.length >= 0.5 * text.length && underline.length <= 2 * text.length + 4;
}

function referenceKind(text: string, next: string | undefined, indented: boolean): string | null {
  if (text.length === 0) return null;
  if (HEADER_RE.test(text)) return "header";
  if (mayBeDiagnostic(text) && DIAGNOSTIC_RE.test(text)) return "diagnostic";
  if (TRACE_RE.test(text)) return "trace";
  if ((mayBeTestFailure(text) && TEST_FAIL_RE.test(text)) || EXPECTED_RE.test(text)) return "test";
  if (SUMMARY_RE.test(text)) return "summary";
  if (!indented && HEADING_RE.test(text)) return "heading";
  if (!indented && next !== undefined && referenceUnderline(next) && referenceHeadingText(text, next.trim())) {
    return "heading";
  }
  if (ERROR_RE.test(text) && !NO_ERROR_RE.test(text)) return "error";
  return null;
}

/** Pieces the rules open with or read, and characters around them (white space a trim removes included). */
const PIECE = fc.constantFrom(
  "commit 1a2b3c4d",
  "diff --git ",
  "From ",
  "0123456789abcdef0123456789abcdef01234567",
  "Traceback (most recent call last)",
  "TypeError:",
  "panic: ",
  "Caused by: ",
  "- Expected",
  "+ Received",
  "Expected:",
  "AssertionError",
  "assert",
  "E  ",
  "Tests:",
  "Test Files",
  "test result:",
  "# tests 3",
  "Ran 4 tests",
  "FAILED (",
  "OK (",
  "Found 2 errors",
  "3 passed",
  "== 1 failed ==",
  "# ",
  "## Title",
  "===",
  "---",
  "~~~",
  "^^^",
  "***",
  "+++",
  "error",
  "Error:",
  "ERROR",
  "no errors",
  "make: *** ",
  "npm ERR!",
  " ",
  "\t",
  "\u00a0",
  "\u3000",
  "\r",
  "x",
  "1",
  "=",
  "-",
  "*",
  "+",
  "#",
);
const LINE = fc.array(PIECE, { maxLength: 6 }).map((parts) => parts.join(""));

describe("salientKind's first-character gates", () => {
  it("find what the ungated rules found on generated lines", () => {
    fc.assert(
      fc.property(LINE, fc.option(LINE, { nil: undefined }), fc.boolean(), (line, next, indented) => {
        const text = line.trim();
        expect(salientKind(text, next, indented)).toBe(referenceKind(text, next, indented));
      }),
      { numRuns: 5000 },
    );
  });

  it("find what the ungated rules found on every line of both corpora", { timeout: 60_000 }, async () => {
    const { compared, mismatches } = await corpusLinesWhere((line, next) => {
      const text = line.trim().slice(0, 240);
      return [false, true].some(
        (indented) => salientKind(text, next, indented) !== referenceKind(text, next, indented),
      );
    });
    expect(compared).toBeGreaterThan(10_000);
    expect(mismatches).toEqual([]);
  });
});
