/**
 * How a diff spends its output budget, outline first (issue #13). The
 * outline (commit headers, file headers, hunk headers, the lines between
 * them) always shows; then, in this order:
 *
 * 0. the conflict regions of a combined diff (`++<<<<<<<` … `++=======` …
 *    `++>>>>>>>`): both sides whole up to 40 lines each, a longer side its
 *    first 20 and last 10 lines; a conflict is an item of the outline;
 * 1. standout lines: changed or context lines naming an error or a failure
 *    (the first of each distinct one), within half of what is left, then
 *    in what that half leaves a merge's own lines (in a combined diff, the
 *    lines changed against every parent: `++`, `--`, the conflict
 *    resolution no parent had), then the changed lines of cut hunks that open a
 *    declaration (a function, a class, a test case: diff/declarations.ts),
 *    outermost first;
 * 2. every changed line, if they all fit, with a context window when that
 *    fits too. Otherwise hunks are water-filled: one per-hunk allowance of
 *    `C` changed lines, the largest that fits, so every hunk with no more
 *    than `C` changed lines stays whole and
 *    only the big ones (whole-file additions, lockfiles, blobs) are cut to
 *    their first and last changes behind a marker. Lockfiles, minified and
 *    vendored files get a small allowance first;
 * 3. when even one marker per cut hunk does not fit the target, the hunks
 *    are cut to their markers while that fits the output cap; past it, the
 *    diff is shown as its outline alone, one line per commit and per file (see compact.ts).
 *
 * Costs are in characters of kept lines (line end included), which track
 * tokens closely enough for a budget.
 */
import { WordTables, wordFinder } from "../../kernels/word-scan.js";
import { declarationDepth } from "./declarations.js";
import { isChange, LINE_CONTEXT } from "./hunk.js";
import type { ParsedDiff } from "./parse.js";
import { isGeneratedPath, isVendoredPath } from "./paths.js";
import type { DiffView } from "./view.js";

/** What one rendering keeps, decided before it starts. */
export interface DiffPlan {
  /** The outline alone does not fit: render it compactly. */
  compact: boolean;
  /** Context lines kept on each side of a kept change. */
  window: number;
  /** Per hunk: how many of its changed lines it may show (Infinity: all). */
  allowance: Float64Array;
  /** Per input line: 1 for a standout line, kept whatever its hunk's allowance. */
  standout: Uint8Array;
}

const PLUS = 43;
const MINUS = 45;

/** What a marker costs in the output, about (key, place, summary). */
export const MARKER_CHARS = 90;
/** What a per-file count line costs, about. */
const COUNT_LINE_CHARS = 32;
/** Share of the detail budget standout lines may take. */
const STANDOUT_SHARE = 0.5;
/** Changed lines a lockfile, minified or vendored file's hunk shows at most when the budget binds. */
const GENERATED_LINES = 6;

/**
 * Words of a line about a failure, in either case, inside other words too.
 * One scan of the whole text (kernels/word-scan.ts: a regex alternation of
 * them was a twelfth of a diff's pipeline time), then one look at each line
 * it lands on.
 */
const STANDOUT_WORDS = new WordTables(
  [
    "error",
    // npm's level word (`npm ERR! code 1`), which holds no "error".
    "err!",
    "fail",
    "fatal",
    "panic",
    "exception",
    "critical",
    "severe",
    "emerg",
    "cannot",
    "could not",
    "unable to",
    "abort",
    "segfault",
    "segmentation",
    "traceback",
  ].map((word) => [word]),
);

/** Cost of lines [from, to). */
function span(view: DiffView, from: number, to: number): number {
  const { lines } = view;
  return to > from
    ? lines.start(to - 1) - lines.start(from) + (lines.end(to - 1) - lines.start(to - 1)) + (to - from)
    : 0;
}

/** Changed lines of a cut hunk kept from its start, of `allowed` in all (the rest from its end). */
export function headShare(allowed: number): number {
  return Math.ceil((allowed * 2) / 3);
}

