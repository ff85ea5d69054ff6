// Log template masking over UTF-16 code units: for every line of a log, the
// tokens that `maskTokens` (src/compressors/log/templates.ts) gives for it,
// each reduced to a 64-bit hash of its masked code units plus two flags. The
// rules mirror templates.ts branch for branch; the differential tests in
// test/kernels/log-mask.test.ts hold the two together. src/kernels/log-mask.ts
// owns the memory layout and holds the twin of the hash.

import { findBreak } from "./line-breaks";

const LF: i32 = 10;
const CR: i32 = 13;
const ESC: i32 = 0x1b;
const SPACE: i32 = 32;
const TAB: i32 = 9;
const QUOTE: i32 = 34;

/** Tokens of a line that take part in its template (templates.ts MAX_TOKENS). */
const MAX_TOKENS: i32 = 24;
/** Code units of a line that are masked (log/visible.ts MAX_SCAN). */
const MAX_UNITS: i32 = 2048;

/** Token flag: the masked token is a placeholder (`<…>`, longer than 2, no space). */
const FLAG_PLACEHOLDER: u8 = 1;
/** Token flag: the masked token is literally `<*>`, the miner's wildcard. */
const FLAG_WILDCARD: u8 = 2;

// What placeholderOf finds a token core masks to: a placeholder as a whole,
// or no placeholder with a `=` in it (maskCore decides), or PH_VALUE.
const PH_KEY_VALUE: i32 = 0;
const PH_URL: i32 = 1;
const PH_PATH: i32 = 2;
const PH_IP: i32 = 3;
const PH_TS: i32 = 4;
const PH_N: i32 = 5;
const PH_ID: i32 = 6;
const PH_HEX: i32 = 7;
// No placeholder and no `=`: maskCore would only mask its unit or its digit runs.
const PH_VALUE: i32 = 8;

// MurmurHash3 x86_32 constants; the two seeds make the two halves of the 64-bit hash.
const C1: u32 = 0xcc9e2d51;
const C2: u32 = 0x1b873593;
const SEED_LOW: u32 = 0;
const SEED_HIGH: u32 = 0x9747b28c;

// The masked token being built (UTF-16 at `out`, `outLen` units). Module
// globals rather than parameters: every helper below appends to it.
let out: usize = 0;
let outLen: i32 = 0;
// The previous token of the line was an HTTP method (for the `GET 200` rule).
let prevIsMethod = false;
// Digits of the core placeholderOf looked at last.
let coreDigits = 0;

// @ts-ignore: decorator
@inline function unitAt(p: usize, i: i32): i32 {
  return <i32>load<u16>(p + (<usize>i << 1));
}

// @ts-ignore: decorator
@inline function isDigit(c: i32): bool {
  return c >= 48 && c <= 57;
}

// @ts-ignore: decorator
@inline function isSpace(c: i32): bool {
  return c == SPACE || c == TAB;
}

