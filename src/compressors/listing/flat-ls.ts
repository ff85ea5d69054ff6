import { scaled, type CompressorInput, type CompressorOutput } from "../types.js";
import { keptLinesOutput } from "../kept-lines.js";
import { runNote } from "./note.js";

/**
 * A flat `ls -l` / `ls -la` of one directory: `total N`, then one row per
 * entry. Sampled as a table, a symlink or a setuid file in its middle was
 * lost; its outline is what an agent looks for in a directory:
 *
 * - the `total` line;
 * - every symlink, with its target (`name -> target`): as its row where
 *   symlinks are rare; where they are common (a library directory's
 *   `.so` links), named with their targets in the note of their run, so
 *   that hundreds of links do not keep the listing whole;
 * - every directory among files, every entry of a type that is rare in
 *   the listing (a block device among character devices), of another
 *   owner or group than most, or of a mode that is rare for its type
 *   (setuid, setgid, world-writable);
 * - the largest regular files.
 *
 * The first few ordinary entries and the last entry stay (where a sorted
 * listing starts and ends); each further run of them leaves one note naming
 * its count, lines, first and last name (listing/note.ts).
 */

/** An `ls -l` row: type and permission bits, then the link count. */
const LS_ROW_RE = /^[-dlcbpsD][rwxsStTlL-]{9}[.@+]? +\d+ /;

/** Fewest rows worth outlining: shorter listings gain too little. */
const MIN_ROWS = 24;
/** A mode or a type stands out when at most this share of the rows has it. */
const RARE_MODE_SHARE = 0.1;
/** Runs this short are shown as their rows: a note would cost as much. */
const SHORT_RUN = 2;

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Ordinary entries kept at the top. */
  head: 3,
  /** Largest regular files kept. */
  largest: 3,
} as const;

/** The fields of an `ls -l` row the outline reads. */
interface Row {
  line: number;
  type: string;
  mode: string;
  owner: string;
  /** Size in bytes, or -1 for a device (`major, minor`). */
  size: number;
  name: string;
}

/** Splits an `ls -l` row into its words up to the name (the 9th word on; a device's size takes two). */
function rowOf(text: string, line: number): Row {
  const words: string[] = [];
  let at = 0;
  const isDevice = text.charCodeAt(0) === 99 || text.charCodeAt(0) === 98;
  const fields = isDevice ? 9 : 8;
  while (words.length < fields) {
    while (at < text.length && text.charCodeAt(at) === 32) at++;
    const start = at;
    while (at < text.length && text.charCodeAt(at) !== 32) at++;
    words.push(text.slice(start, at));
  }
  const size = isDevice ? -1 : Number(words[4]);
  return {
    line,
    type: text[0],
    mode: words[0],
    owner: `${words[2]} ${words[3]}`,
    size: Number.isFinite(size) ? size : -1,
    name: text.slice(at).trim(),
  };
}

/** The name of a symlink's `name -> target`, or the name itself. */
function linkName(name: string): string {
  const arrow = name.indexOf(" -> ");
  return arrow < 0 ? name : name.slice(0, arrow);
}

/** The most common key of `counts`, first seen on ties. */
function mostCommon(counts: Map<string, number>): string {
  let best = "";
  let bestCount = -1;
  for (const [key, count] of counts) {
    if (count > bestCount) [best, bestCount] = [key, count];
  }
  return best;
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The outline of a flat `ls -l`, or null when the text is none or nothing would be cut. */
export function compressFlatLs(input: CompressorInput): CompressorOutput | null {
  const { lines } = input;
  let first = 0;
  if (lines.count > 0 && lines.line(0).startsWith("total ")) first = 1;
  let last = lines.count;
  while (last > first && lines.line(last - 1) === "") last--;
  if (last - first < MIN_ROWS) return null;
  const rows: Row[] = [];
  for (let i = first; i < last; i++) {
    const text = lines.line(i);
    if (!LS_ROW_RE.test(text)) return null;
    rows.push(rowOf(text, i));
  }

  const types = new Map<string, number>();
  const owners = new Map<string, number>();
  const modes = new Map<string, number>();
  const modesByType = new Map<string, Map<string, number>>();
  for (const r of rows) {
    count(types, r.type);
    count(owners, r.owner);
    count(modes, r.mode);
    let m = modesByType.get(r.type);
    if (m === undefined) modesByType.set(r.type, (m = new Map()));
    count(m, r.mode);
  }
  const usualType = mostCommon(types);
  const usualOwner = mostCommon(owners);
  const usualMode = new Map<string, string>();
  for (const [type, m] of modesByType) usualMode.set(type, mostCommon(m));
  const rareModeMax = Math.max(1, rows.length * RARE_MODE_SHARE);
  const largest = new Set(
    rows
      .filter((r) => r.type === "-" && r.size >= 0)
      .sort((a, b) => b.size - a.size || a.line - b.line)
      .slice(0, scaled(CAPS.largest, input.scale))
      .map((r) => r.line),
  );
  const isLinkCommon = (types.get("l") ?? 0) > rareModeMax;
  const isNamedInNote = (r: Row) => r.type === "l" && isLinkCommon;
  const stands = (r: Row) =>
    (r.type === "l" && !isLinkCommon) ||
    (r.type !== usualType && r.type !== "l" && (r.type === "d" || (types.get(r.type) ?? 0) <= rareModeMax)) ||
    r.owner !== usualOwner ||
    (r.mode !== usualMode.get(r.type) && (modes.get(r.mode) ?? 0) <= rareModeMax) ||
    largest.has(r.line);

  const head = scaled(CAPS.head, input.scale, 0);
  const out: string[] = [];
  const origin: number[] = [];
  const push = (text: string, from: number) => {
    out.push(text);
    origin.push(from);
  };
  for (let i = 0; i < first; i++) push(lines.line(i), i);
  let isMarked = false;
  let cut = 0;
  let kept = 0;
  let gap: Row[] = [];
  const flush = () => {
    if (gap.length <= SHORT_RUN) {
      for (const r of gap) push(lines.line(r.line), r.line);
    } else {
      if (!isMarked) {
        push(input.marker('directory entries cut; each "…" note names the entries and lines it stands for'), -1);
        isMarked = true;
      }
      const a = gap[0];
      const z = gap[gap.length - 1];
      const links = gap.filter(isNamedInNote).map((r) => r.name);
      const note = runNote(gap.length, rows.length, a.line, z.line, linkName(a.name), linkName(z.name));
      push(links.length === 0 ? note : `${note}; symlinks: ${links.join(", ")}`, -1);
      cut += gap.length;
    }
    gap = [];
  };
  const lastRow = rows[rows.length - 1];
  for (const r of rows) {
    if (stands(r) || (kept < head && !isNamedInNote(r)) || r === lastRow) {
      flush();
      push(lines.line(r.line), r.line);
      if (!stands(r)) kept++;
    } else gap.push(r);
  }
  flush();
  for (let i = last; i < lines.count; i++) push(lines.line(i), i);
  if (cut === 0) return null;
  return keptLinesOutput(input.text, out, origin, { entries: rows.length, entriesCut: cut });
}
