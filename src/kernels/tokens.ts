/**
 * Token-count estimate: a fast stand-in for tiktoken's `o200k_base` count.
 *
 * One linear pass over UTF-16 code units mimics o200k's pre-tokenizer (the
 * regex that cuts text into words with an optional leading space or
 * punctuation mark, digit groups of three, punctuation runs that swallow the
 * newlines after them, whitespace runs whose last space joins the next word)
 * and prices each piece in sixteenths of a token:
 * - a word by its prefix (none / space / other), its case shape (lower,
 *   Capitalised, UPPER, MiXed) and its ASCII length, plus a surcharge for each
 *   letter pair that o200k's vocabulary rarely merges (so `drwxr`, base64 and
 *   hex cost more than English);
 * - a punctuation run by its length, plus ESC characters, plus each mark past
 *   the 8th by how well o200k merges runs of it (`[[` at most, `----` 16 and more);
 * - a whitespace run as one piece, plus, past 32 units, its newlines, tabs and CRs;
 * - non-ASCII characters by Unicode block (CJK, Hangul, Cyrillic, symbols…);
 * - digit groups, whitespace and newline pieces at one token each.
 * The tables were fitted by `bench/calibrate-tokens.mjs --fit` against exact
 * o200k counts of the shared corpus (results in
 * bench/results/tokens-calibration.md); they lean slightly high, because the
 * gate that uses them is safer overestimating.
 *
 * `assembly/tokens.ts` runs the same pass in WebAssembly: both use only
 * integer arithmetic, so they agree exactly.
 */
import { wasmHost, type WasmHost } from "./wasm.js";

// Character kinds. Letters first so that `kind <= K_LX` tests "is a letter".
const K_LOWER = 0,
  K_UPPER = 1,
  K_LX = 2,
  K_DIGIT = 3,
  K_SPACE = 4,
  K_WS = 5,
  K_NL = 6,
  K_PUNCT = 7,
  K_SX = 8;

/** Kind of each ASCII code unit. */
const ASCII_KIND = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_KIND[c] =
    c >= 97 && c <= 122
      ? K_LOWER
      : c >= 65 && c <= 90
        ? K_UPPER
        : c >= 48 && c <= 57
          ? K_DIGIT
          : c === 32
            ? K_SPACE
            : c === 10 || c === 13
              ? K_NL
              : c === 9 || c === 11 || c === 12
                ? K_WS
                : K_PUNCT;
}

/**
 * Kind and price (sixteenths of a token, `<< 4`) of a non-ASCII code unit, by
 * block. Whitespace follows JavaScript's `\s` (which o200k's regex uses).
 * A surrogate pair costs its high half; lone surrogates stay symbols.
 */
function wideClass(c: number): number {
  if (c < 0x2000) {
    if (c < 0xc0) return c === 0xa0 ? K_WS : K_SX | (16 << 4);
    if (c < 0x250) return c === 0xd7 || c === 0xf7 ? K_SX | (16 << 4) : K_LX | (8 << 4);
    if (c < 0x300) return K_LX | (12 << 4);
    if (c < 0x370) return K_LX | (8 << 4);
    return c === 0x1680 ? K_WS : K_LX | (2 << 4);
  }
  if (c < 0x3000) {
    if (c < 0x2070) {
      if (c <= 0x200a || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f) return K_WS;
      return K_SX | (16 << 4);
    }
    if (c < 0x2500) return K_SX | (24 << 4);
    if (c < 0x2600) return K_SX | (32 << 4);
    if (c < 0x2800) return K_SX | (20 << 4);
    if (c < 0x2900) return K_SX | (32 << 4);
    if (c < 0x2c00) return K_SX | (24 << 4);
    return K_LX | (12 << 4);
  }
  if (c < 0xd800) {
    if (c === 0x3000) return K_WS;
    if (c < 0x3040) return K_SX | (16 << 4);
    if (c < 0x3100) return K_LX | (12 << 4);
    if (c < 0x3400) return K_LX | (16 << 4);
    if (c < 0xa000) return K_LX | (11 << 4);
    if (c < 0xac00) return K_LX | (16 << 4);
    if (c < 0xd7b0) return K_LX | (6 << 4);
    return K_LX | (16 << 4);
  }
  if (c < 0xdc00) return K_SX | (24 << 4);
  if (c < 0xe000) return K_SX;
  if (c < 0xf900) return K_SX | (32 << 4);
  if (c < 0xfb00) return K_LX | (12 << 4);
  if (c < 0xfeff) return K_LX | (8 << 4);
  if (c === 0xfeff) return K_WS;
  return K_SX | (16 << 4);
}

