/**
 * The detector of compiler and linter diagnostics (tsc plain and `--pretty`,
 * gcc/clang, flake8, ruff, pylint, mypy, biome, esbuild, asc, and grouped
 * reports: eslint's stylish, ruff's grouped): a kind of log. Their
 * `path:line:col: …` heads look like grep rows, so this detector runs before
 * the search one; what tells them apart is what follows the location: a
 * level word (`error`, `warning`, `note`) or a rule code (`E501`, `W0511:`,
 * `lint/suspicious/x`), never the quoted text of a source line.
 */
import { GROUPED_HEAD_RE, LINKER_HEAD_RE } from "../../compressors/log/outline.js";
import type { Detector } from "./detector.js";

/**
 * One diagnostic head: `path(l,c): error TS…` (tsc), `path:l:c - error TS…` (tsc --pretty),
 * `path:l[:c]: level` (gcc, mypy), `path:l:c: CODE ` (flake8, ruff, pylint),
 * `path:l:c lint/…` (biome). Linear: each part is a run of one character class.
 */
export const DIAGNOSTIC_HEAD_RE =
  /^[^\s:()]+(?:\(\d+,\d+\): (?:error|warning) |:\d+(?::\d+)?(?::? (?:fatal error|error|warning|note)\b|: [A-Z]{1,4}\d{2,5}\b|:\d+ - (?:error|warning)\b| lint\/))/;

/**
 * esbuild's head, which vite, tsx and tsup print too: `✘ [ERROR] message`,
 * `▲ [WARNING] message` (`X` / `!` without Unicode), the location on an
 * indented line below it.
 */
const ESBUILD_HEAD_RE = /^(?:✘|▲|X|!) \[(?:ERROR|WARNING)\] \S/;

/**
 * AssemblyScript's head (asc): `ERROR AS101: message`, `WARNING TS2322: message`,
 * its place at the end of the code frame below it (`└─ in file.ts(3,5)`).
 */
const ASC_HEAD_RE = /^(?:ERROR|WARNING|INFO) (?:AS|TS)\d{3,4}: \S/;

/** The marks {@link ESBUILD_HEAD_RE} opens with: `✘`, `▲`, `X`, `!`. */
function opensEsbuildHead(c: number): boolean {
  return c === 0x2718 || c === 0x25b2 || c === 88 || c === 33;
}

/** The letters {@link ASC_HEAD_RE} opens with: `E`, `W`, `I`. */
function opensAscHead(c: number): boolean {
  return c === 69 || c === 87 || c === 73;
}

/** Diagnostic heads needed in the sample, and their least share of its non-blank lines. */
const MIN_HEADS = 3;
const MIN_SHARE = 0.03;

/** Compiler and linter output, routed as a log. */
export const diagnosticsDetector: Detector = {
  type: "log",
  threshold: 0.6,
  score(sample) {
    let heads = 0;
    for (let i = 0; i < sample.count; i++) {
      const line = sample.line(i);
      const c = line.charCodeAt(0);
      if (
        DIAGNOSTIC_HEAD_RE.test(line) ||
        // GNU ld's `f.c:95: undefined reference to `x'` (log/outline.ts).
        LINKER_HEAD_RE.test(line) ||
        // A grouped report's `  16:1  error  message  rule` under its file's name (log/outline.ts).
        (c === 32 && GROUPED_HEAD_RE.test(line)) ||
        (opensEsbuildHead(c) && ESBUILD_HEAD_RE.test(line)) ||
        (opensAscHead(c) && ASC_HEAD_RE.test(line))
      ) {
        heads++;
      }
    }
    if (heads < MIN_HEADS || sample.nonBlank === 0) return 0;
    const share = heads / sample.nonBlank;
    return share >= MIN_SHARE ? Math.max(0.8, share) : 0;
  },
};
