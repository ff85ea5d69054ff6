/**
 * The source as the planners see it: the input's lines with any `cat -n`
 * line-number prefixes set aside. The lexer reads the code without the
 * prefixes; the output keeps them, because a line-numbered read's kept lines
 * must keep their numbers (they are how the agent cites and edits them).
 */
import type { LineIndex } from "../../kernels/lines.js";

const SPACE = 32,
  TAB = 9,
  ARROW = 0x2192;

/** One input's lines, with their number prefixes measured. */
export class SourceView {
  readonly text: string;
  readonly lines: LineIndex;
  readonly count: number;
  /** Whether the input is a line-numbered read. */
  readonly numbered: boolean;
  /** Length of each line's number prefix (0 when it has none). */
  private readonly prefix: Int32Array;
  /** The number each line's prefix shows (its 1-based index when it has none). */
  private readonly numbers: Float64Array;

  constructor(text: string, lines: LineIndex) {
    this.text = text;
    this.lines = lines;
    this.count = lines.count;
    this.prefix = new Int32Array(lines.count);
    this.numbers = new Float64Array(lines.count);
    this.numbered = this.measurePrefixes();
    if (!this.numbered) {
      this.prefix.fill(0);
      for (let i = 0; i < lines.count; i++) this.numbers[i] = i + 1;
    }
  }

  /**
   * Measures every line's number prefix; true when this is a numbered read
   * by the rule of `stripLineNumbers`: every non-blank line has a prefix
   * (1–9 digits after spaces, then TAB or "→") and the numbers increase.
   */
  private measurePrefixes(): boolean {
    const text = this.text;
    let prev = -1;
    let numbered = 0;
    for (let i = 0; i < this.count; i++) {
      const s = this.lines.start(i);
      const e = this.lines.end(i);
      let j = s;
      while (j < e && text.charCodeAt(j) === SPACE) j++;
      let value = 0;
      const digits = j;
      while (j < e && j - digits < 10) {
        const c = text.charCodeAt(j);
        if (c < 48 || c > 57) break;
        value = value * 10 + (c - 48);
        j++;
      }
      const sep = j < e ? text.charCodeAt(j) : -1;
      if (j > digits && j - digits <= 9 && (sep === TAB || sep === ARROW) && value > prev) {
        this.prefix[i] = j + 1 - s;
        this.numbers[i] = value;
        prev = value;
        numbered++;
      } else if (!isBlank(text, s, e)) {
        return false;
      }
    }
    return numbered > 0;
  }

  /** Line `i` without its number prefix and line ending: what the lexer reads. */
  code(i: number): string {
    const s = this.lines.start(i) + this.prefix[i];
    let e = this.lines.end(i);
    if (e > s && this.text.charCodeAt(e - 1) === 13) e--;
    return this.text.slice(s, e);
  }

  /** Line `i`'s number prefix as it stands ("" for plain reads). */
  prefixOf(i: number): string {
    const s = this.lines.start(i);
    return this.text.slice(s, s + this.prefix[i]);
  }

  /** The line number to cite for line `i`: its prefix's number, else its 1-based index. */
  number(i: number): number {
    return this.numbers[i];
  }

  /** Offset in the text of column `col` of line `i`'s code. */
  offset(i: number, col: number): number {
    return this.lines.start(i) + this.prefix[i] + col;
  }

  /** Offset where line `i` starts. */
  lineStart(i: number): number {
    return this.lines.start(i);
  }

  /** Offset just past line `i` and its line ending (the text's length for the last line). */
  lineEnd(i: number): number {
    return Math.min(this.text.length, this.lines.start(i + 1));
  }

  /** The line ending line `i` has ("\r\n", "\n", or "" for a last line without one). */
  eolOf(i: number): string {
    const end = this.lines.end(i);
    if (end >= this.text.length) return "";
    return end > this.lines.start(i) && this.text.charCodeAt(end - 1) === 13 ? "\r\n" : "\n";
  }
}

function isBlank(text: string, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== TAB && c !== 13) return false;
  }
  return true;
}