/** Kind of any code unit. */
function kindOf(c: number): number {
  return c < 128 ? ASCII_KIND[c] : wideClass(c) & 15;
}

/**
 * Price of a word piece by [prefix (none, space, other) × shape (lower,
 * Capitalised, UPPER, MiXed)] × ASCII letters (1..12; index 0 unused).
 */
const WORD_COST = new Uint8Array([
  0, 16, 16, 16, 16, 18, 18, 19, 20, 23, 26, 29, 29, 0, 16, 16, 18, 18, 18, 18, 18, 18, 18, 19, 25, 25, 0, 16, 16, 20,
  25, 35, 40, 47, 47, 63, 63, 63, 84, 0, 16, 16, 30, 35, 44, 51, 57, 69, 70, 80, 80, 92, 0, 16, 16, 16, 16, 16, 16, 16,
  17, 17, 18, 18, 19, 0, 16, 16, 16, 16, 17, 17, 21, 21, 24, 24, 33, 33, 0, 16, 16, 16, 18, 21, 29, 29, 37, 40, 40, 40,
  41, 0, 16, 16, 21, 25, 30, 30, 31, 31, 31, 34, 34, 34, 0, 16, 17, 18, 19, 23, 23, 24, 31, 31, 32, 42, 48, 0, 16, 25,
  26, 26, 27, 27, 27, 35, 35, 35, 35, 36, 0, 17, 21, 28, 28, 32, 38, 49, 59, 59, 59, 61, 61, 0, 16, 16, 35, 48, 51, 51,
  51, 72, 72, 72, 72, 86,
]);
/** Price of each letter past the 12th, by shape. */
const WORD_TAIL = new Uint8Array([2, 2, 5, 7]);
/** Surcharge of a letter pair by [shape × rarity level 0..3]. */
const RARE_PAIR_COST = new Uint8Array([0, 2, 8, 17, 0, 3, 8, 12, 0, 4, 6, 9, 0, 2, 3, 3]);
/** Price of a punctuation run by [after a space? × ASCII length 0..8+]. */
const PUNCT_COST = new Uint8Array([2, 16, 16, 19, 23, 33, 35, 44, 44, 0, 16, 19, 19, 32, 33, 41, 41, 47]);
const ESC_COST = 23;
const UNIT = 16; // digit group, whitespace piece, newline piece, non-ASCII-only word

/**
 * Price, in 64ths of a token, of each ASCII punctuation mark past the 8th of
 * one run: o200k has merges for long runs of a few marks (`----`, `====`,
 * `****`, 16 or more per token) and few for most (`[[` is its longest run of
 * `[`: 2 per token), so a flat price per run priced 10 000 `[` at 3 tokens
 * (exact: 5 000) and let 100 MB of them pass the gate as "too short".
 * Measured as 64 × o200k tokens of 1 000 copies ÷ 1 000 (control
 * characters: one token each; ESC is priced by ESC_COST).
 */
const RUN_TAIL = new Uint8Array([
  32, 64, 64, 64, 64, 64, 64, 64, 64, 0, 0, 0, 0, 0, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 0, 64, 64, 64,
  64, 0, 4, 16, 1, 16, 2, 32, 16, 16, 16, 1, 2, 16, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 8, 1, 8, 8, 8, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 16, 32, 8, 1, 32, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 16, 32, 2, 64,
]);
/** A mark that differs from the one before it in a long run costs at least this (64ths): alternating marks merge little. */
const RUN_CHANGE = 32;
/** Whitespace runs longer than this are priced by {@link wsTail} too. */
const WS_RUN = 32;

