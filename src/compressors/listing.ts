import { hasMarker } from "../ccr/marker.js";
import type { LineIndex } from "../kernels/lines.js";
import { compressFind } from "./listing/find.js";
import { compressFlatLs } from "./listing/flat-ls.js";
import { compressNpmTree } from "./listing/npm-tree.js";
import { compressGitStatus } from "./listing/git-status.js";
import { compressPathList } from "./listing/path-list.js";
import { runNote } from "./listing/note.js";
import { isHeaderUnder } from "./listing/shapes.js";
import { compressTree } from "./listing/tree.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";

/**
 * The recursive-listing compressor: `ls -lR` / `ls -laR` output, a section
 * per directory (`dir:` header, `total N`, one row per entry).
 *
 * Its outline is every directory header with its entry count: no header is
 * ever cut. Within each section the entries that stand out stay (an owner
 * or group other than the listing's usual one, a symlink or device
 * where such entries are rare in the section) with the first few;
 * the rest leave one note line in their place naming their count, their
 * first and last names and their lines (`… 12 of 15 entries L40-52: a.js …
 * z.js`: the section's entry count stays with its header). A single marker, where the first entries go, names the stored
 * original, so every note's lines can be recalled by range. Past the line
 * budget, sections keep only their header and notes (the total lines go).
 *
 * Our own output (holding a marker) returns null, so a second pass changes nothing.
 */

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Entries kept at the top of each section. */
  perSection: 3,
  /** Output lines before sections shrink to header, total and note. */
  lines: 1200,
} as const;

/** An `ls -l` row: type and permission bits, then the link count. */
const LS_ROW_RE = /^[-dlcbpsD][rwxsStTlL-]{9}[.@+]? +\d+ /;
/** Fewest sections worth outlining. */
const MIN_SECTIONS = 2;
/** An entry kind (symlink, device…) is rare in a section when at most this share of its entries has it. */
const RARE_KIND_SHARE = 0.1;
/** Runs this short are shown as their rows: a note would cost as much. */
const SHORT_RUN = 2;

interface Section {
  /** The header line (`dir:`), or -1 for the rows before the first header (`ls -lR` of the current directory). */
  header: number;
  /** The `total N` line, or -1. */
  total: number;
  /** Entry rows, as line indices. */
  rows: number[];
}

/** Whether `line` is a section header: a path ending with `:` that is not an `ls -l` row. */
function isHeader(line: string): boolean {
  return line.length > 1 && line.endsWith(":") && !LS_ROW_RE.test(line);
}

/** The sections of a recursive listing, and whether its rows are `ls -l` rows or bare names. */
interface Listing {
  sections: Section[];
  isLong: boolean;
}

/**
 * The sections of an `ls -lR` or `ls -R` listing, or null when some line fits
 * no part of one. Rows are all `ls -l` rows or all bare names; a listing of
 * bare names is read only when every header lies under the first (`a:`,
 * `a/b:`…): text of `Note:` paragraphs is no listing.
 */
export function parseListing(lines: LineIndex): Listing | null {
  const sections: Section[] = [];
  let current: Section | null = null;
  let isAfterBlank = true;
  let isLong: boolean | null = null;
  for (let i = 0; i < lines.count; i++) {
    const line = lines.line(i);
    if (line === "") {
      isAfterBlank = true;
      continue;
    }
    if (isAfterBlank && isHeader(line)) {
      current = { header: i, total: -1, rows: [] };
      sections.push(current);
    } else if (current !== null && current.total < 0 && current.rows.length === 0 && line.startsWith("total ")) {
      current.total = i;
    } else if (current !== null && (isLong ??= LS_ROW_RE.test(line)) === LS_ROW_RE.test(line)) {
      current.rows.push(i);
    } else return null;
    isAfterBlank = false;
  }
  if (sections.length < MIN_SECTIONS || isLong === null) return null;
  if (!isLong) {
    const root = lines.line(sections[0].header).slice(0, -1);
    for (const s of sections) {
      if (s.total >= 0 || (s.header !== sections[0].header && !isHeaderUnder(lines.line(s.header), root))) return null;
    }
  }
  return { sections, isLong };
}

/** Owner and group of an `ls -l` row (its third and fourth words). */
function ownerOf(line: string): string {
  const words = line.split(/ +/, 4);
  return `${words[2] ?? ""} ${words[3] ?? ""}`;
}

/** The entry name of an `ls -l` row: what follows the time or year (the 8th word on). */
function nameOf(line: string): string {
  let at = 0;
  for (let w = 0; w < 8; w++) {
    while (at < line.length && line.charCodeAt(at) === 32) at++;
    while (at < line.length && line.charCodeAt(at) !== 32) at++;
  }
  return line.slice(at).trim();
}

function isDotEntry(name: string): boolean {
  return name === "." || name === "..";
}

/** The listing's usual owner and group: the most common pair. */
function usualOwner(lines: LineIndex, sections: Section[]): string {
  const counts = new Map<string, number>();
  let best = "";
  let bestCount = 0;
  for (const s of sections) {
    for (const i of s.rows) {
      const o = ownerOf(lines.line(i));
      const c = (counts.get(o) ?? 0) + 1;
      counts.set(o, c);
      if (c > bestCount) [best, bestCount] = [o, c];
    }
  }
  return best;
}

