// Carriage-return frame detection over UTF-16 code units. Same rules as
// src/kernels/frames.ts (the twin); the two must agree exactly.

const CR: i32 = 13;
const LF: i32 = 10;
const ESC: i32 = 27;
const BRACKET: i32 = 0x5b;

@inline function unitAt(p: usize, i: i32): i32 {
  return <i32>load<u16>(p + (<usize>i << 1));
}

function columnOneLength(p: usize, i: i32, end: i32): i32 {
  if (i + 2 >= end || unitAt(p, i + 1) != BRACKET) return 0;
  const c = unitAt(p, i + 2);
  if (c == 0x47) return 3;
  if ((c == 0x30 || c == 0x31) && i + 3 < end && unitAt(p, i + 3) == 0x47) return 4;
  return 0;
}

function startsWithErase(p: usize, i: i32, end: i32): bool {
  if (i + 2 >= end || unitAt(p, i) != ESC || unitAt(p, i + 1) != BRACKET) return false;
  const c = unitAt(p, i + 2);
  if (c == 0x4b) return true;
  return c >= 0x30 && c <= 0x32 && i + 3 < end && unitAt(p, i + 3) == 0x4b;
}

function isGlyph(p: usize, start: i32, len: i32): bool {
  const c = unitAt(p, start);
  if (len == 2) return c >= 0xd800 && c <= 0xdbff;
  if (len != 1 || c <= 32) return false;
  return !((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122));
}

function isRedraw(p: usize, a: i32, ae: i32, b: i32, be: i32): bool {
  if (startsWithErase(p, b, be)) return true;
  const la = ae - a;
  const lb = be - b;
  if (la <= 2 && lb <= 2 && isGlyph(p, a, la) && isGlyph(p, b, lb)) return true;
  const shorter = la < lb ? la : lb;
  const longer = la < lb ? lb : la;
  let q = 0;
  while (q < shorter && unitAt(p, a + q) == unitAt(p, b + q)) q++;
  if (q == la && la < lb) return true;
  let s = 0;
  while (q + s < shorter && unitAt(p, ae - 1 - s) == unitAt(p, be - 1 - s)) s++;
  return q + s > 0 && 5 * (q + s) >= 2 * longer;
}

function keptFrom(p: usize, start: i32, end: i32): i32 {
  let frameStart = start;
  let prevStart: i32 = -1;
  let prevEnd: i32 = -1;
  // Start of the last frame that redrew its predecessor: frames after it are
  // other messages that overwrote the bar (`remote: fatal: …` after `52%`), and
  // the bar's last state is what tells where it stopped, so both stay.
  let lastRedrawStart = start;
  let pairs = 0;
  let alike = 0;
  let k = start;
  while (k <= end) {
    let sep = 0;
    if (k == end) sep = 1;
    else {
      const c = unitAt(p, k);
      if (c == CR) sep = 1;
      else if (c == ESC) sep = columnOneLength(p, k, end);
    }
    if (sep == 0) { k++; continue; }
    if (k > frameStart) {
      if (prevStart >= 0) {
        pairs++;
        if (isRedraw(p, prevStart, prevEnd, frameStart, k)) {
          alike++;
          lastRedrawStart = frameStart;
        }
      }
      prevStart = frameStart;
      prevEnd = k;
    }
    k += sep;
    frameStart = k;
  }
  return pairs > 0 && 3 * alike >= 2 * pairs ? lastRedrawStart : start;
}

/** Decides one line [ls, le) and records its dropped range; returns the new range count. */
function closeLine(p: usize, ls: i32, le: i32, out: usize, count: i32): i32 {
  let ce = le;
  while (ce > ls && unitAt(p, ce - 1) == CR) ce--;
  const kept = keptFrom(p, ls, ce);
  if (kept > ls) {
    store<i32>(out + (<usize>count << 3), ls);
    store<i32>(out + (<usize>count << 3) + 4, kept);
    count++;
  }
  return count;
}

/**
 * Finds the redraw lines of the `n` UTF-16 units at `p` and writes one
 * [from, to) i32 pair per line to `out` (the frames it drops); returns the
 * number of pairs. Lines with no "\r" and no ESC are skipped at SIMD speed.
 */
export function collapseFrames(p: usize, n: i32, out: usize): i32 {
  const lf = i16x8.splat(<i16>LF);
  const cr = i16x8.splat(<i16>CR);
  const esc = i16x8.splat(<i16>ESC);
  let count = 0;
  let ls = 0;
  let marked = false;
  let i = 0;
  while (i < n) {
    if (i + 8 <= n) {
      const v = v128.load(p + (<usize>i << 1));
      const hit = v128.or(v128.or(i16x8.eq(v, lf), i16x8.eq(v, cr)), i16x8.eq(v, esc));
      const mask = i16x8.bitmask(hit);
      if (mask == 0) { i += 8; continue; }
      i += <i32>ctz(mask);
    }
    const c = unitAt(p, i);
    if (c == LF) {
      if (marked) count = closeLine(p, ls, i, out, count);
      ls = i + 1;
      marked = false;
    } else if (c == CR || c == ESC) {
      marked = true;
    }
    i++;
  }
  if (marked && ls < n) count = closeLine(p, ls, n, out, count);
  return count;
}