/**
 * Price in sixteenths of a whitespace run of `length` units past its flat
 * price, from its counts (`other`: not spaces; `plain`: LF or tab; `cr`;
 * `changes`: units unlike the one before): o200k takes about 16 newlines or tabs and over 100 spaces per
 * token, a vertical tab or form feed each, and merges little across a change
 * (CRLF, space-newline).
 */
function wsTail(length: number, other: number, plain: number, cr: number, changes: number): number {
  if (length <= WS_RUN) return 0;
  const spaces = length - other;
  const rare = other - plain - cr;
  // Divisions, not shifts: a run of a billion units overflows 32-bit shifts.
  return Math.floor((Math.floor(spaces / 2) + 4 * plain + 8 * cr + 64 * rare + 8 * changes + 3) / 4);
}

/**
 * Rarity level (0 common .. 3 rare) of each case-folded letter pair, from how
 * many o200k vocabulary tokens contain it (≥ 200, 50–199, 10–49, < 10).
 */
const PAIR_RARITY = new Uint8Array([
  0,
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  0, // a
  0,
  1,
  1,
  2,
  0,
  2,
  2,
  1,
  0,
  1,
  2,
  0,
  2,
  2,
  0,
  2,
  3,
  0,
  0,
  1,
  0,
  2,
  2,
  3,
  1,
  3, // b
  0,
  2,
  0,
  1,
  0,
  2,
  2,
  0,
  0,
  2,
  0,
  0,
  1,
  2,
  0,
  1,
  2,
  0,
  0,
  0,
  0,
  2,
  3,
  3,
  0,
  1, // c
  0,
  1,
  1,
  0,
  0,
  1,
  1,
  1,
  0,
  2,
  2,
  0,
  1,
  1,
  0,
  2,
  2,
  0,
  0,
  1,
  0,
  1,
  1,
  2,
  0,
  1, // d
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0, // e
  0,
  2,
  2,
  2,
  0,
  0,
  2,
  2,
  0,
  3,
  2,
  0,
  2,
  2,
  0,
  2,
  3,
  0,
  1,
  0,
  0,
  3,
  2,
  2,
  1,
  3, // f
  0,
  1,
  2,
  1,
  0,
  2,
  0,
  0,
  0,
  2,
  2,
  0,
  1,
  0,
  0,
  2,
  3,
  0,
  0,
  1,
  0,
  2,
  1,
  3,
  1,
  3, // g
  0,
  2,
  2,
  1,
  0,
  2,
  3,
  2,
  0,
  2,
  2,
  0,
  1,
  1,
  0,
  2,
  2,
  0,
  1,
  0,
  0,
  2,
  1,
  3,
  0,
  2, // h
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  1,
  0,
  2,
  1,
  1,
  0, // i
  0,
  2,
  3,
  1,
  0,
  2,
  2,
  3,
  1,
  3,
  1,
  2,
  2,
  2,
  0,
  2,
  3,
  3,
  1,
  2,
  0,
  2,
  2,
  3,
  3,
  2, // j
  0,
  2,
  2,
  2,
  0,
  2,
  2,
  1,
  0,
  2,
  1,
  0,
  2,
  1,
  0,
  2,
  3,
  1,
  0,
  0,
  0,
  2,
  1,
  3,
  1,
  3, // k
  0,
  1,
  1,
  0,
  0,
  1,
  1,
  1,
  0,
  1,
  1,
  0,
  0,
  1,
  0,
  1,
  2,
  2,
  0,
  0,
  0,
  1,
  2,
  3,
  0,
  2, // l
  0,
  0,
  2,
  1,
  0,
  2,
  2,
  2,
  0,
  2,
  2,
  1,
  0,
  1,
  0,
  0,
  3,
  2,
  0,
  1,
  0,
  2,
  1,
  3,
  1,
  3, // m
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  1,
  0,
  0,
  1,
  1,
  1,
  0,
  0,
  0,
  0,
  1,
  2,
  0,
  0, // n
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  1, // o
  0,
  2,
  1,
  1,
  0,
  1,
  2,
  0,
  0,
  3,
  2,
  0,
  1,
  2,
  0,
  0,
  3,
  0,
  0,
  0,
  0,
  2,
  2,
  3,
  1,
  3, // p
  1,
  3,
  3,
  3,
  2,
  3,
  3,
  3,
  2,
  3,
  3,
  2,
  3,
  3,
  2,
  3,
  2,
  2,
  2,
  2,
  0,
  3,
  3,
  3,
  3,
  3, // q
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  2,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  1,
  2,
  0,
  1, // r
  0,
  1,
  0,
  1,
  0,
  1,
  1,
  0,
  0,
  2,
  0,
  0,
  0,
  1,
  0,
  0,
  1,
  1,
  0,
  0,
  0,
  1,
  0,
  2,
  0,
  1, // s
  0,
  1,
  0,
  1,
  0,
  1,
  1,
  0,
  0,
  2,
  2,
  0,
  1,
  1,
  0,
  1,
  3,
  0,
  0,
  0,
  0,
  1,
  1,
  2,
  0,
  1, // t
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0,
  0,
  1,
  0,
  2,
  0,
  0,
  0,
  1,
  1,
  1,
  1,
  1,
  1, // u
  0,
  2,
  2,
  2,
  0,
  3,
  2,
  3,
  0,
  3,
  3,
  1,
  2,
  2,
  0,
  2,
  3,
  1,
  2,
  2,
  1,
  2,
  2,
  3,
  2,
  3, // v
  0,
  2,
  2,
  2,
  0,
  2,
  3,
  1,
  0,
  3,
  2,
  1,
  2,
  0,
  0,
  2,
  3,
  1,
  1,
  2,
  1,
  3,
  2,
  2,
  1,
  3, // w
  1,
  2,
  1,
  2,
  1,
  2,
  3,
  2,
  0,
  3,
  3,
  2,
  2,
  3,
  2,
  0,
  3,
  3,
  3,
  0,
  2,
  3,
  3,
  1,
  2,
  3, // x
  0,
  1,
  1,
  1,
  0,
  2,
  1,
  3,
  1,
  3,
  2,
  1,
  1,
  0,
  0,
  0,
  3,
  1,
  0,
  1,
  1,
  3,
  2,
  3,
  2,
  2, // y
  0,
  2,
  2,
  2,
  0,
  3,
  2,
  2,
  0,
  3,
  2,
  2,
  2,
  2,
  0,
  3,
  3,
  2,
  3,
  2,
  1,
  2,
  1,
  3,
  1,
  1, // z
]);

