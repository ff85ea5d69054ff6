/**
 * The value diff of a failed assertion: the lines under an assertion
 * library's legend that show the actual and the expected value side by side.
 *
 * - Deno's std assert: `[Diff] Actual / Expected`, a blank line, then
 *   `-   "2 minutes"` / `+   "1.5 minutes"`;
 * - node:assert: `+ actual - expected`, a blank line, then `+ 'a'` / `- 'b'`
 *   or an object with `+`/`-` on its changed fields;
 * - jest and vitest: `- Expected` over `+ Received`, a blank line, then the
 *   values or an object's fields marked the same way.
 *
 * Each failing test prints its own values, and two failures' values differ
 * only in their words: read as routine lines, a second failure's values
 * would go as a repeat of the first one's template. A value diff runs from
 * the legend, over blank lines, through its changed and context lines, to
 * the next blank line, frame (`at f (file:1:2)`), caret line (`^`), vitest
 * frame (`❯ file:1:2`) or line that is neither.
 */

/** Longest value diff kept whole; past it the lines are read as any other. */
const MAX_BODY_LINES = 60;

/** A legend line, anchored at its first visible character (sticky). */
const LEGEND_RE = /\[Diff\] (?:Actual|Expected) \/ (?:Actual|Expected)\s*$|\+ actual - expected\b|\+ Received\b/y;

/** A stack frame, a caret under a code frame, or vitest's frame pointer: the diff has ended. */
const END_RE = /at \S|\^+\s*$|❯ /y;

/** Reads lines in order and says which belong to a value diff (its legend included). */
export class ValueDiffReader {
  /** Lines of the current diff read so far (-1: not in a diff). */
  private read = -1;
  /** Indentation of the current diff's legend. */
  private legendIndent = 0;
  /**
   * The column its changed lines open at (-1 until its body begins): the
   * legend's, or the first body line's where that is less (Deno indents its
   * legend, not its values).
   */
  private column = -1;

  /** Whether `text` (the next line's visible text) is a legend or a value diff's line. */
  next(text: string): boolean {
    const s = firstVisible(text);
    if (s === text.length) {
      // A blank line right under the legend is the diff's; one after its body ends it.
      if (this.read >= 0 && this.column >= 0) this.read = -1;
      return false;
    }
    if (this.read >= 0) {
      if (this.isBody(text, s)) {
        this.read++;
        return true;
      }
      this.read = -1;
    }
    if (isLegend(text, s)) {
      this.read = 0;
      this.legendIndent = s;
      this.column = -1;
      return true;
    }
    return false;
  }

  /**
   * A changed line (`+`/`-` at the diff's column) or a context line indented
   * past it (an object's unchanged fields); not a frame or caret line, and at
   * most {@link MAX_BODY_LINES} of them. A line back at the column or left of
   * it that is no change (TAP's `code: 'ERR_ASSERTION'`) ends the diff.
   */
  private isBody(text: string, s: number): boolean {
    if (this.read >= MAX_BODY_LINES) return false;
    END_RE.lastIndex = s;
    if (END_RE.test(text)) return false;
    if (this.column < 0) this.column = Math.min(this.legendIndent, s);
    if (s < this.column) return false;
    if (s > this.column) return true;
    const c = text.charCodeAt(s);
    return c === 43 /* + */ || c === 45 /* - */;
  }
}

function isLegend(text: string, s: number): boolean {
  const c = text.charCodeAt(s);
  if (c !== 91 /* [ */ && c !== 43 /* + */) return false;
  LEGEND_RE.lastIndex = s;
  return LEGEND_RE.test(text);
}

function firstVisible(text: string): number {
  let s = 0;
  while (s < text.length) {
    const c = text.charCodeAt(s);
    if (c !== 32 && c !== 9 && c !== 13) break;
    s++;
  }
  return s;
}
