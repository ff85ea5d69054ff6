/**
 * `git blame` output: each line of a file behind its commit, author, date and
 * line number (`acdd6bc7 (Ann 2026-11-30 08:01:42 +0000  6) code`, `-s`
 * `acdd6bc7  6) code`, `-c` with TABs, `^` on boundary commits). It is a
 * read of the file, annotated: the router sends it where reads of code go,
 * whatever the file holds, so that no compressor meant for logs reads its
 * dates as timestamps and folds its lines away.
 *
 * Scanned with indexOf (the author is free text: a regex over it with the
 * date and number after would backtrack).
 */
import type { Sample } from "./sample.js";

/** Hex digits of an abbreviated commit, at least. */
const MIN_HASH = 7;
/** A full SHA-1. */
const MAX_HASH = 40;
/** Farthest the `)` closing the annotation may sit (a long author name, a file name with `-f`). */
const MAX_PREFIX = 240;
/** Fewest lines a sample needs to read as a blame. */
const MIN_LINES = 3;

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102);
}

/** The length of `line`'s blame annotation (through its `) `), or -1 when it has none. */
export function blamePrefixLength(line: string): number {
  let at = line.charCodeAt(0) === 94 /* ^ */ ? 1 : 0;
  const hashStart = at;
  while (at < line.length && isHex(line.charCodeAt(at))) at++;
  const hash = at - hashStart;
  if (hash < MIN_HASH || hash > MAX_HASH) return -1;
  const gap = line.charCodeAt(at);
  if (gap !== 32 && gap !== 9) return -1;
  const close = line.indexOf(")", at);
  if (close < 0 || close > MAX_PREFIX) return -1;
  // The line number right before `)`, after a blank or the opening `(`.
  let digits = close;
  while (digits > at && line.charCodeAt(digits - 1) >= 48 && line.charCodeAt(digits - 1) <= 57) digits--;
  if (digits === close) return -1;
  const before = line.charCodeAt(digits - 1);
  if (before !== 32 && before !== 9 && before !== 40) return -1;
  return line.charCodeAt(close + 1) === 32 ? close + 2 : close + 1;
}

/** Whether every line of the sample is a blamed line (the last may be cut short by the sample). */
export function isBlame(sample: Sample): boolean {
  let lines = 0;
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    if (line === "") continue;
    if (blamePrefixLength(line) < 0) {
      if (i === sample.count - 1 && !sample.complete) break;
      return false;
    }
    lines++;
  }
  return lines >= MIN_LINES;
}
