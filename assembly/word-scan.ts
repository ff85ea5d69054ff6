// The first of many words in a text (src/kernels/word-scan.ts), over UTF-16
// code units: the same rules as the TS scan, read from its tables copied in
// by the caller (the character pair table, each word group's third letters
// and words), so the words have one home. In `shapes` mode it also finds the
// shapes of the salient-line scan (src/fidelity/candidates.ts): those needing
// a line start, `1) `, `-->`, the marks of failed tests. A block filter
// (stopLanes16) names, 16 units at a time, the few units whose first three
// characters may open a word or shape; only those are looked up in the pair
// table, without the engine's string reads and bounds checks (a unit by unit
// scan paid a mispredicted branch at every common pair: er, re, co, te…).
// test/kernels/word-scan.test.ts and
// test/fidelity/candidates.test.ts check it against the TS scans and the
// regexes they replaced.

/** Pair kinds: 1…252 a group of words, then the shapes of candidates.ts. */
const NUMBERED: i32 = 253;
const ARROW: i32 = 254;
const LINE_END: i32 = 255;

// What must follow a word (candidates.ts AFTER_CODES).
const AFTER_BOUNDARY: i32 = 1;
const AFTER_PLURAL: i32 = 2;
const AFTER_DIGIT: i32 = 3;
const AFTER_HEX: i32 = 4;

const FROM = memory.data<u8>([102, 114, 111, 109, 32]); // from + space
const OK_PAREN = memory.data<u8>([111, 107, 32, 40]); // ok (

// @ts-ignore: decorator
@inline function unitAt(p: usize, i: i32): i32 {
  return <i32>load<u16>(p + (<usize>i << 1));
}

/** Unit `i`, or -1 past the end. */
// @ts-ignore: decorator
@inline function unitOr(p: usize, i: i32, n: i32): i32 {
  return i < n ? unitAt(p, i) : -1;
}

/** Where a regex's `^` and `$` see a line end. */
// @ts-ignore: decorator
@inline function isTerminator(c: i32): bool {
  return c == 10 || c == 13 || c == 0x2028 || c == 0x2029;
}

// @ts-ignore: decorator
@inline function isDigit(c: i32): bool {
  return <u32>(c - 48) < 10;
}

/** `c | 32` is a lowercase ASCII letter exactly when `c` is an ASCII letter. */
// @ts-ignore: decorator
@inline function isLetter(c: i32): bool {
  return c >= 0 && <u32>((c | 32) - 97) < 26;
}

// @ts-ignore: decorator
@inline function isHexDigit(c: i32): bool {
  return isDigit(c) || (c >= 0 && <u32>((c | 32) - 97) < 6);
}

/** `\w` without the `u` flag: what `\b` reads. */
// @ts-ignore: decorator
@inline function isWordChar(c: i32): bool {
  return isLetter(c) || isDigit(c) || c == 95;
}

/** `\s` as a JS regex reads it (-1, past the end, is none). */
function isSpace(c: i32): bool {
  if (c < 0) return false;
  if (c <= 32) return c == 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029
    || c == 0x202f || c == 0x205f || c == 0x3000 || c == 0xfeff;
}

/** Whether the `len` bytes at `w` are spelt at unit `i`: letters in either case, other bytes exactly. */
function spells(p: usize, n: i32, i: i32, w: usize, len: i32): bool {
  if (i + len > n) return false;
  for (let k = 0; k < len; k++) {
    const wc = <i32>load<u8>(w + <usize>k);
    const c = unitAt(p, i + k);
    if (c != wc && !(<u32>(wc - 97) < 26 && (c | 32) == wc)) return false;
  }
  return true;
}

/**
 * One word of the group at `w` (a count, then each word as its length, what
 * must follow it, its bytes) at unit `i`.
 */