// @ts-ignore: decorator
@inline function isLetter(c: i32): bool {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

// @ts-ignore: decorator
@inline function isHexLetter(c: i32): bool {
  return (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function isLeadingPunct(c: i32): bool {
  // ( [ { " ' < `
  return c == 40 || c == 91 || c == 123 || c == 34 || c == 39 || c == 60 || c == 96;
}

function isTrailingPunct(c: i32): bool {
  // ) ] } " ' , ; : . > ! ? `
  return c == 41 || c == 93 || c == 125 || c == 34 || c == 39 || c == 44 || c == 59 || c == 58
    || c == 46 || c == 62 || c == 33 || c == 63 || c == 96;
}

// @ts-ignore: decorator
@inline function emit(c: i32): void {
  store<u16>(out + (<usize>outLen << 1), <u16>c);
  outLen++;
}

/**
 * Appends [s, e) of the line. A plain loop: tokens are short, and V8 makes
 * every `memory.copy` a call out of the module that costs more than the copy.
 */
function emitRange(p: usize, s: i32, e: i32): void {
  let to = out + (<usize>outLen << 1);
  const end = p + (<usize>e << 1);
  for (let from = p + (<usize>s << 1); from < end; from += 2) {
    store<u16>(to, load<u16>(from));
    to += 2;
  }
  if (e > s) outLen += e - s;
}

function emitN(): void {
  emit(60); emit(110); emit(62); // <n>
}

function emitPlaceholder(kind: i32): void {
  emit(60);
  if (kind == PH_URL) { emit(117); emit(114); emit(108); }
  else if (kind == PH_PATH) { emit(112); emit(97); emit(116); emit(104); }
  else if (kind == PH_IP) { emit(105); emit(112); }
  else if (kind == PH_TS) { emit(116); emit(115); }
  else if (kind == PH_N) { emit(110); }
  else if (kind == PH_ID) { emit(105); emit(100); }
  else { emit(104); emit(101); emit(120); } // PH_HEX
  emit(62);
}

/** First `"` in [from, end), or -1. */
function indexOfQuote(p: usize, from: i32, end: i32): i32 {
  for (let i = from; i < end; i++) if (unitAt(p, i) == QUOTE) return i;
  return -1;
}

/** Whether "://" starts somewhere in [s, e) and fits before `limit` (templates.ts: indexOf("://", s) < e). */
function hasUrlFrom(p: usize, s: i32, e: i32, limit: i32): bool {
  for (let q = s; q < e && q + 2 < limit; q++) {
    if (unitAt(p, q) == 58 && unitAt(p, q + 1) == 47 && unitAt(p, q + 2) == 47) return true;
  }
  return false;
}

/** Git SHAs, UUIDs, 0x addresses over [s, e) (templates.ts isHexRange). */
function isHexRange(p: usize, s: i32, e: i32, digits: i32, hexLetters: i32, letters: i32): bool {
  if (e - s > 2 && unitAt(p, s) == 48 && (unitAt(p, s + 1) | 32) == 120) return letters - 1 == hexLetters;
  if (letters != hexLetters || e - s < 7) return false;
  for (let i = s; i < e; i++) {
    const c = unitAt(p, i);
    const lower = c | 32;
    if (!(isDigit(c) || (lower >= 97 && lower <= 102) || c == 45)) return false;
  }
  return digits > 0;
}

/**
 * The placeholder [s, e) masks to as a whole (templates.ts placeholderOf), or
 * when it has none: PH_KEY_VALUE if it holds a `=`, else PH_VALUE.
 */
function placeholderOf(p: usize, s: i32, e: i32, limit: i32): i32 {
  let digits = 0, letters = 0, hexLetters = 0, slashes = 0, colons = 0, dots = 0, dashes = 0;
  let at = false;
  for (let i = s; i < e; i++) {
    const c = unitAt(p, i);
    if (isDigit(c)) digits++;
    else if (isLetter(c)) {
      letters++;
      if (isHexLetter(c)) hexLetters++;
    } else if (c == 47 || c == 92) slashes++;
    else if (c == 58) colons++;
    else if (c == 46) dots++;
    else if (c == 45) dashes++;
    else if (c == 64 && i > s) at = true;
    else if (c == 61) return PH_KEY_VALUE;
  }
  const len = e - s;
  coreDigits = digits;
  if (colons > 0 && slashes >= 2 && hasUrlFrom(p, s, e, limit)) return PH_URL;
  if (digits == 0) return slashes > 0 && len > 1 ? PH_PATH : PH_VALUE;
  if (letters == 0) return numericPlaceholder(digits, slashes, colons, dots, dashes, len);
  if (slashes > 0) return PH_PATH;
  if (at) return PH_ID;
  if (isHexRange(p, s, e, digits, hexLetters, letters)) return PH_HEX;
  if (colons >= 2 && isDigit(unitAt(p, s))) return PH_TS;
  return PH_VALUE;
}

/** `<ip>`, `<ts>` or `<n>` for a core without letters. */
function numericPlaceholder(digits: i32, slashes: i32, colons: i32, dots: i32, dashes: i32, len: i32): i32 {
  if (dots == 3 && digits >= 4 && colons <= 1) return PH_IP;
  if (colons > 0 || (dashes >= 2 && len >= 8) || (slashes >= 2 && len >= 8)) return PH_TS;
  return PH_N;
}

/**
 * templates.ts maskCore over [s, e). Its key=value recursion is a loop here:
 * "://" anywhere in the rest ends it as `<url>`, else each `key=` is copied
 * and the value masked in turn; the last "://" is found once up front, so the
 * whole core costs one pass however many `=` it holds.
 */
function maskCore(p: usize, s: i32, e: i32): void {
  let lastUrl = -1;
  for (let q = s; q + 2 < e; q++) {
    if (unitAt(p, q) == 58 && unitAt(p, q + 1) == 47 && unitAt(p, q + 2) == 47) lastUrl = q;
  }
  let b = s;
  while (lastUrl < b) {
    let eq = b;
    while (eq < e && unitAt(p, eq) != 61) eq++;
    if (eq == b || eq >= e - 1) {
      maskValue(p, b, e);
      return;
    }
    emitRange(p, b, eq + 1);
    b = eq + 1;
  }
  emitPlaceholder(PH_URL);
}

/** maskCore's classification of [s, e), which holds no "://" and no `key=value` split. */
function maskValue(p: usize, s: i32, e: i32): void {
  let digits = 0, letters = 0, hexLetters = 0, slashes = 0, colons = 0, dots = 0, dashes = 0;
  let at = -1;
  for (let i = s; i < e; i++) {
    const c = unitAt(p, i);
    if (isDigit(c)) digits++;
    else if (isLetter(c)) {
      letters++;
      if (isHexLetter(c)) hexLetters++;
    } else if (c == 47 || c == 92) slashes++;
    else if (c == 58) colons++;
    else if (c == 46) dots++;
    else if (c == 45) dashes++;
    else if (c == 64 && at == -1) at = i - s;
  }
  const len = e - s;
  if (digits == 0) {
    if (slashes > 0 && len > 1) emitPlaceholder(PH_PATH);
    else emitRange(p, s, e);
    return;
  }
  if (letters == 0) { emitPlaceholder(numericPlaceholder(digits, slashes, colons, dots, dashes, len)); return; }
  if (slashes > 0) { emitPlaceholder(PH_PATH); return; }
  if (at > 0) { emitPlaceholder(PH_ID); return; }
  if (isHexRange(p, s, e, digits, hexLetters, letters)) { emitPlaceholder(PH_HEX); return; }
  if (maskUnit(p, s, e)) return;
  if (colons >= 2 && isDigit(unitAt(p, s))) { emitPlaceholder(PH_TS); return; }
  maskDigitRuns(p, s, e);
}

/** `12ms`, `0.00s`, `20.73MiB` become `<n>` + the unit; false when [s, e) is not a number with a unit. */
function maskUnit(p: usize, s: i32, e: i32): bool {
  let i = s;
  while (i < e) {
    const c = unitAt(p, i);
    if (isDigit(c) || c == 46 || c == 44) i++;
    else break;
  }
  if (i == s || i == e) return false;
  for (let j = i; j < e; j++) {
    const c = unitAt(p, j);
    if (!(isLetter(c) || c == 37)) return false;
  }
  emitN();
  emitRange(p, i, e);
  return true;
}

/** Each run of digits (with inner `.` or `,` before a digit) becomes `<n>`. */
function maskDigitRuns(p: usize, s: i32, e: i32): void {
  let from = s;
  let i = s;
  while (i < e) {
    if (!isDigit(unitAt(p, i))) { i++; continue; }
    emitRange(p, from, i);
    emitN();
    i++;
    while (i < e) {
      const c = unitAt(p, i);
      if (isDigit(c)) i++;
      else if ((c == 46 || c == 44) && i + 1 < e && isDigit(unitAt(p, i + 1))) i++;
      else break;
    }
    from = i;
  }
  emitRange(p, from, e);
}

/** templates.ts maskRange: [start, end) with its punctuation kept; `limit` bounds the "://" look-ahead. */
function maskRange(p: usize, start: i32, end: i32, limit: i32): void {
  let s = start;
  let e = end;
  while (s < e && isLeadingPunct(unitAt(p, s))) s++;
  while (e > s && isTrailingPunct(unitAt(p, e - 1))) e--;
  if (s >= e) { emitRange(p, start, end); return; }
  emitRange(p, start, s);
  const placeholder = placeholderOf(p, s, e, limit);
  if (placeholder == PH_KEY_VALUE) maskCore(p, s, e);
  else if (placeholder == PH_VALUE) maskPlainValue(p, s, e);
  else emitPlaceholder(placeholder);
  emitRange(p, e, end);
}

/**
 * maskCore of a core that placeholderOf found no placeholder and no `=` in.
 * Of maskCore's branches only three can then be taken: it has no "://" (that
 * would have made it `<url>`), and its `<path>`, `<ip>`/`<ts>`/`<n>`, `<id>`,
 * `<hex>` and `<ts>` cases are placeholderOf's own, tested on the same counts
 * (placeholderOf's `@` test is the wider one). What is left: as it is without
 * digits, else a number with a unit, else its digit runs.
 */
function maskPlainValue(p: usize, s: i32, e: i32): void {
  if (coreDigits == 0) emitRange(p, s, e);
  else if (!maskUnit(p, s, e)) maskDigitRuns(p, s, e);
}

/** templates.ts maskUrl: `<url>` with the token's surrounding punctuation kept. */
function maskUrl(p: usize, start: i32, end: i32): void {
  let s = start;
  let e = end;
  while (s < e && isLeadingPunct(unitAt(p, s))) s++;
  while (e > s && isTrailingPunct(unitAt(p, e - 1))) e--;
  emitRange(p, start, s);
  emitPlaceholder(PH_URL);
  emitRange(p, e, end);
}

/** templates.ts maskQuoted: the first quoted field of the token becomes `"<str>"` when variable. */
function maskQuoted(p: usize, start: i32, end: i32): void {
  const open = indexOfQuote(p, start, end);
  const close = open == -1 ? -1 : indexOfQuote(p, open + 1, end);
  if (close == -1) { maskRange(p, start, end, end); return; }
  let variable = close - open - 1 > 24;
  for (let k = open + 1; k < close && !variable; k++) {
    const c = unitAt(p, k);
    if (isDigit(c) || c == 47 || c == 92) variable = true;
  }
  if (!variable) { emitRange(p, start, end); return; }
  emitRange(p, start, open);
  emit(QUOTE); emit(60); emit(115); emit(116); emit(114); emit(62); emit(QUOTE); // "<str>"
  emitRange(p, close + 1, end);
}

/** Whether [s, e) is three digits (a status code). */
function isThreeDigits(p: usize, s: i32, e: i32): bool {
  return e - s == 3 && isDigit(unitAt(p, s)) && isDigit(unitAt(p, s + 1)) && isDigit(unitAt(p, s + 2));
}

/** Whether the `n` units at `t` are one of templates.ts HTTP_METHODS. */
function isMethodToken(t: usize, n: i32): bool {
  if (n < 3 || n > 7) return false;
  // Code units packed little-endian, four to a u64 (both buffers have room past n).
  const a = load<u64>(t);
  if (n == 3) {
    const three = a & 0xffffffffffff;
    return three == 0x0054_0045_0047 || three == 0x0054_0055_0050; // GET, PUT
  }
  if (n == 4) return a == 0x0054_0053_004f_0050 || a == 0x0044_0041_0045_0048; // POST, HEAD
  const b = load<u64>(t, 8);
  if (n == 5) return a == 0x0043_0054_0041_0050 && (b & 0xffff) == 0x0048; // PATCH
  if (n == 6) return a == 0x0045_004c_0045_0044 && (b & 0xffffffff) == 0x0045_0054; // DELETE
  return a == 0x0049_0054_0050_004f && (b & 0xffffffffffff) == 0x0053_004e_004f; // OPTIONS
}

// @ts-ignore: decorator
@inline function mixBlock(k: u32): u32 {
  return rotl<u32>(k * C1, 15) * C2;
}

// @ts-ignore: decorator
@inline function mixState(h: u32, k: u32): u32 {
  return rotl<u32>(h ^ k, 13) * 5 + 0xe6546b64;
}

// @ts-ignore: decorator
@inline function finalMix(h: u32): u32 {
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  h ^= h >> 16;
  return h;
}

/**
 * Stores the hash of the masked token at `t` (`n` units: the token built at
 * `out`, or a token kept as it is, read in place) and its flags. The hash is
 * two MurmurHash3 x86_32 digests of its UTF-16LE bytes, seeds 0 and
 * 0x9747b28c, low word then high word.
 */
function finishToken(t: usize, n: i32, hashAt: usize, flagAt: usize): void {
  let low = SEED_LOW;
  let high = SEED_HIGH;
  const pairs = n >> 1;
  for (let j = 0; j < pairs; j++) {
    const k = mixBlock(load<u32>(t + (<usize>j << 2)));
    low = mixState(low, k);
    high = mixState(high, k);
  }
  if (n & 1) {
    const k = mixBlock(<u32>load<u16>(t + (<usize>(n - 1) << 1)));
    low ^= k;
    high ^= k;
  }
  const bytes = <u32>n << 1;
  store<u32>(hashAt, finalMix(low ^ bytes));
  store<u32>(hashAt, finalMix(high ^ bytes), 4);
  let flags: u8 = 0;
  if (n > 2 && load<u16>(t) == 60 && load<u16>(t + (<usize>(n - 1) << 1)) == 62) {
    let spaced = false;
    for (let i = 1; i < n - 1; i++) {
      if (load<u16>(t + (<usize>i << 1)) == SPACE) { spaced = true; break; }
    }
    if (!spaced) flags = FLAG_PLACEHOLDER;
    if (n == 3 && load<u16>(t, 2) == 42) flags |= FLAG_WILDCARD;
  }
  store<u8>(flagAt, flags);
  prevIsMethod = isMethodToken(t, n);
}

/**
 * templates.ts maskTokens over the visible line [ls, le): writes each token's
 * hash (8 bytes) from `hashes` and flags (1 byte) from `flags`; returns the
 * token count.
 */
function maskLine(p: usize, ls: i32, le: i32, hashes: usize, flags: usize): i32 {
  let count = 0;
  let i = ls;
  prevIsMethod = false;
  while (i < le && count < MAX_TOKENS) {
    while (i < le && isSpace(unitAt(p, i))) i++;
    if (i >= le) break;
    const start = i;
    let quoted = false;
    let variable = false;
    let url = false;
    while (i < le) {
      const c = unitAt(p, i);
      if (c > 92) { i++; continue; }
      if (isSpace(c)) break;
      if (c == 58) {
        if (i + 2 < le && unitAt(p, i + 1) == 47 && unitAt(p, i + 2) == 47) url = true;
      } else if (c <= 57) {
        if (c >= 47) variable = true;
        else if (c == QUOTE && (i == start || unitAt(p, i - 1) == 61)) {
          const close = indexOfQuote(p, i + 1, le);
          if (close != -1) { quoted = true; i = close + 1; continue; }
        }
      } else if (c == 92) variable = true;
      i++;
    }
    const hashAt = hashes + (<usize>count << 3);
    const flagAt = flags + <usize>count;
    outLen = 0;
    if (quoted) maskQuoted(p, start, i);
    else if (url) maskUrl(p, start, i);
    else if (variable && !(prevIsMethod && isThreeDigits(p, start, i))) maskRange(p, start, i, le);
    else {
      // Kept as it is: hashed where it stands.
      finishToken(p + (<usize>start << 1), i - start, hashAt, flagAt);
      count++;
      continue;
    }
    finishToken(out, outLen, hashAt, flagAt);
    count++;
  }
  return count;
}

/** First index in [from, n) holding LF, CR or ESC, or n. */
function findBreakOrControl(p: usize, from: i32, n: i32): i32 {
  const lf = i16x8.splat(<i16>LF);
  const cr = i16x8.splat(<i16>CR);
  const esc = i16x8.splat(<i16>ESC);
  let i = from;
  while (i + 8 <= n) {
    const v = v128.load(p + (<usize>i << 1));
    const hit = v128.or(v128.or(i16x8.eq(v, lf), i16x8.eq(v, cr)), i16x8.eq(v, esc));
    const mask = i16x8.bitmask(hit);
    if (mask != 0) return i + <i32>ctz(mask);
    i += 8;
  }
  while (i < n) {
    const c = unitAt(p, i);
    if (c == LF || c == CR || c == ESC) return i;
    i++;
  }
  return n;
}


/**
 * Masks the lines of the `n` units at `p`, starting at the line that begins at
 * offset `load<i32>(state)` (lines as in LineIndex: a final "\n" opens no empty
 * line). For each line it stores at `counts` (i32) its token count, or -1 when
 * its visible text is not its raw text (it holds a CR other than a final one,
 * or an ESC: the caller masks those itself); a plain line's first 2048 units
 * are masked. Token hashes go to `hashes` (8 bytes each), flags to `flags`.
 * Stops after `lineCap` lines, or before a line whose tokens might not fit in
 * `tokenCap`; `scratch` holds the token being built (3 × 2048 + 16 units).
 * Stores at `state` the offset of the next line and at `state + 4` the tokens
 * written; returns the lines done.
 */
export function maskLogLines(
  p: usize, n: i32, state: usize, lineCap: i32, tokenCap: i32,
  counts: usize, hashes: usize, flags: usize, scratch: usize,
): i32 {
  out = scratch;
  let pos = load<i32>(state);
  let lines = 0;
  let tokens = 0;
  while (pos < n && lines < lineCap && tokens + MAX_TOKENS <= tokenCap) {
    let end = findBreakOrControl(p, pos, n);
    let plain = true;
    if (end < n && unitAt(p, end) != LF) {
      const control = end;
      end = findBreak(p, control + 1, n);
      // A CR just before the line break is the line ending, not a redraw.
      plain = unitAt(p, control) == CR && control == end - 1;
    }
    let visibleEnd = end;
    if (visibleEnd > pos && unitAt(p, visibleEnd - 1) == CR) visibleEnd--;
    if (visibleEnd - pos > MAX_UNITS) visibleEnd = pos + MAX_UNITS;
    let count = -1;
    if (plain) {
      count = maskLine(p, pos, visibleEnd, hashes + (<usize>tokens << 3), flags + <usize>tokens);
      tokens += count;
    }
    store<i32>(counts + (<usize>lines << 2), count);
    lines++;
    pos = end + 1;
  }
  store<i32>(state, pos);
  store<i32>(state, tokens, 4);
  return lines;
}
