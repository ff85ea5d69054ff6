// Line kernels over UTF-16 code units: the line-start index and the
// line-number prefix strip. Same rules as src/kernels/lines.ts (the twins).

const LF: i32 = 10;
const CR: i32 = 13;
const TAB: i32 = 9;
const SPACE: i32 = 32;
const ARROW: i32 = 0x2192;
const MAX_DIGITS: i32 = 9;

@inline function unitAt(p: usize, i: i32): i32 {
  return <i32>load<u16>(p + (<usize>i << 1));
}

/**
 * Writes the start offset of every line of the `n` units at `p` to `out` (i32),
 * then one sentinel: `n` when the text ends with "\n", else `n + 1` (0 for an
 * empty text). Returns the number of lines.
 */
export function lineStarts(p: usize, n: i32, out: usize): i32 {
  if (n == 0) {
    store<i32>(out, 0);
    return 0;
  }
  store<i32>(out, 0);
  let count = 1;
  const lf = i16x8.splat(<i16>LF);
  let i = 0;
  while (i + 8 <= n) {
    let mask = i16x8.bitmask(i16x8.eq(v128.load(p + (<usize>i << 1)), lf));
    while (mask != 0) {
      const at = i + <i32>ctz(mask) + 1;
      store<i32>(out + (<usize>count << 2), at);
      count++;
      mask &= mask - 1;
    }
    i += 8;
  }
  while (i < n) {
    if (unitAt(p, i) == LF) {
      store<i32>(out + (<usize>count << 2), i + 1);
      count++;
    }
    i++;
  }
  // A final "\n" ends the last line; it does not open an empty one.
  if (unitAt(p, n - 1) == LF) {
    count--;
    store<i32>(out + (<usize>count << 2), n);
  } else {
    store<i32>(out + (<usize>count << 2), n + 1);
  }
  return count;
}

/**
 * Removes `cat -n` / `N<TAB>` / `N→` prefixes from the `n` units at `p`, in
 * place, when every non-blank line has one and the numbers increase; returns
 * the new length, or -1 when the text is not numbered that way.
 */
export function stripLineNumbers(p: usize, n: i32): i32 {
  let w = 0;
  let s = 0;
  let numbered = 0;
  let prev: i32 = -1;
  while (s < n) {
    let le = s;
    let blank = true;
    while (le < n) {
      const c = unitAt(p, le);
      if (c == LF) break;
      if (c != SPACE && c != TAB && c != CR) blank = false;
      le++;
    }
    const next = le < n ? le + 1 : n;
    let from = s;
    if (!blank) {
      let j = s;
      while (j < le && unitAt(p, j) == SPACE) j++;
      const d = j;
      let value = 0;
      while (j < le && j - d < MAX_DIGITS + 1) {
        const c = unitAt(p, j);
        if (c < 48 || c > 57) break;
        value = value * 10 + (c - 48);
        j++;
      }
      const digits = j - d;
      if (digits == 0 || digits > MAX_DIGITS || j >= le) return -1;
      const sep = unitAt(p, j);
      if (sep != TAB && sep != ARROW) return -1;
      if (value <= prev) return -1;
      prev = value;
      numbered++;
      from = j + 1;
    }
    if (w != from) memory.copy(p + (<usize>w << 1), p + (<usize>from << 1), <usize>(next - from) << 1);
    w += next - from;
    s = next;
  }
  return numbered == 0 ? -1 : w;
}

/** Number of "\n" in the `n` units at `p` (callers size their outputs with it). */
export function countLineBreaks(p: usize, n: i32): i32 {
  const lf = i16x8.splat(<i16>LF);
  let count = 0;
  let i = 0;
  while (i + 8 <= n) {
    count += <i32>popcnt(i16x8.bitmask(i16x8.eq(v128.load(p + (<usize>i << 1)), lf)));
    i += 8;
  }
  while (i < n) {
    if (unitAt(p, i) == LF) count++;
    i++;
  }
  return count;
}
