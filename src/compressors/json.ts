import { hasMarker } from "../ccr/marker.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";
import { queryTerms } from "./json/array-crush.js";
import { DEFAULT_IDENTIFIER_WORDS, IdentifierKeys } from "./json/identifier-keys.js";
import { parseJsonLines, recordLines, renderJsonLines } from "./json/json-lines.js";
import { parseJson } from "./json/parse.js";
import { MARKER_KEY, pruneTree, type PruneOptions, type PruneStats } from "./json/prune.js";
import { renderJson } from "./json/render.js";
import { OMITTED_KEYS_LEGEND } from "./json/stubs.js";
import { withoutBlocks } from "./json/rows.js";
import { tabulate } from "./json/tabular-render.js";
import { JsonObject, decodeString, encodeString, type JsonNode } from "./json/tree.js";

/**
 * The JSON compressor: parse (strictly, keeping every scalar's exact text) →
 * when dropping is allowed, crush long arrays and prune strings, arrays and
 * deep subtrees (json/prune.ts, json/array-crush.ts) → without a store only,
 * lossless rewrites of arrays of objects into tables and factored rows
 * (json/tabular-render.ts) → render on one line, with `": "` after keys when
 * the input had it. With a store, every record a reader sees keeps its
 * `"key": value` pairs as written: that is how an agent finds and quotes a
 * record (`"status": "failed"`), and a table row (`[33,"failed"]`) saved
 * 0.2 % of both corpora's tokens while hiding that form.
 *
 * Invalid or truncated JSON returns null (the text path handles it), and so
 * does our own output (it holds a marker or a `_pithy` key), which makes a
 * second pass a no-op.
 */

/** Settings for {@link createJsonCompressor}. */
export interface JsonCompressorOptions {
  /**
   * Words whose keys name identifiers (never cut, kept past the depth cap).
   * Replaces {@link DEFAULT_IDENTIFIER_WORDS}; extend it with
   * `[...DEFAULT_IDENTIFIER_WORDS, "sku"]`.
   */
  identifierWords?: readonly string[];
}

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  depth: 4,
  stringCap: 400,
  stringKeep: 120,
  arrayCap: 50,
  objectCap: 100,
  /** Entries a settings map (json/settings-map.ts) keeps: a build's ~1,000 config variables fit. */
  settingsCap: 2000,
  rowBudget: 15,
  minRows: 8,
  head: 3,
  tail: 2,
  topScores: 5,
  /** Dropped records still shown as naming stubs, per array or map. */
  stubBudget: 300,
} as const;

/**
 * Inputs up to this many characters are small documents: their nesting is
 * kept, since what a depth cap would fold there (a `findmnt -J` mount's
 * children, the chain of an `npm explain --json`) is their content, and
 * compacting already saves most of what a small document can give.
 */
const SMALL_DOCUMENT_CHARS = 4096;
/** The depth cap of a small document: deeper levels still fold (4 K of `[[[…` would nest 2 K deep). */
const SMALL_DOCUMENT_DEPTH = 64;

function pruneOptions(input: CompressorInput, identifiers: IdentifierKeys): PruneOptions {
  const s = input.scale;
  const depthCap = scaled(CAPS.depth, s, 2);
  return {
    depthCap: input.text.length <= SMALL_DOCUMENT_CHARS ? Math.max(depthCap, SMALL_DOCUMENT_DEPTH) : depthCap,
    stringCap: scaled(CAPS.stringCap, s, 80),
    stringKeep: scaled(CAPS.stringKeep, s, 40),
    arrayCap: scaled(CAPS.arrayCap, s, 8),
    objectCap: scaled(CAPS.objectCap, s, 16),
    settingsCap: scaled(CAPS.settingsCap, s, 200),
    identifiers,
    stubBudget: scaled(CAPS.stubBudget, s, 20),
    crush: {
      budget: scaled(CAPS.rowBudget, s, 4),
      minRows: CAPS.minRows,
      head: scaled(CAPS.head, s, 1),
      tail: scaled(CAPS.tail, s, 1),
      topScores: scaled(CAPS.topScores, s, 1),
      queryTerms: queryTerms(input.hint.query),
      identifiers,
    },
    marker: (summary, path) => input.marker(summary, path === undefined ? undefined : { path }),
  };
}

/** Fewest `"…": n` counts that the root marker explains. */
const LEGEND_MIN_COUNTS = 10;

function pruneSummary(stats: PruneStats): string {
  const parts: string[] = [];
  if (stats.stringsCut > 0) parts.push(`${stats.stringsCut} long strings cut`);
  if (stats.subtreesCollapsed > 0) parts.push(`${stats.subtreesCollapsed} deep subtrees collapsed`);
  if (stats.itemsDropped > 0) parts.push(`${stats.itemsDropped} array items or keys omitted`);
  // The legend costs ~10 tokens: worth it where it explains many counts.
  const legend = stats.keysCounted >= LEGEND_MIN_COUNTS ? `, ${OMITTED_KEYS_LEGEND}` : "";
  return `JSON pruned: ${parts.join(", ")}; notes start with …${legend}`;
}

/** Puts the one marker that names the original for every "…" note where the reader meets it first. */
function withRootMarker(root: JsonNode, marker: string): JsonNode {
  const value = encodeString(marker);
  if (root instanceof JsonObject) {
    const key = root.keys.includes(MARKER_KEY) ? '"_pithy_pruned"' : MARKER_KEY;
    return new JsonObject([key, ...root.keys], [value, ...root.values]);
  }
  if (Array.isArray(root)) return [...root, value];
  // A scalar root is a cut string: the marker goes inside it.
  return encodeString(`${decodeString(root)} ${marker}`);
}

