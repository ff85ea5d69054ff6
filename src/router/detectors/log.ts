/** The detector of build, test, install and service logs. */
import { LOG_LEVEL_WORD_RE } from "../../compressors/log/level-words.js";
import { isCarpCaller, isPerlMessage } from "../../compressors/log/perl-messages.js";
import { anyOf } from "../pattern.js";
import { type Detector, fraction, count } from "./detector.js";

const TIMESTAMP_RE =
  /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\[\d{1,2}\/\w{3}\/\d{4}:\d{2}:\d{2}|\b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b/;
// What log lines look like, part by part (each an alternative after the line's indentation).
/** Go's test runner: `=== RUN`, `--- PASS`, panics with their goroutines. */
const GO_TEST_LINES = [/=== (?:RUN|PAUSE|CONT)/, /--- (?:PASS|FAIL|SKIP)/, /panic:/, /goroutine \d+/];
/** TAP (node:test, tape): `ok 3`, `not ok 4`, the version line, the `# tests` summary. */
const TAP_LINES = [/(?:not )?ok \d+/, /TAP version/, /# (?:tests|pass|fail|Subtest)/];
/** Other runners: jest/vitest PASS/FAIL, cargo's `test x ... ok` and `test result:`, tick marks, counts. */
const RUNNER_LINES = [
  /PASS/,
  /FAIL/,
  /ok\s+\S/,
  /test result:/,
  /running \d+ tests?/,
  /test \S+ \.\.\. /,
  /[✔✓✖✗×▶]/,
  /\d+ (?:passed|failed)/,
  /={5,} .* ={5,}/,
  /Tests?:\s/,
];
/** pytest: `E   ` detail, `____ test_x ____` banners, `path.py:12: `, `path::test PASSED`. */
const PYTEST_LINES = [
  /E {3}/,
  /_{3,} \S.* _{3,}$/,
  /\S+\.py:\d+: /,
  /\S+::\S+ (?:PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)/,
];
/** Stack traces: Python's head and frames, JS frames, `FooError:` heads. */
const TRACE_LINES = [
  /Traceback \(most recent/,
  /\s+at \S+ \(/,
  /\s+at \S+:\d+/,
  /\s+File ".+", line \d+/,
  /\w+(?:Error|Exception):/,
];
/** Compilers: rustc/gcc `error:`/`warning:`, tsc `f.ts(1,2): error TS…`, rustc's `-->`, `|` and `= note:` lines. */
const COMPILER_LINES = [
  /error(?:\[E\d+\])?:/,
  /warning:/,
  /\S+\(\d+,\d+\): error TS\d+/,
  /Found \d+ errors?/,
  /-->\s\S+:\d+:\d+/,
  /\d*\s*\|(?:\s|$)/,
  /= (?:note|help):/,
];
/** npm's own levels. */
const NPM_LINES = [/npm (?:ERR!|WARN|verbose|info|http|timing|notice)/];
/** apt and dpkg at work (a terminal's output, /var/log/apt/term.log). */
const APT_LINES = [
  /(?:Preparing to unpack|Unpacking|Setting up|Processing triggers for|Removing|Purging configuration files for) \S/,
  /Selecting previously unselected package \S/,
  /(?:Get|Hit|Ign|Err):\d+ \S/,
  /(?:Reading package lists|Building dependency tree|Reading state information)\.\.\./,
  /Log (?:started|ended): \d/,
  // A simulated run (`apt-get install -s`): `Inst curl (7.88.1-10 …)`, `Conf curl (…)`, `Remv tree [2.1.0-1]`.
  /(?:Inst|Conf) [^\s()]+ (?:\[[^\]\s]+\] )?\(/,
  /Remv [^\s()]+ \[/,
];
/**
 * make's debug trace (`make -d`): its search for rules and the jobs it ran,
 * one step a line, indented by depth: `Considering target file 'x.o'.`,
 * `Trying implicit prerequisite 'x.c'.`, `Must remake target 'x.o'.`,
 * `Reaping winning child 0x55e4… PID 26058`.
 */
const MAKE_DEBUG_LINES = [
  /(?:Considering|Pruning) (?:target )?file '/,
  /(?:Must remake|No need to remake) target '/,
  /(?:Finished prerequisites of|Successfully remade) target file '/,
  /(?:Looking for an|Found an|No) implicit rule (?:for|found for) '/,
  /Trying (?:pattern rule with stem|implicit prerequisite|rule prerequisite) '/,
  /File '[^']*' does not exist\./,
  /(?:Putting|Live|Reaping winning|Removing) child 0x/,
];

const TEST_RE = new RegExp(
  `^\\s*${anyOf(...GO_TEST_LINES, ...TAP_LINES, ...RUNNER_LINES, ...PYTEST_LINES, ...TRACE_LINES, ...COMPILER_LINES, ...NPM_LINES, ...APT_LINES)}` +
    // A pytest outcome anywhere on the line; a unittest `name ... ok`; a `[ 42%]` progress tail.
    `|${/\b(?:PASSED|FAILED|SKIPPED|XFAIL|XPASS)\b/.source}|${/\S \.\.\. (?:ok|skipped|ERROR|FAIL|expected failure)\b/.source}|${/\[\s*\d{1,3}%\]\s*$/.source}`,
);
const MAKE_DEBUG_RE = new RegExp(`^\\s*${anyOf(...MAKE_DEBUG_LINES)}`);
/**
 * A shell's xtrace line (`bash -x`, `set -x`): `+` per nesting level, then a
 * command the shell ran: an assignment, a test, a builtin or a common tool.
 */
const XTRACE_LINE =
  /\+{1,9} (?:[A-Za-z_]\w{0,60}=|'\[' |\[\[ |(?:set|for|if|echo|printf|test|cd|export|source|local|return|exit|while|case|read|basename|dirname|wc|cp|mv|rm|mkdir|grep) )/;
const XTRACE_RE = new RegExp(`^${XTRACE_LINE.source}`);
/** xtrace lines that make a text opening with one a shell trace, whatever its share of Markdown-looking `+ ` items. */
const MIN_XTRACE = 3;

/**
 * Test and profile reports that are logs with no level word: ctest's run
 * (`      Start  3: name`, ` 3/46 Test  #3: name ....***Failed  0.01 sec`, its
 * summary) and its LastTest.log (`3/46 Test: name`, `<end of output>`,
 * `Test time =   0.01 sec`); `python -X importtime`'s line per import
 * (`import time:       284 |     101563 | asyncio`); callgrind_annotate's
 * rows (`7,530,318 (98.02%)  file.c:fn [obj]`, `=> file.c:fn (3x)` under
 * annotated source) and its headings (`Profile data file 'x'`, `-- line 357 ---`);
 * gcc's `-ftime-report` (`Time variable  usr  sys  wall  GGC`, ` phase parsing  :   0.40 ( 52%) …`);
 * a shell's xtrace (`bash -x`: `+ name=ansi`, `++ basename f .ts`, `+ '[' 20 -gt 400 ']'`).
 */
const REPORT_LINES = [
  /Start +\d+: \S/,
  /\d{1,6}\/\d{1,6} Test(?:ing)?(?: +#\d{1,6})?: \S/,
  /\d{1,3}% tests passed, \d{1,9} tests? failed out of \d{1,9}/,
  /<end of output>$/,
  /Test time = +[\d.]+ sec/,
  /import time: +(?:\d+|self \[us\]) \| /,
  /[\d,]{1,20} \( ?[\d.]{1,6}%\) +(?:=> )?\S/,
  /Profile data file '/,
  /-- (?:Auto-annotated source: |line \d+ -{4,})/,
  /Time variable +usr +sys +wall/,
  /\|?[A-Za-z][\w().,'/-]{0,40}(?: [\w().,'/-]{1,40}){0,8} +: +\d{1,6}\.\d\d /,
  XTRACE_LINE,
];
const REPORT_RE = new RegExp(`^\\s*${anyOf(...REPORT_LINES)}`);
const ACCESS_LOG_RE =
  /^\S+ \S+ \S+ \[[^\]]+\] "(?:GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH|CONNECT|TRACE|-)[^"]*" \d{3} /;

// Lines that only a test runner, compiler or crash writes: two of them make a log
// even when most lines are quoted source (pytest shows the failing code).
const STRONG_LOG_RE = new RegExp(
  `^${anyOf(
    // pytest's section banners.
    /={3,} (?:test session starts|FAILURES|ERRORS|short test summary info)/,
    /Traceback \(most recent call last\)/,
    /(?:FAILED|ERROR) \S+::/,
    // cargo, Go, npm, tsc, TAP summaries.
    /test result: (?:ok|FAILED)/,
    /--- FAIL: /,
    /npm ERR! /,
    /Found \d+ errors?/,
    /TAP version \d/,
    /# (?:fail|pass) \d+/,
    // rustc/gcc diagnostics and panics.
    /(?:error|warning)(?:\[\w+\])?: \S/,
    /panic: /,
    /thread '.+' panicked at/,
  )}`,
);

/** A record opening with an ISO 8601 date and time. */
const ISO_RECORD_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/;

/** Build, test, install and service logs. */
export const logDetector: Detector = {
  type: "log",
  threshold: 0.3,
  score(sample) {
    const share = fraction(
      sample,
      (l) =>
        TEST_RE.test(l) ||
        MAKE_DEBUG_RE.test(l) ||
        REPORT_RE.test(l) ||
        ACCESS_LOG_RE.test(l) ||
        LOG_LEVEL_WORD_RE.test(l) ||
        TIMESTAMP_RE.test(l) ||
        // Perl's warnings and dies end in their place (`… at x.pl line 9, <$fh> line 8.`), Carp's callers too.
        isPerlMessage(l) ||
        isCarpCaller(l),
    );
    if (count(sample, (l) => STRONG_LOG_RE.test(l)) >= 2) return Math.max(share, 0.6);
    // A shell trace reads as a Markdown list of `+ ` items: its first line and a few more tell it.
    if (sample.count > 0 && XTRACE_RE.test(sample.line(0)) && count(sample, (l) => XTRACE_RE.test(l)) >= MIN_XTRACE)
      return Math.max(share, 0.9);
    // A text that opens with a timestamped record and has more of them is a log, however
    // much a record spans (a debug log dumping its config object over hundreds of lines).
    if (sample.count > 0 && ISO_RECORD_RE.test(sample.line(0)) && count(sample, (l) => ISO_RECORD_RE.test(l)) >= 3)
      return Math.max(share, 0.6);
    return share;
  },
};