// Scan state of the twin, module-level so the helpers below stay plain
// functions (closures per call cost V8 more than the pass). Calls never nest.
let scanText = "";
let scanUnits = 0;

/**
 * Estimated o200k_base tokens of `text` in sixteenths of a token (before
 * rounding), by the TS twin. Parts of a text split after a newline add up.
 */
export function tokenUnitsTwin(text: string): number {
  scanText = text;
  scanUnits = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const k = c < 128 ? ASCII_KIND[c] : wideClass(c) & 15;
    if (k <= K_LX) {
      i = scanWord(i, 0);
    } else if (k === K_DIGIT) {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d < 48 || d > 57) break;
        j++;
      }
      scanUnits += UNIT * (((j - i + 2) / 3) | 0);
      i = j;
    } else if (k === K_SPACE || k === K_WS || k === K_NL) {
      // One whitespace run; o200k ends a piece at its last newline, and its
      // last space or tab becomes the prefix of a following word.
      let j = i;
      let lastNewline = -1;
      let other = 0,
        plain = 0,
        cr = 0,
        changes = 0;
      while (j < n) {
        const d = text.charCodeAt(j);
        const kd = kindOf(d);
        if (kd !== K_SPACE && kd !== K_WS && kd !== K_NL) break;
        if (kd === K_NL) lastNewline = j;
        if (d !== 32) other++;
        if (d === 10 || d === 9) plain++;
        else if (d === 13) cr++;
        if (j > i && d !== text.charCodeAt(j - 1)) changes++;
        j++;
      }
      scanUnits += wsTail(j - i, other, plain, cr, changes);
      if (lastNewline >= 0) {
        scanUnits += UNIT;
        i = lastNewline + 1;
        if (i === j) continue;
      }
      if (j === n) {
        scanUnits += UNIT;
        i = j;
        continue;
      }
      if (j - i > 1) scanUnits += UNIT;
      const next = kindOf(text.charCodeAt(j));
      const lastIsSpace = text.charCodeAt(j - 1) === 32;
      if (next <= K_LX) {
        i = scanWord(j, lastIsSpace ? 1 : 2);
      } else if ((next === K_PUNCT || next === K_SX) && lastIsSpace) {
        i = scanPunct(j, 1);
      } else {
        scanUnits += UNIT;
        i = j;
      }
    } else if (i + 1 < n && kindOf(text.charCodeAt(i + 1)) <= K_LX) {
      // A lone mark right before a letter is the word's prefix.
      if (k === K_SX) scanUnits += wideClass(c) >> 4;
      i = scanWord(i + 1, 2);
    } else {
      i = scanPunct(i, 0);
    }
  }
  scanText = "";
  return scanUnits;
}

