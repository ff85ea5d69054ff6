import { hasMarker } from "../ccr/marker.js";
import type { Compressor, CompressorInput, CompressorOutput, OmissionPlace } from "./types.js";
import { expandsTo, groupingGain, renderGrouped } from "./search/grouped.js";
import { renderCountList } from "./search/count-rows.js";
import { CONTEXT, MATCH, type SearchTable } from "./search/model.js";
import { looksLikeRgJson, parseRgJson } from "./search/parse-rg-json.js";
import { parseTextSearch } from "./search/parse-text.js";
import { queryTerms } from "./search/priority.js";
import { omittedSummary, renderSelection } from "./search/render.js";
import {
  isLongRow,
  LONG_ROW_HEAD,
  type SearchCaps,
  searchCaps,
  selectRows,
  type SearchSelection,
  withEveryMatch,
} from "./search/select.js";

/**
 * Search results (grep -rn, rg -n, rg -C, rg --heading, rg --json).
 *
 * Under the caps (5 matches a file, 30 in all over the first 10 files with
 * one context row each side of a kept match, then the best match alone of
 * each file up to the 30th; all × the profile's scale) nothing is dropped and
 * the text stays as it is; so it does when the caps would hide under a tenth
 * of it. Over the caps, matches with the caller's query terms or error words
 * are kept first, each kept row as the tool printed it, an `rg -U` match over
 * several lines kept or dropped whole, every file stays named (with its match
 * count when rows went), and one marker recalls the original. A count listing (`grep -c`)
 * keeps its rows above 0 and counts its zeros (see search/count-rows.ts). In
 * lossless mode text rows are only regrouped by file, a rewrite checked to
 * expand back to the input byte for byte (see search/grouped.ts). `rg --json`
 * is always rendered to text rows (lossy: offsets, submatches and timings go;
 * each file's begin message and the summary's counts stay).
 *
 * Returns null for its own output: lossy output carries a marker, and grouped
 * output groups to itself.
 */
export const searchCompressor: Compressor = {
  name: "search",
  compress(input: CompressorInput): CompressorOutput | null {
    const text = input.text;
    if (text.length === 0 || hasMarker(text)) return null;
    const table = looksLikeRgJson(input.lines) ? parseRgJson(input.lines) : parseTextSearch(input.lines);
    if (table === null || table.files.length === 0) return null;
    const finalNewline = text.endsWith("\n");
    if (!input.canDrop) return grouping(table, text, finalNewline)?.result ?? null;
    // `grep -c` over a tree: the files with a count stay, the zeros go behind a marker.
    const counted = renderCountList(table, input);
    if (counted !== null) return counted;
    const terms = queryTerms(input.hint.query);
    const caps = searchCaps(input.scale, text.length);
    let selection = selectRows(table, caps, terms, input.lines);
    // Context goes from a search whose matches are cut; under the caps a kept match keeps the
    // context row on each side of it (the rows past it, of `-C5`, still go).
    if (selection.droppedMatches === 0 && caps.context < UNCUT_CONTEXT && table.hasContext) {
      selection = selectRows(table, { ...caps, context: UNCUT_CONTEXT }, terms, input.lines);
    }
    // Rows of minified bundles and source maps are what made the output big: once they are cut,
    // every row stays when all of them come to no more than the share of the input standouts may take.
    if (selection.longRows > 0 && rowsWithLongCut(table) <= text.length * LONG_ROWS_SHARE * input.scale) {
      selection = selectRows(table, UNCAPPED, terms, input.lines);
    }
    // A cut that hides little of the output is not worth a row an agent may need: every row stays.
    if (
      table.format === "text" &&
      selection.longRows === 0 &&
      droppedChars(table, selection) < text.length * MIN_CUT_SHARE
    ) {
      selection = selectRows(table, UNCAPPED, terms, input.lines);
    }
    // Matches whose rows come to under a tenth of the output stay, only context goes: a file's
    // second and third hit cost less than what they may be (`git grep -B1 -A1` over 30 files).
    // Not where a standout counts the rows like it that went: they would show and be counted.
    if (
      table.format === "text" &&
      selection.droppedMatches > 0 &&
      selection.droppedContext > 0 &&
      !selection.repeats.some((n) => n > 0) &&
      droppedMatchChars(table, selection) < text.length * MIN_CUT_SHARE
    ) {
      selection = withEveryMatch(table, selection);
    }
    const drops = selection.droppedMatches + selection.droppedContext + selection.longRows > 0;
    // Nothing to drop: the rows stay as printed (`path:12:text`, the form an agent quotes back),
    // not regrouped under their paths, which saved a few tokens and broke every such quote.
    if (!drops && table.format === "text") return null;
    const marker = input.marker(omittedSummary(table, selection), droppedLines(table, selection, input));
    const output = renderSelection(table, selection, marker, finalNewline, input.lines);
    if (output.length >= text.length) return null;
    return { output, lossy: true, detail: details(table, selection) };
  },
};