/** A changed line longer than this is shown only with its whole hunk (a minified blob would eat the budget). */
export const LONG_LINE = 1_000;
/** What a cut line keeps: enough to see what it is (`var L={hasSubscribers:!1}…`, `{"version":3,"file":…`). */
export const LONG_LINE_HEAD = 240;
/** A line this long is cut whatever it holds; a Markdown paragraph on one line stays far below it. */
const CUT_ALWAYS = 8_000;
/** Prose has a space every 5 to 7 characters; a minified bundle or a source map far fewer. */
const MACHINE_SPACE_SHARE = 0.08;

/**
 * Whether body line `text` is machine text too long to show: a minified
 * bundle, a source map, a lockfile's integrity blob. Such a line is shown cut
 * to its first {@link LONG_LINE_HEAD} characters, with a marker that recalls
 * it whole; a long line of prose (a README table's row, a paragraph) stays
 * whole, since its words are what the diff changed.
 */
export function isCutLine(text: string): boolean {
  if (text.length <= LONG_LINE) return false;
  if (text.length > CUT_ALWAYS) return true;
  let spaces = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) spaces++;
  return spaces < text.length * MACHINE_SPACE_SHARE;
}

/** What body line `i` costs in the output: a cut one its head, the count of the rest and its marker. */
function shownLength(view: DiffView, i: number, len: number): number {
  return len > LONG_LINE && isCutLine(view.lines.line(i)) ? LONG_LINE_HEAD + 32 + MARKER_CHARS : len;
}

/**
 * Per hunk, what showing `n` of its changed lines costs: the first
 * `headShare(n)` and the last `n - headShare(n)` of its lines short enough
 * to show alone, as prefix sums over one flat array.
 */
class HunkCosts {
  /** Per hunk: offset of its prefix sums in `head`/`tail`, and its number of short changed lines. */
  readonly at: Int32Array;
  readonly short: Int32Array;
  readonly changed: Int32Array;
  readonly full: Float64Array;
  private readonly head: Float64Array;
  private readonly tail: Float64Array;

  constructor(view: DiffView, parsed: ParsedDiff) {
    const { hunks, kinds } = parsed;
    const { lines } = view;
    const n = hunks.length;
    this.at = new Int32Array(n + 1);
    this.short = new Int32Array(n);
    this.changed = new Int32Array(n);
    this.full = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const h = hunks[k];
      let short = 0;
      for (let i = h.from; i < h.to; i++) {
        if (!isChange(kinds[i])) continue;
        const len = lines.end(i) - lines.start(i) + 1;
        this.changed[k]++;
        this.full[k] += shownLength(view, i, len);
        if (len <= LONG_LINE) short++;
      }
      this.short[k] = short;
      this.at[k + 1] = this.at[k] + short + 1;
    }
    this.head = new Float64Array(this.at[n]);
    this.tail = new Float64Array(this.at[n]);
    for (let k = 0; k < n; k++) {
      const h = hunks[k];
      let m = this.at[k];
      for (let i = h.from; i < h.to; i++) {
        const len = lines.end(i) - lines.start(i) + 1;
        if (isChange(kinds[i]) && len <= LONG_LINE) this.head[m + 1] = this.head[m++] + len;
      }
      m = this.at[k];
      for (let i = h.to - 1; i >= h.from; i--) {
        const len = lines.end(i) - lines.start(i) + 1;
        if (isChange(kinds[i]) && len <= LONG_LINE) this.tail[m + 1] = this.tail[m++] + len;
      }
    }
  }

  /** What hunk `k` costs when it may show `allowed` changed lines: all of them, or its ends and a marker. */
  cost(k: number, allowed: number): number {
    if (this.changed[k] <= allowed) return this.full[k];
    const keep = Math.min(allowed, this.short[k]);
    const head = headShare(keep);
    return Math.min(this.full[k], this.head[this.at[k] + head] + this.tail[this.at[k] + keep - head] + MARKER_CHARS);
  }
}

