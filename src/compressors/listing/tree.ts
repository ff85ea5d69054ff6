import type { LineIndex } from "../../kernels/lines.js";
import type { CompressorInput, CompressorOutput } from "../types.js";
import { namesNote } from "./note.js";
import { type ListingEntry, outlineListing } from "./outline.js";
import { treeEntryOf } from "./shapes.js";

/**
 * `tree` output: a root line, one line per entry drawn under it, a blank
 * line and the `N directories, M files` count. A directory is the entry
 * whose next entry sits deeper (`tree -F` also ends its name with `/`,
 * which names the empty ones too). Every directory stays; files go in
 * runs, each leaving a note drawn as an entry of the same directory that
 * names every file of the run.
 */

/** Fewest entries worth outlining. */
const MIN_ENTRIES = 8;

/** `tree -d`'s count line (`212 directories`, no files): every entry is a directory, leaves too. */
function isDirectoriesOnlyCount(line: string): boolean {
  const c = line.charCodeAt(0);
  return c >= 48 && c <= 57 && !line.includes(",") && (line.endsWith(" directories") || line.endsWith(" directory"));
}

interface TreeEntry extends ListingEntry {
  depth: number;
  name: string;
  /** Where the name starts: what comes before is the drawing. */
  nameAt: number;
}

/**
 * The entries of a `tree` listing, or null when it is not one: lines other
 * than entries may only open the text or follow a blank line (a root, the
 * count), and no entry may sit more than one level below the one before.
 */
export function parseTree(lines: LineIndex): TreeEntry[] | null {
  const entries: TreeEntry[] = [];
  // The last entry at each depth: the parent of the next one a level deeper.
  const lastAt: number[] = [];
  let isParagraphStart = true;
  let isDirectoriesOnly = false;
  for (let i = 0; i < lines.count; i++) {
    const line = lines.line(i);
    if (line === "") {
      isParagraphStart = true;
      continue;
    }
    const entry = treeEntryOf(line);
    if (entry === null) {
      if (!isParagraphStart) return null;
      if (isDirectoriesOnlyCount(line)) isDirectoriesOnly = true;
      // A root (or the count): what follows starts a new tree.
      lastAt.length = 0;
      isParagraphStart = false;
      continue;
    }
    if (entry.depth > lastAt.length) return null;
    const parent = entry.depth === 0 ? -1 : lastAt[entry.depth - 1];
    const name = entry.name;
    const stands = name.includes(" -> ") || name.includes("[error");
    entries.push({
      line: i,
      parent,
      isDir: name.endsWith("/"),
      stands,
      depth: entry.depth,
      name,
      nameAt: entry.nameAt,
    });
    lastAt.length = entry.depth;
    lastAt.push(entries.length - 1);
    isParagraphStart = false;
  }
  for (let e = 0; e < entries.length; e++) {
    if (isDirectoriesOnly || (e + 1 < entries.length && entries[e + 1].parent === e)) entries[e].isDir = true;
  }
  return entries.length >= MIN_ENTRIES && entries.some((e) => e.isDir) ? entries : null;
}

/** The name a note shows: without `tree -h`/`-p`/`-u` columns in brackets. */
function bareName(name: string): string {
  if (!name.startsWith("[")) return name;
  const end = name.indexOf("]  ");
  return end < 0 ? name : name.slice(end + 3);
}

/** The outline of a `tree` listing, or null when the text is none. */
export function compressTree(input: CompressorInput): CompressorOutput | null {
  const entries = parseTree(input.lines);
  if (entries === null) return null;
  const { lines } = input;
  return outlineListing(
    input,
    entries,
    (run, total) => {
      const last = run[run.length - 1] as TreeEntry;
      // Drawn as the run's last entry was, so the tree's lines still join up.
      const drawing = lines.line(last.line).slice(0, last.nameAt);
      const names = run.map((e) => bareName((e as TreeEntry).name));
      return drawing + namesNote(total, run[0].line, last.line, names);
    },
    `file lines cut from the tree; each "…" entry names the files and lines it stands for`,
  );
}
