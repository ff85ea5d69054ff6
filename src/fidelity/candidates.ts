/**
 * Where a salient rule could match: one scan of the char codes for the first
 * place where any word or shape the rules of `salient.ts` need starts.
 *
 * It replaces a case-insensitive alternation of ~45 words, which V8 cannot
 * pre-filter and which was alone a sixth of the pipeline's time on a log: a
 * table of the characters a candidate can start with lets most characters
 * pass with one load, and only those are read further. It finds exactly what
 * that alternation found (test/fidelity/candidates.test.ts keeps the regex as
 * the oracle): ASCII letters compared without case, `^`/`$` at any line
 * terminator a regex knows (`\n`, `\r`, U+2028, U+2029), `\s` and `\b` as JS
 * regexes read them.
 */

import { wasmHost } from "../kernels/wasm.js";

/** A place where a candidate starts. */
export interface Candidate {
  /** Offset where it starts. */
  at: number;
  /**
   * Offset the scan may go on from: past the candidate's line in all but one
   * case, the `E` of a pytest failure followed by white space that runs into
   * the next line.
   */
  end: number;
  /** It is a setext/RST underline (`===`, `---`…): the line above it is read too. */
  underline: boolean;
}

/** What must follow a word for it to count. */
type After = "nothing" | "boundary" | "plural" | "digit" | "hex";

/**
 * The words a candidate can be: letters match either case, other characters
 * themselves; `boundary` is a regex's `\b`, `plural` an optional `s` then
 * one, `digit` and `hex` one such character.
 */
const WORDS: readonly (readonly [string, After?])[] = [
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
  ["problem", "plural"],
  ["commit ", "hex"],
  ["diff --git"],
  ["not ok"],
];

const LOWER_A = 97;
const LOWER_Z = 122;
/** Setting this bit lowercases an ASCII letter (and turns no other character into one). */
const CASE_BIT = 0x20;

// What PAIR says besides a group of words.
/** A digit then `)`: `1) name`. */
const NUMBERED = 253;
/** `--`: maybe `-->`. */
const ARROW = 254;
/** A line end: the next character starts a line. */
const LINE_END = 255;

/**
 * For each pair of ASCII characters (the first's code times 128 plus the
 * second's), what a candidate starting at the first can be: 0 for none
 * (most pairs of a text, told by one load), else 1 + the index in
 * {@link WORDS_BY_PAIR} of the words opening with them, or one of the shapes
 * above.
 */
const PAIR = new Uint8Array(128 * 128);
const WORDS_BY_PAIR: (readonly [string, After?])[][] = [];
/**
 * For each group, the third letters its words go on with (bit 0 for `a`):
 * after the pair, most hits (`er` of `server`) end at one more load.
 */
const THIRD_LETTERS = new Uint32Array(64);
for (const entry of WORDS) {
  const [word] = entry;
  const pair = word.charCodeAt(0) * 128 + word.charCodeAt(1);
  if (PAIR[pair] === 0) PAIR[pair] = WORDS_BY_PAIR.push([]);
  WORDS_BY_PAIR[PAIR[pair] - 1].push(entry);
  // Every word's third character is a letter.
  THIRD_LETTERS[PAIR[pair] - 1] |= 1 << (word.charCodeAt(2) - LOWER_A);
}
// Every word opens with two letters: the same group for either case of each.
for (let first = LOWER_A; first <= LOWER_Z; first++) {
  for (let second = LOWER_A; second <= LOWER_Z; second++) {
    const group = PAIR[first * 128 + second];
    for (const a of [first, first - CASE_BIT]) for (const b of [second, second - CASE_BIT]) PAIR[a * 128 + b] = group;
  }
}
for (let next = 0; next < 128; next++) {
  PAIR[10 * 128 + next] = LINE_END;
  PAIR[13 * 128 + next] = LINE_END;
}
for (let d = 48; d <= 57; d++) PAIR[d * 128 + 41] = NUMBERED;
PAIR[45 * 128 + 45] = ARROW;

/** How the kernel reads what must follow a word. */
const AFTER_CODES: Record<After, number> = { nothing: 0, boundary: 1, plural: 2, digit: 3, hex: 4 };

/**
 * {@link WORDS_BY_PAIR} as the kernel reads it: a 16-bit offset (from the
 * start) per group, then each group as its word count and, per word, its
 * length, its AFTER_CODES and its bytes.
 */
