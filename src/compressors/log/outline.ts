/**
 * The outline lines of a log that no level word marks: compiler and linter
 * diagnostic heads (every one is a distinct fact: a place and a message),
 * the marked source line of a code frame (`> 43 | …`),
 * the places and scopes they point at (`--> src/x.rs:3:9`, `f.c: In
 * function ‘g’:`), and the names of a test run's files and suites (TAP's
 * `# name` comments, a spec reporter's top-level `✔ file`) and the packages
 * an install set up (dpkg's `Setting up curl (7.88.1-10) ...`, apt's simulated
 * `Inst curl (7.88.1-10 …)`, one line per
 * package and version: an install log is read for them as a listing is read
 * for its file names; its Selecting/Preparing/Unpacking lines are the steps
 * before, and go). The log compressor keeps them all, whatever its caps: they are what the reader
 * scans first, and each one costs a line.
 *
 * Each shape is one anchored regex whose parts are runs of a single
 * character class, so matching stays linear on any line.
 */

import { isPythonVerboseComment } from "./python-verbose.js";

/** What {@link outlineKind} found. */
export const Outline = { None: 0, Diagnostic: 1, TestName: 2, Package: 3, FailingSource: 4 } as const;
export type Outline = (typeof Outline)[keyof typeof Outline];

/**
 * A diagnostic head led by its place: `path(l,c): error TS…` (tsc),
 * `path:l:c - error TS…` (tsc --pretty), `path:l[:c]: level` (gcc, clang,
 * mypy, go), `path:l:c: CODE` (flake8, ruff, pylint), `path:l:c lint/…` (biome).
 */
const PLACED_HEAD_RE =
  /^[^\s:()]+(?:\(\d+,\d+\): (?:error|warning) |:\d+(?::\d+)?(?::? (?:fatal error|error|warning|note)\b|: [A-Z]{1,4}\d{2,5}\b|:\d+ - (?:error|warning)\b| lint\/))/;
/**
 * rustc's and ruff's pointer to a place (`--> f.rs:3:9`, `::: f.rs:1:2`), and
 * AssemblyScript's, which closes the code frame under its head (`└─ in f.ts(3,5)`).
 */
const POINTER_RE = /^ *(?:(?:-->|:::) [^\s:]+:\d+(?::\d+)?|└─ in [^\s()]+\(\d+,\d+\))/;
/** gcc's scope lines: `f.c: In function ‘g’:`, `f.c: At top level:`, `In file included from f.h:3`. */
const SCOPE_RE = /^(?:[^\s:]+: (?:In |At top level:)|In file included from \S|\s+from [^\s:]+:\d+[:,])/;
/**
 * GNU ld's diagnostics, which carry no level word: `f.c:95: undefined reference to `compress'`
 * and `f.c:3: multiple definition of `x'; g.o:g.c:4: first defined here`, led by the linker's
 * name (`/usr/bin/ld: `) and the object (`/tmp/cc1.o:`) or not, placed by source line or,
 * without debug information, by section offset (`main.c:(.text+0x1d)`); and the scope
 * above them, `/usr/bin/ld: /tmp/cc1.o: in function `main':`. Each names a symbol and a place.
 */
export const LINKER_HEAD_RE =
  /^(?:[^\s:]*ld: )?[^\s:]+(?::[^\s:]+)?(?::\d+|:\(\.[\w.]+\+0x[\da-f]+\)): (?:undefined reference to|multiple definition of) |^[^\s:]*ld: [^\s:]+: in function [`'‘]/;
/** Why warnings failed the build: gcc's `cc1: some warnings being treated as errors` (no level word of its own). */
const WERROR_RE = /^[\w+.-]+: (?:some|all) warnings being treated as errors/;
/** ruff's full format opens each diagnostic with its code and message, the place on the next line. */
const CODE_HEAD_RE = /^[A-Z]{1,4}\d{2,5} (?:\[\*\] )?[A-Z`]/;
/**
 * AssemblyScript's head, led by its level and code (`ERROR AS101: Operation is unsafe.`,
 * `WARNING TS2322: …`); its place closes the code frame below it (POINTER_RE).
 */
const CODED_LEVEL_HEAD_RE = /^(?:ERROR|WARNING|INFO) [A-Z]{1,4}\d{2,5}: \S/;
/** The letters {@link CODED_LEVEL_HEAD_RE} opens with: `E`, `W`, `I`. */
function opensLevelWord(c: number): boolean {
  return c === 69 || c === 87 || c === 73;
}
/**
 * A build tool's level tag before a place: Maven's javac lines (`[ERROR]
 * /p/A.java:[17,40] cannot find symbol`, `[WARNING] /p/A.java:[42,12] found raw
 * type`) and the `path:l:c:` form of sbt and Maven's checkstyle (`[error]
 * /p/A.scala:12:5: not found`, `[WARN] /p/A.java:3:1: …`). The path holds no
 * `:`, so the look is one pass.
 */