/** Context rows kept on each side of a match when no match is cut. */
const UNCUT_CONTEXT = 1;

/** Share of the input that every row, long rows cut, may come to and all stay. */
const LONG_ROWS_SHARE = 0.25;

/**
 * Share of the input that the rows a selection drops must come to for the cut
 * to be made: below it (a search of a few dozen rows whose caps hide a handful),
 * the saving is smaller than the risk that a hidden row was the one looked for.
 */
const MIN_CUT_SHARE = 0.1;

/** Characters of the match and context rows `selection` drops. */
function droppedChars(table: SearchTable, selection: SearchSelection): number {
  let chars = 0;
  for (let e = 0; e < table.count; e++) {
    const kind = table.kind[e];
    if ((kind === MATCH || kind === CONTEXT) && selection.keep[e] === 0) chars += table.end[e] - table.start[e] + 1;
  }
  return chars;
}

/** Characters of the match rows `selection` drops, each with its path (what showing it costs). */
function droppedMatchChars(table: SearchTable, selection: SearchSelection): number {
  let chars = 0;
  for (let e = 0; e < table.count; e++) {
    if (table.kind[e] !== MATCH || selection.keep[e] === 1) continue;
    const f = table.file[e];
    chars += table.end[e] - table.start[e] + 2 + (f >= 0 ? table.files[f].path.length : 0);
  }
  return chars;
}

/** Caps that keep every row (standouts aside, which every row then is anyway). */
const UNCAPPED: SearchCaps = {
  perFile: Number.MAX_SAFE_INTEGER,
  total: Number.MAX_SAFE_INTEGER,
  files: Number.MAX_SAFE_INTEGER,
  outlineFiles: Number.MAX_SAFE_INTEGER,
  context: Number.MAX_SAFE_INTEGER,
  standouts: 0,
  standoutChars: 0,
};

/** Characters of every row and raw line of `table`, long rows counted at their cut length. */
function rowsWithLongCut(table: SearchTable): number {
  let chars = 0;
  for (let e = 0; e < table.count; e++) {
    const length = table.end[e] - table.start[e];
    chars += (isLongRow(table, e) ? LONG_ROW_HEAD + 32 : length) + 1;
  }
  return chars;
}

/**
 * The input lines of the rows the selection drops, as ranges (text output
 * only: `rg --json` rows are decoded into a text of their own).
 */
function droppedLines(
  table: SearchTable,
  selection: SearchSelection,
  input: CompressorInput,
): OmissionPlace | undefined {
  if (table.format !== "text" || table.source !== input.text) return undefined;
  const ranges: [number, number][] = [];
  const lines = input.lines;
  // Rows come in the input's order: each one's line is found by walking on
  // from the last one's, not by a binary search per row.
  let line = 0;
  for (let i = 0; i < table.count; i++) {
    const kind = table.kind[i];
    if ((selection.keep[i] === 1 && !isLongRow(table, i)) || (kind !== MATCH && kind !== CONTEXT)) continue;
    const at = table.start[i];
    if (at < lines.start(line)) line = lines.lineAt(at);
    else while (line + 1 < lines.count && lines.start(line + 1) <= at) line++;
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] >= line) last[1] = Math.max(last[1], line + 1);
    else ranges.push([line, line + 1]);
  }
  return ranges.length === 0 ? undefined : { lines: ranges };
}

/**
 * The grouped rewrite of text rows: null when it saves no tokens; `result`
 * null when it is shorter but does not read back to the input (so not lossless).
 */
function grouping(table: SearchTable, text: string, finalNewline: boolean): { result: CompressorOutput | null } | null {
  if (table.format !== "text" || table.pathRows === 0 || groupingGain(table) <= 0) return null;
  const grouped = renderGrouped(table, finalNewline);
  if (grouped === null || grouped.length >= text.length) return null;
  if (!expandsTo(grouped, text)) return { result: null };
  return { result: { output: grouped, lossy: false, detail: details(table, null) } };
}

/** Counts for the result's `detail`. */
function details(table: SearchTable, selection: SearchSelection | null): Record<string, number | string> {
  let matches = 0;
  for (const file of table.files) matches += file.matches;
  const droppedMatches = selection?.droppedMatches ?? 0;
  return {
    format: table.format,
    files: table.files.length,
    matches,
    matchesKept: matches - droppedMatches,
    matchesDropped: droppedMatches,
    contextDropped: selection?.droppedContext ?? 0,
  };
}
