/**
 * Sentence boundaries in a prose paragraph, found by one linear scan: a
 * `.`, `!` or `?` (with any closing quotes or brackets) followed by
 * whitespace and something that can open a sentence. Never inside a code
 * span or a link's brackets, and never after a common abbreviation or an
 * initial, so `e.g. Foo` and `J. Smith` stay whole.
 */

/** One sentence: `[start, end)` in the paragraph, trailing whitespace excluded. */
export interface SentenceSpan {
  start: number;
  end: number;
}

const ABBREVIATIONS = new Set([
  "e.g",
  "i.e",
  "etc",
  "vs",
  "cf",
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "fig",
  "no",
  "approx",
  "inc",
  "ltd",
  "jr",
  "sr",
  "al",
  "eq",
  "vol",
  "p",
  "pp",
]);

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** Whether a sentence can start with `c`: an uppercase letter, digit, quote, bracket, backtick or emphasis. */
function opensSentence(c: number): boolean {
  return (
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 34 ||
    c === 39 ||
    c === 96 ||
    c === 91 ||
    c === 40 ||
    c === 42 ||
    c === 95 ||
    c > 0xbf
  );
}

/** Whether the word ending just before `dot` is an abbreviation or a one-letter initial. */
function endsAbbreviation(text: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && !isSpace(text.charCodeAt(start - 1)) && text.charCodeAt(start - 1) !== 40) start--;
  const word = text.slice(start, dot).toLowerCase();
  if (word.length === 1 && /[a-z]/.test(word)) return true;
  return ABBREVIATIONS.has(word);
}

/** Longest enumeration label that opens a paragraph (`a.`, `nn.`, `12.`, `iv.`). */
const LABEL_MAX = 3;

/**
 * Whether the dot at `dot` ends the enumeration label that opens the
 * paragraph (`nn. Shells running as root…` in a NEWS file's lettered
 * list): the label is part of the sentence it numbers, not one of its own.
 */
function endsLabel(text: string, first: number, dot: number): boolean {
  if (dot - first < 1 || dot - first > LABEL_MAX) return false;
  for (let i = first; i < dot; i++) {
    const c = text.charCodeAt(i) | 32;
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return false;
  }
  return true;
}

/** A run of `[`, or of `]`, from `lastIndex` (sticky). */
const OPENING_RUN_RE = /\[*/y;
const CLOSING_RUN_RE = /\]*/y;

/** Splits a paragraph into sentences (at least one when it has any non-space text). */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const n = text.length;
  let start = 0;
  while (start < n && isSpace(text.charCodeAt(start))) start++;
  const first = start;
  let bracketDepth = 0;
  let inCode = false;
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 96) {
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    if (c === 91 || c === 93) {
      // No bracket ends a sentence, so a run of one bracket moves the depth by its length at
      // once: 1 MB of `[` read as one paragraph was scanned char by char on every split.
      let end = i + 1;
      if (text.charCodeAt(end) === c) {
        const run = c === 91 ? OPENING_RUN_RE : CLOSING_RUN_RE;
        run.lastIndex = end;
        run.test(text);
        end = run.lastIndex;
      }
      bracketDepth = c === 91 ? bracketDepth + (end - i) : Math.max(0, bracketDepth - (end - i));
      i = end - 1;
      continue;
    }
    if (bracketDepth > 0 || (c !== 46 && c !== 33 && c !== 63)) continue;
    let end = i + 1;
    while (
      end < n &&
      (text.charCodeAt(end) === 34 ||
        text.charCodeAt(end) === 39 ||
        text.charCodeAt(end) === 41 ||
        text.charCodeAt(end) === 42)
    )
      end++;
    if (end >= n || !isSpace(text.charCodeAt(end))) continue;
    let next = end;
    while (next < n && isSpace(text.charCodeAt(next))) next++;
    if (next >= n || !opensSentence(text.charCodeAt(next))) continue;
    if (c === 46 && (endsAbbreviation(text, i) || endsLabel(text, first, i))) continue;
    spans.push({ start, end });
    start = next;
    i = next - 1;
  }
  let end = n;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (end > start) spans.push({ start, end });
  return spans;
}

/**
 * Where the line holding `start` begins, when only spaces or tabs stand
 * between the two (a sentence that opens its line); else `start`. A kept
 * sentence that opens a line is shown with its indentation, so the line
 * reads as it stands in the input.
 */
export function lineStartOf(text: string, start: number): number {
  let i = start;
  while (i > 0 && (text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 9)) i--;
  return i === 0 || text.charCodeAt(i - 1) === 10 ? i : start;
}
