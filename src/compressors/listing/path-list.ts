import type { LineIndex } from "../../kernels/lines.js";
import { FALLBACK_CAP } from "../fallback.js";
import { keptLinesOutput } from "../kept-lines.js";
import { scaled, type CompressorInput, type CompressorOutput } from "../types.js";
import { namesNote, runNote } from "./note.js";
import { isPathLine, SLASHED_SHARE } from "./shapes.js";

/**
 * A list of paths, one a line, with no starting point above them: what a
 * filtered `find` (`-name`, `-type f`), `rg -l`, `fd` or `git ls-files`
 * prints. Each path names a file the agent may be looking for, so every
 * name stays: a run of paths in one directory keeps its first few whole,
 * and one note line in place of the rest names each of their files under
 * the directory, written once (as a `find` walk's notes do). Past the
 * output budget a run keeps only its first path whole, then its note names
 * its first and last cut file only, with the count and the lines to
 * recall; every run still keeps its first path, so no directory is ever
 * cut from the middle, and the list's last path stays whole too. Before this, such a
 * list past 64 K characters met the fallback's blind head and tail cut
 * (`2624 lines omitted`, no name said).
 */

/** Fewest paths worth outlining. */
const MIN_PATHS = 8;
/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Paths kept whole at the head of each directory's run. */
  perRun: 3,
} as const;
/** Runs this short are shown as their lines: a note would cost as much. */
const SHORT_RUN = 2;

/** One path of the list. */
interface PathRow {
  line: number;
  /** Its directory, with the trailing `/` (`a/b/` of `a/b/c.js`). */
  dir: string;
  name: string;
}

/** The rows of a path list, or null when the text is none (or no directory holds two of its paths in a row). */
export function parsePathList(lines: LineIndex): PathRow[] | null {
  let count = lines.count;
  // A final line end leaves one empty line.
  if (count > 0 && lines.line(count - 1) === "") count--;
  if (count < MIN_PATHS) return null;
  const rows: PathRow[] = [];
  let sharing = 0;
  let slashed = 0;
  for (let i = 0; i < count; i++) {
    const line = lines.line(i);
    if (!isPathLine(line)) return null;
    const cut = line.lastIndexOf("/") + 1;
    if (cut > 0) slashed++;
    const dir = line.slice(0, cut);
    if (rows.length > 0 && rows[rows.length - 1].dir === dir) sharing++;
    rows.push({ line: i, dir, name: line.slice(cut) });
  }
  // Paths in no order of directory gain nothing from notes per directory.
  return sharing * 4 >= rows.length && slashed >= SLASHED_SHARE * rows.length ? rows : null;
}

/** The outline of a path list, or null when the text is none or nothing would be cut. */
export function compressPathList(input: CompressorInput): CompressorOutput | null {
  const rows = parsePathList(input.lines);
  if (rows === null) return null;
  const runs: PathRow[][] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0].dir === row.dir) last.push(row);
    else runs.push([row]);
  }
  // The output cap every compressor keeps to (the fallback's), past which notes name less.
  const budget = scaled(FALLBACK_CAP, input.scale, 1000);
  // Ever more compact while over the budget: fewer whole paths a run, then notes naming first and last only.
  for (const [perRun, isNamingAll] of [
    [scaled(CAPS.perRun, input.scale), true],
    [1, true],
  ] as const) {
    const tried = render(input, runs, perRun, isNamingAll);
    if (tried.chars <= budget) return tried.output;
  }
  return render(input, runs, 1, false).output;
}

/** The list with each run cut to its first `perRun` paths and a note, naming every file when `isNamingAll`. */
function render(
  input: CompressorInput,
  runs: readonly PathRow[][],
  perRun: number,
  isNamingAll: boolean,
): { output: CompressorOutput | null; chars: number } {
  const { lines } = input;
  const out: string[] = [];
  const origin: number[] = [];
  let chars = 0;
  const push = (text: string, from: number) => {
    out.push(text);
    origin.push(from);
    chars += text.length + 1;
  };
  let cut = 0;
  for (const [k, run] of runs.entries()) {
    // The list's last path stays whole, as its first does.
    const tail = k === runs.length - 1 ? 1 : 0;
    const rest = run.length - perRun - tail;
    if (rest <= SHORT_RUN) {
      for (const row of run) push(lines.line(row.line), row.line);
      continue;
    }
    for (const row of run.slice(0, perRun)) push(lines.line(row.line), row.line);
    if (cut === 0) push(input.marker(NOTE_SUMMARY), -1);
    const cutRows = run.slice(perRun, run.length - tail);
    const from = cutRows[0].line;
    const to = cutRows[cutRows.length - 1].line;
    push(
      isNamingAll
        ? namesNote(
            run.length,
            from,
            to,
            cutRows.map((row) => row.name),
            run[0].dir,
          )
        : `${runNote(cutRows.length, run.length, from, to, cutRows[0].name, cutRows[cutRows.length - 1].name)} in ${run[0].dir}`,
      -1,
    );
    cut += cutRows.length;
    if (tail === 1) push(lines.line(run[run.length - 1].line), run[run.length - 1].line);
  }
  if (cut === 0) return { output: null, chars };
  return { output: keptLinesOutput(input.text, out, origin, { directories: runs.length, entriesCut: cut }), chars };
}

const NOTE_SUMMARY = `paths cut from the list; each "…" note names the files and lines it stands for`;
