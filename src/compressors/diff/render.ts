/**
 * Renders a parsed diff under its caps: headers and kept lines verbatim,
 * hunks trimmed, and whatever goes past a cap (hunks per file, files,
 * commit message and diffstat lines, binary patch data) replaced by one
 * marker that says what and how much, so every file the diff touches stays
 * named in the output with its +/- counts.
 */
import type { DiffCaps } from "./caps.js";
import { Emitter } from "./emit.js";
import type { DiffFile, ParsedDiff } from "./parse.js";
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
  marker: (summary: string) => string,
): { output: string; stats: DiffStats } {
  const { lines } = view;
  const out = new Emitter(lines);
  const stats: DiffStats = {
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
  const hunkContext: HunkContext = {
    kinds: parsed.kinds,
    lineLength: (i) => lines.end(i) - lines.start(i),
    caps,
    out,
    marker,
  };

  /** Keeps the first `cap` lines of [from, to) and puts the rest behind a marker, when that saves anything. */
  const keepCapped = (from: number, to: number, cap: number, what: string): void => {
    const rest = to - from - cap;
    if (rest <= 1) {
      out.keep(from, to);
      return;
    }
    out.keep(from, from + cap);
    out.insert(marker(`${rest} more ${what} omitted`));
    stats.otherDropped += rest;
  };

  for (const span of parsed.spans) {
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
        keepCapped(span.from, span.to, caps.messageLines, "commit message lines");
        break;
      case "stat":
        keepCapped(span.from, span.to, caps.statLines, "diffstat lines");
        break;
      case "binary": {
        const n = span.to - span.from;
        const name = span.file >= 0 ? fileName(parsed.files[span.file]) : "a file";
        out.insert(marker(`binary patch data of ${name}: ${count(n, "line", "lines")} omitted`));
        stats.otherDropped += n;
        break;
      }
      case "hunk": {
        const h = parsed.hunks[span.hunk];
        const file = parsed.files[h.file];
        if (h.file >= caps.files) {
          if (h.ordinal === 0) {
            out.insert(
              marker(
                `${fileName(file)}: ${count(file.hunkCount, "hunk", "hunks")} omitted (+${file.plus} -${file.minus})`,
              ),
            );
            stats.filesCollapsed++;
            stats.hunksCollapsed += file.hunkCount;
          }
        } else if (h.ordinal >= caps.hunksPerFile) {
          if (h.ordinal === caps.hunksPerFile) {
            let plus = 0;
            let minus = 0;
            for (let k = file.firstHunk + caps.hunksPerFile; k < file.firstHunk + file.hunkCount; k++) {
              plus += parsed.hunks[k].plus;
              minus += parsed.hunks[k].minus;
            }
            const rest = file.hunkCount - caps.hunksPerFile;
            out.insert(
              marker(`${fileName(file)}: ${count(rest, "more hunk", "more hunks")} omitted (+${plus} -${minus})`),
            );
            stats.hunksCollapsed += rest;
          }
        } else {
          const trim = renderHunk(h, file, hunkContext);
          stats.contextDropped += trim.contextDropped;
          stats.changedDropped += trim.changedDropped;
        }
        break;
      }
    }
  }

  const trimmed: string[] = [];
  if (stats.contextDropped > 0) trimmed.push(count(stats.contextDropped, "context line", "context lines"));
  if (stats.indexDropped > 0) trimmed.push(count(stats.indexDropped, "index line", "index lines"));
  if (stats.dashesDropped > 0) trimmed.push(`${stats.dashesDropped} ---/+++ lines`);
  if (trimmed.length > 0) out.insert(marker(`diff trimmed: ${trimmed.join(", ")} omitted`));
  return { output: out.finish(), stats };
}
