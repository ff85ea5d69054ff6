import type { LineIndex } from "../../kernels/lines.js";
import type { CompressorInput, CompressorOutput } from "../types.js";
import { namesNote } from "./note.js";
import { type ListingEntry, outlineListing } from "./outline.js";
import { type FindRow, findRowOf, parentPathOf } from "./shapes.js";

/**
 * A whole walk by `find DIR` (bare paths) or `find DIR -ls`: the starting
 * point on the first line, then every path under it, each after its
 * directory's line. Only a whole walk is read here: a filtered find
 * (`-name`, `-type f`) has no directory lines and is read as a path list
 * (listing/path-list.ts), which names every file. Every directory stays; files go in runs, each leaving
 * a note that names every file of the run: a bare walk's note names the
 * run's directory once, as the rows write it, and each file's name under
 * it (the row was the path alone); a `find -ls` note names each path whole
 * (what it saves is the row's columns).
 */

/** Fewest rows worth outlining. */
const MIN_ROWS = 8;
/** `find -ls` rows this many of the largest stand out. */
const LARGEST_KEPT = 3;

interface FindEntry extends ListingEntry {
  path: string;
}

/** The owner and group of a `find -ls` row. */
function ownerOf(row: FindRow): string {
  return row.columns === null ? "" : `${row.columns[4]} ${row.columns[5]}`;
}

/** The size of a `find -ls` row (0 for a device). */
function sizeOf(row: FindRow): number {
  if (row.columns === null) return 0;
  const size = Number(row.columns[6]);
  return Number.isFinite(size) ? size : 0;
}

/**
 * The entries of a `find` walk, or null when the text is none: every row
 * but the first under the first's path, in the directory of a row before
 * it, all bare or all `-ls`.
 */
export function parseFind(lines: LineIndex): FindEntry[] | null {
  if (lines.count < MIN_ROWS) return null;
  const rows: FindRow[] = [];
  const root = findRowOf(lines.line(0));
  if (root.path === "" || root.path.includes("\t")) return null;
  const under = root.path.endsWith("/") ? root.path : `${root.path}/`;
  const entries: FindEntry[] = [{ line: 0, parent: -1, isDir: true, stands: false, path: root.path }];
  rows.push(root);
  const dirs = new Map<string, number>([
    [root.path.endsWith("/") && root.path.length > 1 ? root.path.slice(0, -1) : root.path, 0],
  ]);
  for (let i = 1; i < lines.count; i++) {
    const row = findRowOf(lines.line(i));
    if ((row.columns === null) !== (root.columns === null) || !row.path.startsWith(under)) return null;
    const parentPath = parentPathOf(row.path);
    const parent = parentPath === null ? undefined : dirs.get(parentPath);
    if (parent === undefined) return null;
    entries[parent].isDir = true;
    const isDir = row.columns?.[2].startsWith("d") === true;
    entries.push({ line: i, parent, isDir, stands: false, path: row.path });
    rows.push(row);
    dirs.set(row.path, entries.length - 1);
  }
  if (root.columns !== null) markStandouts(entries, rows);
  return entries;
}

/** `find -ls` rows that stand out: another owner than the walk's usual one, or among the largest files. */
function markStandouts(entries: FindEntry[], rows: FindRow[]): void {
  const owners = new Map<string, number>();
  for (const row of rows) owners.set(ownerOf(row), (owners.get(ownerOf(row)) ?? 0) + 1);
  let usual = "";
  for (const [owner, n] of owners) if (n > (owners.get(usual) ?? 0)) usual = owner;
  const bySize = entries
    .filter((e) => !e.isDir)
    .sort((a, b) => sizeOf(rows[b.line]) - sizeOf(rows[a.line]) || a.line - b.line);
  for (const e of bySize.slice(0, LARGEST_KEPT)) e.stands = true;
  for (const e of entries) if (ownerOf(rows[e.line]) !== usual) e.stands = true;
}

/** The outline of a `find` walk, or null when the text is none. */
export function compressFind(input: CompressorInput): CompressorOutput | null {
  const entries = parseFind(input.lines);
  if (entries === null) return null;
  const isLong = findRowOf(input.lines.line(0)).columns !== null;
  return outlineListing(
    input,
    entries,
    (run, total) => {
      const from = run[0].line;
      const to = run[run.length - 1].line;
      // A `-ls` row is mostly columns: its path stays whole, as the row writes it.
      if (isLong)
        return namesNote(
          total,
          from,
          to,
          run.map((e) => (e as FindEntry).path),
        );
      const dir = (entries[run[0].parent] as FindEntry).path;
      const under = dir.endsWith("/") ? dir : `${dir}/`;
      return namesNote(
        total,
        from,
        to,
        run.map((e) => (e as FindEntry).path.slice(under.length)),
        under,
      );
    },
    `file lines cut from the walk; each "…" note names the files and lines it stands for`,
  );
}
