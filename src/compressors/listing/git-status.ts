import type { LineIndex } from "../../kernels/lines.js";
import { keptLinesOutput } from "../kept-lines.js";
import { scaled, type CompressorInput, type CompressorOutput } from "../types.js";

/**
 * `git status` of a dirty tree in its long form: `On branch main`, then
 * `Changes to be committed:` and the other sections, one tab-indented
 * `modified:   path` a file.
 *
 * Its outline is the branch lines, every section header and every file: an
 * agent reads a status for the files it touched, so no name ever leaves.
 * What goes is the repetition: a run of files with one status under one
 * top directory keeps its first line whole, and one note line, after the
 * status, names the rest under their common directory written once (as a
 * path list's notes do, listing/note.ts), with their lines to recall, and
 * the names of one directory in a row grouped in the shell's braces. A
 * conflict (`both modified:`) and a rename or copy (`a -> b`) always keep
 * their line. Before this, a long status routed as a table kept 20 of 193
 * rows, sampled out of their sections.
 *
 * The short form (`-s`, `--porcelain`: ` M path`) is left alone: it is two
 * letters and a path a line, so all it could lose is names (on two real
 * statuses a note saved 8 % and hid whole lines).
 */

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Lines kept whole at the head of each run. */
  perRun: 1,
} as const;
/** Runs this short beyond their head are shown as their lines: a note would cost as much. */
const SHORT_RUN = 2;
/** Fewest file lines worth outlining. */
const MIN_FILES = 8;

/** The long form's file states, as `git status` words them (C locale). */
const LONG_STATES = new Set([
  "new file",
  "modified",
  "deleted",
  "renamed",
  "copied",
  "typechange",
  "unknown",
  "unmerged",
  "both modified",
  "both added",
  "both deleted",
  "added by us",
  "added by them",
  "deleted by us",
  "deleted by them",
]);
/** The long form's section headers. */
const LONG_SECTIONS = new Set([
  "Changes to be committed:",
  "Changes not staged for commit:",
  "Untracked files:",
  "Ignored files:",
  "Unmerged paths:",
]);
/** How a long status opens. */
const LONG_HEADS = ["On branch ", "HEAD detached at ", "HEAD detached from ", "Not currently on any branch."];
/** A name the shell's braces could not hold unambiguously. */
const BRACE_UNSAFE_RE = /[{},]/;

/** One file line of a status: its state, its path and the top directory it is in. */
interface FileRow {
  line: number;
  /** The state as printed (`modified`, `new file`), or "" for an untracked or ignored file. */
  state: string;
  path: string;
  /** The path's first directory with its `/` (`src/` of `src/a/b.ts`), or "" for a file at the root. */
  top: string;
  /** A conflict or a rename: its line always stays. */
  isStandout: boolean;
}

/** The file of a long status line (`\tmodified:   a/b.ts`, `\ta/b.ts`), or null when the line is none. */
function longRow(line: string, i: number): FileRow | null {
  if (line.length < 2 || line.charCodeAt(0) !== 9 || line.charCodeAt(1) === 9) return null;
  const colon = line.indexOf(":   ");
  const word = colon > 0 ? line.slice(1, colon) : "";
  const isState = LONG_STATES.has(word);
  const path = isState ? line.slice(colon + 1).trimStart() : line.slice(1);
  return fileRow(i, isState ? word : "", path, isState && word.includes(" ") && word !== "new file");
}

function fileRow(line: number, state: string, path: string, isConflict: boolean): FileRow {
  const isRename = path.includes(" -> ");
  // An untracked directory (`tmp/`) is named whole, in the directory above it.
  const slash = path.indexOf("/");
  const top = slash >= 0 && slash < path.length - 1 ? path.slice(0, slash + 1) : "";
  return { line, state, path, top, isStandout: isConflict || isRename };
}

/** The longest directory (with its `/`) that holds every path of a run, or "". */
function commonDir(run: readonly FileRow[]): string {
  let dir = run[0].path.slice(0, run[0].path.lastIndexOf("/", run[0].path.length - 2) + 1);
  for (const row of run)
    while (dir !== "" && !row.path.startsWith(dir)) dir = dir.slice(0, dir.lastIndexOf("/", dir.length - 2) + 1);
  return dir;
}

/** Whether `line` opens a long `git status`. */
export function isLongStatusHead(line: string): boolean {
  return LONG_HEADS.some((h) => line.startsWith(h));
}

/** Whether `line` is a long status's section header. */
export function isLongStatusSection(line: string): boolean {
  return LONG_SECTIONS.has(line);
}

/**
 * The file rows of a long `git status`, or null when the text is none: it
 * opens with its branch line and has a section header.
 */
