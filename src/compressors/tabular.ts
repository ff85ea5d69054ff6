import { hasMarker } from "../ccr/marker.js";
import { queryTerms } from "./json/array-crush.js";
import { parseHeaderAligned, parseLsListing } from "./tabular/aligned.js";
import { parseDelimited } from "./tabular/csv.js";
import { describeOmitted, describeRepeats } from "./tabular/describe.js";
import { NOTE_PREFIX, factorConstants } from "./tabular/factor.js";
import { keepRows, signalRows } from "./tabular/keep-rows.js";
import { hasProseColumn, keepDistinctMessages } from "./tabular/near-duplicates.js";
import { idColumn } from "./tabular/id-column.js";
import { cellValue, rowRecords, type Table } from "./tabular/table.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";

/**
 * The tabular compressor: CSV/TSV (quoted fields, embedded newlines, CRLF,
 * bare-CR files) and whitespace-aligned tables (`ls -la`, `ps aux`, `df -h`,
 * `docker ps`).
 *
 * When dropping is allowed, rows are sampled with the JSON array crusher's
 * keep-rules plus rare categorical values (tabular/keep-rows.ts); tables of
 * messages (a free-text column, like `git log` subjects) only lose rows that
 * repeat another but for numbers (tabular/near-duplicates.ts). Kept rows are
 * the input's exact bytes, in their order, so the agent can quote them back;
 * the header and lines outside the table (`total 2204`) always stay, and
 * each run of omitted rows leaves a marker in its place naming its first and
 * last row (the first marker also says what all omitted rows share).
 *
 * When nothing is dropped (lossless mode, a short table, or distinct entities
 * with an id column none of which stands out: tabular/keep-rows.ts), constant
 * columns are stated once and cut from every row (tabular/factor.ts), a
 * rewrite that loses nothing.
 *
 * A table kept whole comes back as its own text, which claims it: the
 * fallback's head-and-tail cut would hide the very rows judged all facts.
 *
 * Our own output (a marker, or the constant-column note) returns null, so a
 * second pass changes nothing.
 */

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Rows kept from a sampled table, unless more carry a signal. */
  rowBudget: 20,
  /** Tables of at most this many rows are never sampled. */
  minRows: 12,
  head: 3,
  tail: 2,
  /** Message tables up to this many rows keep every distinct row; longer ones are sampled. */
  messageRows: 300,
  /** Tables of distinct entities with nothing standing out keep every row up to this many… */
  distinctRows: 2000,
  /** …and this many characters of rows (about 32k tokens). */
  distinctChars: 128 * 1024,
  /** Runs of omitted rows that each get a marker naming them; past it, one marker names them all. */
  gapMarkers: 8,
  /** …or one run per this many rows of the table, when that allows more. */
  rowsPerGapMarker: 25,
} as const;

/** Reads the input as one of the table shapes, the most specific first. */
function parseTable(text: string): Table | null {
  return parseLsListing(text) ?? parseDelimited(text) ?? parseHeaderAligned(text);
}

/** Joins output lines with the input's own separator, ending as the input ended. */
function join(lines: string[], table: Table): string {
  return lines.join(table.separator) + (table.endsWithSeparator ? table.separator : "");
}

interface Sampling {
  /** Positions (ascending, into the rows) of kept rows. */
  kept: number[];
  summary: string;
  strategy: string;
}

function sample(table: Table, rows: Int32Array, input: CompressorInput): Sampling | null {
  const s = input.scale;
  const terms = queryTerms(input.hint.query);
  if (rows.length <= scaled(CAPS.messageRows, s) && hasProseColumn(table, rows)) {
    const kept = keepDistinctMessages(table, rows, signalRows(table, rows, terms));
    return kept === null
      ? null
      : { kept, summary: describeRepeats(rows.length, rows.length - kept.length), strategy: "repeats" };
  }
  const kept = keepRows(table, rows, {
    budget: scaled(CAPS.rowBudget, s, 4),
    minRows: CAPS.minRows,
    head: scaled(CAPS.head, s, 1),
    tail: scaled(CAPS.tail, s, 1),
    queryTerms: terms,
    distinctRows: scaled(CAPS.distinctRows, s, 50),
    distinctChars: scaled(CAPS.distinctChars, s, 4096),
  });
  if (kept === null) return null;
  const dropped: number[] = [];
  let next = 0;
  for (let k = 0; k < rows.length; k++) {
    if (next < kept.length && kept[next] === k) next++;
    else dropped.push(rows[k]);
  }
  return { kept, summary: describeOmitted(table, rows.length, dropped), strategy: "sample" };
}

/** Longest second cell listed with an omitted row's id (a version, a short value; not a free text). */
const KEY_VALUE_MAX = 40;
/** Share of the input that the listing of omitted rows' names with their second cells may cost at most… */
const PAIR_LISTING_SHARE = 0.4;
/** …and that of their names alone. */
const NAME_LISTING_SHARE = 0.5;