/** Decides what a rendering of `parsed` under `budget` characters keeps; `outline` is what its outline costs. */
export function planDiff(
  view: DiffView,
  parsed: ParsedDiff,
  budget: number,
  cap: number,
  outline: number,
  contextWindow: number,
): DiffPlan {
  const { hunks, kinds } = parsed;
  const { lines } = view;
  const nHunks = hunks.length;
  const allowance = new Float64Array(nHunks).fill(Number.POSITIVE_INFINITY);
  const standout = new Uint8Array(lines.count);
  const costs = new HunkCosts(view, parsed);
  let changes = 0;
  let context = 0;
  let most = 1;
  for (let k = 0; k < nHunks; k++) {
    changes += costs.full[k];
    most = Math.max(most, costs.changed[k]);
    context += windowCost(view, kinds, hunks[k].from, hunks[k].to, contextWindow);
  }
  const plan: DiffPlan = { compact: false, window: contextWindow, allowance, standout };
  let left = budget - outline;
  // Context lines are cut in every hunk: a standout among them is kept from what the changes leave.
  const cutLines = new Uint8Array(lines.count);
  for (let i = 0; i < lines.count; i++) if (kinds[i] === LINE_CONTEXT) cutLines[i] = 1;
  if (changes + context <= left) {
    markStandouts(view, kinds, cutLines, standout, left - changes - context);
    return plan;
  }
  plan.window = 0;
  if (changes <= left) {
    markStandouts(view, kinds, cutLines, standout, left - changes);
    return plan;
  }

  // A file's count line, shown once anything of it is cut.
  left -= parsed.files.length * COUNT_LINE_CHARS;
  // Vendored code is cut first only beside code of the project's own: a diff of two copies of a package is all vendored.
  const vendored = parsed.files.map((f) => isVendoredPath(f.path));
  const isVendorCut = vendored.some((v) => !v);
  const isGenerated = parsed.files.map((f, k) => isGeneratedPath(f.path) || (isVendorCut && vendored[k]));
  const capOf = (k: number, c: number): number =>
    c < 0 ? 0 : isGenerated[hunks[k].file] ? Math.min(c, GENERATED_LINES) : c;
  const cost = (c: number): number => {
    let total = 0;
    for (let k = 0; k < nHunks; k++) total += costs.cost(k, capOf(k, c));
    return total;
  };
  // Every hunk cut to its header: one marker per file stands for all of them (see render.ts).
  let floor = 0;
  for (const f of parsed.files) if (f.hunkCount > 0) floor += MARKER_CHARS;
  if (floor > cap - (budget - left)) {
    plan.compact = true;
    return plan;
  }
  /** The most changed lines every hunk may show within `room`, or -1 when not even 0 fits. */
  const fill = (room: number): number => {
    if (cost(0) > room) return -1;
    let lo = 0;
    let hi = most;
    while (hi > lo) {
      const mid = Math.ceil((lo + hi) / 2);
      if (cost(mid) <= room) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // Conflict regions first, paid for before the standouts' share is set.
  left -= markConflictSides(view, parsed, standout);
  // Standouts are read in the hunks the budget cuts, and paid for before the cut is made again:
  // after the hunk headers' markers, never instead of them.
  // The cut is read at the smallest allowance the standouts could leave, so every hunk cut in the end was read.
  const share = Math.max(0, (left - floor) * STANDOUT_SHARE);
  const first = fill(left - share);
  for (let k = 0; k < nHunks; k++) {
    if (costs.changed[k] > capOf(k, first)) cutLines.fill(1, hunks[k].from, hunks[k].to);
  }
  const failures = markStandouts(view, kinds, cutLines, standout, share);
  const merges = markMergeOwnLines(view, parsed, cutLines, standout, share - failures);
  left -= failures + merges + markDeclarations(view, kinds, cutLines, standout, share - failures - merges);
  const c = fill(left);
  for (let k = 0; k < nHunks; k++) if (costs.changed[k] > capOf(k, c)) allowance[k] = capOf(k, c);
  return plan;
}

/** What the context within `window` lines of the changes of body [from, to) costs. */
function windowCost(view: DiffView, kinds: Uint8Array, from: number, to: number, window: number): number {
  if (window <= 0) return 0;
  const { lines } = view;
  let cost = 0;
  let since = Number.POSITIVE_INFINITY;
  // Forward: context after a change; backward distance is looked up in a second pass.
  const near = new Uint8Array(to - from);
  for (let i = from; i < to; i++) {
    if (isChange(kinds[i])) since = 0;
    else if (kinds[i] === LINE_CONTEXT && ++since <= window) near[i - from] = 1;
  }
  since = Number.POSITIVE_INFINITY;
  for (let i = to - 1; i >= from; i--) {
    if (isChange(kinds[i])) since = 0;
    else if (kinds[i] === LINE_CONTEXT && ++since <= window) near[i - from] = 1;
  }
  for (let i = from; i < to; i++) if (near[i - from] === 1) cost += lines.end(i) - lines.start(i) + 1;
  return cost;
}

/**
 * Marks the first instance of each distinct line naming a failure in the
 * bodies of cut hunks (`cutLines`), while they fit in `share` characters;
 * returns what they cost.
 */
function markStandouts(
  view: DiffView,
  kinds: Uint8Array,
  cutLines: Uint8Array,
  standout: Uint8Array,
  share: number,
): number {
  const { lines, text } = view;
  // The lines first, the finder used alone (the kernel's memory is shared): then what each holds.
  const nextWord = wordFinder(text, STANDOUT_WORDS);
  const found: number[] = [];
  for (let at = nextWord(0); at !== -1; ) {
    const i = lines.lineAt(at);
    found.push(i);
    at = i + 1 < lines.count ? nextWord(lines.start(i + 1)) : -1;
  }
  const seen = new Set<string>();
  let spent = 0;
  for (const i of found) {
    if (cutLines[i] === 0 || (!isChange(kinds[i]) && kinds[i] !== LINE_CONTEXT)) continue;
    const shown = view.plain(i).trim();
    if (seen.has(shown)) continue;
    const cost = lines.end(i) - lines.start(i) + 1;
    if (spent + cost > share) break;
    seen.add(shown);
    standout[i] = 1;
    spent += cost;
  }
  return spent;
}

/** A conflict side of at most this many lines stays whole. */
const CONFLICT_SIDE = 40;
/** Lines a longer side keeps at its start and at its end. */
const CONFLICT_HEAD = 20;
const CONFLICT_TAIL = 10;

/** The conflict-marker line a combined-diff body `line` holds past its `cols` prefix columns: `<`, `|`, `=`, `>`, or 0. */
function conflictMark(line: string, cols: number): number {
  const c = line.charCodeAt(cols);
  if (c !== 60 && c !== 124 && c !== 61 && c !== 62) return 0;
  for (let k = 1; k < 7; k++) if (line.charCodeAt(cols + k) !== c) return 0;
  const after = line.charCodeAt(cols + 7);
  return Number.isNaN(after) || after === 32 ? c : 0;
}

/**
 * Marks the conflict regions of a combined diff's hunks (an unmerged `git
 * diff`: `++<<<<<<< ours`, one side, `++=======`, the other, `++>>>>>>>
 * theirs`, and diff3's `++|||||||` base): their marker lines and both sides,
 * whole up to {@link CONFLICT_SIDE} lines, a longer side by its first and
 * last lines. A conflict is what the agent must resolve, so it is part of
 * the outline, not detail a hunk's allowance may cut in the middle. Returns
 * what the marked lines cost.
 */
function markConflictSides(view: DiffView, parsed: ParsedDiff, standout: Uint8Array): number {
  const { lines } = view;
  let spent = 0;
  const mark = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      if (standout[i] === 1) continue;
      standout[i] = 1;
      spent += lines.end(i) - lines.start(i) + 1;
    }
  };
  const markSide = (from: number, to: number): void => {
    if (to - from <= CONFLICT_SIDE) mark(from, to);
    else {
      mark(from, from + CONFLICT_HEAD);
      mark(to - CONFLICT_TAIL, to);
    }
  };
  for (const h of parsed.hunks) {
    if (h.cols < 2) continue;
    let side = -1; // body line after the last marker line of an open region
    for (let i = h.from; i < h.to; i++) {
      const m = conflictMark(view.plain(i), h.cols);
      if (m === 0) continue;
      if (m === 60 /* < */) {
        side = i + 1;
        mark(i, i + 1);
      } else if (side >= 0) {
        markSide(side, i);
        mark(i, i + 1);
        side = m === 62 /* > */ ? -1 : i + 1;
      }
    }
  }
  return spent;
}