/** Prices the word starting at `at` (its prefix, if any, is at `at - 1`); returns its end. */
function scanWord(at: number, prefix: number): number {
  const text = scanText;
  const n = text.length;
  let j = at,
    upper = 0,
    lower = 0,
    prev = -1,
    rare1 = 0,
    rare2 = 0,
    rare3 = 0;
  let wide = 0;
  while (j < n) {
    const d = text.charCodeAt(j);
    let letter: number;
    if (d < 128) {
      const kd = ASCII_KIND[d];
      if (kd === K_LOWER) {
        lower++;
        letter = d - 97;
      } else if (kd === K_UPPER) {
        // o200k starts a new word at a lower→Upper step (camelCase).
        if (lower > 0) break;
        upper++;
        letter = d - 65;
      } else break;
      if (prev >= 0) {
        const level = PAIR_RARITY[prev * 26 + letter];
        if (level !== 0) {
          if (level === 1) rare1++;
          else if (level === 2) rare2++;
          else rare3++;
        }
      }
      prev = letter;
    } else {
      const w = wideClass(d);
      if ((w & 15) !== K_LX) break;
      wide += w >> 4;
      prev = -1;
    }
    j++;
  }
  const len = upper + lower;
  if (len === 0) {
    scanUnits += UNIT + wide;
  } else {
    const shape = upper === 0 ? 0 : lower === 0 ? 2 : upper === 1 ? 1 : 3;
    scanUnits += WORD_COST[(prefix * 4 + shape) * 13 + Math.min(len, 12)] + wide;
    if (len > 12) scanUnits += WORD_TAIL[shape] * (len - 12);
    const r = shape * 4;
    scanUnits += RARE_PAIR_COST[r + 1] * rare1 + RARE_PAIR_COST[r + 2] * rare2 + RARE_PAIR_COST[r + 3] * rare3;
  }
  return j;
}

/** Prices the punctuation run at `at` (after a space when `lead` is 1); returns its end. */
function scanPunct(at: number, lead: number): number {
  const text = scanText;
  const n = text.length;
  let j = at,
    ascii = 0,
    esc = 0,
    wide = 0,
    tail = 0;
  while (j < n) {
    const d = text.charCodeAt(j);
    if (d < 128) {
      if (ASCII_KIND[d] !== K_PUNCT) break;
      if (ascii >= 8) tail += d === text.charCodeAt(j - 1) ? RUN_TAIL[d] : Math.max(RUN_TAIL[d], RUN_CHANGE);
      ascii++;
      if (d === 27) esc++;
    } else {
      const w = wideClass(d);
      if ((w & 15) !== K_SX) break;
      wide += w >> 4;
    }
    j++;
  }
  // o200k keeps the newlines after punctuation in the same piece.
  while (j < n) {
    const d = text.charCodeAt(j);
    if (d !== 10 && d !== 13) break;
    j++;
  }
  scanUnits += PUNCT_COST[lead * 9 + Math.min(ascii, 8)] + ESC_COST * esc + wide + Math.floor((tail + 3) / 4);
  return j;
}

