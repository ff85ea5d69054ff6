/**
 * Groups elided parts into runs that share one marker. A marker costs ~35
 * tokens (its key alone is 32 hex digits), more than many a getter's body, so
 * parts a few lines apart (the bodies of consecutive methods, a doc
 * comment's rest and the body below it) form a run: its first part shows
 * the marker, which names the whole run's line span, and the others show a
 * placeholder (`{ … }`, `...`, `// …`). A run that holds fewer tokens than
 * a marker is worth is kept as it was.
 */
import { lineSpan, removeLines, replaceLines, type Edit, type Elision, type Limits } from "./edits.js";
import type { SourceView } from "./source.js";
import type { OmissionPlace } from "../types.js";

/** The edits for a set of elisions, and what they amount to. */
export interface RunPlan {
  edits: Edit[];
  /** Markers written (one per run). */
  markers: number;
  /** Parts elided, over all runs. */
  parts: number;
}

/** Groups `elisions` (in any order, not overlapping) into runs and renders each. */
export function renderRuns(
  view: SourceView,
  elisions: Elision[],
  limits: Limits,
  marker: (summary: string, place?: OmissionPlace) => string,
): RunPlan {
  const sorted = elisions.slice().sort((a, b) => a.first - b.first);
  const plan: RunPlan = { edits: [], markers: 0, parts: 0 };
  let run: Elision[] = [];
  for (const e of sorted) {
    const prev = run.length > 0 ? run[run.length - 1] : null;
    if (prev !== null && (e.first - prev.last - 1 > limits.maxRunGap || run.length >= limits.maxRunParts)) {
      renderRun(view, run, limits, marker, plan);
      run = [];
    }
    run.push(e);
  }
  renderRun(view, run, limits, marker, plan);
  return plan;
}

function renderRun(
  view: SourceView,
  run: Elision[],
  limits: Limits,
  marker: (summary: string, place?: OmissionPlace) => string,
  plan: RunPlan,
): void {
  if (run.length === 0) return;
  let tokens = 0;
  for (const e of run) tokens += e.tokens;
  if (tokens < limits.minRunTokens) return;
  const head = run[0];
  const span = lineSpan(view, head.first, run[run.length - 1].last);
  const more = run.length - 1;
  const summary =
    more === 0
      ? `${head.what}, ${span}`
      : `${head.what} and ${more} more part${more === 1 ? "" : "s"} marked …, ${span}`;
  const last = run[run.length - 1].last;
  plan.edits.push(...partEdits(view, head, marker(summary, { lines: [[head.first, last + 1]] })));
  for (let k = 1; k < run.length; k++) plan.edits.push(...partEdits(view, run[k], run[k].placeholder));
  plan.markers++;
  plan.parts += run.length;
}

function partEdits(view: SourceView, e: Elision, content: string): Edit[] {
  const edits: Edit[] = e.inline
    ? [{ from: e.from, to: e.to, insert: ` ${content} ` }]
    : [replaceLines(view, e.from, e.to, e.lead, content)];
  if (e.alsoFrom >= 0) edits.push(removeLines(view, e.alsoFrom, e.alsoTo));
  return edits;
}
