/** The detector of source code. */
import { anyOf } from "../pattern.js";
import { type Detector, fraction } from "./detector.js";

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
  /type\s+[A-Za-z_]/,
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
