/**
 * Severity of one visible log line across the formats agents meet: level
 * words (`ERROR`, `[warn]`, `npm ERR!`, `level=error`, `"level":"warn"`,
 * klog `E0102`), compiler and runtime shapes (`error[E0308]:`, `): error TS2339:`,
 * `TypeError: …`, `panic:`), pytest's `E   ` lines and HTTP access-log
 * statuses (4xx/5xx). The first level word on a line decides, so
 * `INFO retrying after ConnectionError` stays informational.
 *
 * Everything is a bounded left-to-right scan over the first characters.
 */

import {
  ANOMALY_SCAN,
  ANOMALY_WORDS,
  LEVEL_HINT_RE,
  LEVEL_SCAN,
  LEVEL_TOOLS,
  LEVEL_WORDS,
  type LevelWord,
  Severity,
} from "./level-words.js";

export { Severity } from "./level-words.js";

/** Level words by length, so a word is compared only with candidates of its length. */
const BY_LENGTH: LevelWord[][] = (() => {
  const table: LevelWord[][] = [];
  for (let len = 0; len <= 8; len++) table.push([]);
  for (const w of LEVEL_WORDS) table[w.lower.length].push(w);
  return table;
})();

/** Per length, a bit per first letter (a = bit 0) that some level word of that length starts with. */
const FIRST_LETTERS: Int32Array = (() => {
  const masks = new Int32Array(9);
  for (const w of LEVEL_WORDS) masks[w.lower.length] |= 1 << (w.lower.charCodeAt(0) - 97);
  return masks;
})();

const LEVEL_KEYS = new Set(["level", "lvl", "severity", "loglevel"]);
const TOOL_PREFIXES = new Set(LEVEL_TOOLS);

/** An anomaly word between word boundaries (the kernel's hint regex, closed). */
const ANOMALY_RE = new RegExp(`${ANOMALY_WORDS}\\b`);

/** Result of {@link severityOf}: the severity and where the level word ended (0 when none). */
export interface LevelMatch {
  severity: Severity;
  /** Index just past the level word (and its `:`/`]`/`!`), or 0 when the severity came from elsewhere. */
  end: number;
  /** Canonical level word found (`INFO`, `DEBUG`, `WARN`, `ERROR`…), or "" when none. */
  word: string;
}

/** The severity of a visible line, its level word and where that word ends. */
export function severityOf(text: string): LevelMatch {
  return scanSeverity(text, true);
}

/**
 * {@link severityOf}, with the native prefilter on or off: off, every line
 * goes through the word loop (tests check that both answer alike).
 */
export function scanSeverity(text: string, prefilter: boolean): LevelMatch {
  return scan(text, prefilter ? null : true);
}

/**
 * {@link severityOf} of a line whose level hint is already known
 * (log/line-hints.ts lineHints): false only where {@link LEVEL_HINT_RE}
 * cannot match the line's first characters, which then skips the word loop
 * without running the regex. Same answer as severityOf.
 */
export function severityOfHinted(text: string, mayHaveLevel: boolean): LevelMatch {
  return scan(text, mayHaveLevel);
}

