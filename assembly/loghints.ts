// Log line hints over UTF-16 code units: for every line of a log, one byte
// saying whether the line may hold a level word (bit 0) and whether it may
// name an anomaly (bit 1). Each is a superset of a regex prefilter of
// src/kernels/log-hints.ts (LEVEL_HINT_RE on the line's first 120 units, a
// match of ANOMALY_HINT_RE starting in its first 240): a clear bit means the
// regex cannot match; a set bit is checked again in JS. One SIMD pass over
// each line's first 240 units picks the few places where a looked-for word
// may begin, and only those are compared with the word lists: it replaces
// a regex call per line and a regex scan of the whole log.
// test/kernels/log-hints.test.ts holds the kernel and the regexes together.

import { findBreak } from "./line-breaks";

const UNDERSCORE: i32 = 95;

/** Units of a line searched for level words (levels.ts LEVEL_SCAN). */
const LEVEL_SCAN: i32 = 120;
/** Units of a line in which an anomaly word may start (levels.ts ANOMALY_SCAN). */
const ANOMALY_SCAN: i32 = 240;

const HINT_LEVEL: i32 = 1;
const HINT_ANOMALY: i32 = 2;

// The words, lowercase ASCII, one static array each (no managed strings).
// Level words: LEVEL_HINT_RE's `\b(?:…)` alternation, compared case-insensitively.
const ALERT = memory.data<u8>([97, 108, 101, 114, 116]); // alert
const CRIT = memory.data<u8>([99, 114, 105, 116]); // crit
const DEBUG = memory.data<u8>([100, 101, 98, 117, 103]); // debug
const EMERG = memory.data<u8>([101, 109, 101, 114, 103]); // emerg
const ERR = memory.data<u8>([101, 114, 114]); // err
const FAILURE = memory.data<u8>([102, 97, 105, 108, 117, 114, 101]); // failure
const FATAL = memory.data<u8>([102, 97, 116, 97, 108]); // fatal
const FINE = memory.data<u8>([102, 105, 110, 101]); // fine
const INFO = memory.data<u8>([105, 110, 102, 111]); // info
const NOTICE = memory.data<u8>([110, 111, 116, 105, 99, 101]); // notice
const PANIC = memory.data<u8>([112, 97, 110, 105, 99]); // panic
const SEVERE = memory.data<u8>([115, 101, 118, 101, 114, 101]); // severe
const SILLY = memory.data<u8>([115, 105, 108, 108, 121]); // silly
const TRACE = memory.data<u8>([116, 114, 97, 99, 101]); // trace
const VERBOSE = memory.data<u8>([118, 101, 114, 98, 111, 115, 101]); // verbose
const WARN = memory.data<u8>([119, 97, 114, 110]); // warn
// Class-name endings, anywhere: LEVEL_HINT_RE's `error|exception|warning|panic`.
const ERROR = memory.data<u8>([101, 114, 114, 111, 114]); // error
const EXCEPTION = memory.data<u8>([101, 120, 99, 101, 112, 116, 105, 111, 110]); // exception
const WARNING = memory.data<u8>([119, 97, 114, 110, 105, 110, 103]); // warning
// npm's level: LEVEL_HINT_RE's `(?:npm|yarn|pnpm|gyp)[^a-z]+http`.
const HTTP = memory.data<u8>([104, 116, 116, 112]); // http
const NPM = memory.data<u8>([110, 112, 109]); // npm (pnpm ends with it)
const YARN = memory.data<u8>([121, 97, 114, 110]); // yarn
const GYP = memory.data<u8>([103, 121, 112]); // gyp
// Anomaly words: ANOMALY_WORDS' alternation, first letter either case, the rest as written.
const CANNOT = memory.data<u8>([99, 97, 110, 110, 111, 116]); // cannot
const CORRUPT = memory.data<u8>([99, 111, 114, 114, 117, 112, 116]); // corrupt (corrupted starts with it)
const COULD_NOT = memory.data<u8>([99, 111, 117, 108, 100, 32, 110, 111, 116]); // could not
const COULDNT = memory.data<u8>([99, 111, 117, 108, 100, 110, 39, 116]); // couldn't
const DEADLOCK = memory.data<u8>([100, 101, 97, 100, 108, 111, 99, 107]); // deadlock
const DENIED = memory.data<u8>([100, 101, 110, 105, 101, 100]); // denied
const EXCEEDED = memory.data<u8>([101, 120, 99, 101, 101, 100, 101, 100]); // exceeded
const FAILED = memory.data<u8>([102, 97, 105, 108, 101, 100]); // failed
const KILLED = memory.data<u8>([107, 105, 108, 108, 101, 100]); // killed
const NO_SPACE_LEFT = memory.data<u8>([110, 111, 32, 115, 112, 97, 99, 101, 32, 108, 101, 102, 116]); // no space left
const NOT_FOUND = memory.data<u8>([110, 111, 116, 32, 102, 111, 117, 110, 100]); // not found
const OUT_OF_MEMORY = memory.data<u8>([111, 117, 116, 32, 111, 102, 32, 109, 101, 109, 111, 114, 121]); // out of memory
const OVERFLOW = memory.data<u8>([111, 118, 101, 114, 102, 108, 111, 119]); // overflow
const REFUSED = memory.data<u8>([114, 101, 102, 117, 115, 101, 100]); // refused
const SEGFAULT = memory.data<u8>([115, 101, 103, 109, 101, 110, 116, 97, 116, 105, 111, 110, 32, 102, 97, 117, 108, 116]); // segmentation fault
const TIMED_OUT = memory.data<u8>([116, 105, 109, 101, 100, 32, 111, 117, 116]); // timed out
const UNABLE_TO = memory.data<u8>([117, 110, 97, 98, 108, 101, 32, 116, 111]); // unable to
const UNHEALTHY = memory.data<u8>([117, 110, 104, 101, 97, 108, 116, 104, 121]); // unhealthy
const UNREACHABLE = memory.data<u8>([117, 110, 114, 101, 97, 99, 104, 97, 98, 108, 101]); // unreachable