/**
 * Marks, in the cut hunks (`cutLines`) of a combined diff, the lines changed
 * against every parent (every prefix column `+`, or every one `-`), in diff
 * order while they fit in `share` characters; returns what they cost. A line
 * changed against one parent only is that parent's side of the merge, which
 * its own history shows; one changed against all of them is what the merge
 * itself wrote (a conflict's resolution, an evil merge), seen nowhere else.
 */
function markMergeOwnLines(
  view: DiffView,
  parsed: ParsedDiff,
  cutLines: Uint8Array,
  standout: Uint8Array,
  share: number,
): number {
  const { lines } = view;
  let spent = 0;
  for (const h of parsed.hunks) {
    if (h.cols < 2) continue;
    const prefix = new Int32Array(h.cols);
    for (let i = h.from; i < h.to; i++) {
      if (cutLines[i] === 0 || standout[i] === 1 || !isChange(parsed.kinds[i])) continue;
      if (view.prefix(i, h.cols, prefix) < h.cols) continue;
      let isOwn = prefix[0] === PLUS || prefix[0] === MINUS;
      for (let k = 1; k < h.cols && isOwn; k++) isOwn = prefix[k] === prefix[0];
      if (!isOwn) continue;
      const cost = lines.end(i) - lines.start(i) + 1;
      if (spent + cost > share) return spent;
      standout[i] = 1;
      spent += cost;
    }
  }
  return spent;
}

