/**
 * Renders a parsed diff under its caps: headers and kept lines verbatim,
 * hunks trimmed, and whatever goes past a cap (hunks per file, files,
 * commit message and diffstat lines, binary patch data) replaced by one
 * marker that says what and how much, so every file the diff touches stays
 * named in the output with its +/- counts.
 */
import type { OmissionPlace } from "../types.js";
import type { DiffCaps } from "./caps.js";
import { Emitter } from "./emit.js";
import type { DiffFile, DiffSpan, ParsedDiff } from "./parse.js";
import type { DiffPlan } from "./plan.js";
import { renderHunk, type HunkContext } from "./trim-hunk.js";
import type { DiffView } from "./view.js";

/** Counts of what one rendering kept and dropped. */
export interface DiffStats {
  files: number;
  hunks: number;
  contextDropped: number;
  indexDropped: number;
  changedDropped: number;
  hunksCollapsed: number;
  filesCollapsed: number;
  dashesDropped: number;
  otherDropped: number;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function fileName(file: DiffFile): string {
  return file.path === "" ? "unnamed file" : file.path;
}

/** Renders `parsed` (read from `view`) under `caps`; `marker` formats a recall marker. */
export function renderDiff(
  view: DiffView,
  parsed: ParsedDiff,
  caps: DiffCaps,
  plan: DiffPlan,
  marker: (summary: string, place?: OmissionPlace) => string,
): { output: string; stats: DiffStats } {
  const renderer = new DiffRenderer(view, parsed, caps, plan, marker);
  for (const span of parsed.spans) renderer.render(span);
  return { output: renderer.finish(), stats: renderer.stats };
}

/** One rendering: the output being written and the counts of what it dropped. */
class DiffRenderer {
  readonly stats: DiffStats;
  private readonly out: Emitter;
  private readonly hunkContext: HunkContext;

  constructor(
    view: DiffView,
    private readonly parsed: ParsedDiff,
    private readonly caps: DiffCaps,
    private readonly plan: DiffPlan,
    private readonly marker: (summary: string, place?: OmissionPlace) => string,
  ) {
    const { lines } = view;
    this.out = new Emitter(lines);
    this.stats = {
      files: parsed.files.length,
      hunks: parsed.hunks.length,
      contextDropped: 0,
      indexDropped: 0,
      changedDropped: 0,
      hunksCollapsed: 0,
      filesCollapsed: 0,
      dashesDropped: 0,
      otherDropped: 0,
    };
    this.hunkContext = {
      kinds: parsed.kinds,
      lineLength: (i) => lines.end(i) - lines.start(i),
      lineText: (i) => lines.line(i),
      window: plan.window,
      standout: plan.standout,
      caps,
      out: this.out,
      marker,
    };
  }

  /** Hunks cut to their headers whose one marker is still to come: their file, bodies and counts. */
  private pending: { file: number; ranges: [number, number][]; plus: number; minus: number } | null = null;

  render(span: DiffSpan): void {
    const { out, stats, caps } = this;
    if (span.kind !== "hunk" || this.parsed.hunks[span.hunk].file !== this.pending?.file) this.flushPending();
    switch (span.kind) {
      case "keep":
        out.keep(span.from, span.to);
        break;
      case "index":
        stats.indexDropped += span.to - span.from;
        break;
      case "dashes":
        out.keep(span.from, span.to);
        break;
      case "message":
        this.keepCapped(span.from, span.to, caps.messageLines, "commit message lines");
        break;
      case "stat":
        this.keepCapped(span.from, span.to, caps.statLines, "diffstat lines");
        break;
      case "binary":
        this.binary(span.from, span.to, span.file);
        break;
      case "hunk":
        this.hunk(span.hunk);
        break;
    }
  }

  /** The output, closed by one marker for what trimming dropped across the whole diff. */
  finish(): string {
    this.flushPending();
    const { stats } = this;
    const trimmed: string[] = [];
    if (stats.contextDropped > 0) trimmed.push(count(stats.contextDropped, "context line", "context lines"));
    if (stats.indexDropped > 0) trimmed.push(count(stats.indexDropped, "index line", "index lines"));
    if (stats.dashesDropped > 0) trimmed.push(`${stats.dashesDropped} ---/+++ lines`);
    if (trimmed.length > 0) this.out.insert(this.marker(`diff trimmed: ${trimmed.join(", ")} omitted`));
    return this.out.finish();
  }

  /** Keeps the first `cap` lines of [from, to) and puts the rest behind a marker, when that saves anything. */
  private keepCapped(from: number, to: number, cap: number, what: string): void {
    const rest = to - from - cap;
    if (rest <= 1) {
      this.out.keep(from, to);
      return;
    }
    this.out.keep(from, from + cap);
    this.out.insert(this.marker(`${rest} more ${what} omitted`, { lines: [[from + cap, to]] }));
    this.stats.otherDropped += rest;
  }

  private binary(from: number, to: number, file: number): void {
    const n = to - from;
    const name = file >= 0 ? fileName(this.parsed.files[file]) : "a file";
    this.out.insert(
      this.marker(`binary patch data of ${name}: ${count(n, "line", "lines")} omitted`, { lines: [[from, to]] }),
    );
    this.stats.otherDropped += n;
  }

  /** Keeps hunk `index`'s header; its body joins the file's one marker for hunks cut to their headers. */
  private headerOnly(index: number): void {
    const h = this.parsed.hunks[index];
    this.out.keep(h.header, h.header + 1);
    if (this.pending === null) this.pending = { file: h.file, ranges: [], plus: 0, minus: 0 };
    const p = this.pending;
    if (h.to > h.from) p.ranges.push([h.from, h.to]);
    p.plus += h.plus;
    p.minus += h.minus;
    const changed = h.plus + h.minus;
    this.stats.changedDropped += changed;
    this.stats.contextDropped += h.to - h.from - changed;
    this.stats.hunksCollapsed++;
  }

  private flushPending(): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    if (p.ranges.length === 0) return;
    const file = this.parsed.files[p.file];
    const summary = `${fileName(file)}: ${p.plus + p.minus} changed lines omitted (+${p.plus} -${p.minus})`;
    this.out.insert(this.marker(summary, { lines: p.ranges }));
  }

  private hasStandout(from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (this.plan.standout[i] === 1) return true;
    return false;
  }

  /** A hunk, trimmed to its plan; the first hunk of a file that loses changed lines is preceded by its +/- counts. */
  private hunk(index: number): void {
    const { parsed, plan, stats } = this;
    const h = parsed.hunks[index];
    const file = parsed.files[h.file];
    if (h.ordinal === 0 && isCut(file, plan)) {
      this.out.insert(
        `(${file.hasDiffLine ? "" : `${fileName(file)}: `}+${file.plus} -${file.minus} in ${count(file.hunkCount, "hunk", "hunks")})`,
      );
    }
    if (plan.allowance[index] === 0 && !this.hasStandout(h.from, h.to)) {
      this.headerOnly(index);
      return;
    }
    const trim = renderHunk(h, file, this.hunkContext, plan.allowance[index]);
    stats.contextDropped += trim.contextDropped;
    stats.changedDropped += trim.changedDropped;
    if (trim.changedDropped > 0) stats.hunksCollapsed++;
  }
}

/** Whether a hunk of `file` shows fewer changed lines than it has. */
function isCut(file: DiffFile, plan: DiffPlan): boolean {
  for (let k = file.firstHunk; k < file.firstHunk + file.hunkCount; k++) {
    if (plan.allowance[k] !== Number.POSITIVE_INFINITY) return true;
  }
  return false;
}
