/**
 * Count listings: `grep -c` prints `path:N` for every file it searched,
 * files without a match included (`path:0`), and so does `rg -c
 * --include-zero`. Over a tree most rows are zeros: files the pattern is not
 * in. The files with a count are the result, and they stay as printed, in
 * order; the zero rows go behind one marker that counts them and names the
 * first and the last. A listing without zeros (`rg -c`) is left alone: every
 * row is a file the search found.
 */
import type { LineIndex } from "../../kernels/lines.js";
import type { CompressorInput, CompressorOutput } from "../types.js";
import { MATCH, type SearchTable } from "./model.js";

/** Fewest zero rows worth a marker (one costs about as much as five short rows). */
const MIN_ZERO_ROWS = 8;
/** Digits a count may have (grep prints a line count: never past 10 digits in practice). */
const MAX_COUNT_DIGITS = 10;

/**
 * The count listing's view: its rows with a count above 0 as printed, then
 * one marker for the zero rows; null when `table` is no count listing (every
 * row `path:N`, nothing else but blank lines) or has too few zero rows.
 */
export function renderCountList(table: SearchTable, input: CompressorInput): CompressorOutput | null {
  if (table.format !== "text" || table.hasContext || table.raws > 0 || table.pathRows !== table.rows) return null;
  const zeroLines: number[] = [];
  for (let e = 0; e < table.count; e++) {
    if (table.kind[e] !== MATCH) return null;
    const count = countOf(table.source, table.start[e], table.end[e]);
    if (count < 0) return null;
    if (count === 0) zeroLines.push(table.inputLine[e]);
  }
  if (zeroLines.length < MIN_ZERO_ROWS) return null;
  const lines = input.lines;
  const out: string[] = [];
  let z = 0;
  for (let e = 0; e < table.count; e++) {
    const line = table.inputLine[e];
    if (z < zeroLines.length && zeroLines[z] === line) z++;
    else out.push(lines.line(line));
  }
  const first = pathOf(lines, zeroLines[0]);
  const last = pathOf(lines, zeroLines[zeroLines.length - 1]);
  const summary = `${zeroLines.length} files with a count of 0 (${first} … ${last})`;
  out.push(input.marker(summary, { lines: ranges(zeroLines) }));
  if (input.text.endsWith("\n")) out.push("");
  const output = out.join("\n");
  if (output.length >= input.text.length) return null;
  return {
    output,
    lossy: true,
    detail: { format: "count", files: table.files.length, filesCounted: table.count - zeroLines.length },
  };
}

/** The count that text[from, to) holds (digits only, no leading zero but `0` itself), or -1. */
function countOf(text: string, from: number, to: number): number {
  if (to <= from || to - from > MAX_COUNT_DIGITS) return -1;
  if (text.charCodeAt(from) === 48 && to - from > 1) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    n = n * 10 + (c - 48);
  }
  return n;
}

/** The path of a count row: its line up to the last `:` (or `grep -Z`'s NUL). */
function pathOf(lines: LineIndex, line: number): string {
  const text = lines.line(line);
  const at = Math.max(text.lastIndexOf(":"), text.lastIndexOf("\0"));
  return at > 0 ? text.slice(0, at) : text;
}

/** Sorted 0-based line numbers as half-open ranges, neighbours joined. */
function ranges(sorted: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const line of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && last[1] === line) last[1] = line + 1;
    else out.push([line, line + 1]);
  }
  return out;
}
