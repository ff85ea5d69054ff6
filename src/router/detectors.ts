import { parseGrepRow, isGroupSeparator } from "../kernels/grep.js";
import { LOG_LEVEL_WORD_RE } from "../compressors/log/level-words.js";
import type { ContentType } from "../types.js";
import { anyOf } from "./pattern.js";
import type { Sample } from "./sample.js";

/** One content detector: the confidence (0–1) that the sample is its type. */
export interface Detector {
  readonly type: ContentType;
  /** Confidence at or above which this detector claims the content. */
  readonly threshold: number;
  score(sample: Sample): number;
}

function fraction(sample: Sample, test: (line: string) => boolean): number {
  if (sample.nonBlank === 0) return 0;
  let hits = 0;
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    if (line.trim() !== "" && test(line)) hits++;
  }
  return hits / sample.nonBlank;
}

function count(sample: Sample, test: (line: string) => boolean): number {
  let hits = 0;
  for (let i = 0; i < sample.count; i++) if (test(sample.line(i))) hits++;
  return hits;
}

function firstNonSpace(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xfeff) return c;
  }
  return -1;
}

// ---------------------------------------------------------------- json
const RG_JSON_RE = /^\{"type":"(?:begin|match|context|end|summary)"/;

/**
 * JSON documents (valid or truncated); JSON Lines (`rg --json` is search) are
 * not. Judged on the sample's opening, never by parsing the whole content:
 * a large document is parsed once, by the JSON compressor.
 */
export const jsonDetector: Detector = {
  type: "json",
  threshold: 0.5,
  score(sample) {
    const c = firstNonSpace(sample.content);
    if (c !== 123 /* { */ && c !== 91 /* [ */) return 0;
    if (sample.count > 1 && RG_JSON_RE.test(sample.line(0))) return 0;
    // Only a document opening with "{" can be JSON Lines; an array whose rows sit one per line is JSON.
    if (c === 123 && isJsonLines(sample)) return 0;
    if (!JSON_OPENING_RE.test(sample.text)) return 0;
    // A whole small document can be checked outright; a large one opening like JSON is taken as JSON.
    if (sample.complete) return sample.json.parses(sample.content) ? 1 : 0.6;
    return 0.9;
  },
};

/** An object or array opening with a value (or closing at once): what JSON, even truncated, looks like. */
const JSON_OPENING_RE = /^\s*[[{]\s*(?:"|\{|\[|\]|\}|$|-?\d|true|false|null)/;

function isJsonLines(sample: Sample): boolean {
  if (sample.nonBlank < 3) return false;
  return fraction(sample, (l) => /^\s*\{"/.test(l)) >= 0.9;
}

// ---------------------------------------------------------------- diff
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

// ---------------------------------------------------------------- search
const NUMBERED_ROW_RE = /^\d+[:-]/;

function looksLikePath(line: string): boolean {
  return line.length < 300 && !/\s/.test(line) && /[/\\.]/.test(line) && !/^\d+[:-]/.test(line);
}

/** grep / ripgrep output: `path:line:text` rows, `-C` context, `--heading` groups, `--json`. */
export const searchDetector: Detector = {
  type: "search",
  threshold: 0.6,
  score(sample) {
    if (sample.count > 0 && RG_JSON_RE.test(sample.line(0))) return 1;
    let rows = 0;
    let matches = 0;
    let headingRows = 0;
    let headings = 0;
    let other = 0;
    // Past this many other lines neither share below can be reached (every
    // counted line is non-blank), so the rest of the sample need not be parsed.
    const otherCap = 0.3 * sample.nonBlank;
    for (let i = 0; i < sample.count && other <= otherCap; i++) {
      const line = sample.line(i);
      if (line.trim() === "" || isGroupSeparator(line)) continue;
      const row = parseGrepRow(line);
      if (row !== null && /[/\\.]/.test(row.path)) {
        rows++;
        if (row.kind === "match") matches++;
      } else if (NUMBERED_ROW_RE.test(line)) {
        headingRows++;
      } else if (looksLikePath(line)) {
        headings++;
      } else {
        other++;
      }
    }
    const total = rows + headingRows + headings + other;
    if (total === 0 || other > otherCap) return 0;
    if (matches > 0 && rows / total >= 0.7) return rows / total;
    if (headings > 0 && headingRows >= headings && (headingRows + headings) / total >= 0.8) return 0.9;
    return 0;
  },
};

// ---------------------------------------------------------------- terminal
// Cursor movement and erase sequences: output drawn for a screen, not written as lines.
const CURSOR_RE = /\x1b\[[0-9;?]*[ABCDEFGHJKSTfhlsu]|\x1b[78]/;

/** What a pty shows: CR-redrawn progress or cursor control (colour alone is not terminal). */
export const terminalDetector: Detector = {
  type: "terminal",
  threshold: 0.5,
  score(sample) {
    if (sample.hasEscapes && CURSOR_RE.test(sample.content.slice(0, 256 * 1024))) return 0.9;
    // Redraws sit between ordinary lines; text whose only separator is a bare
    // CR (a CSV from old Mac tools) has records, not frames.
    if (sample.hasBareCr && countNewlines(sample.content, 4) >= 2) return 0.8;
    return 0;
  },
};

function countNewlines(text: string, atMost: number): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1 && n < atMost; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

// ---------------------------------------------------------------- log
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

const TEST_RE = new RegExp(
  `^\\s*${anyOf(...GO_TEST_LINES, ...TAP_LINES, ...RUNNER_LINES, ...PYTEST_LINES, ...TRACE_LINES, ...COMPILER_LINES, ...NPM_LINES)}` +
    // A pytest outcome anywhere on the line; a `[ 42%]` progress tail.
    `|${/\b(?:PASSED|FAILED|SKIPPED|XFAIL|XPASS)\b/.source}|${/\[\s*\d{1,3}%\]\s*$/.source}`,
);
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

/** Build, test, install and service logs. */
export const logDetector: Detector = {
  type: "log",
  threshold: 0.3,
  score(sample) {
    const share = fraction(
      sample,
      (l) => TEST_RE.test(l) || ACCESS_LOG_RE.test(l) || LOG_LEVEL_WORD_RE.test(l) || TIMESTAMP_RE.test(l),
    );
    return count(sample, (l) => STRONG_LOG_RE.test(l)) >= 2 ? Math.max(share, 0.6) : share;
  },
};

// ---------------------------------------------------------------- tabular
const LS_ROW_RE = /^[-dlcbps][rwxsStT-]{9}[.@+]?\s+\d+\s/;
const HEADER_COLUMNS_RE = /^[A-Z][A-Z%_-]*(?: {2,}|\t| )[A-Z][A-Z%_ -]*/;

/**
 * Share of the sample's first 200 non-blank lines that hold the most common
 * non-zero number of `delimiter`s, or 0 once that share can no longer reach
 * `needed` (a log rarely holds a tab: it is settled after a few dozen lines).
 */
function delimiterConsistency(sample: Sample, delimiter: string, needed: number): number {
  let counted = 0;
  const counts = new Map<number, number>();
  let top = 0;
  // The most lines the loop can count: non-blank lines hold every line it counts.
  const most = Math.min(200, sample.nonBlank);
  for (let i = 0; i < sample.count && counted < 200; i++) {
    const line = sample.line(i);
    if (line.trim() === "") continue;
    counted++;
    const n = countDelimiters(line, delimiter);
    const c = (counts.get(n) ?? 0) + 1;
    counts.set(n, c);
    if (n > 0 && c > top) top = c;
    // Even if every line left held the leading count, the share would fall short.
    if (top + (most - counted) < needed * most) return 0;
  }
  if (counted < 4) return 0;
  let best = 0;
  let bestCount = 0;
  for (const [n, c] of counts)
    if (n > 0 && c > bestCount) {
      best = n;
      bestCount = c;
    }
  return best > 0 ? bestCount / counted : 0;
}

/** Delimiters of a line outside double quotes (native searches when it has no quote at all). */
function countDelimiters(line: string, delimiter: string): number {
  let n = 0;
  if (line.indexOf('"') === -1) {
    for (let k = line.indexOf(delimiter); k !== -1; k = line.indexOf(delimiter, k + 1)) n++;
    return n;
  }
  const d = delimiter.charCodeAt(0);
  let quoted = false;
  for (let j = 0; j < line.length; j++) {
    const c = line.charCodeAt(j);
    if (c === 34) quoted = !quoted;
    else if (c === d && !quoted) n++;
  }
  return n;
}

/** CSV/TSV and whitespace-aligned tables (`ls -la`, `ps aux`, `df -h`, `docker ps`). */
export const tabularDetector: Detector = {
  type: "tabular",
  threshold: 0.8,
  score(sample) {
    if (fraction(sample, (l) => LS_ROW_RE.test(l) || /^total \d+/.test(l)) >= 0.8) return 0.95;
    const tsv = delimiterConsistency(sample, "\t", 0.85);
    if (tsv >= 0.85) return tsv;
    const csv = delimiterConsistency(sample, ",", 0.9);
    // Prose has commas too: a CSV row rarely has sentence punctuation followed by a space.
    if (csv >= 0.9 && fraction(sample, (l) => /[.!?] [A-Z]/.test(l)) < 0.2) return csv;
    if (sample.count >= 3 && HEADER_COLUMNS_RE.test(sample.line(0))) {
      const aligned = alignedColumns(sample);
      if (aligned >= 0.85) return aligned;
    }
    return 0;
  },
};

/** Share of lines whose number of space-separated fields matches the header's. */
function alignedColumns(sample: Sample): number {
  const fields = (l: string) => l.trim().split(/\s{2,}|\t/).length;
  const header = fields(sample.line(0));
  if (header < 3) return 0;
  return fraction(sample, (l) => Math.abs(fields(l) - header) <= 1);
}

// ---------------------------------------------------------------- html
/** HTML pages and fragments. */
export const htmlDetector: Detector = {
  type: "html",
  threshold: 0.5,
  score(sample) {
    const head = sample.text.slice(0, 2048).trimStart().toLowerCase();
    if (
      head.startsWith("<!doctype html") ||
      head.startsWith("<html") ||
      (head.startsWith("<?xml") && head.includes("<html"))
    )
      return 1;
    const tags = fraction(sample, (l) => /^\s*<\/?[a-zA-Z][\w-]*[\s>/]/.test(l));
    const closes = count(sample, (l) => /<\/(?:div|p|span|a|li|ul|table|td|tr|body|section|article|h\d)>/i.test(l));
    return tags >= 0.5 && closes >= 3 ? tags : 0;
  },
};

// ---------------------------------------------------------------- markdown
const MD_LINE_RE =
  /^(?:#{1,6} \S|```|~~~|\s{0,3}[-*+] \S|\s{0,3}\d+[.)] \S|> |\|.*\|\s*$|\[[^\]]+\]: \S)|\[[^\]]+\]\([^)]+\)|`[^`]+`|\*\*[^*]+\*\*/;

/** Markdown documents (READMEs, docs, changelogs). */
export const markdownDetector: Detector = {
  type: "markdown",
  threshold: 0.25,
  score(sample) {
    let headings = 0;
    let fences = 0;
    let inFence = false;
    let md = 0;
    let fenced = 0;
    for (let i = 0; i < sample.count; i++) {
      const l = sample.line(i);
      if (/^ {0,3}(?:```|~~~)/.test(l)) {
        if (inFence) {
          fences += 2;
          md += fenced + 2;
          fenced = 0;
        }
        inFence = !inFence;
        continue;
      }
      if (l.trim() === "") continue;
      // Code inside a closed fence belongs to the document, not to a source
      // file; a fence that never closes (a Python docstring underlined with
      // tildes) counts for nothing.
      if (inFence) fenced++;
      else if (MD_LINE_RE.test(l)) md++;
      if (!inFence && (/^#{1,6} \S/.test(l) || /^(?:=+|-+)\s*$/.test(l))) headings++;
    }
    const share = sample.nonBlank === 0 ? 0 : md / sample.nonBlank;
    if (headings >= 1 && fences >= 2) return Math.max(share, 0.6);
    return headings >= 1 || share >= 0.4 ? share : 0;
  },
};

// ---------------------------------------------------------------- code
// What a line of source code looks like, part by part (each an alternative after the indentation).
/** Statements: assignments (`x = 1`, `a[i] += 2`), calls on a line of their own, Python block heads. */
const STATEMENT_LINES = [
  /[\w.]+(?:\[[^\]]*\])?\s*[-+*/|&]?=\s*\S/,
  /[\w.]+\(.*\)[;,]?\s*$/,
  /(?:if|elif|for|while|with|try|except|finally|else)\b.*:\s*$/,
  /if\s*\(/,
  /for\s*\(/,
  /while\s*\(/,
];
/** Python's own: `def f(`, `raise`, `self.`, docstring quotes, `from x import`. */
const PYTHON_LINES = [/def \w+\(/, /raise\b/, /self\./, /"""/, /from \S+ import/];
/** Keywords that open a declaration or statement in the common languages (JS/TS, Go, Rust, Java, C#). */
const KEYWORD_LINES = [
  /import\b/,
  /export\b/,
  /package \w/,
  /func\b/,
  /fn\b/,
  /pub\b/,
  /use \w/,
  /impl\b/,
  /struct\b/,
  /enum\b/,
  /trait\b/,
  /interface\b/,
  /type\b/,
  /class\b/,
  /def\b/,
  /async\b/,
  /const\b/,
  /let\b/,
  /var\b/,
  /function\b/,
  /return\b/,
  /switch\b/,
  /case\b/,
  /public\b/,
  /private\b/,
  /protected\b/,
  /static\b/,
  /final\b/,
];
/** Annotations, the C preprocessor, Rust attributes, comments, and lines of closing brackets. */
const MARKUP_LINES = [/@\w+/, /#include/, /#define/, /#\[/, /\/\//, /\/\*/, /\*\//, /\* /, /[{}\])];?,?\s*$/];

const CODE_LINE_RE = new RegExp(
  `^\\s*${anyOf(...STATEMENT_LINES, ...PYTHON_LINES, ...KEYWORD_LINES, ...MARKUP_LINES)}` +
    // Or a line that ends a statement or opens a block.
    `|${/[;{]\s*$/.source}`,
);

/** Source code. */
export const codeDetector: Detector = {
  type: "code",
  threshold: 0.3,
  score(sample) {
    return fraction(sample, (l) => CODE_LINE_RE.test(l));
  },
};

// ---------------------------------------------------------------- prose
/** Plain text made of sentences. */
export const proseDetector: Detector = {
  type: "prose",
  threshold: 0.3,
  score(sample) {
    return fraction(sample, (l) => /[A-Za-z]{2,}[,;]? [a-z]{2,} [a-z]{2,}/.test(l));
  },
};

/**
 * Detectors of unambiguous structure, in order of precedence: the first whose
 * score reaches its threshold wins (JSON before diff before grep rows…).
 */
export const STRUCTURAL_DETECTORS: readonly Detector[] = [
  jsonDetector,
  diffDetector,
  searchDetector,
  terminalDetector,
  tabularDetector,
  htmlDetector,
];

/**
 * Detectors of fuzzy kinds, which overlap (a pytest log quotes Python, a
 * README quotes shell): all are scored and the clearest margin over its own
 * threshold wins. Prose is scored only when none of them claims the text.
 */
export const FUZZY_DETECTORS: readonly Detector[] = [logDetector, markdownDetector, codeDetector];