/**
 * The first two letters of every looked-for word (anomaly and level words,
 * `error`, `exception`, `warning`, `http`), folded, as two SIMD lookup tables
 * indexed by letter (a = 0; 32 bytes: the two 16-byte halves). A second letter
 * belongs to groups (a, e, i, o, r, n, l/m/x, t/u/v: one bit each); a first
 * letter lists the groups of the second letters it is followed by. Where the
 * two share no bit, no looked-for word starts there. Groups merge a few
 * letters, so some other pairs pass too (`el`, `am`, `ot`…): candidates only.
 */
const FIRST_GROUPS = memory.data<u8>([
  64, 0, 25, 2, 80, 5, 0, 128, 32, 0, 4, 0, 0, 8, 128, 1, // a: l · c: a o r · d: e · e: m r x · f: a i · h: t · i: n · k: i · n: o · o: u v · p: a
  0, 2, 6, 20, 32, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, //        r: e · s: e i · t: i r · u: n · v: e · w: a
], 16);
const SECOND_GROUPS = memory.data<u8>([
  1, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 64, 64, 32, 8, 0, // a e i l m n o
  0, 16, 0, 128, 128, 128, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, // r t u v x
], 16);

// @ts-ignore: decorator
@inline function unitAt(p: usize, i: i32): i32 {
  return <i32>load<u16>(p + (<usize>i << 1));
}

/** `c | 32` is a lowercase ASCII letter exactly when `c` is an ASCII letter. */
// @ts-ignore: decorator
@inline function isLowerLetter(folded: i32): bool {
  return <u32>(folded - 97) < 26;
}

// @ts-ignore: decorator
@inline function isLetter(c: i32): bool {
  return isLowerLetter(c | 32);
}

/** `[A-Za-z0-9_]`: what `\b` counts as a word character. */
// @ts-ignore: decorator
@inline function isWordUnit(c: i32): bool {
  return isLetter(c) || <u32>(c - 48) < 10 || c == UNDERSCORE;
}

