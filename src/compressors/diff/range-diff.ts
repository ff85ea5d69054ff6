/**
 * `git range-diff A B`: one pair line per commit of the two series
 * (`1:  728e7cb ! 1:  68c73b5 subject`; `=` same patch, `!` changed, `<`
 * and `>` a commit on one side only), each changed pair followed by a diff
 * of its two patches indented by four spaces: `@@` headers of that outer
 * diff, then lines whose first column says which patch holds them and whose
 * rest is a patch line (`## src/a.ts ##` file headers, `@@` hunk headers,
 * changed and context lines of the inner diffs).
 *
 * The outline is the pair lines, the file and section headers (`## … ##`)
 * and the hunk headers of both levels: they stay, as do the first lines
 * under each header, where a commit message's changed subject shows. The
 * rest of each run goes behind one marker naming its line range.
 */
import type { OmissionPlace } from "../types.js";
import type { DiffView } from "./view.js";

/** `N:  hash ! M:  hash subject`, either side `-:  -------` for a commit on one side only. */
const PAIR_RE =
  /^ *(?:\d{1,6}|-): +(?:[0-9a-f]{4,64}|-{4,64}) [!=<>] +(?:\d{1,6}|-): +(?:[0-9a-f]{4,64}|-{4,64})(?: |$)/;
/** Lines of a run kept under each header. */
const HEAD_LINES = 3;
/** A run with no more than this many lines left stays: a marker would cost about as much. */
const MIN_CUT = 3;
/** Lines read for pair lines before deciding. */
const PROBE_LINES = 200;

/** Whether a visible line is a range-diff pair line. */
export function isRangeDiffPair(v: string): boolean {
  return PAIR_RE.test(v);
}

/** Whether the text opens as a range-diff: its first non-blank line is a pair line. */
export function isRangeDiff(view: DiffView): boolean {
  const n = Math.min(view.lines.count, PROBE_LINES);
  for (let i = 0; i < n; i++) {
    const v = view.plain(i);
    if (v.length === 0) continue;
    return isRangeDiffPair(v);
  }
  return false;
}

/** Whether body line `v` (four spaces, then the outer column) is a header: `@@`, `## … ##` or an inner `@@`. */
function isHeader(v: string): boolean {
  if (!v.startsWith("    ")) return false;
  if (v.startsWith("@@", 4)) return true;
  // The outer column (` `, `-` or `+`), then the inner patch line.
  const inner = v.slice(5);
  if (inner.startsWith("@@")) return true;
  const t = inner.startsWith(" ") ? inner.slice(1) : inner;
  return t.startsWith("## ") && t.endsWith(" ##");
}

type Mark = (summary: string, place?: OmissionPlace) => string;

/**
 * The range-diff with its pair lines and headers, the first lines under
 * each header, and a marker for each longer run's rest. Null when nothing
 * would be cut.
 */
export function renderRangeDiff(view: DiffView, marker: Mark, finalNewline: boolean): string | null {
  const n = view.lines.count;
  const out: string[] = [];
  let cut = false;
  let i = 0;
  while (i < n) {
    const v = view.plain(i);
    if (isRangeDiffPair(v) || isHeader(v) || !v.startsWith("    ")) {
      out.push(view.lines.line(i));
      i++;
      // The first lines under a header or pair line stay.
      let kept = 0;
      while (i < n && kept < HEAD_LINES && isBodyLine(view.plain(i))) {
        out.push(view.lines.line(i++));
        kept++;
      }
      continue;
    }
    let j = i;
    while (j < n && isBodyLine(view.plain(j))) j++;
    if (j - i <= MIN_CUT) {
      for (let k = i; k < j; k++) out.push(view.lines.line(k));
    } else {
      out.push(`    ${marker(`${j - i} lines of the patches' diff`, { lines: [[i, j]] })}`);
      cut = true;
    }
    i = j;
  }
  if (!cut) return null;
  if (finalNewline) out.push("");
  return out.join("\n");
}

/** A line of a pair's body that is no header: indented four spaces (or empty, inside a body). */
function isBodyLine(v: string): boolean {
  return v.startsWith("    ") && !isHeader(v);
}