export function parseGitStatus(lines: LineIndex): FileRow[] | null {
  let count = lines.count;
  if (count > 0 && lines.line(count - 1) === "") count--;
  if (count === 0 || !isLongStatusHead(lines.line(0))) return null;
  const rows: FileRow[] = [];
  let sections = 0;
  let inSection = false;
  for (let i = 1; i < count; i++) {
    const line = lines.line(i);
    if (isLongStatusSection(line)) {
      sections++;
      inSection = true;
    } else if (line === "") inSection = false;
    else if (inSection) {
      const row = longRow(line, i);
      if (row !== null) rows.push(row);
    }
  }
  return sections > 0 && rows.length >= MIN_FILES ? rows : null;
}

/** The outline of a `git status`, or null when the text is none or nothing would be cut. */
export function compressGitStatus(input: CompressorInput): CompressorOutput | null {
  const rows = parseGitStatus(input.lines);
  if (rows === null) return null;
  const { lines } = input;
  const perRun = Math.max(1, scaled(CAPS.perRun, input.scale));
  // Runs: consecutive file lines of one state under one top directory; a standout line is a run of its own.
  const runs: FileRow[][] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    const prev = last?.[last.length - 1];
    if (
      prev !== undefined &&
      !row.isStandout &&
      !prev.isStandout &&
      prev.line === row.line - 1 &&
      prev.state === row.state &&
      prev.top === row.top
    )
      last.push(row);
    else runs.push([row]);
  }
  const out: string[] = [];
  const origin: number[] = [];
  // git's `  (use "git add <file>..." …)` hints go with the first cut (the marker says so).
  const keep = (i: number) => {
    const line = lines.line(i);
    if (cut > 0 && isHint(line)) return;
    out.push(line);
    origin.push(i);
  };
  let next = 0;
  let cut = 0;
  let end = lines.count;
  if (end > 0 && lines.line(end - 1) === "") end--;
  for (const run of runs) {
    const rest = run.length - perRun;
    if (rest <= SHORT_RUN) continue;
    const head = run[perRun - 1]?.line ?? run[0].line - 1;
    for (; next <= head; next++) keep(next);
    if (cut === 0) {
      out.push(input.marker(NOTE_SUMMARY));
      origin.push(-1);
    }
    const cutRows = run.slice(perRun);
    const from = cutRows[0].line;
    const to = cutRows[cutRows.length - 1].line;
    const dir = commonDir(run);
    const names = braceGroups(cutRows.map((r) => r.path.slice(dir.length)));
    const place = from === to ? `L${from + 1}` : `L${from + 1}-${to + 1}`;
    const where = dir === "" ? "" : ` in ${dir}`;
    const note = `… ${cutRows.length} of ${run.length} entries ${place}${where}: ${names.join(", ")}`;
    out.push(statePrefix(lines.line(from), run[0].state) + note);
    origin.push(-1);
    cut += cutRows.length;
    next = to + 1;
  }
  if (cut === 0) return null;
  for (; next < end; next++) keep(next);
  return keptLinesOutput(input.text, out, origin, { files: rows.length, filesCut: cut });
}

/**
 * Names in line order, those of one directory in a row written once as
 * the shell's braces do (`diff/{parse.ts,stat-log.ts}`): a status names
 * whole paths, and their directories are most of its bytes.
 */
function braceGroups(names: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < names.length) {
    const cut = names[i].lastIndexOf("/", names[i].length - 2) + 1;
    const dir = names[i].slice(0, cut);
    let j = i + 1;
    while (dir !== "" && j < names.length && names[j].startsWith(dir) && !names[j].includes("/", cut)) j++;
    // A name with a comma or a brace of its own is written whole, so the braces stay unambiguous.
    const group = names.slice(i, j);
    if (j - i > 1 && !group.some((n) => BRACE_UNSAFE_RE.test(n)))
      out.push(`${dir}{${group.map((n) => n.slice(cut)).join(",")}}`);
    else out.push(...group);
    i = j;
  }
  return out;
}

/** What a note line starts with so it reads as its run's lines do: `\tmodified:   `, or `\t` for untracked files. */
function statePrefix(line: string, state: string): string {
  if (state === "") return "\t";
  const colon = line.indexOf(":   ");
  let at = colon + 1;
  while (line.charCodeAt(at) === 32) at++;
  return line.slice(0, at);
}

/** A long status's hint line: `  (use "git restore <file>..." to discard changes in working directory)`. */
function isHint(line: string): boolean {
  return line.startsWith("  (use ") && line.endsWith(")");
}

const NOTE_SUMMARY = `status lines cut (and git's "(use …)" hints after this); each "…" note names the files and lines it stands for, a {a,b} group the names in one directory`;
