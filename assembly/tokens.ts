// Token-count estimate for o200k_base: the WebAssembly twin of
// src/kernels/tokens.ts (read the design there). Same pass, same integer
// tables, so both give identical results; this one reads UTF-16 code units
// straight from linear memory.
//
// Two paths price the pieces: `asciiPieces` takes every piece made of ASCII
// units only (nearly all of tool output) and has no calls, so that V8 keeps its
// loop state in registers (a call to `wideClass` anywhere in a loop made it
// spill the whole scan state to the stack); it hands a piece that involves a
// non-ASCII unit to `generalPieces`, the straight port of the twin's loop.
// Either path may resume where the other stopped: pieces carry no state.

// Character kinds. Letters first so that `kind <= K_LX` tests "is a letter".
const K_LOWER: i32 = 0;
const K_UPPER: i32 = 1;
const K_LX: i32 = 2;
const K_DIGIT: i32 = 3;
const K_SPACE: i32 = 4;
const K_WS: i32 = 5;
const K_NL: i32 = 6;
const K_PUNCT: i32 = 7;
const K_SX: i32 = 8;

// Kind of each ASCII code unit.
const ASCII_KIND = memory.data<u8>([
  7, 7, 7, 7, 7, 7, 7, 7, 7, 5, 6, 5, 5, 6, 7, 7, // 0x00
  7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, // 0x10
  4, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, // 0x20
  3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 7, 7, 7, 7, 7, 7, // 0x30
  7, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, // 0x40
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 7, 7, 7, 7, 7, // 0x50
  7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // 0x60
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7, // 0x70
]);

// Word price by [prefix × shape] × ASCII letters (see the TS twin).
const WORD_COST = memory.data<u8>([
  0, 16, 16, 16, 16, 18, 18, 19, 20, 23, 26, 29, 29,
  0, 16, 16, 18, 18, 18, 18, 18, 18, 18, 19, 25, 25,
  0, 16, 16, 20, 25, 35, 40, 47, 47, 63, 63, 63, 84,
  0, 16, 16, 30, 35, 44, 51, 57, 69, 70, 80, 80, 92,
  0, 16, 16, 16, 16, 16, 16, 16, 17, 17, 18, 18, 19,
  0, 16, 16, 16, 16, 17, 17, 21, 21, 24, 24, 33, 33,
  0, 16, 16, 16, 18, 21, 29, 29, 37, 40, 40, 40, 41,
  0, 16, 16, 21, 25, 30, 30, 31, 31, 31, 34, 34, 34,
  0, 16, 17, 18, 19, 23, 23, 24, 31, 31, 32, 42, 48,
  0, 16, 25, 26, 26, 27, 27, 27, 35, 35, 35, 35, 36,
  0, 17, 21, 28, 28, 32, 38, 49, 59, 59, 59, 61, 61,
  0, 16, 16, 35, 48, 51, 51, 51, 72, 72, 72, 72, 86,

]);
const WORD_TAIL = memory.data<u8>([2, 2, 5, 7]);
const RARE_PAIR_COST = memory.data<u8>([0, 2, 8, 17, 0, 3, 8, 12, 0, 4, 6, 9, 0, 2, 3, 3]);
const PUNCT_COST = memory.data<u8>([
  2, 16, 16, 19, 23, 33, 35, 44, 44,
  0, 16, 19, 19, 32, 33, 41, 41, 47,
]);
const ESC_COST: i64 = 23;
const UNIT: i64 = 16;
// 64ths of a token for each ASCII mark past the 8th of a punctuation run (see the TS twin).
const RUN_TAIL = memory.data<u8>([
  32, 64, 64, 64, 64, 64, 64, 64, 64, 0, 0, 0, 0, 0, 64, 64, // 0x00
  64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 0, 64, 64, 64, 64, // 0x10
  0, 4, 16, 1, 16, 2, 32, 16, 16, 16, 1, 2, 16, 1, 1, 1, // 0x20
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 8, 1, 8, 8, // 0x30
  8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // 0x40
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 16, 32, 8, 1, // 0x50
  32, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // 0x60
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 16, 32, 2, 64, // 0x70
]);
const RUN_CHANGE: i64 = 32;
const WS_RUN: i32 = 32;