function wordsAt(p: usize, n: i32, i: i32, w: usize): bool {
  const count = <i32>load<u8>(w);
  w++;
  for (let k = 0; k < count; k++) {
    const len = <i32>load<u8>(w);
    const after = <i32>load<u8>(w + 1);
    if (spells(p, n, i, w + 2, len)) {
      const c = unitOr(p, i + len, n);
      if (after == 0) return true;
      if (after == AFTER_BOUNDARY && !isWordChar(c)) return true;
      if (after == AFTER_DIGIT && isDigit(c)) return true;
      if (after == AFTER_HEX && isHexDigit(c)) return true;
      if (after == AFTER_PLURAL && (!isWordChar(c) || ((c | 32) == 115 && !isWordChar(unitOr(p, i + len + 1, n))))) {
        return true;
      }
    }
    w += 2 + <usize>len;
  }
  return false;
}

/**
 * A shape needing a line start at unit `i` (a line start): `from <hash>`,
 * and after blanks `# `, an underline, `E` and two white spaces, `ok (`.
 * Writes where the scan may go on (at `out`) and whether it is an underline
 * (at `out + 4`).
 */
function anchoredAt(p: usize, n: i32, i: i32, out: usize): bool {
  store<i32>(out, i + 1);
  store<i32>(out, 0, 4);
  if (spells(p, n, i, FROM, 5) && isHexDigit(unitOr(p, i + 5, n))) return true;
  let q = i;
  let c = unitOr(p, q, n);
  while (c == 32 || c == 9) c = unitOr(p, ++q, n);
  if (c == 35) {
    let r = q;
    while (unitOr(p, r, n) == 35) r++;
    return r - q <= 6 && unitOr(p, r, n) == 32;
  }
  if (c == 61 || c == 45 || c == 126 || c == 94 || c == 42 || c == 43) {
    let r = q;
    while (unitOr(p, r, n) == c) r++;
    if (r - q < 3) return false;
    let e = unitOr(p, r, n);
    while (e == 32 || e == 9) e = unitOr(p, ++r, n);
    if (e < 0 || isTerminator(e)) {
      store<i32>(out, 1, 4);
      return true;
    }
    return false;
  }
  if ((c | 32) == 101 && c >= 0) {
    if (isSpace(unitOr(p, q + 1, n)) && isSpace(unitOr(p, q + 2, n))) {
      store<i32>(out, q + 3);
      return true;
    }
    return false;
  }
  return (c | 32) == 111 && c >= 0 && spells(p, n, q, OK_PAREN, 4);
}

/**
 * What nextWordAt does at unit `i` (`c`, then `next`): where it stops (`i`,
 * or `i + 1` for a shape that needs the line start there), or -1 to go on.
 */
// @ts-ignore: decorator
@inline function probeAt(
  p: usize, n: i32, i: i32, c: i32, next: i32, pairs: usize, thirds: usize, words: usize, out: usize, shapes: i32,
): i32 {
  if (c < 128) {
    if (next < 128) {
      const kind = <i32>load<u8>(pairs + <usize>((c << 7) | next));
      if (kind != 0) {
        if (kind == LINE_END) {
          if (anchoredAt(p, n, i + 1, out)) return i + 1;
        } else {
          let found = false;
          if (kind == NUMBERED) {
            found = unitOr(p, i + 2, n) == 32 && i + 3 < n && !isSpace(unitAt(p, i + 3));
          } else if (kind == ARROW) {
            found = unitOr(p, i + 2, n) == 62;
          } else {
            const third = unitOr(p, i + 2, n);
            const letter = (third | 32) - 97;
            found =
              third >= 0 &&
              <u32>letter < 26 &&
              ((load<u32>(thirds + (<usize>(kind - 1) << 2)) >>> letter) & 1) != 0 &&
              wordsAt(p, n, i, words + <usize>load<u16>(words + (<usize>(kind - 1) << 1)));
          }
          if (found) {
            store<i32>(out, i + 1);
            store<i32>(out, 0, 4);
            return i;
          }
        }
      }
    }
  } else if (shapes == 0) {
    // Words are ASCII: nothing else to look at.
  } else if (c == 0xd7 || c == 0x2716 || c == 0x2717) {
    store<i32>(out, i + 1);
    store<i32>(out, 0, 4);
    return i;
  } else if (c == 0x2028 || c == 0x2029) {
    if (anchoredAt(p, n, i + 1, out)) return i + 1;
  }
  return -1;
}

