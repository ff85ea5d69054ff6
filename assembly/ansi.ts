// ANSI / ECMA-48 escape stripping over UTF-16 code units, compacting in place.
// Same grammar as src/kernels/ansi.ts (the twin); the two must agree exactly.

const ESC: i32 = 0x1b;
const BEL: i32 = 0x07;
const LF: i32 = 0x0a;
const C1_DCS: i32 = 0x90;
const C1_SOS: i32 = 0x98;
const C1_CSI: i32 = 0x9b;
const C1_ST: i32 = 0x9c;
const C1_OSC: i32 = 0x9d;
const C1_PM: i32 = 0x9e;
const C1_APC: i32 = 0x9f;

@inline function unitAt(p: usize, i: i32): i32 {
  return <i32>load<u16>(p + (<usize>i << 1));
}

function csiEnd(p: usize, j: i32, n: i32): i32 {
  while (j < n) {
    const c = unitAt(p, j);
    if (c < 0x20 || c > 0x3f) break;
    j++;
  }
  if (j < n) {
    const c = unitAt(p, j);
    if (c >= 0x40 && c <= 0x7e) j++;
  }
  return j;
}

function controlStringEnd(p: usize, j: i32, n: i32): i32 {
  while (j < n) {
    const c = unitAt(p, j);
    if (c == BEL || c == C1_ST) return j + 1;
    if (c == ESC) return j + 1 < n && unitAt(p, j + 1) == 0x5c ? j + 2 : j;
    if (c == LF) return j;
    j++;
  }
  return n;
}

function sequenceEnd(p: usize, i: i32, n: i32): i32 {
  const c = unitAt(p, i);
  if (c != ESC) {
    if (c == C1_CSI) return csiEnd(p, i + 1, n);
    if (c == C1_ST) return i + 1;
    return controlStringEnd(p, i + 1, n);
  }
  if (i + 1 >= n) return i + 1;
  const d = unitAt(p, i + 1);
  if (d == 0x5b) return csiEnd(p, i + 2, n);
  if (d == 0x5d || d == 0x50 || d == 0x58 || d == 0x5e || d == 0x5f) return controlStringEnd(p, i + 2, n);
  if (d >= 0x20 && d <= 0x2f) {
    let j = i + 2;
    while (j < n) {
      const e = unitAt(p, j);
      if (e < 0x20 || e > 0x2f) break;
      j++;
    }
    if (j < n) {
      const e = unitAt(p, j);
      if (e >= 0x30 && e <= 0x7e) j++;
    }
    return j;
  }
  if (d >= 0x30 && d <= 0x7e) return i + 2;
  return i + 1;
}

@inline function isIntroducer(c: i32): bool {
  return c == ESC || c == C1_CSI || c == C1_OSC || c == C1_DCS || c == C1_ST ||
    c == C1_SOS || c == C1_PM || c == C1_APC;
}

/**
 * Removes escape sequences from the `n` UTF-16 units at `p`, compacting in
 * place; returns the number of units kept (n when nothing was removed).
 */
export function stripAnsi(p: usize, n: i32): i32 {
  const esc = i16x8.splat(<i16>ESC);
  const c1 = i16x8.splat(<i16>0x90);
  const sixteen = i16x8.splat(16);
  let r: i32 = 0;
  let w: i32 = 0;
  while (r < n) {
    if (r + 8 <= n) {
      const v = v128.load(p + (<usize>r << 1));
      // ESC, or anything in U+0090..U+009F (the scalar check sorts out C1 non-introducers).
      const hit = v128.or(i16x8.eq(v, esc), i16x8.lt_u(i16x8.sub(v, c1), sixteen));
      const mask = i16x8.bitmask(hit);
      if (mask == 0) {
        if (w != r) v128.store(p + (<usize>w << 1), v);
        r += 8;
        w += 8;
        continue;
      }
      const lane = <i32>ctz(mask);
      if (w != r) {
        for (let k = 0; k < lane; k++) store<u16>(p + (<usize>(w + k) << 1), load<u16>(p + (<usize>(r + k) << 1)));
      }
      r += lane;
      w += lane;
    }
    const c = unitAt(p, r);
    if (isIntroducer(c)) {
      r = sequenceEnd(p, r, n);
    } else {
      if (w != r) store<u16>(p + (<usize>w << 1), <u16>c);
      r++;
      w++;
    }
  }
  return w;
}
