// grep / ripgrep row parsing over UTF-16 code units. Same rules as
// src/kernels/grep.ts (the twin, which documents them); the two must agree.

const COLON: i32 = 58;
const DASH: i32 = 45;
const ZERO: i32 = 48;
const NINE: i32 = 57;
const SPACE: i32 = 32;
const TAB: i32 = 9;
const CR: i32 = 13;
const LF: i32 = 10;
const NUL: i32 = 0;
// sep of a candidate after a NUL (grep -Z): 0 already means the line start.
const NUL_SEP: i32 = 256;
const MAX_DIGITS: i32 = 9;
const STRIDE: i32 = 8;

// The candidate last accepted by candidateAt (module globals: no allocation).
let cPathEnd: i32 = 0;
let cLineNo: i32 = 0;
let cColumn: i32 = 0;
let cContext: i32 = 0;
let cTextStart: i32 = 0;
// The chosen row (scanRow's result).
let rPathEnd: i32 = 0;
let rLineNo: i32 = 0;
let rColumn: i32 = 0;
let rContext: i32 = 0;
let rTextStart: i32 = 0;

@inline function unitAt(p: usize, i: i32): i32 {
  return <i32>load<u16>(p + (<usize>i << 1));
}

function digitRunEnd(p: usize, i: i32, end: i32): i32 {
  if (i >= end) return -1;
  const first = unitAt(p, i);
  if (first <= ZERO || first > NINE) return -1;
  let j = i + 1;
  while (j < end) {
    const c = unitAt(p, j);
    if (c < ZERO || c > NINE) break;
    j++;
  }
  return j - i > MAX_DIGITS ? -1 : j;
}

function digitValue(p: usize, from: i32, to: i32): i32 {
  let v: i32 = 0;
  for (let i = from; i < to; i++) v = v * 10 + (unitAt(p, i) - ZERO);
  return v;
}

function candidateAt(p: usize, d: i32, end: i32, sep: i32): bool {
  const q = digitRunEnd(p, d, end);
  if (q < 0 || q >= end) return false;
  const close = unitAt(p, q);
  const eitherClose = sep == 0 || sep == NUL_SEP;
  if (eitherClose ? close != COLON && close != DASH : close != sep) return false;
  cPathEnd = sep == 0 ? d : d - 1;
  cLineNo = digitValue(p, d, q);
  cContext = close == DASH ? 1 : 0;
  cColumn = 0;
  cTextStart = q + 1;
  if (close == COLON) {
    const r = digitRunEnd(p, q + 1, end);
    if (r > 0 && r < end && unitAt(p, r) == COLON) {
      cColumn = digitValue(p, q + 1, r);
      cTextStart = r + 1;
    }
  }
  return true;
}

@inline function takeCandidate(): void {
  rPathEnd = cPathEnd;
  rLineNo = cLineNo;
  rColumn = cColumn;
  rContext = cContext;
  rTextStart = cTextStart;
}

function scanRow(p: usize, start: i32, end: i32): bool {
  let found = false;
  if (candidateAt(p, start, end, 0)) {
    takeCandidate();
    if (rContext == 0) return true;
    found = true;
  }
  let spaced = false;
  for (let k = start; k < end - 1; k++) {
    const c = unitAt(p, k);
    if (c == SPACE || c == TAB) {
      spaced = true;
      if (found) return true;
      continue;
    }
    if (c != COLON && c != DASH && c != NUL) continue;
    const nx = unitAt(p, k + 1);
    if (nx <= ZERO || nx > NINE) continue;
    if (!candidateAt(p, k + 1, end, c == NUL ? NUL_SEP : c)) continue;
    if (c == NUL) {
      takeCandidate();
      return true;
    }
    if (!found) {
      takeCandidate();
      if (cContext == 0) return true;
      found = true;
    } else if (cContext == 0 && !spaced) {
      takeCandidate();
      return true;
    }
  }
  return found;
}