// Price in sixteenths of a long whitespace run past its flat price (see the TS twin).
// @ts-ignore: decorator
@inline function wsTail(length: i32, other: i32, plain: i32, cr: i32, changes: i32): i64 {
  if (length <= WS_RUN) return 0;
  const spaces = <i64>(length - other);
  const rare = <i64>(other - plain - cr);
  return (spaces / 2 + <i64>4 * <i64>plain + <i64>8 * <i64>cr + <i64>64 * rare + <i64>8 * <i64>changes + 3) / 4;
}

// 64ths of the mark `d` at `j` (past the 8th of its run, `prev` before it).
// @ts-ignore: decorator
@inline function runTail(d: i32, prev: i32): i64 {
  const rate = <i64>load<u8>(RUN_TAIL + <usize>d);
  return d == prev || rate >= RUN_CHANGE ? rate : RUN_CHANGE;
}

// Rarity level of each case-folded letter pair in o200k's vocabulary.
const PAIR_RARITY = memory.data<u8>([
  0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, // a
  0, 1, 1, 2, 0, 2, 2, 1, 0, 1, 2, 0, 2, 2, 0, 2, 3, 0, 0, 1, 0, 2, 2, 3, 1, 3, // b
  0, 2, 0, 1, 0, 2, 2, 0, 0, 2, 0, 0, 1, 2, 0, 1, 2, 0, 0, 0, 0, 2, 3, 3, 0, 1, // c
  0, 1, 1, 0, 0, 1, 1, 1, 0, 2, 2, 0, 1, 1, 0, 2, 2, 0, 0, 1, 0, 1, 1, 2, 0, 1, // d
  0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // e
  0, 2, 2, 2, 0, 0, 2, 2, 0, 3, 2, 0, 2, 2, 0, 2, 3, 0, 1, 0, 0, 3, 2, 2, 1, 3, // f
  0, 1, 2, 1, 0, 2, 0, 0, 0, 2, 2, 0, 1, 0, 0, 2, 3, 0, 0, 1, 0, 2, 1, 3, 1, 3, // g
  0, 2, 2, 1, 0, 2, 3, 2, 0, 2, 2, 0, 1, 1, 0, 2, 2, 0, 1, 0, 0, 2, 1, 3, 0, 2, // h
  0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 1, 1, 0, // i
  0, 2, 3, 1, 0, 2, 2, 3, 1, 3, 1, 2, 2, 2, 0, 2, 3, 3, 1, 2, 0, 2, 2, 3, 3, 2, // j
  0, 2, 2, 2, 0, 2, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 3, 1, 0, 0, 0, 2, 1, 3, 1, 3, // k
  0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 1, 2, 2, 0, 0, 0, 1, 2, 3, 0, 2, // l
  0, 0, 2, 1, 0, 2, 2, 2, 0, 2, 2, 1, 0, 1, 0, 0, 3, 2, 0, 1, 0, 2, 1, 3, 1, 3, // m
  0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 2, 0, 0, // n
  0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, // o
  0, 2, 1, 1, 0, 1, 2, 0, 0, 3, 2, 0, 1, 2, 0, 0, 3, 0, 0, 0, 0, 2, 2, 3, 1, 3, // p
  1, 3, 3, 3, 2, 3, 3, 3, 2, 3, 3, 2, 3, 3, 2, 3, 2, 2, 2, 2, 0, 3, 3, 3, 3, 3, // q
  0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 2, 0, 1, // r
  0, 1, 0, 1, 0, 1, 1, 0, 0, 2, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 2, 0, 1, // s
  0, 1, 0, 1, 0, 1, 1, 0, 0, 2, 2, 0, 1, 1, 0, 1, 3, 0, 0, 0, 0, 1, 1, 2, 0, 1, // t
  0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1, // u
  0, 2, 2, 2, 0, 3, 2, 3, 0, 3, 3, 1, 2, 2, 0, 2, 3, 1, 2, 2, 1, 2, 2, 3, 2, 3, // v
  0, 2, 2, 2, 0, 2, 3, 1, 0, 3, 2, 1, 2, 0, 0, 2, 3, 1, 1, 2, 1, 3, 2, 2, 1, 3, // w
  1, 2, 1, 2, 1, 2, 3, 2, 0, 3, 3, 2, 2, 3, 2, 0, 3, 3, 3, 0, 2, 3, 3, 1, 2, 3, // x
  0, 1, 1, 1, 0, 2, 1, 3, 1, 3, 2, 1, 1, 0, 0, 0, 3, 1, 0, 1, 1, 3, 2, 3, 2, 2, // y
  0, 2, 2, 2, 0, 3, 2, 2, 0, 3, 2, 2, 2, 2, 0, 3, 3, 2, 3, 2, 1, 2, 1, 3, 1, 1, // z
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // no letter before
]);