/**
 * Which of units i to i + 15 may be where nextWordAt stops, one bit each
 * (units i to i + 17 must exist). `filter` is six 16-byte tables
 * (src/kernels/word-scan.ts blockFilter): for the first, second and third
 * character of the pairs' words and shapes, the groups (8 bits) whose
 * opening has a character with this low nibble, then this high nibble. A
 * unit may start a stop only if all six agree on a group: most of a text
 * passes 16 units at a time with a few vector operations and no branch per
 * character, and the rest is read only at the units the tables name. They
 * hold a superset of the openings, so no stop is ever skipped. Units past
 * ASCII narrow to bytes that only add false alarms; in `shapes` mode a block
 * with a non-ASCII unit (a failed test's mark, a line separator) is read
 * whole.
 */
// @ts-ignore: decorator
@inline function stopLanes16(p: usize, i: i32, filter: usize, shapes: i32): i32 {
  const a = p + (<usize>i << 1);
  const u0 = v128.load(a);
  const u1 = v128.load(a, 16);
  if (shapes != 0 && v128.any_true(v128.and(v128.or(u0, u1), i16x8.splat(<i16>0xff80)))) return 0xffff;
  const low = i8x16.splat(15);
  const b0 = i8x16.narrow_i16x8_u(u0, u1);
  const b1 = i8x16.narrow_i16x8_u(v128.load(a, 2), v128.load(a, 18));
  const b2 = i8x16.narrow_i16x8_u(v128.load(a, 4), v128.load(a, 20));
  let m = v128.and(
    i8x16.swizzle(v128.load(filter), v128.and(b0, low)),
    i8x16.swizzle(v128.load(filter, 16), i8x16.shr_u(b0, 4)),
  );
  m = v128.and(m, i8x16.swizzle(v128.load(filter, 32), v128.and(b1, low)));
  m = v128.and(m, i8x16.swizzle(v128.load(filter, 48), i8x16.shr_u(b1, 4)));
  m = v128.and(m, i8x16.swizzle(v128.load(filter, 64), v128.and(b2, low)));
  m = v128.and(m, i8x16.swizzle(v128.load(filter, 80), i8x16.shr_u(b2, 4)));
  return i8x16.bitmask(i8x16.ne(m, i8x16.splat(0)));
}

/**
 * The first unit in [from, n) of the `n` units at `p` where a word (in
 * `shapes` mode: or a shape) starts, or n. `pairs` is the 128 × 128 byte
 * table of kinds, `thirds` the u32 masks of third letters per word group,
 * `words` the groups' words (u16 offsets from `words`, one per group, then
 * the groups), `filter` the block filter of stopLanes16 (0: none, every
 * unit is read). Writes where the scan may go on (at `out`) and whether it
 * is an underline (at `out + 4`).
 */
export function nextWordAt(
  p: usize, n: i32, from: i32, pairs: usize, thirds: usize, words: usize, out: usize, shapes: i32, filter: usize,
): i32 {
  if (from >= n) return n;
  if (shapes != 0 && (from == 0 || isTerminator(unitAt(p, from - 1))) && anchoredAt(p, n, from, out)) return from;
  let i = from;
  while (i < n) {
    if (filter != 0 && i + 18 <= n) {
      // The units the filter names, in order (units up to i + 16 exist: no bounds to check for `next`).
      for (let lanes = stopLanes16(p, i, filter, shapes); lanes != 0; lanes &= lanes - 1) {
        const j = i + ctz(lanes);
        const at = probeAt(p, n, j, unitAt(p, j), unitAt(p, j + 1), pairs, thirds, words, out, shapes);
        if (at >= 0) return at;
      }
      i += 16;
      continue;
    }
    const next = i + 1 < n ? unitAt(p, i + 1) : 0xffff;
    const at = probeAt(p, n, i, unitAt(p, i), next, pairs, thirds, words, out, shapes);
    if (at >= 0) return at;
    i++;
  }
  return n;
}