const TAGGED_HEAD_RE =
  /^\[(?:ERROR|WARNING|WARN|error|warn)\] (?:file:\/\/)?[^\s:[\]]+(?::\[\d+,\d+\]|:\d+(?::\d+)?:) /;
/**
 * A diagnostic of a grouped report, where a file's name heads its diagnostics
 * and each line below it gives only the place in the file: ruff's `grouped`
 * format (`  163:9  PLC0415 \`import\` should be at the top-level of a file`),
 * eslint's default `stylish` one (`  16:1  error  Unexpected var, use let or
 * const instead  no-var`), yamllint's and stylelint's alike. Indented, then
 * `line:col`, then a rule code or a level word.
 */
export const GROUPED_HEAD_RE = /^ +\d+:\d+ +(?:[A-Z]{1,4}\d{2,5} |(?:error|warning|warn|info|✖|⚠) )/;
/**
 * The file a grouped report's diagnostics belong to: the line above the first
 * of them, a path alone on its line (ruff ends it in `:`). See {@link groupedFileHeads}.
 */
const GROUPED_FILE_RE = /^[^\s:]+:?$/;

/**
 * 1 for each file header of a grouped report ({@link GROUPED_HEAD_RE}): the
 * non-blank line above a run of grouped diagnostics, when it is a path alone.
 * It is the only place the file is named, so it is as much outline as the
 * diagnostics under it.
 */
export function groupedFileHeads(visible: readonly string[]): Uint8Array {
  const heads = new Uint8Array(visible.length);
  let above = -1;
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (text.trim() === "") continue;
    if (
      above >= 0 &&
      text.charCodeAt(0) === 32 &&
      GROUPED_HEAD_RE.test(text) &&
      !GROUPED_HEAD_RE.test(visible[above])
    ) {
      if (visible[above].length <= 1000 && GROUPED_FILE_RE.test(visible[above])) heads[above] = 1;
    }
    above = i;
  }
  return heads;
}

/** A biome head (`path:l:c lint/rule ━━━`): the line after it holds the message. */
const BIOME_HEAD_RE = /^[^\s:()]+:\d+:\d+ lint\//;

/**
 * TAP's top-level test-name comments (tape's `# name`, node:test's `# Subtest: file`);
 * a comment opening with a path or white space is a program's stderr, and nested
 * subtests are named again by their `ok N - name` line.
 */
const TAP_NAME_RE = /^# [A-Za-z]/;
/** A spec reporter's top-level outcome (a file or suite), at column 0: `✔ test/a.test.js (12ms)`. */
const TOP_OUTCOME_RE = /^[✔✓▶] \S/;
/** vitest's and jest's line per test file: ` ✓  node  test/a.test.ts (5 tests) 12ms`, `PASS test/a.test.ts`. */
const FILE_OUTCOME_RE = /^ ?[✓✔×❯↓] [^(]*\(\d+ tests?[ |)]/;
/**
 * The marked line of a babel-style code frame (jest, babel, webpack, eslint's codeframe):
 * `    > 43 |     expect(semver.diff('1.2.3', '2.0.0-1')).toBe('major');`, the source line a
 * failure or diagnostic points at. Its neighbours are context; this line is the place, and each
 * failure has its own, though they all share one template.
 */
const FRAME_MARK_RE = /^ +> +\d+ \| /;
/** vitest's pointer into the test file under a failure: `❯ test/a.test.ts:74:18`. */
const TEST_FRAME_RE = /^ *❯ [^\s:]+:\d+:\d+/;

/**
 * Whether a line is pytest's header over one failure or error in its
 * FAILURES/ERRORS sections: `____ TestDecode.test_float ____`, `____ ERROR at
 * setup of test_x ____` (the name centred in underscores, so the two runs
 * differ by one at most; a name too long for the width keeps one each side:
 * `_ Test.test_x (spec='.6e') _`). It names a failed test, as a summary's
 * `FAILED …` line does, and pytest prints no summary line under `-rN` or when
 * interrupted.
 */
function isPytestSectionHead(text: string): boolean {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 13 || text.charCodeAt(end - 1) === 32)) end--;
  let from = 0;
  while (from < end && text.charCodeAt(from) === 95) from++;
  let to = end;
  while (to > from && text.charCodeAt(to - 1) === 95) to--;
  const tail = end - to;
  if (from === 0 || tail === 0 || Math.abs(from - tail) > 1 || to - from < 3) return false;
  if (Math.min(from, tail) < 3 && end < MIN_PYTEST_WIDTH) return false;
  return text.charCodeAt(from) === 32 && text.charCodeAt(to - 1) === 32 && text.charCodeAt(from + 1) !== 32;
}

