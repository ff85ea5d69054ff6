import { keptLinesOutput } from "../kept-lines.js";
import type { CompressorInput, CompressorOutput } from "../types.js";
import { runNote } from "./note.js";
import { npmEntryOf, type NpmTreeEntry } from "./shapes.js";

/**
 * The text tree of `npm ls` / `npm ls --all`: a root line
 * (`name@1.2.3 /path`), then one entry per dependency drawn with `├─┬`,
 * `│ └──`…, then npm's own `npm error` lines. Passed through whole, it saved
 * nothing; its outline is what an agent reads a dependency tree for:
 *
 * - every line that is no entry (the root, `npm error missing: …`);
 * - the top-level dependencies, and their dependencies that have a subtree
 *   of their own (the tree's first two levels of shape);
 * - every entry with a problem (`UNMET DEPENDENCY`, `UNMET OPTIONAL
 *   DEPENDENCY`, `invalid`, `extraneous`, `missing`, `overridden`), with
 *   every entry above it, so the deepest error is read with its path;
 * - every `deduped` note, named whole in the note of its run (a `deduped`
 *   line only points at a subtree shown elsewhere).
 *
 * Other entries, deeper than the outline, leave one note per run naming
 * its count, lines, first and last entry (listing/note.ts).
 */

/** Fewest entries worth outlining. */
const MIN_ENTRIES = 24;
/** Runs this short are shown as their lines: a note would cost as much. */
const SHORT_RUN = 2;
/** The notes of an entry with a problem, as npm writes them (words, no backtracking). */
const PROBLEM_RE = /\b(?:UNMET|invalid|extraneous|missing|overridden)\b/;
const DEDUPED = " deduped";

/** Whether the lines read as an `npm ls` tree: a root line, then an entry at the top level. */
export function isNpmTreeHead(first: string, second: string): boolean {
  return first !== "" && npmEntryOf(first) === null && npmEntryOf(second)?.depth === 0;
}

/** The outline of an `npm ls` tree, or null when the text is none or nothing would be cut. */
export function compressNpmTree(input: CompressorInput): CompressorOutput | null {
  const { lines } = input;
  if (lines.count < MIN_ENTRIES || !isNpmTreeHead(lines.line(0), lines.line(1))) return null;
  const entries: (NpmTreeEntry | null)[] = new Array(lines.count);
  const isKept = new Uint8Array(lines.count);
  const path: number[] = [];
  let total = 0;
  for (let i = 0; i < lines.count; i++) {
    const e = npmEntryOf(lines.line(i));
    entries[i] = e;
    if (e === null) {
      isKept[i] = 1;
      path.length = 0;
      continue;
    }
    total++;
    path.length = Math.min(path.length, e.depth);
    path.push(i);
    if (e.depth === 0 || (e.depth === 1 && e.hasChildren)) isKept[i] = 1;
    if (PROBLEM_RE.test(e.text)) for (const at of path) isKept[at] = 1;
  }
  if (total < MIN_ENTRIES) return null;

  const out: string[] = [];
  const origin: number[] = [];
  const push = (text: string, from: number) => {
    out.push(text);
    origin.push(from);
  };
  let isMarked = false;
  let cut = 0;
  let gap: number[] = [];
  const nameOf = (i: number) => {
    const text = (entries[i] as NpmTreeEntry).text;
    return text.endsWith(DEDUPED) ? text.slice(0, -DEDUPED.length) : text;
  };
  const flush = () => {
    if (gap.length <= SHORT_RUN) {
      for (const i of gap) push(lines.line(i), i);
    } else {
      if (!isMarked) {
        push(input.marker('dependencies below the tree\'s outline cut; each "…" note names its run and lines'), -1);
        isMarked = true;
      }
      // Each `deduped` note once, with its count when the run repeats it.
      const deduped = new Map<string, number>();
      for (const i of gap) {
        const text = (entries[i] as NpmTreeEntry).text;
        if (text.endsWith(DEDUPED)) deduped.set(text, (deduped.get(text) ?? 0) + 1);
      }
      const named = [...deduped].map(([text, n]) => (n === 1 ? text : `${text} ×${n}`));
      const note = runNote(gap.length, total, gap[0], gap[gap.length - 1], nameOf(gap[0]), nameOf(gap[gap.length - 1]));
      push(named.length === 0 ? note : `${note}; ${named.join(", ")}`, -1);
      cut += gap.length;
    }
    gap = [];
  };
  for (let i = 0; i < lines.count; i++) {
    if (isKept[i] === 1) {
      flush();
      push(lines.line(i), i);
    } else gap.push(i);
  }
  flush();
  if (cut === 0) return null;
  return keptLinesOutput(input.text, out, origin, { entries: total, entriesCut: cut });
}
