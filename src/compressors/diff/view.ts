/**
 * A diff as the eye sees it. Coloured `git show` wraps every line in SGR
 * escapes (`ESC[32m+foo ESC[m`, even `ESC[32m+ESC[m ESC[32m foo`), so the
 * structure is read from the visible characters while every kept line is
 * copied from the input byte for byte, escapes included.
 */
import type { LineIndex } from "../../kernels/lines.js";

const ESC = 0x1b;

/** Offset just past the escape sequence that starts at `i` (where `text[i]` is ESC), never past `end`. */
function skipEscape(text: string, i: number, end: number): number {
  let j = i + 1;
  if (j >= end) return end;
  const kind = text.charCodeAt(j);
  j++;
  if (kind === 0x5b) {
    // CSI: parameter and intermediate bytes, then one final byte. A byte
    // outside the grammar ends the sequence early rather than eating text.
    while (j < end) {
      const c = text.charCodeAt(j);
      if (c >= 0x40 && c <= 0x7e) return j + 1;
      if (c < 0x20 || c > 0x3f) return j;
      j++;
    }
    return end;
  }
  if (kind === 0x5d) {
    // OSC (hyperlinks): up to BEL or ESC \.
    while (j < end) {
      const c = text.charCodeAt(j);
      if (c === 7) return j + 1;
      if (c === ESC && j + 1 < end && text.charCodeAt(j + 1) === 0x5c) return j + 2;
      j++;
    }
    return end;
  }
  return j;
}

/** Read-only access to the visible characters of each line. */
export class DiffView {
  readonly text: string;
  readonly lines: LineIndex;
  /** Whether the text holds any escape character (coloured output). */
  readonly hasEscape: boolean;

  constructor(text: string, lines: LineIndex) {
    this.text = text;
    this.lines = lines;
    this.hasEscape = text.indexOf("\x1b") !== -1;
  }

  /** Offset past line `i`'s visible end: before "\n", and before a "\r" that ends it. */
  private stop(i: number): number {
    const s = this.lines.start(i);
    let e = this.lines.end(i);
    if (e > s && this.text.charCodeAt(e - 1) === 13) e--;
    return e;
  }

  /** Line `i` with escape sequences removed (the line itself when the text has none). */
  plain(i: number): string {
    if (!this.hasEscape) return this.lines.line(i);
    const text = this.text;
    const end = this.stop(i);
    let pos = this.lines.start(i);
    let next = this.nextEscape(pos);
    if (next === -1 || next >= end) return text.slice(pos, end);
    let out = "";
    while (next !== -1 && next < end) {
      out += text.slice(pos, next);
      pos = skipEscape(text, next, end);
      next = this.nextEscape(pos);
    }
    return out + text.slice(pos, end);
  }

  // The last escape search: [from, at] holds no ESC before `at`. Lines are
  // read mostly in order, so reusing it keeps a search from rescanning the
  // long uncoloured stretch after it for every line (quadratic otherwise).
  private escapeFrom = 0;
  private escapeAt = -2;

  /** Offset of the first ESC at or after `pos`, or -1. */
  private nextEscape(pos: number): number {
    if (this.escapeAt !== -2 && pos >= this.escapeFrom && (this.escapeAt === -1 || pos <= this.escapeAt)) {
      return this.escapeAt;
    }
    this.escapeFrom = pos;
    this.escapeAt = this.text.indexOf("\x1b", pos);
    return this.escapeAt;
  }

  /** The code a changed line `i` holds: its visible text past the `+`/`-` column. */
  code(i: number): string {
    return this.plain(i).slice(1);
  }

  /** The `git log --graph` columns opening line `i` (graph-log.ts); none in a plain diff. */
  graphPrefix(_i: number): string {
    return "";
  }

  /** Char code of line `i`'s first visible character, or -1 when the line is visibly empty. */
  first(i: number): number {
    const text = this.text;
    let pos = this.lines.start(i);
    const end = this.stop(i);
    if (!this.hasEscape) return pos < end ? text.charCodeAt(pos) : -1;
    while (pos < end) {
      const c = text.charCodeAt(pos);
      if (c !== ESC) return c;
      pos = skipEscape(text, pos, end);
    }
    return -1;
  }

  /**
   * Writes the first `n` visible char codes of line `i` into `into`; returns
   * how many the line has (fewer than `n` for a short line).
   */
  prefix(i: number, n: number, into: Int32Array): number {
    const text = this.text;
    let pos = this.lines.start(i);
    const end = this.stop(i);
    let got = 0;
    while (pos < end && got < n) {
      const c = text.charCodeAt(pos);
      if (c === ESC && this.hasEscape) {
        pos = skipEscape(text, pos, end);
        continue;
      }
      into[got++] = c;
      pos++;
    }
    return got;
  }
}
