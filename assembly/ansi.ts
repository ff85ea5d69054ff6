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

@inline function csiEnd(p: usize, j: i32, n: i32): i32 {
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

@inline function sequenceEnd(p: usize, i: i32, n: i32): i32 {
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
 * Index of the first escape introducer at or after `i`, or `n`. Sixteen units
 * per step: they are narrowed to bytes with unsigned saturation (anything
 * above U+00FF becomes 0xFF and anything from U+8000 up 0x00, neither ESC nor
 * C1), and a lane is a candidate when it is ESC or in 0x90..0x9F; the scalar
 * check then drops the C1 controls that introduce nothing.
 */
@inline function nextIntroducer(p: usize, i: i32, n: i32): i32 {
  const esc = i8x16.splat(<i8>ESC);
  const c1 = i8x16.splat(<i8>0x90);
  const sixteen = i8x16.splat(16);
  while (i + 16 <= n) {
    const at = p + (<usize>i << 1);
    const v = i8x16.narrow_i16x8_u(v128.load(at), v128.load(at, 16));
    const hit = v128.or(i8x16.eq(v, esc), i8x16.lt_u(i8x16.sub(v, c1), sixteen));
    let mask = i8x16.bitmask(hit);
    while (mask != 0) {
      const j = i + <i32>ctz(mask);
      if (isIntroducer(unitAt(p, j))) return j;
      mask &= mask - 1;
    }
    i += 16;
  }
  while (i < n) {
    if (isIntroducer(unitAt(p, i))) return i;
    i++;
  }
  return n;
}

/**
 * Copies `units` code units from `src` down to `dst` (dst < src, the regions
 * may overlap). Runs between escapes are short in coloured logs, where a
 * `memory.copy` call costs more than the copy; ascending 8-unit blocks are
 * safe because each block is read before any later one can be written.
 */
@inline function moveDown(dst: usize, src: usize, units: i32): void {
  if (units > 64) {
    memory.copy(dst, src, <usize>units << 1);
    return;
  }
  let k: usize = 0;
  const bytes = <usize>units << 1;
  while (k + 16 <= bytes) {
    v128.store(dst + k, v128.load(src + k));
    k += 16;
  }
  while (k < bytes) {
    store<u16>(dst + k, load<u16>(src + k));
    k += 2;
  }
}

/**
 * Removes escape sequences from the `n` UTF-16 units at `p`, compacting in
 * place; returns the number of units kept (n when nothing was removed).
 */
export function stripAnsi(p: usize, n: i32): i32 {
  let r = nextIntroducer(p, 0, n);
  let w = r;
  while (r < n) {
    // r is at an introducer: skip its sequence, then move the next visible
    // run down to w (memmove semantics: the regions may overlap).
    const from = sequenceEnd(p, r, n);
    // Escapes come in clusters (`ESC[0m ESC[1m ESC[33m`): an ESC right after
    // this sequence needs neither the SIMD search nor a copy.
    if (from < n && unitAt(p, from) == ESC) {
      r = from;
      continue;
    }
    const to = nextIntroducer(p, from, n);
    const run = to - from;
    moveDown(p + (<usize>w << 1), p + (<usize>from << 1), run);
    w += run;
    r = to;
  }
  return w;
}