/**
 * Whether units [i + 1, i + len) spell letters 1… of the `len`-letter word `w`
 * ignoring ASCII case, ending by `end` (unit i was dispatched on already).
 * `c | 32` equals a lowercase letter only for that letter in either case.
 */
function spellsFolded(p: usize, i: i32, end: i32, w: usize, len: i32): bool {
  if (i + len > end) return false;
  for (let k = 1; k < len; k++) {
    if ((unitAt(p, i + k) | 32) != <i32>load<u8>(w + <usize>k)) return false;
  }
  return true;
}

/** spellsFolded with units 1… compared exactly (the anomaly words' rest is lowercase as written). */
function spellsExactly(p: usize, i: i32, end: i32, w: usize, len: i32): bool {
  if (i + len > end) return false;
  for (let k = 1; k < len; k++) {
    if (unitAt(p, i + k) != <i32>load<u8>(w + <usize>k)) return false;
  }
  return true;
}

/** Whether a level word starts at word start `i` (first letter `lc`, lowercased) and ends by `end`. */
function levelWordAt(p: usize, i: i32, end: i32, lc: i32): bool {
  switch (lc) {
    case 97: return spellsFolded(p, i, end, ALERT, 5);
    case 99: return spellsFolded(p, i, end, CRIT, 4);
    case 100: return spellsFolded(p, i, end, DEBUG, 5);
    case 101: return spellsFolded(p, i, end, ERR, 3) || spellsFolded(p, i, end, EMERG, 5);
    case 102: return spellsFolded(p, i, end, FATAL, 5) || spellsFolded(p, i, end, FAILURE, 7) || spellsFolded(p, i, end, FINE, 4);
    case 105: return spellsFolded(p, i, end, INFO, 4);
    case 110: return spellsFolded(p, i, end, NOTICE, 6);
    case 112: return spellsFolded(p, i, end, PANIC, 5);
    case 115: return spellsFolded(p, i, end, SEVERE, 6) || spellsFolded(p, i, end, SILLY, 5);
    case 116: return spellsFolded(p, i, end, TRACE, 5);
    case 118: return spellsFolded(p, i, end, VERBOSE, 7);
    case 119: return spellsFolded(p, i, end, WARN, 4);
  }
  return false;
}

/** Whether an anomaly word starts at word start `i` (first letter `lc`, lowercased) within the line ending at `end`. */
function anomalyWordAt(p: usize, i: i32, end: i32, lc: i32): bool {
  switch (lc) {
    case 99:
      return spellsExactly(p, i, end, COULD_NOT, 9) || spellsExactly(p, i, end, COULDNT, 8)
        || spellsExactly(p, i, end, CANNOT, 6) || spellsExactly(p, i, end, CORRUPT, 7);
    case 100: return spellsExactly(p, i, end, DENIED, 6) || spellsExactly(p, i, end, DEADLOCK, 8);
    case 101: return spellsExactly(p, i, end, EXCEEDED, 8);
    case 102: return spellsExactly(p, i, end, FAILED, 6) || spellsExactly(p, i, end, FAILURE, 7);
    case 107: return spellsExactly(p, i, end, KILLED, 6);
    case 110: return spellsExactly(p, i, end, NOT_FOUND, 9) || spellsExactly(p, i, end, NO_SPACE_LEFT, 13);
    case 111: return spellsExactly(p, i, end, OUT_OF_MEMORY, 13) || spellsExactly(p, i, end, OVERFLOW, 8);
    case 114: return spellsExactly(p, i, end, REFUSED, 7);
    case 115: return spellsExactly(p, i, end, SEGFAULT, 18);
    case 116: return spellsExactly(p, i, end, TIMED_OUT, 9);
    case 117:
      return spellsExactly(p, i, end, UNABLE_TO, 9) || spellsExactly(p, i, end, UNREACHABLE, 11)
        || spellsExactly(p, i, end, UNHEALTHY, 9);
  }
  return false;
}