/** The severity scan; `mayHaveLevel` null runs the regex prefilter to decide whether the word loop is needed. */
function scan(text: string, mayHaveLevel: boolean | null): LevelMatch {
  const result: LevelMatch = { severity: Severity.None, end: 0, word: "" };
  const n = Math.min(text.length, LEVEL_SCAN);
  let p = 0;
  while (p < n && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
  // pytest assertion detail: "E       AssertionError: …"
  if (text.charCodeAt(p) === 69 && text.charCodeAt(p + 1) === 32 && text.charCodeAt(p + 2) === 32) {
    return set(result, Severity.Error, p + 1, "ERROR");
  }
  // klog / glog: "E0102 15:04:05.000000 …"
  const klog = klogSeverity(text, p);
  if (klog !== Severity.None) return set(result, klog, p + 5, klog === Severity.Error ? "ERROR" : "WARN");
  // make: "gmake[2]: *** [target] Error 1", "make: *** No rule to make target 'x'.  Stop."
  const made = makeFailureEnd(text, p);
  if (made > 0) return set(result, Severity.Error, made, "ERROR");

  // Most lines hold no level word: one native scan (or the kernel's hint) says so before the word loop.
  if (!(mayHaveLevel ?? LEVEL_HINT_RE.test(n < text.length ? text.slice(0, n) : text))) {
    return accessLogStatus(text) >= 400 ? set(result, Severity.Error, 0, "") : result;
  }

  let wordIndex = 0;
  let prevStart = 0;
  let prevEnd = 0;
  let i = p;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (!isLetter(c)) {
      i++;
      continue;
    }
    const s = i;
    while (i < n && isLetter(text.charCodeAt(i))) i++;
    const e = i;
    const len = e - s;
    const before = s > 0 ? text.charCodeAt(s - 1) : 32;
    const after = e < text.length ? text.charCodeAt(e) : 32;
    // Length first: most words cannot be level words, and the boundary test costs more.
    if (len >= 3 && len <= 8 && isStandalone(text, e, before, after)) {
      const lw = matchLevelWord(text, s, len);
      if (lw !== null) {
        const spelling = spellingOf(text, s, e);
        if (spelling === UPPER && lw.upper) return set(result, lw.severity, levelEnd(text, e), lw.canonical);
        if (spelling !== OTHER && lw.lowercase) {
          const prevWord = wordIndex === 0 ? "" : text.slice(prevStart, prevEnd).toLowerCase();
          // "http" is a level only in npm's log ("npm http fetch GET 200 …").
          if (
            isLowerLevelUse(text, s, e, wordIndex, prevWord, after) &&
            (lw.lower !== "http" || TOOL_PREFIXES.has(prevWord))
          ) {
            return set(result, lw.severity, levelEnd(text, e), lw.canonical);
          }
        }
      }
    }
    if (after === 58 || (after === 32 && text.charCodeAt(e + 1) === 91) || e >= text.length) {
      // "TypeError:", "java.lang.NullPointerException:", "X [ERR_CODE]:", "…py:12: AssertionError"
      const cls = classNameSeverity(text, s, e);
      if (cls !== Severity.None) return set(result, cls, levelEnd(text, e), "");
    }
    prevStart = s;
    prevEnd = e;
    wordIndex++;
  }
  if (accessLogStatus(text) >= 400) return set(result, Severity.Error, 0, "");
  return result;
}

/** Whether an INFO-or-unlevelled line names an anomaly ("quota exceeded", "connection refused"). */
export function isAnomaly(text: string): boolean {
  return ANOMALY_RE.test(text.length > ANOMALY_SCAN ? text.slice(0, ANOMALY_SCAN) : text);
}

/** A word not glued to other word characters or dots (`log.error` and `error.log` are not levels). */
function isStandalone(text: string, e: number, before: number, after: number): boolean {
  return (
    !isWordChar(before) && !isWordChar(after) && before !== 46 && !(after === 46 && isLetter(text.charCodeAt(e + 1)))
  );
}

function set(r: LevelMatch, severity: Severity, end: number, word: string): LevelMatch {
  r.severity = severity;
  r.end = end;
  r.word = word;
  return r;
}

/** The level word spelled by text[s, s+len), compared case-insensitively without allocating. */
function matchLevelWord(text: string, s: number, len: number): LevelWord | null {
  const first = text.charCodeAt(s) | 32;
  if ((FIRST_LETTERS[len] & (1 << (first - 97))) === 0) return null;
  for (const w of BY_LENGTH[len]) {
    if (w.lower.charCodeAt(0) !== first) continue;
    let k = 1;
    while (k < len && (text.charCodeAt(s + k) | 32) === w.lower.charCodeAt(k)) k++;
    if (k === len) return w;
  }
  return null;
}

const UPPER = 0;
const LOWERISH = 1;
const OTHER = 2;

/** `ERROR` (UPPER), `error` or `Error` (LOWERISH), `eRRoR` (OTHER). */
function spellingOf(text: string, s: number, e: number): number {
  let upper = 0;
  for (let k = s; k < e; k++) {
    const c = text.charCodeAt(k);
    if (c >= 65 && c <= 90) upper++;
  }
  if (upper === e - s) return UPPER;
  if (upper === 0) return LOWERISH;
  const first = text.charCodeAt(s);
  return upper === 1 && first >= 65 && first <= 90 ? LOWERISH : OTHER;
}

