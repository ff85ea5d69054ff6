import type { LineIndex } from "../../kernels/lines.js";
import { BREAK, CONTEXT, RAW, type SearchTable } from "./model.js";
import { isLongRow, LONG_ROW_HEAD, type SearchSelection } from "./select.js";

/**
 * The lossy view of a search result: each shown file's kept rows exactly as
 * the tool printed them (`src/a.py:102:text` for grep -rn, `102:text` under
 * an `rg --heading` path; an `rg --json` match as a text row), under a header
 * line where it says something (how many matches a cut file had, or the path
 * of rows printed without it), `--` where rows were skipped in output that had
 * context; then one line per file whose rows all went (`path (7 matches)`), so
 * every file stays named; then `rg --json`'s summary counts and the one
 * marker for everything omitted.
 *
 *     src/a.py (23 matches, 5 shown)
 *     src/a.py:102:        except ImportError:
 *     …
 *     src/b.py:7:    raise
 *
 *     src/z.py (4 matches)
 *     [[pithy:… 22 more matches in 2 files]]
 */

/** Renders `selection` of `table`, ending with `marker`. */
export function renderSelection(
  table: SearchTable,
  selection: SearchSelection,
  marker: string,
  finalNewline: boolean,
  input: LineIndex,
): string {
  const out: string[] = [];
  for (let e = 0; e < table.count && table.file[e] < 0; e++) {
    if (table.kind[e] === RAW) out.push(table.body(e));
  }
  const { keep, byFile, fileStart, keptMatches } = selection;
  const listed: string[] = [];
  for (let f = 0; f < table.files.length; f++) {
    const file = table.files[f];
    const from = fileStart[f];
    const to = fileStart[f + 1];
    let first = from;
    while (first < to && keep[byFile[first]] === 0) first++;
    if (first === to) {
      // Path-less rows (one-file grep) have no name to list; the marker counts them.
      if (file.header !== "") listed.push(`${file.header} (${count(file.matches, "match", "matches")})`);
      continue;
    }
    const header =
      keptMatches[f] < file.matches
        ? `${file.header} (${count(file.matches, "match", "matches")}, ${keptMatches[f]} shown)`.trimStart()
        : rowsNamePath(table, file.path, byFile[first], input)
          ? ""
          : file.header;
    if (header !== "") {
      if (out.length > 0) out.push("");
      out.push(header);
    }
    // `--` parts groups of rows with their context; between bare match rows their numbers say it.
    let hasContext = false;
    for (let i = first; i < to && !hasContext; i++)
      hasContext = keep[byFile[i]] === 1 && table.kind[byFile[i]] === CONTEXT;
    let previous = -1;
    for (let i = first; i < to; i++) {
      const e = byFile[i];
      if (keep[e] === 0 || table.kind[e] === BREAK) continue;
      if (hasContext && previous >= 0 && i > previous + 1) out.push("--");
      previous = i;
      out.push(rowText(table, selection, e, input));
      const more = selection.repeats[e];
      if (more > 0) out.push(`(${count(more, "more row", "more rows")} like this one, numbers aside)`);
    }
  }
  if (listed.length > 0) {
    if (out.length > 0) out.push("");
    for (const line of listed) out.push(line);
  }
  if (table.summary !== undefined) out.push(table.summary);
  out.push(marker);
  // One flat string: `join(…) + "\n"` would be a rope whose first reader copies it again.
  if (finalNewline) out.push("");
  return out.join("\n");
}

/**
 * Entry `e` as shown: its body, or for a standout row the input line it was
 * read from, as the tool printed it (the path in front, or the `rg --json`
 * message), so that it reads the same as in the original.
 */
function rowText(table: SearchTable, selection: SearchSelection, e: number, input: LineIndex): string {
  const row = printedRow(table, selection, e, input);
  if (!isLongRow(table, e)) return row;
  return `${row.slice(0, LONG_ROW_HEAD)} … (${row.length - LONG_ROW_HEAD} more characters)`;
}

/** Entry `e` as the tool printed it, or its body (see {@link rowText}). */
function printedRow(table: SearchTable, selection: SearchSelection, e: number, input: LineIndex): string {
  const line = table.inputLine[e];
  // Text rows always read as printed; an `rg --json` row is its message only when it stands out.
  if ((table.format === "json" && selection.verbatim[e] === 0) || line < 0 || line >= input.count) {
    return table.body(e);
  }
  return input.line(line);
}

/** Whether the file's rows, as printed, open with its path (grep -rn), which then needs no header of its own. */
function rowsNamePath(table: SearchTable, path: string, e: number, input: LineIndex): boolean {
  const line = table.inputLine[e];
  return table.format === "text" && path !== "" && line >= 0 && line < input.count && input.line(line).startsWith(path);
}

/** What the marker says was omitted: "41 more matches in src/a.ts", "87 more matches and 120 context rows in 6 files". */
export function omittedSummary(table: SearchTable, selection: SearchSelection): string {
  const { droppedMatches, droppedContext, longRows } = selection;
  if (longRows === 0) return droppedSummary(table, selection);
  const long = `${count(longRows, "long row", "long rows")} cut to ${LONG_ROW_HEAD} characters`;
  return droppedMatches + droppedContext > 0 ? `${droppedSummary(table, selection)}; ${long}` : long;
}

/** What the marker says of the rows omitted whole. */
function droppedSummary(table: SearchTable, selection: SearchSelection): string {
  const { droppedMatches, droppedContext, filesWithDrops } = selection;
  if (droppedMatches > 0) {
    const context = droppedContext > 0 ? ` and ${count(droppedContext, "context row", "context rows")}` : "";
    let where = `${filesWithDrops} files`;
    if (filesWithDrops === 1) {
      const only = table.files.findIndex((file, f) => selection.keptMatches[f] < file.matches);
      if (only >= 0 && table.files[only].path !== "") where = table.files[only].path;
    }
    return `${droppedMatches} more ${droppedMatches === 1 ? "match" : "matches"}${context} in ${where}`;
  }
  if (droppedContext > 0) return `${count(droppedContext, "context row", "context rows")} omitted`;
  return table.format === "json" ? "rg --json offsets and stats omitted" : "original row layout";
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
