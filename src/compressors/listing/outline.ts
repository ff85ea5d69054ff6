import { keptLinesOutput } from "../kept-lines.js";
import { scaled, type CompressorInput, type CompressorOutput } from "../types.js";

/**
 * The outline of a listing read as a tree of entries (`tree`, `find`): every
 * directory stays, and so does every entry that stands out; of each
 * directory's other entries the first few stay and each further run of
 * them leaves one note line in its place (see note.ts). Lines that are no
 * entry (a root, a summary, blank lines) stay where they were. Past the
 * line budget, directories keep no files at all: the outline of
 * directories is never cut.
 */

/** One entry of a listing. */
export interface ListingEntry {
  /** Its input line. */
  line: number;
  /** The index of its directory's entry, or -1 at the top. */
  parent: number;
  isDir: boolean;
  /** Kept whatever the caps (a symlink, another owner, one of the largest files). */
  stands: boolean;
}

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Files kept at the top of each directory. */
  perDir: 3,
  /** Output lines before directories keep no files. */
  lines: 1200,
} as const;

/** Runs this short are shown as their lines: a note would cost as much. */
const SHORT_RUN = 2;

/** How one shape writes its note for the run `run` of entries of `total` in their directory. */
export type NoteWriter = (run: readonly ListingEntry[], total: number) => string;

/**
 * The outlined listing, or null when nothing would be cut or the result is
 * no shorter. `entries` are in line order; `summary` tells the marker what
 * went.
 */
export function outlineListing(
  input: CompressorInput,
  entries: readonly ListingEntry[],
  writeNote: NoteWriter,
  summary: string,
): CompressorOutput | null {
  const { lines } = input;
  const entryAt = new Int32Array(lines.count).fill(-1);
  const children = new Int32Array(entries.length + 1);
  for (let e = 0; e < entries.length; e++) {
    entryAt[entries[e].line] = e;
    children[entries[e].parent + 1]++;
  }
  const total = (e: ListingEntry) => children[e.parent + 1];
  const isFixed = (e: ListingEntry) => e.isDir || e.stands;

  // Lines the outline would have at `per` files a directory: each run past them costs one note.
  const plannedLines = (per: number) => {
    const kept = new Int32Array(entries.length + 1);
    let n = lines.count - entries.length;
    let run = 0;
    let runParent = -2;
    const close = () => {
      n += run <= SHORT_RUN ? run : 1;
      run = 0;
    };
    for (let i = 0; i < lines.count; i++) {
      const e = entryAt[i] < 0 ? null : entries[entryAt[i]];
      if (e !== null && !isFixed(e) && kept[e.parent + 1] >= per) {
        if (run > 0 && runParent !== e.parent) close();
        run++;
        runParent = e.parent;
        continue;
      }
      close();
      if (e === null) continue;
      n++;
      if (!isFixed(e)) kept[e.parent + 1]++;
    }
    close();
    return n;
  };
  let perDir = scaled(CAPS.perDir, input.scale);
  if (plannedLines(perDir) > scaled(CAPS.lines, input.scale, 100)) perDir = 0;

  const out: string[] = [];
  const origin: number[] = [];
  const push = (text: string, from: number) => {
    out.push(text);
    origin.push(from);
  };
  let cut = 0;
  let isMarked = false;
  let gap: ListingEntry[] = [];
  const flush = () => {
    if (gap.length === 0) return;
    if (gap.length <= SHORT_RUN) {
      for (const e of gap) push(lines.line(e.line), e.line);
    } else {
      if (!isMarked) {
        push(input.marker(summary), -1);
        isMarked = true;
      }
      push(writeNote(gap, total(gap[0])), -1);
      cut += gap.length;
    }
    gap = [];
  };
  const kept = new Int32Array(entries.length + 1);
  for (let i = 0; i < lines.count; i++) {
    const e = entryAt[i] < 0 ? null : entries[entryAt[i]];
    if (e !== null && !isFixed(e) && kept[e.parent + 1] >= perDir) {
      if (gap.length > 0 && gap[0].parent !== e.parent) flush();
      gap.push(e);
      continue;
    }
    flush();
    push(lines.line(i), i);
    if (e !== null && !isFixed(e)) kept[e.parent + 1]++;
  }
  flush();
  if (cut === 0) return null;
  return keptLinesOutput(input.text, out, origin, {
    directories: entries.filter((e) => e.isDir).length,
    entriesCut: cut,
  });
}