/**
 * How omitted rows of a delimited table of entities are named below their
 * marker: by their leading cells as written (`libp11-kit0<TAB>0.24.1-2`),
 * when the first column is an id column: an inventory's outline is its
 * names, and a marker naming only the first and last of 800 packages hides
 * the rest. The id and a short second cell (a version) when the table has
 * more columns and that fits {@link PAIR_LISTING_SHARE} of the input, else
 * the id alone; null when that would cost more than
 * {@link NAME_LISTING_SHARE} of the input, or the table is not so keyed.
 * Returns, per record, the end offset of the key to list.
 */
function keyListing(table: Table, rows: Int32Array, picked: Sampling, idCol: number): Int32Array | null {
  // A `|` table (psql) pads its cells for display: its names are read from the kept rows' layout, not listed.
  if (table.kind !== "delimited" || table.delimiter === "|" || idCol !== 0 || table.columns.length < 2) return null;
  const ends = new Int32Array(table.recordCount);
  let names = 0;
  let pairCost = 0;
  let idCost = 0;
  let next = 0;
  for (let k = 0; k < rows.length; k++) {
    if (next < picked.kept.length && picked.kept[next] === k) {
      next++;
      continue;
    }
    const r = rows[k];
    const id = cellSpan(table, r, 0);
    const second = cellSpan(table, r, 1);
    if (id === null) return null;
    if (isName(table.text, id[0], id[1])) names++;
    idCost += id[1] - table.recordStart[r] + 1;
    const isShort = second !== null && second[1] - second[0] <= KEY_VALUE_MAX && table.columns.length > 2;
    pairCost += (isShort ? second[1] : id[1]) - table.recordStart[r] + 1;
    ends[r] = isShort ? second[1] : -id[1];
  }
  // Numbers and hashes (zip codes, commit ids) are data, not an outline: only names are listed.
  if (names < (rows.length - picked.kept.length) * 0.9) return null;
  if (pairCost <= table.text.length * PAIR_LISTING_SHARE) {
    for (let r = 0; r < ends.length; r++) if (ends[r] < 0) ends[r] = -ends[r];
    return ends;
  }
  if (idCost > table.text.length * NAME_LISTING_SHARE) return null;
  for (let r = 0; r < ends.length; r++) if (ends[r] !== 0) ends[r] = cellSpan(table, r, 0)?.[1] ?? 0;
  return ends;
}

/** A hex run long enough to be a hash rather than a word. */
const HASH_RE = /^[0-9a-f]{7,}$/;

/** Whether `text[start, end)` is a name: it holds a letter and is no hash. */
function isName(text: string, start: number, end: number): boolean {
  let letter = false;
  for (let i = start; i < end && !letter; i++) {
    const c = text.charCodeAt(i) | 32;
    letter = c >= 97 && c <= 122;
  }
  return letter && !HASH_RE.test(text.slice(start, end));
}

/** `[start, end)` of cell `c` of record `r` in the text, or null when the record has no such cell. */
function cellSpan(table: Table, r: number, c: number): [number, number] | null {
  const i = table.fieldOffset[r] + c;
  if (i >= table.fieldOffset[r + 1]) return null;
  return [table.cellStart[i], table.cellEnd[i]];
}

/** Longest row label a group marker shows. */
const LABEL_MAX = 48;

/** A row's name in a group marker: its id cell, or the start of the row. */
function rowLabel(table: Table, r: number, idCol: number): string {
  const text =
    idCol >= 0 ? cellValue(table, r, idCol).trim() : table.text.slice(table.recordStart[r], table.recordEnd[r]).trim();
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text;
}

/**
 * Kept rows and every non-row line in input order; each run of omitted rows
 * becomes one marker in its place, naming its count, its first and last row
 * and its lines (the first one also says what all omitted rows share).
 */
function renderSample(table: Table, rows: Int32Array, picked: Sampling, input: CompressorInput): string {
  const { text } = table;
  const idCol = idColumn(table, rows);
  const keys = keyListing(table, rows, picked, idCol);
  const gaps = countGaps(table, picked);
  // A marker per run pays off when runs are long; many short runs share one marker.
  const most = Math.max(scaled(CAPS.gapMarkers, input.scale, 2), Math.floor(rows.length / CAPS.rowsPerGapMarker));
  if (gaps > most) return renderOneMarker(table, rows, picked, input, idCol, keys);
  const out: string[] = [];
  let row = 0;
  let next = 0;
  let gapFirst = -1;
  let gapLast = -1;
  let gapCount = 0;
  let isFirstGap = true;
  const flush = () => {
    if (gapCount === 0) return;
    const first = rowLabel(table, gapFirst, idCol);
    const last = rowLabel(table, gapLast, idCol);
    const named = gapCount === 1 ? `1 row omitted: ${first}` : `${gapCount} rows omitted: ${first} … ${last}`;
    const listed = keys === null || gapCount === 1 ? named : `${named} (keys listed)`;
    const summary = isFirstGap ? `${listed}; in all ${picked.summary}` : listed;
    const from = input.lines.lineAt(table.recordStart[gapFirst]);
    const to = input.lines.lineAt(Math.max(table.recordStart[gapLast], table.recordEnd[gapLast] - 1)) + 1;
    out.push(input.marker(summary, { lines: [[from, to]] }));
    if (keys !== null && gapCount > 1)
      for (let r = gapFirst; r <= gapLast; r++) out.push(text.slice(table.recordStart[r], keys[r]));
    isFirstGap = false;
    gapCount = 0;
  };
  for (let r = 0; r < table.recordCount; r++) {
    if (table.isRow[r] === 0) {
      flush();
      out.push(text.slice(table.recordStart[r], table.recordEnd[r]));
      continue;
    }
    if (next < picked.kept.length && picked.kept[next] === row) {
      flush();
      out.push(text.slice(table.recordStart[r], table.recordEnd[r]));
      next++;
    } else {
      if (gapCount === 0) gapFirst = r;
      gapLast = r;
      gapCount++;
    }
    row++;
  }
  flush();
  return join(out, table);
}

