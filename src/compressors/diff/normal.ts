/**
 * Hunks of GNU diff's default output, the normal format: a command line
 * (`3,4c3`, `150a98`, `12,15d11`), then the old side's lines as `< text`,
 * for a change a `---` line, then the new side's lines as `> text`. The
 * command's ranges say exactly how many lines each side has, so a body is
 * read only when it has them all: a line like `3a4` in other text, not
 * followed by its `<`/`>` lines, is no hunk.
 *
 * Such a hunk is read as one without line numbers to re-anchor pieces with
 * (`counted: false`): its changes are cut by their allowance like any
 * other, and its `---` stays between the sides it parts.
 */
import { type HunkBody, LINE_ADDED, LINE_CONTEXT, LINE_DELETED, LINE_NO_EOL } from "./hunk.js";
import type { DiffView } from "./view.js";

/** A normal-format command: `<old range><op><new range>`. */
export interface NormalCommand {
  op: "a" | "c" | "d";
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

const MAX_DIGITS = 9;

/** Reads `N` or `N,M` at `pos` as [start, count, next offset] (`N,M` spans N..M), or null. */
function readRange(v: string, pos: number): [number, number, number] | null {
  const a = readNumber(v, pos);
  if (a === null) return null;
  if (v.charCodeAt(a[1]) !== 44) return [a[0], 1, a[1]];
  const b = readNumber(v, a[1] + 1);
  if (b === null || b[0] < a[0]) return null;
  return [a[0], b[0] - a[0] + 1, b[1]];
}

function readNumber(v: string, pos: number): [number, number] | null {
  let value = 0;
  let j = pos;
  while (j < v.length && j - pos < MAX_DIGITS) {
    const c = v.charCodeAt(j);
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
    j++;
  }
  return j === pos ? null : [value, j];
}

/** Parses a visible line as a normal-format command, or null. */
export function parseNormalCommand(v: string): NormalCommand | null {
  const c = v.charCodeAt(0);
  if (c < 48 || c > 57) return null;
  const old = readRange(v, 0);
  if (old === null) return null;
  const op = v[old[2]];
  if (op !== "a" && op !== "c" && op !== "d") return null;
  const neu = readRange(v, old[2] + 1);
  if (neu === null || neu[2] !== v.length) return null;
  // `a` adds after an old line (one number), `d` deletes up to a new line (one number).
  if ((op === "a" && old[1] !== 1) || (op === "d" && neu[1] !== 1)) return null;
  return {
    op,
    oldStart: old[0],
    oldCount: op === "a" ? 0 : old[1],
    newStart: neu[0],
    newCount: op === "d" ? 0 : neu[1],
  };
}

/**
 * Scans the body of `cmd` starting at line `from`, writing each line's kind
 * into `kinds` (`<` deleted, `>` added, `---` context, `\ No newline at end
 * of file` with its line); null, with `kinds` untouched, when the body does
 * not hold exactly the lines the command announces.
 */
export function scanNormalBody(view: DiffView, cmd: NormalCommand, from: number, kinds: Uint8Array): HunkBody | null {
  const n = view.lines.count;
  let j = from;
  const side = (mark: number, count: number): boolean => {
    for (let k = 0; k < count; k++) {
      if (j >= n || !isSideLine(view.plain(j), mark)) return false;
      j++;
      if (j < n && view.first(j) === 92 /* \ */) j++;
    }
    return true;
  };
  if (!side(60 /* < */, cmd.oldCount)) return null;
  if (cmd.op === "c") {
    if (j >= n || view.plain(j) !== "---") return null;
    j++;
  }
  if (!side(62 /* > */, cmd.newCount)) return null;
  let changedChars = 0;
  for (let i = from; i < j; i++) {
    const c = view.first(i);
    kinds[i] = c === 60 ? LINE_DELETED : c === 62 ? LINE_ADDED : c === 92 ? LINE_NO_EOL : LINE_CONTEXT;
    if (c === 60 || c === 62) changedChars += view.lines.end(i) - view.lines.start(i);
  }
  return { to: j, plus: cmd.newCount, minus: cmd.oldCount, changedChars };
}

/** `< text` / `> text` (or the bare mark of an empty line, `<` / `>` followed by a tab with -T). */
function isSideLine(v: string, mark: number): boolean {
  if (v.charCodeAt(0) !== mark) return false;
  if (v.length === 1) return true;
  const c = v.charCodeAt(1);
  return c === 32 || c === 9;
}