// Kind | price << 4 of a non-ASCII code unit, by block (see the TS twin).
function wideClass(c: i32): i32 {
  if (c < 0x2000) {
    if (c < 0xc0) return c == 0xa0 ? K_WS : K_SX | (16 << 4);
    if (c < 0x250) return c == 0xd7 || c == 0xf7 ? K_SX | (16 << 4) : K_LX | (8 << 4);
    if (c < 0x300) return K_LX | (12 << 4);
    if (c < 0x370) return K_LX | (8 << 4);
    return c == 0x1680 ? K_WS : K_LX | (2 << 4);
  }
  if (c < 0x3000) {
    if (c < 0x2070) {
      if (c <= 0x200a || c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f) return K_WS;
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
    if (c == 0x3000) return K_WS;
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
  if (c == 0xfeff) return K_WS;
  return K_SX | (16 << 4);
}

// @ts-ignore: decorator
@inline function unitAt(ptr: usize, i: i32): i32 {
  return <i32>load<u16>(ptr + (<usize>i << 1));
}

// @ts-ignore: decorator
@inline function kindOf(c: i32): i32 {
  return c < 128 ? <i32>load<u8>(ASCII_KIND + <usize>c) : wideClass(c) & 15;
}

// @ts-ignore: decorator
@inline function isSpaceKind(k: i32): bool {
  return k == K_SPACE || k == K_WS || k == K_NL;
}

// Row of PAIR_RARITY read for a word's first letter: all zeros.
const NO_LETTER: i32 = 26;

// Running total of both paths (single-threaded, reset per call).
let units: i64 = 0;

// The general path's word and punctuation scans, inlined: a call per word
// cost about a fifth of the pass.

// @ts-ignore: decorator
@inline function scanWord(ptr: usize, n: i32, at: i32, prefix: i32): i32 {
  let j = at;
  let upper = 0, lower = 0, prev = NO_LETTER, rare1 = 0, rare2 = 0, rare3 = 0, wide = 0;
  while (j < n) {
    const d = unitAt(ptr, j);
    let letter = d - 97;
    if (<u32>letter < 26) {
      lower++;
    } else {
      letter = d - 65;
      if (<u32>letter < 26) {
        if (lower > 0) break;
        upper++;
      } else {
        if (d < 128) break;
        const w = wideClass(d);
        if ((w & 15) != K_LX) break;
        wide += w >> 4;
        prev = NO_LETTER;
        j++;
        continue;
      }
    }
    const level = <i32>load<u8>(PAIR_RARITY + <usize>(prev * 26 + letter));
    if (level != 0) { if (level == 1) rare1++; else if (level == 2) rare2++; else rare3++; }
    prev = letter;
    j++;
  }
  const len = upper + lower;
  if (len == 0) {
    units += UNIT + <i64>wide;
  } else {
    const shape = upper == 0 ? 0 : lower == 0 ? 2 : upper == 1 ? 1 : 3;
    units += <i64>load<u8>(WORD_COST + <usize>((prefix * 4 + shape) * 13 + (len < 12 ? len : 12))) + <i64>wide;
    if (len > 12) units += <i64>load<u8>(WORD_TAIL + <usize>shape) * <i64>(len - 12);
    const row = RARE_PAIR_COST + <usize>(shape * 4);
    units += <i64>load<u8>(row + 1) * <i64>rare1 + <i64>load<u8>(row + 2) * <i64>rare2 + <i64>load<u8>(row + 3) * <i64>rare3;
  }
  return j;
}

// @ts-ignore: decorator
@inline function scanPunct(ptr: usize, n: i32, at: i32, lead: i32): i32 {
  let j = at, ascii = 0, esc = 0, wide = 0;
  let tail: i64 = 0;
  while (j < n) {
    const d = unitAt(ptr, j);
    if (d < 128) {
      if (<i32>load<u8>(ASCII_KIND + <usize>d) != K_PUNCT) break;
      if (ascii >= 8) tail += runTail(d, unitAt(ptr, j - 1));
      ascii++;
      if (d == 27) esc++;
    } else {
      const w = wideClass(d);
      if ((w & 15) != K_SX) break;
      wide += w >> 4;
    }
    j++;
  }
  while (j < n) {
    const d = unitAt(ptr, j);
    if (d != 10 && d != 13) break;
    j++;
  }
  units += <i64>load<u8>(PUNCT_COST + <usize>(lead * 9 + (ascii < 8 ? ascii : 8))) + ESC_COST * <i64>esc + <i64>wide + (tail + 3) / 4;
  return j;
}

// The general path: prices the pieces from `i` on, any code unit, until the
// next piece starts with an ASCII unit; adds to `units`, returns the end.
function generalPieces(ptr: usize, n: i32, i: i32): i32 {
  const spaces = i16x8.splat(32);
  do {
    const c = unitAt(ptr, i);
    const k = kindOf(c);
    if (k <= K_LX) {
      i = scanWord(ptr, n, i, 0);
    } else if (k == K_DIGIT) {
      let j = i + 1;
      while (j < n) {
        const d = unitAt(ptr, j);
        if (d < 48 || d > 57) break;
        j++;
      }
      units += UNIT * <i64>((j - i + 2) / 3);
      i = j;
    } else if (isSpaceKind(k)) {
      let j = i;
      let lastNewline = -1;
      let other = 0, plain = 0, cr = 0, changes = 0;
      while (j < n) {
        const d = unitAt(ptr, j);
        const kd = kindOf(d);
        if (!isSpaceKind(kd)) break;
        if (kd == K_NL) lastNewline = j;
        if (d != 32) other++;
        if (d == 10 || d == 9) plain++;
        else if (d == 13) cr++;
        if (j > i && d != unitAt(ptr, j - 1)) changes++;
        j++;
        // Indentation: once two spaces in a row show up, take eight per step.
        if (d == 32 && j + 8 <= n && unitAt(ptr, j) == 32) {
          while (j + 8 <= n && i16x8.all_true(i16x8.eq(v128.load(ptr + (<usize>j << 1)), spaces))) j += 8;
        }
      }
      units += wsTail(j - i, other, plain, cr, changes);
      if (lastNewline >= 0) {
        units += UNIT;
        i = lastNewline + 1;
        if (i == j) continue;
      }
      if (j == n) { units += UNIT; i = j; continue; }
      if (j - i > 1) units += UNIT;
      const next = kindOf(unitAt(ptr, j));
      const lastIsSpace = unitAt(ptr, j - 1) == 32;
      if (next <= K_LX) {
        i = scanWord(ptr, n, j, lastIsSpace ? 1 : 2);
      } else if ((next == K_PUNCT || next == K_SX) && lastIsSpace) {
        i = scanPunct(ptr, n, j, 1);
      } else {
        units += UNIT;
        i = j;
      }
    } else if (i + 1 < n && kindOf(unitAt(ptr, i + 1)) <= K_LX) {
      if (k == K_SX) units += <i64>(wideClass(c) >> 4);
      i = scanWord(ptr, n, i + 1, 2);
    } else {
      i = scanPunct(ptr, n, i, 0);
    }
  } while (i < n && unitAt(ptr, i) >= 128);
  return i;
}

// Surcharge of each letter pair for each word shape, RARE_PAIR_COST folded
// into PAIR_RARITY: [shape][(first & 31) << 5 | (second & 31)], where `& 31`
// maps both cases of a letter to 1..26 and row 0 ("no letter before") is free.
const PAIR_COST = memory.data(4 << 10, 16);
for (let shape = 0; shape < 4; shape++) {
  for (let a = 0; a < 26; a++) {
    for (let b = 0; b < 26; b++) {
      const level = <usize>load<u8>(PAIR_RARITY + <usize>(a * 26 + b));
      store<u8>(PAIR_COST + <usize>((shape << 10) | ((a + 1) << 5) | (b + 1)), load<u8>(RARE_PAIR_COST + <usize>(shape * 4) + level));
    }
  }
}

// Returned by the ASCII helpers when a non-ASCII unit takes part in the piece.
const BAIL: i32 = -1;

// Prices the word of ASCII letters at `at` (prefix as in WORD_COST) into
// `units`; returns its end, or BAIL if a non-ASCII unit follows it.
// @ts-ignore: decorator
@inline function asciiWord(ptr: usize, n: i32, at: i32, prefix: i32): i32 {
  // o200k's word is Upper* lower*: the shape, hence the price of each
  // letter pair, is known once the first lower-case letter shows.
  let j = at, p = 0, shape = 0, d = 0;
  let cost: i64 = 0; // letter pairs, then the whole word
  let lowerFollows = true;
  if (<u32>(unitAt(ptr, at) - 97) >= 26) {
    let pairsUpper: i64 = 0;
    while (j < n) {
      d = unitAt(ptr, j);
      const u = d - 64;
      if (<u32>(u - 1) >= 26) break;
      const pair = PAIR_COST + <usize>((p << 5) | u);
      pairsUpper += <i64>load<u8>(pair + (2 << 10));
      cost += <i64>load<u8>(pair + (3 << 10));
      p = u;
      j++;
    }
    // With one capital there is no pair among capitals: `cost` is 0.
    lowerFollows = j < n && <u32>(d - 97) < 26;
    shape = j - at == 1 ? 1 : 3;
    if (!lowerFollows) { cost = pairsUpper; shape = 2; }
  }
  if (lowerFollows) {
    const table = PAIR_COST + <usize>(shape << 10);
    while (j < n) {
      d = unitAt(ptr, j);
      const l = d - 96;
      if (<u32>(l - 1) >= 26) break;
      cost += <i64>load<u8>(table + <usize>((p << 5) | l));
      p = l;
      j++;
    }
  }
  if (j < n && d >= 128) return BAIL;
  const letters = j - at;
  cost += <i64>load<u8>(WORD_COST + <usize>((prefix * 4 + shape) * 13 + (letters < 12 ? letters : 12)));
  if (letters > 12) cost += <i64>load<u8>(WORD_TAIL + <usize>shape) * <i64>(letters - 12);
  units += cost;
  return j;
}

// Prices the ASCII punctuation run at `at` (after a space when `lead` is 1)
// into `units`; returns its end, or BAIL if a non-ASCII unit follows it.
// @ts-ignore: decorator
@inline function asciiPunct(ptr: usize, n: i32, at: i32, lead: i32): i32 {
  let j = at, esc = 0, d = 0;
  let tail: i64 = 0;
  while (j < n) {
    d = unitAt(ptr, j);
    if (d >= 128 || <i32>load<u8>(ASCII_KIND + <usize>d) != K_PUNCT) break;
    if (d == 27) esc++;
    if (j - at >= 8) tail += runTail(d, unitAt(ptr, j - 1));
    j++;
  }
  if (j < n && d >= 128) return BAIL;
  const ascii = j - at;
  // o200k keeps the newlines after punctuation in the same piece.
  while (j < n) {
    d = unitAt(ptr, j);
    if (d != 10 && d != 13) break;
    j++;
  }
  units += <i64>load<u8>(PUNCT_COST + <usize>(lead * 9 + (ascii < 8 ? ascii : 8))) + ESC_COST * <i64>esc + (tail + 3) / 4;
  return j;
}

// The ASCII path: prices pieces from `i` on while they are made of ASCII
// units only; returns the start of the first piece it cannot price alone (a
// non-ASCII unit takes part in it), or `n`. No calls, so that V8 keeps the
// loop state in registers.
function asciiPieces(ptr: usize, n: i32, i: i32): i32 {
  const spaces = i16x8.splat(32);
  while (i < n) {
    const c = unitAt(ptr, i);
    if (c >= 128) break;
    const k = <i32>load<u8>(ASCII_KIND + <usize>c);
    let end: i32;
    if (k <= K_UPPER) {
      end = asciiWord(ptr, n, i, 0);
      if (end == BAIL) break;
      i = end;
      continue;
    }
    // Past the end reads as a non-ASCII unit, which stops every fast path.
    const next = i + 1 < n ? unitAt(ptr, i + 1) : 0xffff;
    if (c == 32 && <u32>((next | 32) - 97) < 26) {
      // The most common piece of all: a word after one space.
      end = asciiWord(ptr, n, i + 1, 1);
    } else if (k == K_PUNCT) {
      if (next >= 128) break;
      // A lone mark right before a letter is the word's prefix.
      end = <u32>((next | 32) - 97) < 26 ? asciiWord(ptr, n, i + 1, 2) : asciiPunct(ptr, n, i, 0);
    } else if (k == K_DIGIT) {
      let j = i + 1;
      while (j < n) {
        const d = unitAt(ptr, j);
        if (<u32>(d - 48) >= 10) break;
        j++;
      }
      units += UNIT * <i64>((j - i + 2) / 3);
      end = j;
    } else if (c == 32 && next < 128 && <i32>load<u8>(ASCII_KIND + <usize>next) == K_PUNCT) {
      end = asciiPunct(ptr, n, i + 1, 1);
    } else {
      // A whitespace run (see the general path).
      let j = i;
      let lastNewline = -1;
      let d = 0;
      let other = 0, plain = 0, cr = 0, changes = 0;
      while (j < n) {
        d = unitAt(ptr, j);
        if (d > 32) break;
        const kd = <i32>load<u8>(ASCII_KIND + <usize>d);
        if (kd < K_SPACE || kd > K_NL) break;
        if (kd == K_NL) lastNewline = j;
        if (d != 32) other++;
        if (d == 10 || d == 9) plain++;
        else if (d == 13) cr++;
        if (j > i && d != unitAt(ptr, j - 1)) changes++;
        j++;
        // The spaces after a space add nothing but length (no change, no
        // other unit): skip them eight at a time, then to the first non-space.
        if (d == 32) {
          while (j + 8 <= n) {
            const same = i16x8.bitmask(i16x8.eq(v128.load(ptr + (<usize>j << 1)), spaces));
            if (same != 0xff) {
              j += ctz(~same);
              break;
            }
            j += 8;
          }
          while (j < n && unitAt(ptr, j) == 32) j++;
        }
      }
      if (j < n && d >= 128) break;
      let at = i;
      let cost: i64 = wsTail(j - i, other, plain, cr, changes);
      end = j;
      if (lastNewline >= 0) {
        cost += UNIT;
        at = lastNewline + 1;
      }
      if (at < j) {
        if (j == n) {
          cost += UNIT;
        } else {
          if (j - at > 1) cost += UNIT;
          const lastIsSpace = unitAt(ptr, j - 1) == 32;
          if (<u32>((d | 32) - 97) < 26) {
            end = asciiWord(ptr, n, j, lastIsSpace ? 1 : 2);
          } else if (lastIsSpace && <i32>load<u8>(ASCII_KIND + <usize>d) == K_PUNCT) {
            end = asciiPunct(ptr, n, j, 1);
          } else {
            cost += UNIT;
          }
        }
      }
      // Added after the word or punctuation that may follow, which may bail.
      if (end == BAIL) break;
      units += cost;
    }
    if (end == BAIL) break;
    i = end;
  }
  return i;
}

/**
 * Estimated o200k_base tokens of the `len` UTF-16 code units at `ptr`, in
 * sixteenths of a token (the caller adds parts up and rounds). f64 so that
 * huge inputs cannot overflow and JS gets a plain number.
 */
export function tokenUnits(ptr: usize, len: i32): f64 {
  const n = len;
  units = 0;
  let i = 0;
  while (i < n) {
    i = asciiPieces(ptr, n, i);
    if (i < n) i = generalPieces(ptr, n, i);
  }
  return <f64>units;
}