/**
 * The listing compressor: `ls -lR` sections, a flat `ls -l` (listing/flat-ls.ts),
 * an `npm ls` tree (listing/npm-tree.ts), a `tree` drawing
 * (listing/tree.ts), a whole `find` walk (listing/find.ts), a `git status`
 * (listing/git-status.ts) or a list of paths (listing/path-list.ts: a
 * filtered find, `rg -l`), whichever the text is.
 */
export const listingCompressor: Compressor = {
  name: "listing",
  compress(input: CompressorInput): CompressorOutput | null {
    if (!input.canDrop || hasMarker(input.text)) return null;
    return (
      compressLsSections(input) ??
      compressFlatLs(input) ??
      compressNpmTree(input) ??
      compressTree(input) ??
      compressFind(input) ??
      compressGitStatus(input) ??
      compressPathList(input)
    );
  },
};

/** The outline of an `ls -lR` listing, or null when the text is none. */
function compressLsSections(input: CompressorInput): CompressorOutput | null {
  const { lines } = input;
  const listing = parseListing(lines);
  if (listing === null) return null;
  const { sections, isLong } = listing;
  // Bare names (`ls -R`) have no owner or kind to stand out by.
  const owner = isLong ? usualOwner(lines, sections) : "";
  // A symlink, a device or a socket stands out where its kind is rare in its section (not in rc6.d).
  const rareKinds = new Set<number>();
  for (const s of sections) {
    const kinds = new Map<number, number>();
    for (const i of s.rows) {
      const k = lines.line(i).charCodeAt(0);
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    for (const i of s.rows) {
      const k = lines.line(i).charCodeAt(0);
      if (k !== 45 && k !== 100 && (kinds.get(k) ?? 0) <= Math.max(1, s.rows.length * RARE_KIND_SHARE))
        rareKinds.add(i);
    }
  }
  const entryName = (i: number) => (isLong ? nameOf(lines.line(i)) : lines.line(i));
  const keepRow = (i: number) => isLong && (rareKinds.has(i) || ownerOf(lines.line(i)) !== owner);
  let perSection = scaled(CAPS.perSection, input.scale);
  const budget = scaled(CAPS.lines, input.scale, 100);
  const plannedLines = (per: number) => {
    let n = 0;
    for (const s of sections) {
      let kept = 0;
      let omitted = false;
      for (const i of s.rows) {
        const name = entryName(i);
        if (keepRow(i) || (!isDotEntry(name) && kept < per)) {
          n++;
          if (!keepRow(i)) kept++;
        } else omitted = true;
      }
      n += 2 + (s.total >= 0 ? 1 : 0) + (omitted ? 1 : 0);
    }
    return n;
  };
  if (plannedLines(perSection) > budget) perSection = 0;
  const eol = input.text.includes("\r\n") ? "\r\n" : "\n";
  const out: string[] = [];
  const origin: number[] = [];
  let cut = 0;
  let isMarked = false;
  const push = (text: string, from: number) => {
    out.push(text);
    origin.push(from);
  };
  const ensureMarker = () => {
    if (isMarked) return;
    const dropped = perSection > 0 ? " (and every . and .. row)" : " (and every . and .. row and total line)";
    const summary = `directory entries cut${isLong ? dropped : ""}; each "…" note names the entries and lines it stands for`;
    push(input.marker(summary), -1);
    isMarked = true;
  };
  let next = 0;
  for (const s of sections) {
    // Blank lines and anything before this header stay as they were.
    for (; next < s.header; next++) push(lines.line(next), next);
    push(lines.line(s.header), s.header);
    // Past the budget the `total N` block counts go too (the marker says so).
    if (s.total >= 0 && perSection > 0) push(lines.line(s.total), s.total);
    else if (s.total >= 0) {
      ensureMarker();
      cut++;
    }
    let kept = 0;
    let gap: number[] = [];
    const real = s.rows.filter((i) => !isDotEntry(entryName(i))).length;
    const flush = () => {
      if (gap.length === 0) return;
      if (gap.length <= SHORT_RUN) {
        for (const i of gap) push(lines.line(i), i);
        gap = [];
        return;
      }
      ensureMarker();
      const first = entryName(gap[0]);
      const last = entryName(gap[gap.length - 1]);
      push(runNote(gap.length, real, gap[0], gap[gap.length - 1], first, last), -1);
      cut += gap.length;
      gap = [];
    };
    for (const i of s.rows) {
      const name = entryName(i);
      const stands = keepRow(i);
      // `.` and `..` go without a note: every section of `ls -a` has them (the marker says so).
      if (isDotEntry(name) && !stands) {
        ensureMarker();
        cut++;
        continue;
      }
      if (stands || kept < perSection) {
        flush();
        push(lines.line(i), i);
        if (!stands) kept++;
      } else gap.push(i);
    }
    flush();
    next = s.rows.length > 0 ? s.rows[s.rows.length - 1] + 1 : Math.max(s.header, s.total) + 1;
  }
  for (; next < lines.count; next++) push(lines.line(next), next);
  if (cut === 0) return null;
  const output = out.join(eol);
  if (output.length >= input.text.length) return null;
  return {
    output,
    lossy: true,
    lineOrigin: Int32Array.from(origin),
    detail: { sections: sections.length, entriesCut: cut },
  };
}
