/**
 * Test and build summaries (always kept) and test outcomes worth naming
 * (failed, pending, skipped), for the runners agents run most: vitest, jest,
 * mocha, node:test (spec and TAP), pytest, go test, cargo, maven, gradle,
 * tsc and npm.
 *
 * Lines are matched trimmed and only when short (summaries are), with
 * anchored patterns that cannot backtrack badly, or plain string checks.
 */

/** Longest line considered a summary (an outcome may be twice as long). */
const MAX_SUMMARY_CHARS = 400;

/** What {@link testLineKind} found. */
export const TestLine = { None: 0, Summary: 1, Outcome: 2, Expectation: 3 } as const;
export type TestLine = (typeof TestLine)[keyof typeof TestLine];

const SUMMARY_PARTS: readonly RegExp[] = [
  // node:test spec reporter ("ℹ tests 91") and TAP footer ("# pass 43")
  /^(?:ℹ|#) ?(?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d/,
  /^1\.\.\d+\s*$/,
  // vitest / jest
  /^(?:Test Files|Tests|Test Suites|Snapshots|Suites)[: ] *\d/,
  /^(?:Duration|Time:) +\d/,
  /^Ran all test suites/,
  // mocha
  /^\d+ (?:passing|failing|pending)\b/,
  // pytest, generic "3 failed, 2 passed in 1.2s"
  /^\d+ (?:failed|passed|errors?|skipped|deselected|xfailed|xpassed|warnings?)\b/,
  // go test
  /^(?:ok|FAIL)\s+\S+\s+(?:[\d.]+s|\(cached\)|\[)/,
  /^(?:PASS|FAIL|ok)\s*$/,
  // cargo
  /^test result: /,
  /^failures:\s*$/,
  /^Finished /,
  /^\d+ of \d+ tests? (?:failed|passed)/,
  // maven / gradle
  /^(?:\[\w+\] )?Tests run: \d+, Failures: \d+/,
  /^(?:\[\w+\] )?BUILD (?:SUCCESS|FAILURE|SUCCESSFUL|FAILED)/,
  /^(?:\[\w+\] )?Total time:/,
  /^\d+ tests? completed/,
  // tsc
  /^Found \d+ errors?\b/,
  // npm and friends
  /^(?:added|removed|changed|audited|up to date)\b/,
  /^found \d+ vulnerabilit/,
  /^\d+ (?:low|moderate|high|critical) severity vulnerabilit/,
  /^npm (?:info ok|verbose exit|ERR! code|error code)\b/,
  /^(?:Summary|SUMMARY|Totals?):/,
];

/**
 * The patterns above as one alternation, sticky so it is anchored at the
 * first visible character without slicing the line: one regex call per line.
 */
const SUMMARY_RE = new RegExp(SUMMARY_PARTS.map((re) => `(?:${re.source.replace(/^\^/, "")})`).join("|"), "y");
const GENERATED_RE = /\bgenerated \d+ (?:warnings?|errors?)\b/;

const OUTCOME_PREFIXES = [
  "✖ ",
  "✗ ",
  "✘ ",
  "× ",
  "✕ ",
  "❌ ",
  "● ",
  "↓ ",
  "○ ",
  "FAIL ",
  "FAILED ",
  "ERROR ",
  "SKIPPED ",
  "XFAIL ",
  "XPASS ",
];

/** Whether a visible line is a test or build summary, names a failed/pending/skipped test, or neither. */
export function testLineKind(text: string): TestLine {
  const n = text.length;
  if (n > MAX_SUMMARY_CHARS * 2) return TestLine.None;
  let s = 0;
  let e = n;
  while (s < e && isBlankChar(text.charCodeAt(s))) s++;
  while (e > s && isBlankChar(text.charCodeAt(e - 1))) e--;
  // braille spinner frames (npm) in front of the text
  while (s < e && text.charCodeAt(s) >= 0x2800 && text.charCodeAt(s) <= 0x28ff) s++;
  if (s >= e) return TestLine.None;
  if (isOutcome(text, s, e)) return TestLine.Outcome;
  if (e - s <= MAX_SUMMARY_CHARS && isSummary(text, s, e)) return TestLine.Summary;
  EXPECTATION_RE.lastIndex = s;
  if (EXPECTATION_RE.test(text)) return TestLine.Expectation;
  return TestLine.None;
}

/**
 * A failed assertion's values, each on a line of its own: `[Actual] …` /
 * `[Expected] …` (Deno's std assert), `  left: 1205` / ` right: 1250`
 * (Rust's assert_eq), `Expected: …` / `Received: …` (jest, vitest),
 * `expected: …` / `actual: …` (node:assert's error object, TAP's YAML,
 * testify), `- Expected` / `+ Received` (a diff's legend). The test's name
 * says what failed; these lines say how, and each failure has its own.
 * Sticky, so it is anchored at the first visible character.
 */
const EXPECTATION_RE =
  /\[(?:Actual|Expected)\] |(?:left|right|expected|actual|Expected|Actual|Received) *: \S|[-+] (?:Expected|Received|expected|actual)\b/y;

/** Whether a visible line is a test or build summary. */
export function isSummaryLine(text: string): boolean {
  return testLineKind(text) === TestLine.Summary;
}

/** Whether a visible line names a failed, pending or skipped test. */
export function isTestOutcomeLine(text: string): boolean {
  return testLineKind(text) === TestLine.Outcome;
}

function isSummary(text: string, s: number, e: number): boolean {
  SUMMARY_RE.lastIndex = s;
  if (SUMMARY_RE.test(text)) return true;
  switch (text.charCodeAt(s)) {
    case 61: // "=== 6 failed, 210 passed in 1.47s ===", "=== short test summary info ==="
      return isPytestBanner(text, s, e);
    case 101: // e
      if (text.startsWith("error: test failed", s) || text.startsWith("error: could not compile", s)) return true;
      return isGenerated(text, s);
    case 119: // w: "warning: `x` (lib) generated 15 warnings"
      return isGenerated(text, s);
    case 102: // "failing tests:" (node:test)
      return text.startsWith("failing tests:", s);
    default:
      // "✖ failing tests:"
      return text.charCodeAt(s) > 127 && text.startsWith(" failing tests:", s + 1);
  }
}

function isGenerated(text: string, s: number): boolean {
  return text.indexOf(" generated ", s) !== -1 && GENERATED_RE.test(text);
}

/** `===== 6 failed, 210 passed in 1.47s =====` */
function isPytestBanner(text: string, s: number, e: number): boolean {
  if (text.indexOf("short test summary info", s) !== -1) return true;
  if (text.charCodeAt(e - 1) !== 61 || text.indexOf(" in ", s) === -1) return false;
  return (
    text.indexOf(" passed", s) !== -1 ||
    text.indexOf(" failed", s) !== -1 ||
    text.indexOf(" error", s) !== -1 ||
    text.indexOf(" skipped", s) !== -1 ||
    text.indexOf("no tests ran", s) !== -1
  );
}

const TAP_DIRECTIVE_RE = /#\s*(?:skip|todo)\b/iy;

/**
 * Whether the TAP line [s, e) carries a skip or to-do directive (`ok 3 - x # SKIP
 * no db`): such a test did not really pass. Directives are case-insensitive in TAP.
 */
function hasTapDirective(text: string, s: number, e: number): boolean {
  for (let h = text.indexOf("#", s); h !== -1 && h < e; h = text.indexOf("#", h + 1)) {
    TAP_DIRECTIVE_RE.lastIndex = h;
    if (TAP_DIRECTIVE_RE.test(text)) return true;
  }
  return false;
}

function isOutcome(text: string, s: number, e: number): boolean {
  const c = text.charCodeAt(s);
  if (c === 110 && text.startsWith("not ok ", s)) return true;
  if (c === 45 && (text.startsWith("--- FAIL", s) || text.startsWith("--- SKIP", s))) return true;
  if (c === 111 && text.startsWith("ok ", s)) {
    return hasTapDirective(text, s, e);
  }
  if (c > 127 || (c >= 69 && c <= 88)) {
    for (const p of OUTCOME_PREFIXES) if (text.startsWith(p, s)) return true;
  }
  if (c === 116 && text.startsWith("test ", s)) {
    // cargo: "test parse::tests::it_works ... FAILED" (and trybuild's "... mismatch")
    const dots = text.indexOf(" ... ", s);
    if (dots !== -1 && dots + 5 < e) return !text.startsWith("ok", dots + 5);
  }
  if (c === 0x276f && text.startsWith("❯ ", s)) return text.indexOf(" failed", s) !== -1;
  const colons = text.indexOf("::", s);
  if (colons !== -1 && colons < e) {
    // pytest -v: "tests/test_x.py::test_y FAILED [ 50%]"
    return (
      text.indexOf(" FAILED", colons) !== -1 ||
      text.indexOf(" ERROR", colons) !== -1 ||
      text.indexOf(" SKIPPED", colons) !== -1 ||
      text.indexOf(" XFAIL", colons) !== -1
    );
  }
  return false;
}

function isBlankChar(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 0;
}
