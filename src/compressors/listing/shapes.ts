/**
 * The line shapes of the listings other than `ls -lR`: a `tree` entry line and
 * a `find` row. Read by the router's listing detector and by the listing
 * compressor, so that both see the same shape.
 *
 * Scanned by hand (no regex over the drawing): tree 2 indents with
 * `│` + two U+00A0 + a space, older trees and `--charset=ascii` with
 * `|` + spaces, and a regex over those alternatives per level would be
 * the backtracking kind contract 6 forbids.
 */

/** One entry line of `tree`: how deep it sits and what follows its branch. */
export interface TreeEntryLine {
  /** 0 for the root's children. */
  depth: number;
  /** The text after `├── ` (a name, maybe after `[size]` columns, maybe `name -> target`). */
  name: string;
  /** Where the name starts in the line (the indent and branch before it). */
  nameAt: number;
}

const NBSP = 0xa0;

/** Whether `code` may pad a tree indent (a space or tree 2's no-break space). */
function isPad(code: number): boolean {
  return code === 32 || code === NBSP;
}

/** Whether the four characters at `at` are a branch: `├── `, `└── `, `|-- ` or `` `-- ``. */
function isBranch(line: string, at: number): boolean {
  const c = line.charCodeAt(at);
  if (c === 0x251c || c === 0x2514) {
    return line.charCodeAt(at + 1) === 0x2500 && line.charCodeAt(at + 2) === 0x2500 && isPad(line.charCodeAt(at + 3));
  }
  if (c === 124 || c === 96) {
    return line.charCodeAt(at + 1) === 45 && line.charCodeAt(at + 2) === 45 && line.charCodeAt(at + 3) === 32;
  }
  return false;
}

/** Whether the four characters at `at` are one level of indent: `│  `, `|   ` or blanks. */
function isIndent(line: string, at: number): boolean {
  const c = line.charCodeAt(at);
  if (c !== 0x2502 && c !== 124 && !isPad(c)) return false;
  return isPad(line.charCodeAt(at + 1)) && isPad(line.charCodeAt(at + 2)) && isPad(line.charCodeAt(at + 3));
}

/** The tree entry of `line`, or null when it is not one. */
export function treeEntryOf(line: string): TreeEntryLine | null {
  let at = 0;
  let depth = 0;
  while (at + 4 <= line.length) {
    if (isBranch(line, at)) {
      const name = line.slice(at + 4);
      return name.length > 0 ? { depth, name, nameAt: at + 4 } : null;
    }
    if (!isIndent(line, at)) return null;
    at += 4;
    depth++;
  }
  return null;
}

/** One row of `find`: the path and, for `find -ls`, the columns before it. */
export interface FindRow {
  path: string;
  /** The `find -ls` columns (inode … time), or null for a bare path. */
  columns: string[] | null;
}

/** `find -ls`: inode, blocks, mode, links, owner, group, size (or `major, minor`), month, day, time or year. */
const FIND_LS_RE =
  /^ *\d+ +\d+ +[-dlcbpsD][rwxsStTlL-]{9}[.@+]? +\d+ +\S+ +\S+ +(?:\d+, +)?\d+ +\S+ +\d{1,2} +(?:\d{4}|\d{1,2}:\d{2}) /;

/** The find row of `line`: a `find -ls` row's path after its columns, else the whole line. */
export function findRowOf(line: string): FindRow {
  const m = FIND_LS_RE.exec(line);
  if (m === null) return { path: line, columns: null };
  return { path: line.slice(m[0].length), columns: m[0].trim().split(/ +/) };
}

/** The directory part of a path (`a/b` of `a/b/c`), or null for a path without a slash. */
export function parentPathOf(path: string): string | null {
  const slash = path.lastIndexOf("/", path.length - 2);
  if (slash < 0) return null;
  return slash === 0 ? "/" : path.slice(0, slash);
}

/** Whether the `ls -R` header `header` (`a/b:`) names a directory under `root` (`a`). */
export function isHeaderUnder(header: string, root: string): boolean {
  const under = root.endsWith("/") ? root : `${root}/`;
  return header.endsWith(":") && header.length > under.length + 1 && header.startsWith(under);
}

/** Longest line read as a path of a path list. */
const MAX_PATH = 400;

/**
 * Whether `line` reads as one path of a path list: no white space, no `:`
 * (a search row's `path:12:`, a URL), not ending in `/` and not over
 * {@link MAX_PATH} long. A file at the top (`README.md`) holds no `/`:
 * the list as a whole must have them (see {@link SLASHED_SHARE}).
 */
export function isPathLine(line: string): boolean {
  if (line.length === 0 || line.length > MAX_PATH || line.endsWith("/")) return false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c <= 32 || c === 58 /* : */) return false;
  }
  return true;
}

/** Least share of a path list's lines that hold a `/` (the rest: files at the top). */
export const SLASHED_SHARE = 0.75;

/** One entry line of an `npm ls` tree: how deep it sits, its text, whether a subtree follows. */
export interface NpmTreeEntry {
  /** 0 for the root's dependencies. */
  depth: number;
  /** What follows the branch: `name@1.2.3`, maybe with `deduped`, `invalid: …`, `extraneous`, or `UNMET DEPENDENCY name@range`. */
  text: string;
  /** Where the text starts in the line. */
  textAt: number;
  /** Whether the branch opens a subtree (`├─┬`, `└─┬`). */
  hasChildren: boolean;
}

/**
 * The `npm ls` entry of `line`, or null: two-column indents (`│ ` or two
 * blanks) per level, then `├── `, `└── `, `├─┬ ` or `└─┬ `. Scanned by hand
 * like tree's lines.
 */
export function npmEntryOf(line: string): NpmTreeEntry | null {
  let at = 0;
  while (at + 4 <= line.length) {
    const c = line.charCodeAt(at);
    if ((c === 0x251c || c === 0x2514) && line.charCodeAt(at + 1) === 0x2500 && line.charCodeAt(at + 3) === 32) {
      const d = line.charCodeAt(at + 2);
      if (d !== 0x2500 && d !== 0x252c) return null;
      const text = line.slice(at + 4);
      return text.length > 0 ? { depth: at / 2, text, textAt: at + 4, hasChildren: d === 0x252c } : null;
    }
    if ((c !== 0x2502 && c !== 32) || line.charCodeAt(at + 1) !== 32) return null;
    at += 2;
  }
  return null;
}
