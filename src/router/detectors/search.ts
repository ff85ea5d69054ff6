/** The detector of grep and ripgrep output. */
import { isGroupSeparator, parseGrepRow } from "../../kernels/grep.js";
import { functionRowEnd } from "../../compressors/search/function-rows.js";
import { pathRowEnd } from "../../compressors/search/path-rows.js";
import { RG_JSON_RE } from "./json.js";
import type { Detector } from "./detector.js";

const NUMBERED_ROW_RE = /^\d+[:-]/;

function looksLikePath(line: string): boolean {
  return line.length < 300 && !/\s/.test(line) && /[/\\.]/.test(line) && !/^\d+[:-]/.test(line);
}

/**
 * Whether a row's path reads as a file's path: its last blank-separated word
 * holds a `/`, a backslash or a `.` (a directory or an extension). A path may hold
 * blanks (`My Documents/a.txt`), but it ends in a file name; the text before
 * a clock's `:MM:` in a table row (`ps -eo pid,pcpu,lstart,cmd`:
 * `    1  0.7  0.0 Mon Dec  7 16:57:41 2026 /init`) ends in the hour.
 */
function namesFile(path: string): boolean {
  let from = path.length;
  while (from > 0) {
    const c = path.charCodeAt(from - 1);
    if (c === 32 || c === 9) break;
    from--;
  }
  for (let i = from; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 47 /* / */ || c === 92 /* \\ */ || c === 46 /* . */) return true;
  }
  return false;
}

/** A `git grep -p` function-context row (`path=N=text`) whose path names a file. */
function isFunctionRow(line: string): boolean {
  const end = functionRowEnd(line);
  return end > 0 && namesFile(line.slice(0, end));
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
      if (row !== null && namesFile(row.path)) {
        rows++;
        if (row.kind === "match") matches++;
      } else if (isFunctionRow(line)) {
        // `git grep -p`'s `path=N=` line of the function around the matches: a row of the search.
        rows++;
      } else if (NUMBERED_ROW_RE.test(line)) {
        headingRows++;
      } else if (looksLikePath(line)) {
        headings++;
      } else {
        other++;
      }
    }
    const total = rows + headingRows + headings + other;
    if (rows === 0 && headingRows === 0) return pathRowsScore(sample);
    if (rows === 0 && headings === 0) return oneFileScore(sample, headingRows, total);
    if (total === 0 || other > otherCap) return 0;
    if (matches > 0 && rows / total >= 0.7) return rows / total;
    if (headings > 0 && headingRows >= headings && (headingRows + headings) / total >= 0.8) return 0.9;
    return 0;
  },
};

/**
 * `path:text` rows without line numbers (`rg PATTERN` or `grep -r` into a
 * pipe): the share of non-blank lines that are such rows, when it is at
 * least 0.9 and most of their paths hold a `/`; else 0.
 */
function pathRowsScore(sample: Parameters<Detector["score"]>[0]): number {
  let rows = 0;
  let slashed = 0;
  let lines = 0;
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    if (line.trim() === "") continue;
    lines++;
    const colon = pathRowEnd(line, 0, line.length);
    if (colon < 0) continue;
    rows++;
    if (line.lastIndexOf("/", colon) >= 0 || line.lastIndexOf("\\", colon) >= 0) slashed++;
  }
  if (rows < 3 || rows < 0.9 * lines || slashed < 0.5 * rows) return 0;
  return rows / lines;
}

/** Score of a one-file search (see {@link oneFileScore}). */
const ONE_FILE_SCORE = 0.8;

/**
 * `N:text` rows (and `N-text` context, `--` between groups) with no path:
 * what `grep -n PATTERN FILE` and `rg -n PATTERN FILE` print for one file.
 * Their numbers only grow and skip lines somewhere (a run of consecutive
 * numbers is the file read whole, numbered); at least 90 % of the non-blank
 * lines are rows. Else 0.
 */
function oneFileScore(sample: Parameters<Detector["score"]>[0], numbered: number, total: number): number {
  if (numbered < 3 || numbered < 0.9 * total) return 0;
  let last = -1;
  let skips = false;
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    if (!NUMBERED_ROW_RE.test(line)) continue;
    const n = Number.parseInt(line, 10);
    if (n <= last) return 0;
    if (last >= 0 && n > last + 1) skips = true;
    last = n;
  }
  return skips ? ONE_FILE_SCORE : 0;
}
