/**
 * The diff compressor: patches and history (`git diff`, `git show`,
 * `git log -p`, `git format-patch`, `diff -ru`, coloured or not) keep what a
 * reviewer reads and lose what only `git apply` needs.
 *
 * Outline first (issue #13): commit headers (hash, author, date, subject),
 * every file header (`diff --git`, rename, copy, mode, similarity, binary,
 * `Only in`), `---/+++` pairs and every hunk header always show. The rest of
 * a budget (half the input, at least 12 K and at most the fallback's 64 K
 * cap, × the profile) goes to changed lines before context, and when they do
 * not all fit, the big hunks (whole-file additions, lockfiles, blobs) are the
 * ones cut, behind markers naming the file and the +/- counts, while the
 * file's header gains a `(+a -b in n hunks)` line (see diff/plan.ts). Lines
 * naming an error or a failure stay wherever they are. When even the outline
 * does not fit the cap, the diff is shown one line per commit and per file
 * (see diff/compact.ts). `index` lines always go. Structure is read through
 * ANSI colour; kept lines keep their bytes. Trimmed hunks keep their original
 * header, so the output is for reading, not for `git apply` (see
 * diff/trim-hunk.ts). `git log --stat` without a patch keeps every commit
 * header, subject and summary line, and names each commit's files on one
 * line (see diff/stat-log.ts). A list of commits one per line (`--oneline`)
 * stays whole up to the cap, then keeps its ends and names its middle's
 * groups (see diff/commit-list.ts).
 *
 * Text that already holds a pithy marker is left alone, which makes a second
 * pass a no-op.
 */
import { hasMarker } from "../ccr/marker.js";
import { capsFor } from "./diff/caps.js";
import { renderCompact } from "./diff/compact.js";
import { parseDiff } from "./diff/parse.js";
import { outlineCost, planDiff } from "./diff/plan.js";
import { renderDiff } from "./diff/render.js";
import { isCommitList, renderCommitList } from "./diff/commit-list.js";
import { GraphLogView, isGraphLog } from "./diff/graph-log.js";
import { isRangeDiff, renderRangeDiff } from "./diff/range-diff.js";
import { renderSideBySide, sideBySideGutter } from "./diff/side-by-side.js";
import { renderStatLog } from "./diff/stat-log.js";
import { DiffView } from "./diff/view.js";
import { isColourWordDiff, WordColourView } from "./diff/word-colour.js";
import { FALLBACK_CAP } from "./fallback.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput, type OmissionPlace } from "./types.js";

/** Share of the input's characters a diff's output may take, at the default profile. */
const BUDGET_SHARE = 0.5;
/** The smallest budget, whatever the profile: a short diff keeps every changed line. */
const MIN_BUDGET = 12_000;

/** Characters the output of a `length`-character diff aims at, at profile multiplier `scale` (never past the cap). */
export function diffBudget(length: number, scale: number): number {
  // Below the default profile only the cap shrinks: ordinary hunks are what a reader of a diff came for.
  const grow = Math.max(1, scale);
  return Math.min(scaled(FALLBACK_CAP, scale), Math.max(MIN_BUDGET * grow, length * BUDGET_SHARE * grow));
}

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
    return compressView(input, new DiffView(text, input.lines));
  },
};

/**
 * A coloured word diff (`--word-diff=color`, `--color-words`), read before
 * the ANSI step strips the colour that alone marks its changed words (see
 * diff/word-colour.ts). Any other text is left to the chain's later links.
 */
export const colourWordDiffCompressor: Compressor = {
  name: "word_colour",
  compress(input: CompressorInput): CompressorOutput | null {
    if (!input.canDrop) return null;
    const text = input.text;
    if (text.length === 0 || hasMarker(text) || !isColourWordDiff(text, input.lines)) return null;
    return compressView(input, new WordColourView(text, input.lines));
  },
};

/** The diff compressor's work on `input` read through `view`. */
function compressView(input: CompressorInput, view: DiffView): CompressorOutput | null {
  const text = input.text;
  const parsed = parseDiff(view);
  const marker = (summary: string, place?: OmissionPlace) => input.marker(summary, place);
  if (parsed.hunks.length === 0 && parsed.files.length === 0) {
    // `git range-diff`: pair lines and headers stay, the patches' diff past each header's first lines goes.
    if (isRangeDiff(view)) {
      const output = renderRangeDiff(view, marker, text.endsWith("\n"));
      if (output === null || output.length >= text.length) return null;
      return { output, lossy: true, detail: { rangeDiff: 1 } };
    }
    // `diff -y`: the changed rows stay, runs of unchanged ones go (see diff/side-by-side.ts).
    const lineAt = (i: number) => view.plain(i);
    const gutter = sideBySideGutter(lineAt, input.lines.count);
    if (gutter >= 0) {
      const output = renderSideBySide(
        (i) => input.lines.line(i),
        input.lines.count,
        gutter,
        marker,
        text.endsWith("\n"),
      );
      if (output === null || output.length >= text.length) return null;
      return { output, lossy: true, detail: { sideBySide: 1 } };
    }
    // No patch: `git log --stat` is the one shape left worth compacting here (read past `--graph` columns).
    const log = isGraphLog(view) ? new GraphLogView(text, input.lines) : view;
    const output = renderStatLog(log, marker);
    if (output !== null) return { output, lossy: true, detail: { statLog: 1 } };
    // `git log --oneline` and its like: every commit stays up to the cap, then named groups.
    if (!isCommitList(view)) return null;
    const list = renderCommitList(view, scaled(FALLBACK_CAP, input.scale), marker);
    return list === null ? { output: text, lossy: false } : { output: list, lossy: true, detail: { commitList: 1 } };
  }
  const caps = capsFor(input.scale);
  const budget = diffBudget(text.length, input.scale);
  const cap = scaled(FALLBACK_CAP, input.scale);
  const plan = planDiff(
    view,
    parsed,
    budget,
    cap,
    outlineCost(view, parsed, caps.messageLines, caps.statLines),
    caps.context,
  );
  if (plan.compact) {
    const output = renderCompact(view, parsed, cap, marker);
    if (output.length >= text.length) return null;
    return {
      output,
      lossy: true,
      detail: { files: parsed.files.length, hunks: parsed.hunks.length, compact: 1 },
    };
  }
  const { output, stats } = renderDiff(view, parsed, caps, plan, marker);
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
      hunksCut: stats.hunksCollapsed,
      otherLinesDropped: stats.otherDropped,
    },
  };
}