/** Whether the letters ending at unit `j` (inclusive, not before `ls`) end with `w` (`len` letters), ignoring case. */
function lettersEndWith(p: usize, ls: i32, j: i32, w: usize, len: i32): bool {
  const s = j - len + 1;
  if (s < ls) return false;
  for (let k = 0; k < len; k++) {
    if ((unitAt(p, s + k) | 32) != <i32>load<u8>(w + <usize>k)) return false;
  }
  return true;
}

/**
 * Whether `http` at `i` (its previous unit, at `i - 1 >= ls`, not a letter)
 * closes `(?:npm|yarn|pnpm|gyp)[^a-z]+http`: back over the non-letters to the
 * letters before them, which must end with a tool's name.
 */
function closesToolLevel(p: usize, ls: i32, i: i32): bool {
  let j = i - 1;
  while (j >= ls && !isLetter(unitAt(p, j))) j--;
  if (j < ls) return false;
  return lettersEndWith(p, ls, j, NPM, 3) || lettersEndWith(p, ls, j, YARN, 4) || lettersEndWith(p, ls, j, GYP, 3);
}

/**
 * What the candidate at `i` (a unit of the line [ls, le) that the block scan
 * could not rule out) adds to `hints`: at a word start, an anomaly word or a
 * level word; anywhere in the level window, `error`, `exception`, `warning`
 * or a tool's `http`. Everything is checked exactly here.
 */
function candidateHints(p: usize, ls: i32, i: i32, le: i32, levelEnd: i32, hints: i32): i32 {
  const c = unitAt(p, i);
  const lc = c | 32;
  if (!isLowerLetter(lc)) return hints;
  const level = (hints & HINT_LEVEL) == 0 && i < levelEnd;
  if (i == ls || !isWordUnit(unitAt(p, i - 1))) {
    if ((hints & HINT_ANOMALY) == 0 && anomalyWordAt(p, i, le, lc)) hints |= HINT_ANOMALY;
    if (level && levelWordAt(p, i, levelEnd, lc)) return hints | HINT_LEVEL;
  }
  if (!level) return hints;
  // Anywhere, not only at word starts: `TypeError`, `IOException`, `DeprecationWarning`, `E0102Panic`, `npm http`.
  if (lc == 101) {
    if (spellsFolded(p, i, levelEnd, ERROR, 5) || spellsFolded(p, i, levelEnd, EXCEPTION, 9)) hints |= HINT_LEVEL;
  } else if (lc == 119) {
    if (spellsFolded(p, i, levelEnd, WARNING, 7)) hints |= HINT_LEVEL;
  } else if (lc == 112) {
    if (spellsFolded(p, i, levelEnd, PANIC, 5)) hints |= HINT_LEVEL;
  } else if (lc == 104 && i > ls && !isLetter(unitAt(p, i - 1))) {
    if (spellsFolded(p, i, levelEnd, HTTP, 4) && closesToolLevel(p, ls, i)) hints |= HINT_LEVEL;
  }
  return hints;
}

/** Sixteen units from `at` as bytes: ASCII stays, other units become 0 or 255 (no letter, digit or `_`). */
// @ts-ignore: decorator
@inline function bytesAt(at: usize): v128 {
  return i8x16.narrow_i16x8_u(v128.load(at), v128.load(at, 16));
}

/** Per byte lane, table[index] for letter indexes 0…25 (the table's two halves), 0 for any other index. */
// @ts-ignore: decorator
@inline function lookup(low: v128, high: v128, index: v128): v128 {
  return v128.or(i8x16.swizzle(low, index), i8x16.swizzle(high, i8x16.sub(index, i8x16.splat(16))));
}

/**
 * The hint byte of the line [ls, le) (le excludes the "\n"; a "\r" before it
 * spells no word, so it may stay in). Level words are looked for in the first
 * 120 units, anomaly words may start in the first 240 and run on to the end.
 *
 * Sixteen units at a time, SIMD marks the candidates: a letter pair that may
 * begin a looked-for word (FIRST_GROUPS, SECOND_GROUPS) at a word start, and
 * while the level is still open the pairs that begin `error`, `exception`,
 * `warning`, `panic` inside a word and `http` after a non-letter. Only those go
 * to {@link candidateHints}, which checks exactly. Blocks read up to 17 units
 * past the window (the caller leaves room after the text) and the unit before
 * it; bits outside the window are dropped, and the text's very first unit is
 * always a candidate, as there is no unit before it to read.
 */