/**
 * Shortest line read as a header with one-underscore runs: pytest fills its
 * terminal's width (80 in a CI log), and a short `_ x _` is more likely text.
 */
const MIN_PYTEST_WIDTH = 60;

/** dpkg's line per package it configured (apt's term.log, `apt-get install`): `Setting up curl (7.88.1-10) ...`. */
const DPKG_SETUP_RE = /^Setting up [^\s()]+ \([^\s()]+\) \.\.\.\r?$/;
/**
 * apt's line per package a simulated run (`apt-get install -s`, `--dry-run`) would unpack or
 * remove: `Inst curl (7.88.1-10 Debian:12.15/oldstable [amd64])`, `Inst tzdata [2024a-0] (2025b-0 …)`,
 * `Remv tree [2.1.0-1]`. Its `Conf curl (…)` lines name the same packages again, and go.
 */
const APT_SIMULATED_RE = /^(?:Inst [^\s()[\]]+ (?:\[[^\s\]]+\] )?\(|Remv [^\s()[\]]+ \[)/;

/** unittest's verbose pass: `testX (pkg.module.Class.testX) ... ok`; group 1 is the class. */
const UNITTEST_OK_RE = /^\w+ \(([\w.]+)\.\w+\) \.\.\. ok$/;
/** A passing TAP assertion (`ok 12 name`, not `not ok`, not a `# SKIP`); group 1 is its indentation. */
const TAP_OK_RE = /^( *)ok \d+ (?![^#]*# (?:SKIP|TODO))/;
/** A passing test: ✓/✔/√ then its name, at any indentation. */
const PASSING_RE = /^ *[✓✔√] \S/;

/**
 * The group a passing test belongs to, or null when `text` is not one: a
 * unittest's class, pytest's module and class, cargo's module, a TAP
 * assertion's nesting, the text before vitest's first
 * ` > ` (project and file), or the indentation of a mocha/node:test spec line
 * (its suite). Runs of one group show their first
 * and last test; the middle is counted in a marker.
 */
export function passingGroup(text: string): string | null {
  // Each shape below opens (after spaces) with `o` or a mark, ends in `... ok`, or holds pytest's
  // ` PASSED`: most lines are told by a look.
  let first = 0;
  while (first < text.length && text.charCodeAt(first) === 32) first++;
  const c = text.charCodeAt(first);
  const isOk = text.endsWith("... ok");
  if (c !== 111 /* o */ && c < 128 && !isOk) return pytestGroup(text);
  const unittest = UNITTEST_OK_RE.exec(text);
  if (unittest !== null) return `unittest:${unittest[1]}`;
  if (isOk && text.startsWith("test ")) return cargoGroup(text);
  const tap = TAP_OK_RE.exec(text);
  if (tap !== null) return `tap:${tap[1].length}`;
  if (!PASSING_RE.test(text)) return null;
  const cut = text.indexOf(" > ");
  if (cut !== -1) return text.slice(0, cut);
  let indent = 0;
  while (indent < text.length && text.charCodeAt(indent) === 32) indent++;
  return `${indent}`;
}

/** What follows pytest's verbose ` PASSED`: nothing, or its progress (`  [ 42%]`). */
const PYTEST_PROGRESS_RE = /^ *\[ *\d+%\]$/;

/**
 * pytest -v's pass (`tests/test_x.py::TestA::test_b[1] PASSED  [ 42%]`, or
 * `::TestA::test_b PASSED` under `--pyargs`): its group is the test's id up
 * to its last `::` (module and class), or null when `text` is not one.
 */
function pytestGroup(text: string): string | null {
  const at = text.indexOf(" PASSED");
  if (at <= 0 || (at + 7 < text.length && !PYTEST_PROGRESS_RE.test(text.slice(at + 7)))) return null;
  const id = text.slice(0, at);
  const firstColons = id.indexOf("::");
  // The path before the first `::` has no blank; a parameter (`[a b]`) may.
  if (firstColons < 0 || id.lastIndexOf(" ", firstColons) >= 0) return null;
  const bracket = id.indexOf("[");
  return `pytest:${id.slice(0, id.lastIndexOf("::", bracket < 0 ? id.length : bracket))}`;
}

/** cargo test's pass (`test parser::tests::reads_tabs ... ok`): its group is the test's module path. */
function cargoGroup(text: string): string | null {
  const name = text.slice(5, text.length - 7);
  if (name.length === 0 || name.includes(" ")) return null;
  const colons = name.lastIndexOf("::");
  return `cargo:${colons < 0 ? "" : name.slice(0, colons)}`;
}

/** Whether visible line `text` belongs to the outline, and as what. */
export function outlineKind(text: string): Outline {
  if (text.length === 0 || text.length > 2000) return Outline.None;
  const c = text.charCodeAt(0);
  // The cheapest test first: most routine lines start with a letter, a digit or a bracket and match nothing.
  if (c === 35 /* # */ || c === 32) {
    if (c === 35 && TAP_NAME_RE.test(text) && !isPythonVerboseComment(text)) return Outline.TestName;
    if (c === 32 && (FILE_OUTCOME_RE.test(text) || TEST_FRAME_RE.test(text))) {
      return FILE_OUTCOME_RE.test(text) ? Outline.TestName : Outline.Diagnostic;
    }
    if (c === 32 && POINTER_RE.test(text)) return Outline.Diagnostic;
    if (c === 32 && SCOPE_RE.test(text)) return Outline.Diagnostic;
    if (c === 32 && FRAME_MARK_RE.test(text)) return Outline.FailingSource;
    if (c === 32 && GROUPED_HEAD_RE.test(text)) return Outline.Diagnostic;
    return Outline.None;
  }
  // A test's outcome and vitest's frame pointer open with a mark (no space before it here).
  if (c >= 128) {
    if (TOP_OUTCOME_RE.test(text) || FILE_OUTCOME_RE.test(text)) return Outline.TestName;
    if (TEST_FRAME_RE.test(text)) return Outline.Diagnostic;
  }
  if (c === 91 /* [ */ && TAGGED_HEAD_RE.test(text)) return Outline.Diagnostic;
  if (c === 95 /* _ */ && isPytestSectionHead(text)) return Outline.TestName;
  if (c === 83 /* S */ && DPKG_SETUP_RE.test(text)) return Outline.Package;
  if ((c === 73 /* I */ || c === 82) /* R */ && APT_SIMULATED_RE.test(text)) return Outline.Package;
  // A place, a scope's file or a tool's name ends in `:` (or a place in `(`) before any white space.
  const placed = opensPlace(text);
  if (
    (placed && PLACED_HEAD_RE.test(text)) ||
    ((placed || c === 73 /* I */ || c < 33 || c > 126) && SCOPE_RE.test(text)) ||
    (c >= 65 && c <= 90 && CODE_HEAD_RE.test(text)) ||
    (isPointerOpening(c) && POINTER_RE.test(text)) ||
    (placed && WERROR_RE.test(text)) ||
    (placed && LINKER_HEAD_RE.test(text)) ||
    (opensLevelWord(c) && CODED_LEVEL_HEAD_RE.test(text))
  ) {
    return Outline.Diagnostic;
  }
  return Outline.None;
}

/**
 * Whether `:` or `(` comes before the first white space of `text`: else no
 * place-led head, scope line (`f.c: In function`) or `cc1: some warnings`
 * line can match. ASCII white space ends the look; other white space reads
 * on, which can only let a line through to the regexes.
 */
function opensPlace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 /* : */ || c === 40 /* ( */) return true;
    if (c === 32 || (c >= 9 && c <= 13)) return false;
  }
  return false;
}