/** Rounds summed units to whole tokens. */
function unitsToTokens(units: number): number {
  return Math.floor((units + 8) / 16);
}

/** Estimated o200k_base tokens of `text`, by the TS twin. */
export function estimateTokensTwin(text: string): number {
  return unitsToTokens(tokenUnitsTwin(text));
}

/**
 * Longest slice copied into WASM memory at once (UTF-16 code units), so the
 * arena stays small for huge inputs; see {@link safeSplit}.
 */
const CHUNK = 1 << 20;

function isSpaceUnit(c: number): boolean {
  const k = kindOf(c);
  return k === K_SPACE || k === K_WS || k === K_NL;
}

/**
 * First offset ≥ `from` where the scan can restart with nothing carried over:
 * just after a "\n" that is followed by a non-space (a newline always closes
 * the piece it ends). -1 if there is none, e.g. in one endless line.
 */
function safeSplit(text: string, from: number): number {
  let nl = text.indexOf("\n", from);
  while (nl >= 0 && nl + 1 < text.length) {
    if (!isSpaceUnit(text.charCodeAt(nl + 1))) return nl + 1;
    nl = text.indexOf("\n", nl + 1);
  }
  return -1;
}

function wasmUnits(host: WasmHost, text: string, start: number, end: number): number {
  const ptr = host.base;
  const slice = start === 0 && end === text.length ? text : text.slice(start, end);
  host.reserve(ptr + slice.length * 2);
  host.writeUtf16(slice, ptr);
  return host.exports.tokenUnits(ptr, slice.length);
}

/** Estimated o200k_base tokens of `text`, by the WASM kernel (same result as the twin). */
export function estimateTokensWasm(host: WasmHost, text: string): number {
  return unitsToTokens(wasmTokenUnits(host, text));
}

/** The summed units of `text`, by the WASM kernel in chunks that end where the scan restarts. */
function wasmTokenUnits(host: WasmHost, text: string): number {
  const n = text.length;
  let units = 0;
  let start = 0;
  while (n - start > CHUNK) {
    const end = safeSplit(text, start + CHUNK);
    if (end < 0) break;
    units += wasmUnits(host, text, start, end);
    start = end;
  }
  units += wasmUnits(host, text, start, n);
  return units;
}

/**
 * Below this many code units the twin is as fast: copying into WASM memory and
 * the call cost about what the pass saves. Measured on slices of the bench
 * inputs, copy-in included: even at 16 code units, WASM 1.4× faster at 32,
 * 2× at 256.
 */
const WASM_FROM = 32;

/**
 * Estimated o200k_base tokens of `text`: within a few percent of the exact
 * count on tool output (see bench/results/tokens-calibration.md), leaning high.
 * Uses the WASM kernel once loaded and the input is long enough, else the twin.
 *
 * @example
 * await loadWasm();
 * estimateTokens('{"name": "pithy"}'); // ≈ js-tiktoken o200k_base count
 */
export function estimateTokens(text: string): number {
  return unitsToTokens(tokenUnits(text));
}

/** The summed units of `text` (WASM when loaded and worth it, else the twin). */
function tokenUnits(text: string): number {
  if (text.length >= WASM_FROM) {
    const host = wasmHost();
    if (host !== null) return wasmTokenUnits(host, text);
  }
  return tokenUnitsTwin(text);
}

/**
 * {@link estimateTokens} of `head + tail`, without making that string when
 * the scan restarts at the join (`head` ends in "\n" and `tail` opens with
 * a non-space, as where the WASM pass cuts its chunks): each part's units
 * are summed. The pipeline appends a marker line to a cleaned text, and the
 * first reader of the concatenation would flatten it: a second copy of a
 * 100 MB output inside the call.
 */
export function estimateTokensJoined(head: string, tail: string): number {
  if (head.length === 0 || tail.length === 0) return estimateTokens(head + tail);
  if (head.charCodeAt(head.length - 1) !== 10 || isSpaceUnit(tail.charCodeAt(0))) {
    return estimateTokens(head + tail);
  }
  return unitsToTokens(tokenUnits(head) + tokenUnits(tail));
}
