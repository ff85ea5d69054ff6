/**
 * The diff compressor: patches and history (`git diff`, `git show`,
 * `git log -p`, `git format-patch`, `diff -ru`, coloured or not) keep what a
 * reviewer reads and lose what only `git apply` needs.
 *
 * Kept verbatim: commit headers (hash, author, date, subject), every file
 * header (`diff --git`, rename, copy, mode, similarity, binary, `Only in`),
 * `---/+++` pairs, every hunk header and every changed line of an ordinary
 * hunk. Trimmed: context (a small window around each change, scaled by
 * profile), `index` lines, long commit messages and diffstats. Collapsed behind a marker that
 * names the file and the +/- counts: the middle of huge hunks (whole-file
 * additions, lockfiles, blobs), hunks past the per-file cap, files past the
 * file cap. A diff whose output would still pass the fallback's cap is
 * rendered again under halved caps (up to three times), so that the
 * fallback's head-and-tail cut does not hide the files in the middle.
 * Structure is read through ANSI colour; kept lines keep their
 * bytes. Trimmed hunks keep their original header, so the output is for
 * reading, not for `git apply` (see diff/trim-hunk.ts).
 *
 * Text that already holds a pithy marker is left alone, which makes a second
 * pass a no-op.
 */
import { hasMarker } from "../ccr/marker.js";
import { capsFor } from "./diff/caps.js";
import { parseDiff } from "./diff/parse.js";
import { renderDiff } from "./diff/render.js";
import { DiffView } from "./diff/view.js";
import { FALLBACK_CAP } from "./fallback.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput, type OmissionPlace } from "./types.js";

/** Times the caps are halved for a diff whose output the fallback would still cut. */
const TIGHTER_TRIES = 3;

/**
 * Compresses unified diffs, git history and patches.
 * @example diffCompressor.compress({ text, lines: LineIndex.of(text), type: "diff", hint: {}, scale: 1, canDrop: true, marker })
 */
export const diffCompressor: Compressor = {
  name: "diff",
  compress(input: CompressorInput): CompressorOutput | null {
    // Everything this compressor does drops something; with no store behind it there is nothing to offer.
    if (!input.canDrop) return null;
    const text = input.text;
    if (text.length === 0 || hasMarker(text)) return null;
    const view = new DiffView(text, input.lines);
    const parsed = parseDiff(view);
    if (parsed.hunks.length === 0 && parsed.files.length === 0) return null;
    const marker = (summary: string, place?: OmissionPlace) => input.marker(summary, place);
    let rendered = renderDiff(view, parsed, capsFor(input.scale), marker);
    // Output past the fallback's cap would lose the middle of its file listing to the fallback's
    // head-and-tail cut; halving the caps keeps every file named with its +/- counts instead.
    const budget = scaled(FALLBACK_CAP, input.scale);
    for (
      let scale = input.scale / 2, tries = 0;
      rendered.output.length > budget && tries < TIGHTER_TRIES;
      scale /= 2, tries++
    ) {
      const tighter = renderDiff(view, parsed, capsFor(scale), marker);
      if (tighter.output.length >= rendered.output.length) break;
      rendered = tighter;
    }
    const { output, stats } = rendered;
    if (output.length >= text.length) return null;
    return {
      output,
      lossy: true,
      detail: {
        files: stats.files,
        hunks: stats.hunks,
        contextLinesDropped: stats.contextDropped,
        indexLinesDropped: stats.indexDropped,
        fileHeaderLinesDropped: stats.dashesDropped,
        changedLinesDropped: stats.changedDropped,
        hunksCollapsed: stats.hunksCollapsed,
        filesCollapsed: stats.filesCollapsed,
        otherLinesDropped: stats.otherDropped,
      },
    };
  },
};