const KERNEL_WORDS = (() => {
  const groups: number[][] = WORDS_BY_PAIR.map((words) => [
    words.length,
    ...words.flatMap(([word, after = "nothing"]) => [
      word.length,
      AFTER_CODES[after],
      ...[...word].map((ch) => ch.charCodeAt(0)),
    ]),
  ]);
  const bytes: number[] = [];
  let offset = 2 * groups.length;
  for (const group of groups) {
    bytes.push(offset & 0xff, offset >>> 8);
    offset += group.length;
  }
  return new Uint8Array([...bytes, ...groups.flat()]);
})();

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
            kind === NUMBERED ? numberedAt(text, p) : kind === ARROW ? arrowAt(text, p) : wordsAt(text, p, kind - 1)
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

/** Texts shorter than this are scanned in TS: copying them into WASM memory would cost more than it saves. */
const CANDIDATE_WASM_MIN = 4096;

/**
 * The candidates of `text`: a function giving the first one at or after an
 * offset, as {@link nextCandidate} does. Where the kernel module is loaded
 * and the text is long, the text is copied into its memory once with the
 * tables above, and the kernel (assembly/candidates.ts) scans it; the
 * function must then be used before any other kernel runs (they share the
 * memory).
 */
export function candidateFinder(text: string, minWasm = CANDIDATE_WASM_MIN): (from: number) => Candidate | null {
  const host = text.length >= minWasm ? wasmHost() : null;
  if (host === null) return (from) => nextCandidate(text, from);
  const pairsPtr = host.base;
  const thirdsPtr = pairsPtr + PAIR.length;
  const wordsPtr = thirdsPtr + THIRD_LETTERS.byteLength;
  const outPtr = (wordsPtr + KERNEL_WORDS.length + 15) & ~15;
  const textPtr = outPtr + 16;
  host.reserve(textPtr + 2 * text.length);
  host.u8.set(PAIR, pairsPtr);
  host.u8.set(new Uint8Array(THIRD_LETTERS.buffer), thirdsPtr);
  host.u8.set(KERNEL_WORDS, wordsPtr);
  host.writeUtf16(text, textPtr);
  const scan = host.exports.nextCandidateAt;
  const n = text.length;
  return (from) => {
    const at = scan(textPtr, n, from, pairsPtr, thirdsPtr, wordsPtr, outPtr);
    if (at >= n) return null;
    const out = host.i32;
    return { at, end: out[outPtr >>> 2], underline: out[(outPtr >>> 2) + 1] === 1 };
  };
}

/** One of the words of group `group` at `p`, with what must follow it. */
function wordsAt(text: string, p: number, group: number): boolean {
  const third = (text.charCodeAt(p + 2) | CASE_BIT) - LOWER_A;
  if (!(third >= 0 && third < 26 && (THIRD_LETTERS[group] & (1 << third)) !== 0)) return false;
  const words = WORDS_BY_PAIR[group];
  for (let i = 0; i < words.length; i++) {
    const [word, after = "nothing"] = words[i];
    if (!hasAt(text, p, word)) continue;
    const q = p + word.length;
    const c = text.charCodeAt(q);
    if (after === "nothing") return true;
    if (
      after === "boundary" ? !isWordChar(c) : after === "digit" ? isDigit(c) : after === "hex" ? isHexDigit(c) : false
    ) {
      return true;
    }
    if (after === "plural" && (!isWordChar(c) || ((c | CASE_BIT) === 115 && !isWordChar(text.charCodeAt(q + 1))))) {
      return true;
    }
  }
  return false;
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

/** `word` at `p`, its letters in either case. */
function hasAt(text: string, p: number, word: string): boolean {
  if (p + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    const w = word.charCodeAt(i);
    const c = text.charCodeAt(p + i);
    if (c !== w && !(w >= LOWER_A && w <= LOWER_Z && (c | CASE_BIT) === w)) return false;
  }
  return true;
}

/** Where a regex's `^` and `$` see a line end. */
function isTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

function isUnderlineChar(c: number): boolean {
  // = - ~ ^ * +
  return c === 61 || c === 45 || c === 126 || c === 94 || c === 42 || c === 43;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHexDigit(c: number): boolean {
  const lower = c | CASE_BIT;
  return isDigit(c) || (lower >= LOWER_A && lower <= 102);
}

/** `\w` as a regex without the `u` flag reads it (NaN, past the end, is none). */
function isWordChar(c: number): boolean {
  const lower = c | CASE_BIT;
  return isDigit(c) || c === 95 || (lower >= LOWER_A && lower <= LOWER_Z);
}

/** `\s` as a JS regex reads it. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
