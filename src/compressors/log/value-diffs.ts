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
 * the legend over at most one blank line to the next blank line, frame
 * (`at f (file:1:2)`), caret line (`^`) or vitest frame (`❯ file:1:2`).
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
  /** Whether the current diff's body has begun (a blank line before it is allowed). */
  private begun = false;

  /** Whether `text` (the next line's visible text) is a legend or a value diff's line. */
  next(text: string): boolean {
    const s = firstVisible(text);
    if (s === text.length) {
      // A blank line right under the legend is the diff's; one after its body ends it.
      if (this.read >= 0 && this.begun) this.read = -1;
      return false;
    }
    if (this.read >= 0) {
      END_RE.lastIndex = s;
      if (this.read >= MAX_BODY_LINES || END_RE.test(text)) {
        this.read = -1;
      } else {
        this.read++;
        this.begun = true;
        return true;
      }
    }
    if (isLegend(text, s)) {
      this.read = 0;
      this.begun = false;
      return true;
    }
    return false;
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