/** How many runs of omitted rows the sampling leaves. */
function countGaps(table: Table, picked: Sampling): number {
  let gaps = 0;
  let row = 0;
  let next = 0;
  let isInGap = false;
  for (let r = 0; r < table.recordCount; r++) {
    if (table.isRow[r] === 0) {
      isInGap = false;
      continue;
    }
    if (next < picked.kept.length && picked.kept[next] === row) {
      next++;
      isInGap = false;
    } else if (!isInGap) {
      gaps++;
      isInGap = true;
    }
    row++;
  }
  return gaps;
}

/**
 * Many small runs (every other row of a message table): one marker where
 * rows first go missing, naming the first and last omitted row and every
 * omitted line, costs less than a marker per run.
 */
function renderOneMarker(
  table: Table,
  rows: Int32Array,
  picked: Sampling,
  input: CompressorInput,
  idCol: number,
  keys: Int32Array | null,
): string {
  const { text } = table;
  const ranges: [number, number][] = [];
  let firstDropped = -1;
  let lastDropped = -1;
  let next = 0;
  for (let k = 0; k < rows.length; k++) {
    if (next < picked.kept.length && picked.kept[next] === k) {
      next++;
      continue;
    }
    const r = rows[k];
    if (firstDropped < 0) firstDropped = r;
    lastDropped = r;
    const from = input.lines.lineAt(table.recordStart[r]);
    const to = input.lines.lineAt(Math.max(table.recordStart[r], table.recordEnd[r] - 1)) + 1;
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] >= from) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  const names = `${rowLabel(table, firstDropped, idCol)} … ${rowLabel(table, lastDropped, idCol)}`;
  const marker = input.marker(`${picked.summary}; from ${names}${keys === null ? "" : " (keys listed)"}`, {
    lines: ranges,
  });
  const out: string[] = [];
  let row = 0;
  next = 0;
  let isMarked = false;
  for (let r = 0; r < table.recordCount; r++) {
    if (table.isRow[r] === 0) {
      out.push(text.slice(table.recordStart[r], table.recordEnd[r]));
      continue;
    }
    if (next < picked.kept.length && picked.kept[next] === row) {
      out.push(text.slice(table.recordStart[r], table.recordEnd[r]));
      next++;
    } else if (!isMarked) {
      out.push(marker);
      isMarked = true;
      if (keys !== null) for (const d of rows) if (keys[d] > 0) out.push(text.slice(table.recordStart[d], keys[d]));
    }
    row++;
  }
  return join(out, table);
}

/** The tabular compressor (CSV/TSV and aligned tables). */
export const tabularCompressor: Compressor = {
  name: "tabular",
  compress(input: CompressorInput): CompressorOutput | null {
    const { text } = input;
    if (text.startsWith(NOTE_PREFIX) || hasMarker(text)) return null;
    const table = parseTable(text);
    if (table === null) return null;
    const rows = rowRecords(table);
    if (input.canDrop) {
      const picked = sample(table, rows, input);
      if (picked !== null) {
        const output = renderSample(table, rows, picked, input);
        if (output.length < text.length) {
          return {
            output,
            lossy: true,
            detail: {
              rows: rows.length,
              rowsKept: picked.kept.length,
              rowsDropped: rows.length - picked.kept.length,
              step: picked.strategy,
            },
          };
        }
      }
    }
    const factoring = factorConstants(table, rows);
    // A table read and kept whole is claimed (its own text back): every row was
    // judged a fact, and the blind fallback must not cut its middle away. Past the
    // size a whole table may have, the fallback stays the last word.
    if (factoring === null) {
      const isClaimable = input.canDrop && text.length <= scaled(CAPS.distinctChars, input.scale, 4096) * 2;
      return isClaimable ? { output: text, lossy: false, detail: { step: "whole" } } : null;
    }
    const lines = [factoring.note];
    for (let r = 0; r < table.recordCount; r++) lines.push(factoring.rewrite(r));
    const output = join(lines, table);
    if (output.length >= text.length) return null;
    return { output, lossy: false, detail: { rows: rows.length, step: "factor" } };
  },
};
