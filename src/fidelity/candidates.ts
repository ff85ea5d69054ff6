/**
 * Where a salient rule could match: one scan for the first place where any
 * word or shape the rules of `salient.ts` need starts.
 *
 * It replaces a case-insensitive alternation of ~45 words, which V8 cannot
 * pre-filter and which was alone a sixth of the pipeline's time on a log:
 * the words go through the pair tables of kernels/word-scan.ts, and the
 * shapes (a line start's `# `, underline, `E  `, `ok (`; `1) `, `-->`, the
 * marks of failed tests) are added to its pair table. It finds exactly what
 * that alternation found (test/fidelity/candidates.test.ts keeps the regex as
 * the oracle): `^`/`$` at any line terminator a regex knows (`\n`, `\r`,
 * U+2028, U+2029), `\s` and `\b` as JS regexes read them.
 */

import { LINE_WINDOW_UNITS, lineWindowEnd } from "../kernels/lines.js";
import { wasmHost } from "../kernels/wasm.js";
import {
  CASE_BIT,
  copyForKernel,
  hasAt,
  isHexDigit,
  type KernelText,
  kernelScan,
  MAX_GROUPS,
  WORD_SCAN_WASM_MIN,
  type WordList,
  WordTables,
} from "../kernels/word-scan.js";
import { isSpace } from "../kernels/space.js";

/** A place where a candidate starts. */
export interface Candidate {
  /** Offset where it starts. */
  at: number;
  /**
   * Where the candidate ends, at least: the scan goes on from the next line,
   * or from here when it is later (the `E` of a pytest failure whose white
   * space runs into the next line, as the regex's match did).
   */
  end: number;
  /** It is a setext/RST underline (`===`, `---`…): the line above it is read too. */
  underline: boolean;
}

/**
 * The words a candidate can be: letters match either case, other characters
 * themselves; `boundary` is a regex's `\b`, `plural` an optional `s` then
 * one, `digit` and `hex` one such character.
 */
const WORDS: WordList = [
  ["error"],
  ["err!"],
  ["fatal"],
  ["panic"],
  ["fail"],
  ["exception"],
  ["traceback"],
  ["abort"],
  ["critical"],
  ["cannot"],
  ["could not"],
  ["unable to"],
  ["severe"],
  ["emerg"],
  ["segmentation"],
  ["expected"],
  ["received"],
  ["assert"],
  ["warning"],
  ["note", "boundary"],
  ["test:"],
  ["tests:"],
  ["test result"],
  ["test files"],
  ["passed"],
  ["ran ", "digit"],
  ["found ", "digit"],
  // shellcheck's diagnostic head: `In xdg-open line 123:`.
  ["line ", "digit"],
  ["problem", "plural"],
  ["commit ", "hex"],
  ["diff --git"],
  ["not ok"],
  // GNU ld's heads, which carry no level word: `f.c:95: undefined reference to `compress'`.
  ["undefined reference to"],
  ["multiple definition of"],
];

// What the pair table says besides a group of words (kinds past MAX_GROUPS).
/** A digit then `)`: `1) name`. */
const NUMBERED = MAX_GROUPS + 1;
/** `--`: maybe `-->`. */
const ARROW = MAX_GROUPS + 2;
/** A line end: the next character starts a line. */
const LINE_END = MAX_GROUPS + 3;

/** The words' tables, with the shapes added to the pair table. */
const TABLES = new WordTables(WORDS);
const PAIR = TABLES.pairs;
/**
 * What a shape needing a line start can open with (anchoredAt): blanks (then
 * `#`, an underline's mark, `E`, `ok (`), `from `. A line end before any
 * other character needs no look (the kernel's block filter then passes the
 * lines of a log by 16 units at a time).
 */
const LINE_OPENERS = " \t#=-~^*+EeOoFf";
for (const opener of LINE_OPENERS) {
  PAIR[10 * 128 + opener.charCodeAt(0)] = LINE_END;
  PAIR[13 * 128 + opener.charCodeAt(0)] = LINE_END;
}
for (let d = 48; d <= 57; d++) PAIR[d * 128 + 41] = NUMBERED;
PAIR[45 * 128 + 45] = ARROW;

/** The first candidate starting at or after `from`, or null. */
export function nextCandidate(text: string, from: number): Candidate | null {
  const n = text.length;
  if (from === 0 || (from <= n && isTerminator(text.charCodeAt(from - 1)))) {
    const anchored = anchoredAt(text, from);
    if (anchored !== null) return anchored;
  }
  // Every candidate but a mark (×) spans two characters at least: read pairs.
  let c = text.charCodeAt(from);
  for (let p = from; p < n; p++) {
    const next = text.charCodeAt(p + 1);
    if (c < 128) {
      // A non-ASCII character after an ASCII one opens nothing (no word, shape or anchored shape starts so).
      if (next < 128) {
        const kind = PAIR[c * 128 + next];
        if (kind !== 0) {
          if (kind === LINE_END) {
            // A regex's `^` holds after it: no shape matches at a line end, so one starting after it is the first.
            const anchored = anchoredAt(text, p + 1);
            if (anchored !== null) return anchored;
          } else if (
            kind === NUMBERED
              ? numberedAt(text, p)
              : kind === ARROW
                ? arrowAt(text, p)
                : TABLES.wordsAt(text, p, kind - 1)
          ) {
            return { at: p, end: p + 1, underline: false };
          }
        }
      }
    } else if (c === 0xd7 || c === 0x2716 || c === 0x2717) {
      // ×, ✖, ✗: a failed test's mark.
      return { at: p, end: p + 1, underline: false };
    } else if (c === 0x2028 || c === 0x2029) {
      const anchored = anchoredAt(text, p + 1);
      if (anchored !== null) return anchored;
    }
    c = next;
  }
  return null;
}

