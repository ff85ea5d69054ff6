/**
 * How much of a diff the compressor keeps, per profile. Every cap is a base
 * value at the `default` profile, scaled by the profile multiplier (2 for
 * `conservative`, 0.5 for `aggressive`).
 */
import { scaled } from "../types.js";

/** The caps one compression runs under. */
export interface DiffCaps {
  /** Context lines kept on each side of a change. */
  context: number;
  /** A gap of at most this many context lines between two kept pieces is kept rather than cut. */
  fillGap: number;
  /** A hunk with more changed lines than this is huge: only its first and last changes stay. */
  hugeLines: number;
  /** The same for a hunk that adds or deletes a whole file (`@@ -0,0` / `+0,0`). */
  wholeFileLines: number;
  /** The same for lockfiles, minified and vendored files. */
  generatedLines: number;
  /** The same in characters, for minified blobs with few, long lines. */
  hugeChars: number;
  /** Changed lines kept at the start and at the end of a huge hunk. */
  headLines: number;
  tailLines: number;
  /** Characters of changed lines kept at each end of a huge hunk (a 70 KB blob line does not fit). */
  keptChars: number;
  /** Hunks shown per file; the rest of the file's hunks go behind one marker. */
  hunksPerFile: number;
  /** Files shown in full; later files keep their header lines and one marker. */
  files: number;
  /** Commit message lines kept (subject included). */
  messageLines: number;
  /** Diffstat lines kept (the `N files changed` summary always stays). */
  statLines: number;
}

/** Caps for the profile multiplier `scale`. */
export function capsFor(scale: number): DiffCaps {
  return {
    context: scaled(1, scale, 0),
    fillGap: 2,
    hugeLines: scaled(120, scale),
    wholeFileLines: scaled(40, scale),
    generatedLines: scaled(12, scale),
    hugeChars: scaled(24_000, scale),
    headLines: scaled(8, scale),
    tailLines: scaled(4, scale),
    keptChars: scaled(3_000, scale),
    hunksPerFile: scaled(12, scale),
    files: scaled(40, scale),
    messageLines: scaled(12, scale),
    statLines: scaled(30, scale),
  };
}
