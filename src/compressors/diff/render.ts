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
  marker: (summary: string, place?: OmissionPlace) => string,
): { output: string; stats: DiffStats } {
  const renderer = new DiffRenderer(view, parsed, caps, marker);
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
      caps,
      out: this.out,
      marker,
    };
  }

  render(span: DiffSpan): void {
    const { out, stats, caps } = this;
    switch (span.kind) {
      case "keep":
        out.keep(span.from, span.to);
        break;
      case "index":
        stats.indexDropped += span.to - span.from;
        break;
      case "dashes":
        // Past the file cap, the `diff` line (or the marker) names the file.
        if (span.file >= caps.files) stats.dashesDropped += span.to - span.from;
        else out.keep(span.from, span.to);
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

  /** A hunk in full (trimmed), or, past the caps, its file's or its later hunks' one marker. */
  private hunk(index: number): void {
    const { parsed, caps, stats } = this;
    const h = parsed.hunks[index];
    const file = parsed.files[h.file];
    if (h.file >= caps.files) {
      if (h.ordinal !== 0) return;
      const what = `${count(file.hunkCount, "hunk", "hunks")} omitted (+${file.plus} -${file.minus})`;
      // The file's `diff` line, kept just above, names it; without one the marker must.
      const summary = file.hasDiffLine ? what : `${fileName(file)}: ${what}`;
      this.out.insert(this.marker(summary, this.hunkLines(file.firstHunk, file.firstHunk + file.hunkCount)));
      stats.filesCollapsed++;
      stats.hunksCollapsed += file.hunkCount;
    } else if (h.ordinal >= caps.hunksPerFile) {
      if (h.ordinal === caps.hunksPerFile) this.laterHunks(file);
    } else {
      const trim = renderHunk(h, file, this.hunkContext);
      stats.contextDropped += trim.contextDropped;
      stats.changedDropped += trim.changedDropped;
    }
  }

  /** The input lines of hunks [first, end): each from its header to the end of its body. */
  private hunkLines(first: number, end: number): OmissionPlace {
    const ranges: [number, number][] = [];
    for (let k = first; k < end; k++) ranges.push([this.parsed.hunks[k].header, this.parsed.hunks[k].to]);
    return { lines: ranges };
  }

  /** One marker for a file's hunks past the per-file cap, with their +/- counts. */
  private laterHunks(file: DiffFile): void {
    const { parsed, caps } = this;
    let plus = 0;
    let minus = 0;
    for (let k = file.firstHunk + caps.hunksPerFile; k < file.firstHunk + file.hunkCount; k++) {
      plus += parsed.hunks[k].plus;
      minus += parsed.hunks[k].minus;
    }
    const rest = file.hunkCount - caps.hunksPerFile;
    const first = file.firstHunk + caps.hunksPerFile;
    const summary = `${fileName(file)}: ${count(rest, "more hunk", "more hunks")} omitted (+${plus} -${minus})`;
    this.out.insert(this.marker(summary, this.hunkLines(first, file.firstHunk + file.hunkCount)));
    this.stats.hunksCollapsed += rest;
  }
}