/**
 * Units past a window's last line that cross with it: a candidate on that
 * line reads at most two units into the next one (`E` before a line end,
 * then white space), far fewer than this.
 */
const WINDOW_LOOKAHEAD = 256;

/**
 * The candidates of `text`: a function giving the first one at or after an
 * offset, as {@link nextCandidate} does. Where the kernel module is loaded
 * and the text is long, the text crosses into its memory in windows of whole
 * lines (kernels/lines.ts says why: the arena never shrinks, and the whole
 * text left 2 bytes per char of it behind), each with the tables above and
 * {@link WINDOW_LOOKAHEAD} units of what follows, and the kernel
 * (assembly/word-scan.ts, with its line-start shapes) scans it. A window
 * starts a line, as the text does, and only candidates that start on its own
 * lines count, so the kernel finds what it would in the whole text. The
 * function must be used before any other kernel runs (they share the memory).
 */
export function candidateFinder(
  text: string,
  minWasm = WORD_SCAN_WASM_MIN,
  window = LINE_WINDOW_UNITS,
): (from: number) => Candidate | null {
  const host = text.length >= minWasm ? wasmHost() : null;
  if (host === null) return (from) => nextCandidate(text, from);
  const n = text.length;
  let k: KernelText | null = null;
  let start = 0;
  let end = 0;
  return (from) => {
    for (let at = from; at < n; at = end) {
      if (k === null || at < start || at >= end) {
        start = at === 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
        end = lineWindowEnd(text, start, window);
        const stop = Math.min(n, end + WINDOW_LOOKAHEAD);
        k = copyForKernel(host, start === 0 && stop === n ? text : text.slice(start, stop), TABLES);
      }
      const found = start + kernelScan(k, at - start, true);
      if (found < end) {
        const out = host.i32;
        return { at: found, end: start + out[k.out >>> 2], underline: out[(k.out >>> 2) + 1] === 1 };
      }
    }
    return null;
  };
}

/** `1) name`: a digit, `)`, a space, then anything but white space. */
function numberedAt(text: string, p: number): boolean {
  return (
    text.charCodeAt(p + 1) === 41 &&
    text.charCodeAt(p + 2) === 32 &&
    p + 3 < text.length &&
    !isSpace(text.charCodeAt(p + 3))
  );
}

function arrowAt(text: string, p: number): boolean {
  return text.charCodeAt(p + 1) === 45 && text.charCodeAt(p + 2) === 62;
}

/** The shapes that need a line start at `p`: `from <hash>`, and after blanks `# `, an underline, `E  `, `ok (`. */
function anchoredAt(text: string, p: number): Candidate | null {
  if (hasAt(text, p, "from ") && isHexDigit(text.charCodeAt(p + 5))) return { at: p, end: p + 1, underline: false };
  let q = p;
  while (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9) q++;
  const c = text.charCodeAt(q);
  if (c === 35) {
    // #{1,6} then a space.
    let r = q;
    while (text.charCodeAt(r) === 35) r++;
    return r - q <= 6 && text.charCodeAt(r) === 32 ? { at: p, end: p + 1, underline: false } : null;
  }
  if (isUnderlineChar(c)) {
    let r = q;
    while (text.charCodeAt(r) === c) r++;
    if (r - q < 3) return null;
    while (text.charCodeAt(r) === 32 || text.charCodeAt(r) === 9) r++;
    return r >= text.length || isTerminator(text.charCodeAt(r)) ? { at: p, end: p + 1, underline: true } : null;
  }
  if ((c | CASE_BIT) === 101) {
    // pytest's `E   ` line: the white space may be the line end, and run into the next line.
    return q + 2 < text.length && isSpace(text.charCodeAt(q + 1)) && isSpace(text.charCodeAt(q + 2))
      ? { at: p, end: q + 3, underline: false }
      : null;
  }
  if ((c | CASE_BIT) === 111) return hasAt(text, q, "ok (") ? { at: p, end: p + 1, underline: false } : null;
  return null;
}

/** Where a regex's `^` and `$` see a line end. */
function isTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

function isUnderlineChar(c: number): boolean {
  // = - ~ ^ * +
  return c === 61 || c === 45 || c === 126 || c === 94 || c === 42 || c === 43;
}