/**
 * Marks the changed lines of cut hunks (`cutLines`) that open a declaration,
 * the outermost first and then in diff order, while they fit in `share`
 * characters; returns what they cost.
 */
function markDeclarations(
  view: DiffView,
  kinds: Uint8Array,
  cutLines: Uint8Array,
  standout: Uint8Array,
  share: number,
): number {
  const { lines } = view;
  const found: number[] = [];
  const depths: number[] = [];
  for (let i = 0; i < lines.count; i++) {
    if (cutLines[i] === 0 || standout[i] === 1 || !isChange(kinds[i])) continue;
    if (lines.end(i) - lines.start(i) >= LONG_LINE) continue;
    const depth = declarationDepth(view.code(i));
    if (depth < 0) continue;
    found.push(i);
    depths.push(depth);
  }
  const order = found.map((_, k) => k).sort((a, b) => depths[a] - depths[b] || a - b);
  let spent = 0;
  for (const k of order) {
    const i = found[k];
    const cost = lines.end(i) - lines.start(i) + 1;
    if (spent + cost > share) break;
    standout[i] = 1;
    spent += cost;
  }
  return spent;
}

/**
 * What the outline of `parsed` costs: every line the renderer keeps whatever
 * the budget (headers, hunk headers, the lines between them, capped commit
 * messages and diffstats), plus a marker for each binary patch.
 */
export function outlineCost(view: DiffView, parsed: ParsedDiff, messageLines: number, statLines: number): number {
  let cost = 0;
  for (const s of parsed.spans) {
    switch (s.kind) {
      case "keep":
      case "dashes":
        cost += span(view, s.from, s.to);
        break;
      case "message":
        cost +=
          span(view, s.from, Math.min(s.to, s.from + messageLines)) + (s.to - s.from > messageLines ? MARKER_CHARS : 0);
        break;
      case "stat":
        cost += span(view, s.from, Math.min(s.to, s.from + statLines)) + (s.to - s.from > statLines ? MARKER_CHARS : 0);
        break;
      case "binary":
        cost += MARKER_CHARS;
        break;
      case "hunk": {
        const h = parsed.hunks[s.hunk];
        cost += span(view, h.header, h.header + 1);
        break;
      }
      case "index":
        break;
    }
  }
  // The closing marker for trimmed context and index lines.
  return cost + MARKER_CHARS;
}
