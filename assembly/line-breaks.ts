// Line-break search shared by the kernels that walk a log line by line
// (logmask.ts, loghints.ts). Not exported from index.ts: an internal helper.

const LF: i32 = 10;

/** First index in [from, n) of the `n` UTF-16 units at `p` holding LF, or n; eight units a step. */
export function findBreak(p: usize, from: i32, n: i32): i32 {
  const lf = i16x8.splat(<i16>LF);
  let i = from;
  while (i + 8 <= n) {
    const mask = i16x8.bitmask(i16x8.eq(v128.load(p + (<usize>i << 1)), lf));
    if (mask != 0) return i + <i32>ctz(mask);
    i += 8;
  }
  while (i < n) {
    if (<i32>load<u16>(p + (<usize>i << 1)) == LF) return i;
    i++;
  }
  return n;
}
