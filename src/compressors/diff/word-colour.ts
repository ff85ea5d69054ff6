/**
 * `git diff --word-diff=color` and `git diff --color-words`: the changed
 * words of a line are marked by colour alone, red for removed and green for
 * added (`ESC[31m`, `ESC[32m`), with no `+`/`-` column and no `[-…-]`/`{+…+}`
 * brackets. Once the escapes are stripped every changed line reads as
 * context, so the diff compressor reads such a text before the ANSI step,
 * through a view that writes each red span as `[-…-]` and each green one as
 * `{+…+}` (what `--word-diff=plain` prints): its word-diff scan then finds
 * the changed lines, while every kept line is still copied from the input as
 * it was printed (and the ANSI step after it strips the colour).
 */
import type { LineIndex } from "../../kernels/lines.js";
import { isGraphLog } from "./graph-log.js";
import { DiffView } from "./view.js";

const NONE = 0;
const RED = 1;
const GREEN = 2;
const OPEN = ["", "[-", "{+"];
const CLOSE = ["", "-]", "+}"];

/** The colour an SGR sequence's parameters `params` leave: red, green, none (reset or another colour) or, for others, `current`. */
function colourAfter(params: string, current: number): number {
  if (params === "" || params === "0") return NONE;
  let colour = current;
  for (const p of params.split(";")) {
    if (p === "31") colour = RED;
    else if (p === "32") colour = GREEN;
    else if (p === "0" || p === "39" || (p.length === 2 && p[0] === "3")) colour = NONE;
  }
  return colour;
}

/** A coloured word diff read with its colours as `[-…-]` / `{+…+}` marks. */
export class WordColourView extends DiffView {
  /** A word diff has no `+`/`-` column: a changed line's code is all its visible text. */
  override code(i: number): string {
    return super.plain(i);
  }

  override plain(i: number): string {
    const text = this.text;
    const start = this.lines.start(i);
    let end = this.lines.end(i);
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    if (text.indexOf("\x1b", start) === -1 || text.indexOf("\x1b", start) >= end) return text.slice(start, end);
    let out = "";
    let colour = NONE;
    let pos = start;
    while (pos < end) {
      const esc = text.indexOf("\x1b", pos);
      const stop = esc === -1 || esc >= end ? end : esc;
      if (stop > pos) {
        out += text.slice(pos, stop);
        pos = stop;
      }
      if (pos >= end) break;
      // An SGR sequence: ESC [ digits and semicolons m. Any other escape is skipped whole.
      let j = pos + 1;
      if (text.charCodeAt(j) === 0x5b) {
        j++;
        while (j < end && ((text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x3f) || text.charCodeAt(j) === 0x20))
          j++;
        if (j < end && text.charCodeAt(j) === 0x6d /* m */) {
          const next = colourAfter(text.slice(pos + 2, j), colour);
          if (next !== colour) {
            out += CLOSE[colour] + OPEN[next];
            colour = next;
          }
        }
        pos = Math.min(end, j + 1);
      } else {
        pos = Math.min(end, j + 1);
      }
    }
    return out + CLOSE[colour];
  }
}

/** Lines of a word diff whose colour must be read before it is taken for one. */
const MIN_COLOURED_LINES = 2;

/**
 * Whether `text` is a coloured word diff: a patch (a hunk header) whose hunk
 * bodies hold at least two lines with a red or green span that do not open
 * with a `+` or `-` (a coloured ordinary diff colours whole `+`/`-` lines,
 * each of which opens with its sign), and not a `--graph` log (whose columns
 * are coloured too).
 */
export function isColourWordDiff(text: string, lines: LineIndex): boolean {
  if (text.indexOf("\x1b[3") === -1) return false;
  const view = new DiffView(text, lines);
  let inHunk = false;
  let coloured = 0;
  // The next red and green openings at or past the line read: each search goes on from the last
  // one, so a long diff with few colour runs is read once, not once per line.
  let red = -2;
  let green = -2;
  for (let i = 0; i < lines.count; i++) {
    const start = lines.start(i);
    const first = view.first(i);
    if (first === 64 /* @ */ && view.plain(i).startsWith("@@")) {
      inHunk = true;
      continue;
    }
    if (first === 100 /* d */ || first === 99 /* c */) {
      const v = view.plain(i);
      if (v.startsWith("diff ") || v.startsWith("commit ")) inHunk = false;
    }
    if (!inHunk || first === 43 || first === 45 || first === -1) continue;
    if (red !== -1 && red < start) red = text.indexOf("\x1b[31m", start);
    if (green !== -1 && green < start) green = text.indexOf("\x1b[32m", start);
    const end = lines.end(i);
    if ((red !== -1 && red < end) || (green !== -1 && green < end)) coloured++;
    if (coloured >= MIN_COLOURED_LINES) return !isGraphLog(view);
  }
  return false;
}