/**
 * Whether `text` holds a string starting `_pithy` (a key of our own output).
 * Searching for `_pithy` and looking back for the quote is several times
 * faster than searching for `"_pithy`, whose first character is everywhere in JSON.
 */
function holdsPithyKey(text: string): boolean {
  for (let at = text.indexOf("_pithy", 1); at > 0; at = text.indexOf("_pithy", at + 6)) {
    if (text.charCodeAt(at - 1) === 34) return true;
  }
  return false;
}

/**
 * Deepest nesting the compressor restructures; deeper JSON passes through
 * (the fallback leaves valid JSON alone). Parsing opens one level per
 * bracket at ~160 ns each, so 50 000 levels cost more per MB than the
 * content is worth; no tool writes JSON thousands of levels deep, and what
 * the pruner would show of it is a single collapsed item. The same as
 * `JsonValidity`'s limit for `JSON.parse`: past it, nothing builds levels.
 */
const MAX_RESTRUCTURE_DEPTH = 4096;

/** Builds a JSON compressor with its own identifier list. */
export function createJsonCompressor(options: JsonCompressorOptions = {}): Compressor {
  const identifiers = new IdentifierKeys(options.identifierWords ?? DEFAULT_IDENTIFIER_WORDS);
  return {
    name: "json",
    compress(input: CompressorInput): CompressorOutput | null {
      const { text } = input;
      if (holdsPithyKey(text) || hasMarker(text) || input.json.surelyNot(text)) return null;
      if (input.json.nestsDeeperThan(text, MAX_RESTRUCTURE_DEPTH)) return null;
      // Blocks of rows (json/rows.ts) spare the collector only where the crusher reads them.
      const parsed = parseJson(text, input.canDrop);
      if (parsed === null) return compressJsonLines(input, identifiers);
      input.json.note(text);
      const colon = parsed.spacedColon ? ": " : ":";
      const steps = ["compact"];
      const detail: Record<string, number | string> = {};
      let root = parsed.root;
      let lossy = false;
      if (input.canDrop) {
        const pruned = pruneTree(root, pruneOptions(input, identifiers));
        const { stats } = pruned;
        const notes = reportPrune(stats, steps, detail);
        if (stats.rowsDropped > 0) detail.arraysCrushed = stats.arraysCrushed;
        if (stats.rowsDropped + notes > 0) {
          lossy = true;
          root = notes > 0 ? withRootMarker(pruned.root, input.marker(pruneSummary(stats))) : pruned.root;
        } else root = withoutBlocks(root);
      }
      const tables = input.canDrop ? { root, stats: { tables: 0, factored: 0 } } : tabulate(root, colon);
      if (tables.stats.tables > 0) steps.push("table");
      if (tables.stats.factored > 0) steps.push("factor");
      const output = renderJson(tables.root, colon);
      if (output.length >= text.length) return null;
      detail.steps = steps.join("+");
      return { output, lossy, detail };
    },
  };
}

/**
 * JSON Lines (json/json-lines.ts): the records pruned as one array, written
 * back one per line, each marker on a line of its own naming the input lines
 * it stands for. Tables are not made: a record stays a line.
 */
/** Adds what pruning did to the steps and the detail; returns its count of notes (strings, subtrees, items cut). */
function reportPrune(stats: PruneStats, steps: string[], detail: Record<string, number | string>): number {
  const notes = stats.stringsCut + stats.subtreesCollapsed + stats.itemsDropped;
  if (stats.rowsDropped > 0) {
    steps.push("crush");
    detail.rowsDropped = stats.rowsDropped;
  }
  if (notes > 0) {
    steps.push("prune");
    detail.stringsCut = stats.stringsCut;
    detail.subtreesCollapsed = stats.subtreesCollapsed;
    detail.itemsDropped = stats.itemsDropped;
  }
  return notes;
}

function compressJsonLines(input: CompressorInput, identifiers: IdentifierKeys): CompressorOutput | null {
  const { text } = input;
  const parsed = parseJsonLines(text);
  if (parsed === null) return null;
  const colon = parsed.spacedColon ? ": " : ":";
  const steps = ["lines", "compact"];
  const detail: Record<string, number | string> = { records: parsed.records.length };
  let records: JsonNode[] = parsed.records;
  let lossy = false;
  if (input.canDrop) {
    const options = pruneOptions(input, identifiers);
    options.eventRecords = true;
    options.marker = (summary, path) => {
      const lines = path === undefined ? null : recordLines(path, parsed.lineOf);
      return input.marker(summary, lines === null ? undefined : { lines: [lines] });
    };
    const pruned = pruneTree(records, options);
    const { stats } = pruned;
    const notes = reportPrune(stats, steps, detail);
    if (stats.rowsDropped + notes > 0) {
      lossy = true;
      const root = withoutBlocks(pruned.root);
      records = Array.isArray(root) ? root : [root];
      if (notes > 0) records = [...records, encodeString(input.marker(pruneSummary(stats)))];
    }
  }
  const output = renderJsonLines(records, colon);
  if (output.length >= text.length) return null;
  detail.steps = steps.join("+");
  return { output, lossy, detail };
}

/**
 * The JSON compressor with the default identifier list.
 * @example jsonCompressor.compress({ text, lines, type: "json", hint: {}, scale: 1, canDrop: true, marker })
 */
export const jsonCompressor: Compressor = createJsonCompressor();