function hintLine(p: usize, ls: i32, le: i32): i32 {
  const levelEnd = min(le, ls + LEVEL_SCAN);
  const scanEnd = min(le, ls + ANOMALY_SCAN);
  const firstLow = v128.load(FIRST_GROUPS);
  const firstHigh = v128.load(FIRST_GROUPS, 16);
  const secondLow = v128.load(SECOND_GROUPS);
  const secondHigh = v128.load(SECOND_GROUPS, 16);
  const fold = i8x16.splat(32);
  const a = i8x16.splat(97);
  let hints = 0;
  for (let b = ls; b < scanEnd; b += 16) {
    const at = p + (<usize>b << 1);
    const lc = v128.or(bytesAt(at), fold);
    const prev = bytesAt(at - 2);
    const first = i8x16.sub(lc, a);
    const second = i8x16.sub(v128.or(bytesAt(at + 2), fold), a);
    const pair = v128.and(lookup(firstLow, firstHigh, first), lookup(secondLow, secondHigh, second));
    const prevLetter = i8x16.lt_u(i8x16.sub(v128.or(prev, fold), a), i8x16.splat(26));
    const prevWord = v128.or(
      v128.or(prevLetter, i8x16.lt_u(i8x16.sub(prev, i8x16.splat(48)), i8x16.splat(10))),
      i8x16.eq(prev, i8x16.splat(<i8>UNDERSCORE)),
    );
    let candidates = v128.andnot(v128.not(i8x16.eq(pair, i8x16.splat(0))), prevWord);
    if ((hints & HINT_LEVEL) == 0 && b < levelEnd) {
      // Inside words: `er`/`ex` (error, exception), `wa` (warning), `pa` (panic), `ht` after a non-letter (npm http).
      const e = v128.and(i8x16.eq(first, i8x16.splat(4)), v128.or(i8x16.eq(second, i8x16.splat(17)), i8x16.eq(second, i8x16.splat(23))));
      const aSecond = i8x16.eq(second, i8x16.splat(0));
      const wp = v128.and(v128.or(i8x16.eq(first, i8x16.splat(22)), i8x16.eq(first, i8x16.splat(15))), aSecond);
      const h = v128.andnot(v128.and(i8x16.eq(first, i8x16.splat(7)), i8x16.eq(second, i8x16.splat(19))), prevLetter);
      candidates = v128.or(candidates, v128.or(v128.or(e, wp), h));
    }
    let mask = i8x16.bitmask(candidates);
    if (b == 0) mask |= 1;
    if (b + 16 > scanEnd) mask &= (1 << (scanEnd - b)) - 1;
    while (mask != 0) {
      hints = candidateHints(p, ls, b + <i32>ctz(mask), le, levelEnd, hints);
      mask &= mask - 1;
    }
    // Done once both are set, or once the anomaly is and the level window is past.
    if ((hints & HINT_ANOMALY) != 0 && ((hints & HINT_LEVEL) != 0 || b + 16 >= levelEnd)) break;
  }
  return hints;
}


/**
 * Writes the hint byte of each line of the `n` units at `p` to `out`, starting
 * at the line that begins at offset `load<i32>(state)` (lines as in LineIndex:
 * a final "\n" opens no empty line), for at most `lineCap` lines. Bit 0: the
 * line may hold a level word; bit 1: it may name an anomaly. Stores at `state`
 * the offset of the next line and returns the lines done.
 */
export function logLineHints(p: usize, n: i32, state: usize, lineCap: i32, out: usize): i32 {
  let pos = load<i32>(state);
  let lines = 0;
  while (pos < n && lines < lineCap) {
    const end = findBreak(p, pos, n);
    store<u8>(out + <usize>lines, <u8>hintLine(p, pos, end));
    lines++;
    pos = end + 1;
  }
  store<i32>(state, pos);
  return lines;
}
