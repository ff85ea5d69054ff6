/** A pattern the analyser does not prove linear, kept because what it runs on is bounded. */
export interface AllowedRegex {
  source: string;
  /** Where it runs and the bound (where enforced) that keeps it cheap. */
  bound: string;
}

/**
 * Reviewed by hand (issue #15): each entry names the cap that bounds its input,
 * or why the analyser's "unknown" (a timeout) hides a linear pattern. A
 * pattern fixed or removed must leave this list (the test fails on stale
 * entries); a new one the analyser flags must be rewritten or added here with
 * its bound.
 */
export const ALLOWED: AllowedRegex[] = [
  {
    source:
      "\\b(?:error|errors|fail|failed|failure|fatal|panic|exception|warning)\\b|^(?:diff --git |commit [0-9a-f]{7}|#{1,6} |={3,}|-{3,} )",
    bound:
      "recall outline: each line cut to 400 chars first (src/ccr/recall-view.ts); words under \\b, and ^ (no m flag) only at the line's start",
  },
  {
    source: "\\s*\\(install [^)]*\\)$",
    bound: "CLI eval chart only: the install hint of a benchmark label the CLI wrote itself",
  },
  {
    source: "\\s*\\(os error \\d+\\)$",
    bound: "CLI only: an OS error message (short, one line)",
  },
  {
    source: "<[^>]*>",
    bound:
      "CLI eval only: one must_keep string of a corpus manifest (short; `[^>]*` stops at the next `>`, so only runs of `<` are quadratic)",
  },
  {
    source:
      "^(?:import|export|const|let|var|function|def|class|package|return|#include|#define|using|fn|pub|func|async|await|try|catch)\\b[^\\n]*[=({;:'\"]",
    bound:
      "^-anchored without the m flag: one attempt per line, and `[^\\n]*` backtracks once to the last of `=({;:'\"`: linear (the analyser times out on the keyword alternation)",
  },
  {
    // DIAGNOSTIC_RE: recheck's fuzzer finds `\S+:\d+` quadratic on runs of `::` (not on every run).
    source:
      "^(?:\\S+\\(\\d+,\\d+\\): (?:error|warning)|\\S+:\\d+(?::\\d+)?:? (?:-? ?)?(?:error|warning|note)\\b|--> \\S+:\\d+:\\d+|\\S+:\\d+:\\d+ - (?:error|warning)|In \\S+ line \\d+:$)",
    bound: "salientKind: each line is trimmed and cut to 240 chars first (src/fidelity/salient.ts LINE_CHARS)",
  },
  {
    source:
      "^(?:Traceback \\(most recent call last\\)|[\\w.$]+(?:Error|Exception)(?: \\[\\w+\\])?:|panic: |thread '.*' panicked at|Caused by: )",
    bound: "salientKind: each line is trimmed and cut to 240 chars first (src/fidelity/salient.ts LINE_CHARS)",
  },
  {
    source: "^(?:FAIL\\b|✗|×|✖|not ok \\d|--- FAIL:|FAILED\\b|\\d+\\) \\S)|\\bFAILED$|\\.\\.\\. (?:FAIL|ERROR)$",
    bound: "salientKind: each line is trimmed and cut to 240 chars first (src/fidelity/salient.ts LINE_CHARS)",
  },
  {
    source:
      "^(?:Tests?:|Test Files|test result:|# (?:tests|pass|fail) \\d|Ran \\d+ tests?|FAILED \\(|OK \\(|Found \\d+ errors?|\\d+ (?:passed|failed|errors?|problems?)\\b|=+ .*\\b(?:passed|failed)\\b.* =+$)",
    bound: "salientKind: each line is trimmed and cut to 240 chars first (src/fidelity/salient.ts LINE_CHARS)",
  },
  {
    source: "[\\w.]+(?:\\[[^\\]]*\\])?\\s*[-+*/|&]?=\\s*\\S",
    bound:
      "router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "[\\w.]+\\(.*\\)[;,]?\\s*$",
    bound:
      "router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "(?:if|elif|for|while|with|try|except|finally|else)\\b.*:\\s*$",
    bound:
      "router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "^(?:diff --git |diff -[a-zA-Z]+ |diff --cc |--- \\S|\\+\\+\\+ \\S|Index: |Only in .+: |Binary files )",
    bound:
      "router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source:
      "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}|\\[\\d{1,2}\\/\\w{3}\\/\\d{4}:\\d{2}:\\d{2}|\\b\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d+)?\\b",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "\\d+ (?:passed|failed)",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "={5,} .* ={5,}",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "_{3,} \\S.* _{3,}$",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "\\S+\\.py:\\d+: ",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "\\S+::\\S+ (?:PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "\\s+at \\S+ \\(",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "\\s+at \\S+:\\d+",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: '\\s+File ".+", line \\d+',
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "\\w+(?:Error|Exception):",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "\\S+\\(\\d+,\\d+\\): error TS\\d+",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "\\d*\\s*\\|(?:\\s|$)",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "={3,} (?:test session starts|FAILURES|ERRORS|short test summary info)",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source: "thread '.+' panicked at",
    bound:
      "a piece of the router's log-line pattern (used only through its .source, inside ^-anchored alternations); router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source:
      "^(?:#{1,6} \\S|```|~~~|\\s{0,3}[-*+] \\S|\\s{0,3}\\d+[.)] \\S|> |\\|.*\\|\\s*$|\\[[^\\]]+\\]: \\S)|\\[[^\\]]+\\]\\([^)]+\\)|`[^`]+`|\\*\\*[^*]+\\*\\*",
    bound:
      "router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source:
      "\\b(?:err|fatal|panic|crit|severe|emerg|alert|failure|warn|info|debug|trace|notice|verbose|silly|fine)|(?:npm|yarn|pnpm|gyp)[^a-z]+http|error|exception|warning|panic",
    bound:
      "log line hints: each line's head only (src/compressors/log/line-hints.ts, levels.ts); `[^a-z]+` stops at the next letter, so each tool name reads only the marks after it",
  },
  {
    source:
      '^\\s*(?:=== (?:RUN|PAUSE|CONT)|--- (?:PASS|FAIL|SKIP)|panic:|goroutine \\d+|(?:not )?ok \\d+|TAP version|# (?:tests|pass|fail|Subtest)|PASS|FAIL|ok\\s+\\S|test result:|running \\d+ tests?|test \\S+ \\.\\.\\. |[✔✓✖✗×▶]|\\d+ (?:passed|failed)|={5,} .* ={5,}|Tests?:\\s|E {3}|_{3,} \\S.* _{3,}$|\\S+\\.py:\\d+: |\\S+::\\S+ (?:PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)|Traceback \\(most recent|\\s+at \\S+ \\(|\\s+at \\S+:\\d+|\\s+File ".+", line \\d+|\\w+(?:Error|Exception):|error(?:\\[E\\d+\\])?:|warning:|\\S+\\(\\d+,\\d+\\): error TS\\d+|Found \\d+ errors?|-->\\s\\S+:\\d+:\\d+|\\d*\\s*\\|(?:\\s|$)|= (?:note|help):|npm (?:ERR!|WARN|verbose|info|http|timing|notice)|(?:Preparing to unpack|Unpacking|Setting up|Processing triggers for|Removing|Purging configuration files for) \\S|Selecting previously unselected package \\S|(?:Get|Hit|Ign|Err):\\d+ \\S|(?:Reading package lists|Building dependency tree|Reading state information)\\.\\.\\.|Log (?:started|ended): \\d|(?:Inst|Conf) [^\\s()]+ (?:\\[[^\\]\\s]+\\] )?\\(|Remv [^\\s()]+ \\[)|\\b(?:PASSED|FAILED|SKIPPED|XFAIL|XPASS)\\b|\\S \\.\\.\\. (?:ok|skipped|ERROR|FAIL|expected failure)\\b|\\[\\s*\\d{1,3}%\\]\\s*$',
    bound:
      "router detector (log, code): router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source:
      "^(?:={3,} (?:test session starts|FAILURES|ERRORS|short test summary info)|Traceback \\(most recent call last\\)|(?:FAILED|ERROR) \\S+::|test result: (?:ok|FAILED)|--- FAIL: |npm ERR! |Found \\d+ errors?|TAP version \\d|# (?:fail|pass) \\d+|(?:error|warning)(?:\\[\\w+\\])?: \\S|panic: |thread '.+' panicked at)",
    bound:
      "router detector (log, code): router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source:
      '^\\s*(?:[\\w.]+(?:\\[[^\\]]*\\])?\\s*[-+*/|&]?=\\s*\\S|[\\w.]+\\(.*\\)[;,]?\\s*$|(?:if|elif|for|while|with|try|except|finally|else)\\b.*:\\s*$|if\\s*\\(|for\\s*\\(|while\\s*\\(|def \\w+\\(|raise\\b|self\\.|"""|from \\S+ import|import\\b|export\\b|package \\w|func\\b|fn\\b|pub\\b|use \\w|impl\\b|struct\\b|enum\\b|trait\\b|interface\\b|type\\s+[A-Za-z_]|class\\b|def\\b|async\\b|const\\b|let\\b|var\\b|function\\b|return\\b|switch\\b|case\\b|public\\b|private\\b|protected\\b|static\\b|final\\b|@\\w+|#include|#define|#\\[|\\/\\/|\\/\\*|\\*\\/|\\* |[{}\\])];?,?\\s*$)|[;{]\\s*$',
    bound:
      "router detector (log, code): router sample only: at most 400 lines, each cut to 1 024 chars (src/router/sample.ts SAMPLE_LINES, MAX_LINE)",
  },
  {
    source:
      "\\b(?:ERROR|ERR!|FATAL|PANIC|FAILED|FAILURE|CRITICAL|SEVERE|EMERG)(?![a-z])|(?:^|[\\s[(|])(?:[Ee]rror|[Ff]atal|[Pp]anic|[Ff]ailed|[Cc]ritical)(?:[:\\]|)]|\\s*$)|<(?:[Ee]rror|[Ff]atal|[Pp]anic|[Ff]ailed|[Cc]ritical)>|^(?:[Ee]rror|Failed|Fatal|Cannot|Could not|Unable to)\\b|Segmentation fault|core dumped|\\bAborted\\b|^[\\w.-]{0,36}make(?:\\[\\d{1,4}\\])?: \\*\\*\\* |^(?:npm|yarn|pnpm) (?:error|ERR!)",
    bound: "salientKind: each line is trimmed and cut to 240 chars first (src/fidelity/salient.ts LINE_CHARS)",
  },
  {
    // The log detector's shell-trace line (a `bash -x` line): only bounded quantifiers, each a run of one class.
    source:
      "\\+{1,9} (?:[A-Za-z_]\\w{0,60}=|'\\[' |\\[\\[ |(?:set|for|if|echo|printf|test|cd|export|source|local|return|exit|while|case|read|basename|dirname|wc|cp|mv|rm|mkdir|grep) )",
    bound:
      "router: run on the sample's lines, each cut to 1024 chars (src/router/sample.ts MAX_LINE), ^-anchored in XTRACE_RE and REPORT_RE; every quantifier is bounded (9, 60)",
  },
  {
    // The log detector's -ftime-report row: words of one class between single spaces, bounded.
    source: "\\|?[A-Za-z][\\w().,'/-]{0,40}(?: [\\w().,'/-]{1,40}){0,8} +: +\\d{1,6}\\.\\d\\d ",
    bound:
      "router: run on the sample's lines, each cut to 1024 chars (src/router/sample.ts MAX_LINE), ^-anchored in REPORT_RE; the name's parts are bounded (40 × 9) and cannot hold the `:` that ends them",
  },
];
