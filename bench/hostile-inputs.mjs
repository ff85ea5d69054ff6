// Worst-case inputs for pithy's regexes and parsers, shared by bench/regex-pump.mjs,
// bench/memory.mjs and test/hostile/pump.test.ts. Each generator makes about `size`
// characters of one shape that a backtracking engine or a naive parser handles badly:
// runs of one character that several quantifiers can share, lines that almost match
// a pattern and fail at the end, deep nesting, one huge line. Every shape is tried
// under several hints, so each content type's chain sees it.

/** Repeats `unit` until the text has `size` characters (cut to exactly `size`). */
function fill(unit, size) {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** Lines of `line` (each ending in LF) up to `size` characters. */
function lines(line, size) {
  return fill(`${line}\n`, size);
}

/**
 * Shapes: name → (size) → text. Single-line runs hit per-line patterns with the
 * whole input as one line; `…-lines` variants hit them at the longest line a
 * compressor keeps whole (2 047 chars, one under the blob threshold).
 */
export const SHAPES = {
  "close-parens": (n) => fill(")", n),
  "close-parens-lines": (n) => lines(")".repeat(2047), n),
  // Prose first, so the line of `)` is read as a would-be paragraph (and the call is not too short).
  "prose-then-parens": (n) => {
    const head = "# Notes\n\nSome prose that is long enough to read as a paragraph, words and words.\n\n";
    return `${head}${fill(")", n - head.length - 2)}x\n`;
  },
  "code-lines": (n) => lines(`const x = ${"a".repeat(2030)};`, n),
  "comment-stars": (n) => `/* ${fill("*", n - 4)}x`,
  "comment-stars-lines": (n) => lines(`/* ${"*".repeat(2040)}x`, n),
  "open-brackets": (n) => fill("[", n),
  "open-braces": (n) => fill('{"a":', n),
  digits: (n) => fill("1", n),
  "spaces-then-x": (n) => `${fill(" ", n - 1)}x`,
  "tabs-lines": (n) => lines(`${"\t".repeat(2046)}x`, n),
  "base64-lines": (n) => lines("QUJD".repeat(511) + "QUJ", n),
  equals: (n) => fill("=", n),
  "equals-space": (n) => fill("= ", n),
  "underscores-space": (n) => fill("_ ", n),
  angle: (n) => fill("<", n),
  "angle-lines": (n) => lines("<a ".repeat(682), n),
  backticks: (n) => fill("`", n),
  asterisks: (n) => fill("*", n),
  hashes: (n) => fill("#", n),
  pipes: (n) => fill("|", n),
  dashes: (n) => fill("-", n),
  "words-comma": (n) => fill("ab, ", n),
  "word-chars": (n) => fill("a", n),
  "dots-slashes": (n) => fill("./", n),
  colons: (n) => fill(":", n),
  "at-frames": (n) => lines(`    at ${"a".repeat(2030)}`, n),
  "json-string-escapes": (n) => `["${fill("\\\\", n - 4)}"]`,
  "json-deep-array": (n) => fill("[", n / 2) + fill("]", n / 2),
  "json-deep-object": (n) => `${fill('{"a":', Math.floor((n * 5) / 12))}1${fill("}", Math.floor(n / 12))}`,
  "lone-surrogates": (n) => fill("a\ud800b\udc00", n),
  "nul-bytes": (n) => fill("a\u0000", n),
  "ansi-runs": (n) => fill("\x1b[", n),
  "cr-runs": (n) => fill("a\r", n),
  "markdown-headings": (n) => lines(`# ${"#".repeat(2000)} x`, n),
  "diff-plus": (n) => `diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n${lines(`+${"+".repeat(2000)}`, n - 40)}`,
  "search-colons": (n) => lines(`a:1:${":1".repeat(1000)}`, n),
  "table-pipes": (n) => lines(`| ${"| ".repeat(1000)}`, n),
  "log-brackets": (n) => lines(`[${"[".repeat(2000)} ERROR`, n),
};

/** Hints each shape goes through: detection alone, a Bash call, a Markdown read, code compression, forced types. */
export const HINTS = {
  none: {},
  bash: { tool: "Bash" },
  "read-md": { tool: "Read", filename: "README.md" },
  code: { tool: "Read", filename: "x.ts", compressCode: true },
  "read-ts": { tool: "Read", filename: "x.ts" },
  json: { contentType: "json" },
  log: { contentType: "log" },
  search: { contentType: "search" },
  diff: { contentType: "diff" },
  markdown: { contentType: "markdown" },
  html: { contentType: "html" },
  terminal: { contentType: "terminal" },
  tabular: { contentType: "tabular" },
  prose: { contentType: "prose" },
};