function isBlank(p: usize, start: i32, end: i32): bool {
  for (let i = start; i < end; i++) {
    const c = unitAt(p, i);
    if (c != SPACE && c != TAB) return false;
  }
  return true;
}

function startsWithPath(p: usize, start: i32, end: i32, pathStart: i32, len: i32): bool {
  if (start + len >= end) return false;
  if (pathStart == start) return true;
  return memory.compare(p + (<usize>start << 1), p + (<usize>pathStart << 1), <usize>len << 1) == 0;
}

function push(out: usize, count: i32, lineIdx: i32, ps: i32, pe: i32, te: i32): i32 {
  const at = out + (<usize>(count * STRIDE) << 2);
  store<i32>(at, lineIdx);
  store<i32>(at, ps, 4);
  store<i32>(at, pe, 8);
  store<i32>(at, rLineNo, 12);
  store<i32>(at, rColumn, 16);
  store<i32>(at, rTextStart, 20);
  store<i32>(at, te, 24);
  store<i32>(at, rContext, 28);
  return count + 1;
}

/**
 * Parses every grep/ripgrep row of the `n` units at `p` into `out`: 8 i32 per
 * row (line index, path start, path end, line number, column, text start,
 * text end, context flag). `out` must hold one row per line. Returns the count.
 */
export function parseGrepRows(p: usize, n: i32, out: usize): i32 {
  let count = 0;
  let prevPathStart: i32 = -1;
  let prevPathLen: i32 = 0;
  let prevPathless = false;
  let headStart: i32 = -1;
  let headEnd: i32 = -1;
  let lastStart: i32 = -1;
  let lastEnd: i32 = -1;
  let lastKind = 0;
  let lineIdx = 0;
  const lf = i16x8.splat(<i16>LF);
  let s = 0;
  while (s <= n) {
    // The line's end: the next "\n", found 8 units at a time.
    let nl = s;
    while (nl + 8 <= n) {
      const mask = i16x8.bitmask(i16x8.eq(v128.load(p + (<usize>nl << 1)), lf));
      if (mask != 0) { nl += <i32>ctz(mask); break; }
      nl += 8;
    }
    while (nl < n && unitAt(p, nl) != LF) nl++;
    if (s == n && nl == n) break;
    let e = nl;
    if (e > s && unitAt(p, e - 1) == CR) e--;
    let kind = 0;
    if (!isBlank(p, s, e) && !(e - s == 2 && unitAt(p, s) == DASH && unitAt(p, s + 1) == DASH)) {
      let ok = false;
      if (prevPathStart >= 0 && !prevPathless && startsWithPath(p, s, e, prevPathStart, prevPathLen)) {
        const at = s + prevPathLen;
        const c = unitAt(p, at);
        if ((c == COLON || c == DASH || c == NUL) && candidateAt(p, at + 1, e, c == NUL ? NUL_SEP : c)) {
          takeCandidate();
          ok = true;
        }
      } else if (prevPathless && candidateAt(p, s, e, 0)) {
        takeCandidate();
        ok = true;
      }
      if (!ok) ok = scanRow(p, s, e);
      if (ok) {
        const pathless = rPathEnd == s;
        if (pathless && (lastKind == 1 || lastKind == 2)) {
          if (lastKind == 2) count--;
          headStart = lastStart;
          headEnd = lastEnd;
        }
        if (pathless && headStart >= 0) count = push(out, count, lineIdx, headStart, headEnd, e);
        else count = push(out, count, lineIdx, s, rPathEnd, e);
        prevPathless = pathless;
        prevPathStart = s;
        prevPathLen = rPathEnd - s;
        kind = pathless ? 3 : 2;
      } else {
        kind = 1;
      }
    }
    lastKind = kind;
    lastStart = s;
    lastEnd = e;
    lineIdx++;
    s = nl + 1;
  }
  return count;
}
