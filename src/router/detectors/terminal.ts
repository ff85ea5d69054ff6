/** The detector of what a pty shows. */
import type { Detector } from "./detector.js";

// Cursor movement and erase sequences: output drawn for a screen, not written as lines.
const CURSOR_RE = /\x1b\[[0-9;?]*[ABCDEFGHJKSTfhlsu]|\x1b[78]/;

/** What a pty shows: CR-redrawn progress or cursor control (colour alone is not terminal). */
export const terminalDetector: Detector = {
  type: "terminal",
  threshold: 0.5,
  score(sample) {
    if (sample.hasEscapes && CURSOR_RE.test(sample.content.slice(0, 256 * 1024))) return 0.9;
    // Redraws sit between ordinary lines; text whose only separator is a bare
    // CR (a CSV from old Mac tools) has records, not frames.
    if (sample.hasBareCr && countNewlines(sample.content, 4) >= 2) return 0.8;
    return 0;
  },
};

function countNewlines(text: string, atMost: number): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1 && n < atMost; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