/** `-` or `:`, which {@link POINTER_RE}'s arrows open with. */
function isPointerOpening(c: number): boolean {
  return c === 45 || c === 58;
}

/** Whether a diagnostic head's message is on the next non-blank line (biome's pretty format). */
export function hasMessageBelow(text: string): boolean {
  return BIOME_HEAD_RE.test(text);
}

/**
 * A quoted line of source in a code frame (`  12 | x`, `> 135 │ if (error)`,
 * `  173     │ - …`): detail, unless it names an error, which stays.
 */
// `(?:> *)?`, not `>? *`: two space runs side by side would be quadratic on a line of spaces.
const FRAME_RE = /^ *(?:> *)?\d+(?: +\d+)? *[|│]/;
const ERROR_WORD_RE = /\b(?:error|Error|ERROR|fatal|panic|exception)\b/;

/** Whether a line quotes an error word (a code frame's `this.error(500, error)`): a reader looking for errors looks there. */
export function namesError(text: string): boolean {
  return ERROR_WORD_RE.test(text);
}

/** A TAP assertion: `ok 12 name`, `not ok 3 name`. */
const TAP_ASSERT_RE = /^ *(?:not )?ok \d+ /;

/**
 * Whether a code-frame line or a TAP assertion's name quotes an error word:
 * kept, since a reader looking for errors looks there, and each is one line.
 */
export function isFrameNamingError(text: string): boolean {
  // Both shapes open, after spaces, with `>` or a digit (a frame) or `n`/`o` (`not ok`, `ok`).
  let first = 0;
  while (first < text.length && text.charCodeAt(first) === 32) first++;
  const c = text.charCodeAt(first);
  if (c !== 62 /* > */ && c !== 110 /* n */ && c !== 111 /* o */ && !(c >= 48 && c <= 57)) return false;
  return (FRAME_RE.test(text) || TAP_ASSERT_RE.test(text)) && ERROR_WORD_RE.test(text);
}