/** Lowercase level words count only where a level sits, not inside prose ("no error found"). */
function isLowerLevelUse(
  text: string,
  s: number,
  e: number,
  wordIndex: number,
  prevWord: string,
  after: number,
): boolean {
  // "error:", "warning:", "npm ERR!", "[error]", "<warn>", "error[E0308]"
  if (after === 58 || after === 33 || after === 93 || after === 62 || after === 124 || after === 91) return true;
  const before = s > 0 ? text.charCodeAt(s - 1) : 32;
  if (before === 9) return true; // zap/console encoders separate fields with tabs
  if (before === 61 || before === 34 || before === 58) {
    // level=error, "level":"error"
    if (LEVEL_KEYS.has(prevWord)) return true;
  }
  if (wordIndex === 0 && (after === 32 || after === 9 || e >= text.length)) return true;
  if (wordIndex === 1 && TOOL_PREFIXES.has(prevWord)) return true;
  // tsc: "file.ts(1,2): error TS2339: …"
  if (text.startsWith(" TS", e) && isDigit(text.charCodeAt(e + 3))) return true;
  return false;
}

/** `TypeError:`, `java.io.IOException:`, `DeprecationWarning:`, `X [CODE]:` and pytest's `path:12: AssertionError`. */
function classNameSeverity(text: string, s: number, e: number): Severity {
  const after = e < text.length ? text.charCodeAt(e) : -1;
  const atEndAfterColon = after === -1 && s >= 2 && text.charCodeAt(s - 2) === 58 && text.charCodeAt(s - 1) === 32;
  const follows = after === 58 || atEndAfterColon || (after === 32 && text.charCodeAt(e + 1) === 91);
  if (!follows) return Severity.None;
  const first = text.charCodeAt(s);
  if (first < 65 || first > 90) return Severity.None;
  const len = e - s;
  if ((len >= 5 && text.startsWith("Error", e - 5)) || (len >= 9 && text.startsWith("Exception", e - 9)))
    return Severity.Error;
  if (len === 5 && text.startsWith("Panic", s)) return Severity.Error;
  if (len > 7 && text.startsWith("Warning", e - 7)) return Severity.Warning;
  return Severity.None;
}

function klogSeverity(text: string, p: number): Severity {
  const c = text.charCodeAt(p);
  if (c !== 69 && c !== 87 && c !== 70) return Severity.None;
  for (let k = 1; k <= 4; k++) if (!isDigit(text.charCodeAt(p + k))) return Severity.None;
  if (text.charCodeAt(p + 5) !== 32 || !isDigit(text.charCodeAt(p + 6))) return Severity.None;
  return c === 87 ? Severity.Warning : Severity.Error;
}

/**
 * Where GNU/BSD make's failure mark ends (`make: *** `, `gmake[2]: *** `,
 * `mingw32-make: *** `), or 0: make writes every failure so, a failed
 * target or a missing rule, and names the target in it.
 */
export function makeFailureEnd(text: string, p: number): number {
  const colon = text.indexOf(": *** ", p);
  if (colon === -1 || colon - p > 40) return 0;
  let e = colon;
  // An optional recursion level: "[2]".
  if (text.charCodeAt(e - 1) === 93) {
    let d = e - 2;
    while (d > p && isDigit(text.charCodeAt(d))) d--;
    if (text.charCodeAt(d) !== 91 || d === e - 2) return 0;
    e = d;
  }
  if (e - p < 4 || !text.startsWith("make", e - 4)) return 0;
  // The program's name: word characters, dots and dashes only.
  for (let k = p; k < e - 4; k++) {
    const c = text.charCodeAt(k);
    if (!(isWordChar(c) || c === 45 || c === 46)) return 0;
  }
  return colon + 6;
}

/** The status of an access-log line (`"GET /x HTTP/1.1" 404 …`), or 0. */
export function accessLogStatus(text: string): number {
  const at = text.indexOf(" HTTP/");
  if (at === -1) return 0;
  const q = text.indexOf('" ', at);
  if (q === -1 || q - at > 12) return 0;
  const d = q + 2;
  if (!isDigit(text.charCodeAt(d)) || !isDigit(text.charCodeAt(d + 1)) || !isDigit(text.charCodeAt(d + 2))) return 0;
  if (isDigit(text.charCodeAt(d + 3))) return 0;
  return (text.charCodeAt(d) - 48) * 100 + (text.charCodeAt(d + 1) - 48) * 10 + (text.charCodeAt(d + 2) - 48);
}

/** Past the level word and the punctuation that closes it (`ERROR]:`, `ERR!`, `warning:`). */
function levelEnd(text: string, e: number): number {
  let i = e;
  while (i < text.length && i < e + 3) {
    const c = text.charCodeAt(i);
    if (c === 58 || c === 33 || c === 93 || c === 62 || c === 41 || c === 124) i++;
    else break;
  }
  return i;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isWordChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 95;
}
