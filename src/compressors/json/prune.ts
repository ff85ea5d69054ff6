import { pathKey } from "../../ccr/marker.js";
import { selectRows, type CrushPolicy, type RowSelection } from "./array-crush.js";
import { MAX_IDENTIFIER_LENGTH, isHeadingLexeme, isIdentifierValue, type IdentifierKeys } from "./identifier-keys.js";
import { compactEntryStub, isKeyedMap } from "./keyed-map.js";
import { isWeightKey, standoutWeight } from "./profile-weights.js";
import { isSettingsMap } from "./settings-map.js";
import { versionMapKeep } from "./version-map.js";
import { RowScanner, isErrorValue } from "./row-scan.js";
import { JsonRows } from "./rows.js";
import {
  OMITTED_KEYS_LEGEND,
  codeColumns,
  entryStub,
  isIdentityKey,
  isStatusKey,
  namingStub,
  placeKey,
  omittedKeys,
  recordLabel,
  withCodes,
} from "./stubs.js";
import { JsonObject, decodeString, encodeString, isStringScalar, numberValue, type JsonNode } from "./tree.js";

/**
 * The lossy pass over a parsed document: crushes long homogeneous arrays (and
 * objects used as maps of records) through array-crush.ts, and prunes what is
 * left: long strings are cut with a note of their length, over-long arrays
 * keep their head and tail, subtrees past the depth cap shrink to their
 * identifiers (names, ids, urls, paths) or to a note. Identifier keys and
 * identifier-shaped values are never cut.
 *
 * Notes are short strings starting with "…" (`"…{5 keys}"`, `"…(+1,234
 * chars)"`); one marker at the root names the stored original for all of
 * them, because a marker costs ~40 tokens and a deep document may need
 * hundreds of notes. Crushed arrays carry their own marker as an element,
 * and so does an object past the object cap, in place of its middle keys:
 * a marker naming them and their positions (`$.time[70:268] 198 keys
 * omitted: 4.3.0 … 8.0.3`), since a flat map's keys are its outline.
 *
 * The walk recurses only down to the depth cap and then at most
 * {@link ABSOLUTE_DEPTH} levels while looking for identifiers, so 10 000
 * levels of nesting cannot reach the call stack's limit.
 */

/** Caps for one run, already scaled by the profile. */
export interface PruneOptions {
  /** Containers at this depth or deeper (root = 0) shrink to their identifiers. */
  depthCap: number;
  /** Strings longer than this (in UTF-16 units) are cut… */
  stringCap: number;
  /** …to this many units plus a note. */
  stringKeep: number;
  /** Arrays the crusher leaves alone keep head and tail past this many items. */
  arrayCap: number;
  /** Objects keep head and tail keys past this many keys. */
  objectCap: number;
  /**
   * A settings map (json/settings-map.ts) keeps every entry up to this many
   * keys, its long values cut to {@link PruneOptions.stringKeep}; past it, head and tail.
   */
  settingsCap: number;
  identifiers: IdentifierKeys;
  /**
   * Records a crushed array or map drops that still show as naming stubs
   * (json/stubs.ts); past it the middle ones are grouped under a named note.
   */
  stubBudget: number;
  /** Row selection; `keyedByIdentity` is set per call. */
  crush: Omit<CrushPolicy, "keyedByIdentity">;
  /** Formats a marker naming the stored original and the JSON path of what it stands for. */
  marker(summary: string, path?: string): string;
  /**
   * The root is an array of events (the lines of JSON Lines): a dropped
   * record with no identifier is still named by its message.
   */
  eventRecords?: boolean;
}

/** What the pass dropped. */
export interface PruneStats {
  rowsDropped: number;
  arraysCrushed: number;
  stringsCut: number;
  subtreesCollapsed: number;
  itemsDropped: number;
  /** Collapsed subtrees that kept some keys and a `"…": n` count of the rest. */
  keysCounted: number;
}

/** Deepest level the identifier search goes to; below it everything is a note. */
export const ABSOLUTE_DEPTH = 64;
/** Past the stub budget, an array's dropped records are read by label only up to this many budgets of them. */
const LABEL_RUN_READ = 10;
/** The key that holds a marker (or a note) inside an object. */
export const MARKER_KEY = '"_pithy"';
const NOTE_KEY = '"…"';
/** Fewest characters of repeated fields (keys and values) that a record states by naming an earlier one. */
const REPEAT_MIN_CHARS = 40;

/** Whether a stub holds every key of its record with the record's own values: it drops nothing. */
function isWholeStub(stub: JsonObject, record: JsonObject): boolean {
  return stub.keys.length === record.keys.length && stub.values.every((v, i) => v === record.values[i]);
}

/** Whether a stub holds a `"…": n` count of the keys it leaves out. */
function holdsKeyCount(stub: JsonNode): boolean {
  return stub instanceof JsonObject && stub.keys.includes(NOTE_KEY);
}

function isNote(node: JsonNode): boolean {
  return typeof node === "string" && node.startsWith('"…');
}

/** `n` with en-US thousands separators ("1,234"), without the cost of `toLocaleString`. */
function formatCount(n: number): string {
  const digits = String(n);
  if (n < 1000 || !Number.isSafeInteger(n)) return n < 1000 ? digits : n.toLocaleString("en-US");
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += "," + digits.slice(i, i + 3);
  return out;
}

function plural(n: number, one: string): string {
  return `${formatCount(n)} ${one}${n === 1 ? "" : "s"}`;
}

function containerNote(node: JsonNode[] | JsonObject): string {
  return Array.isArray(node)
    ? encodeString(`…[${plural(node.length, "item")}]`)
    : encodeString(`…{${plural(node.keys.length, "key")}}`);
}

/** Items an over-long array keeps from its head (the rest of the cap, but the note, goes to its tail). */
function arrayCapHead(arrayCap: number): number {
  return Math.ceil((arrayCap - 1) * 0.7);
}

/** Cuts `text` at `keep` units without splitting a surrogate pair. */
function cutPoint(text: string, keep: number): number {
  const c = text.charCodeAt(keep - 1);
  return c >= 0xd800 && c <= 0xdbff ? keep - 1 : keep;
}

/**
 * Where a node sits, as a chain to its parent: built as the pruner goes
 * down, turned into a path string only when a marker names it.
 */
interface At {
  readonly parent: At | null;
  /** `.name`, `['…']` or `[3]`. */
  readonly segment: string;
}

function pathOf(at: At | null): string {
  const segments: string[] = [];
  for (let a = at; a !== null; a = a.parent) segments.push(a.segment);
  return "$" + segments.reverse().join("");
}

function under(parent: At | null, key: string): At {
  return { parent, segment: pathKey(isStringScalar(key) ? decodeString(key) : key) };
}

function item(parent: At | null, index: number): At {
  return { parent, segment: `[${index}]` };
}

/** Longest small leaf container (its scalars' lexemes together) kept whole past the depth cap. */
const SMALL_LEAF_CHARS = 48;

/**
 * Whether a container holds only a few short scalars (`{"line":77,"column":9}`,
 * `["mpga","mp2"]`): a note in its place would save a few characters and hide
 * the position or values the agent reads it for.
 */
function isSmallLeaf(node: JsonNode[] | JsonObject): boolean {
  if ((node as JsonNode | JsonRows) instanceof JsonRows) return false;
  const values = Array.isArray(node) ? node : node.values;
  if (values.length > 6) return false;
  let chars = 0;
  for (const v of values) {
    if (typeof v !== "string") return false;
    chars += v.length;
    if (chars > SMALL_LEAF_CHARS) return false;
  }
  return true;
}

/** A position (`{"line":77,"column":9}`): kept inside a skeleton, where it says where its record points. */
function isPosition(node: JsonNode[] | JsonObject): boolean {
  if (!(node instanceof JsonObject) || node.keys.length === 0 || node.keys.length > 3) return false;
  return node.values.every((v) => typeof v === "string" && v.length <= 12 && numberValue(v) !== null);
}

/** Longest key a group marker quotes in full; longer ones are cut (the marker's summary is short). */
const KEY_LABEL_MAX = 60;

/** A key lexeme as a group marker names it: decoded, cut when long. */
function keyLabel(raw: string): string {
  const key = isStringScalar(raw) ? decodeString(raw) : raw;
  return key.length <= KEY_LABEL_MAX ? key : `${key.slice(0, cutPoint(key, KEY_LABEL_MAX - 1))}…`;
}

const INDEX_KEY_RE = /^"(?:0|[1-9]\d{0,9})"$/;

/** Whether a key lexeme is an array index (`"12"`), which JSON.parse orders before every other key. */
function isIndexKey(raw: string): boolean {
  return INDEX_KEY_RE.test(raw);
}

class Pruner {
  readonly stats: PruneStats = {
    rowsDropped: 0,
    arraysCrushed: 0,
    stringsCut: 0,
    subtreesCollapsed: 0,
    itemsDropped: 0,
    keysCounted: 0,
  };
  /** One scanner for the document: nested arrays share what it learnt about each value. */
  private readonly scanner: RowScanner;

  /** The least weight of a profile's heaviest nodes, kept past the depth cap; null outside profiles. */
  standout: number | null = null;

  constructor(private readonly opts: PruneOptions) {
    this.scanner = new RowScanner(opts.identifiers, opts.crush.queryTerms);
  }

  shrink(node: JsonNode, depth: number, isIdKey: boolean, at: At | null, isHeading = false): JsonNode {
    if (typeof node === "string") return isIdKey ? node : isHeading ? this.cutHeading(node) : this.cutString(node);
    if ((node as JsonNode | JsonRows) instanceof JsonRows) {
      const block = node as unknown as JsonRows;
      // Blocks sit only near the root (parse.ts), above the compressor's depth caps (at least 2).
      return depth >= this.opts.depthCap ? this.skeleton(block.rows(), depth) : this.shrinkBlock(block, depth, at);
    }
    if (depth >= this.opts.depthCap) return this.skeleton(node, depth);
    return Array.isArray(node) ? this.shrinkArray(node, depth, at) : this.shrinkObject(node, depth, at);
  }

  /** Whether the value of key lexeme `key` is an identifier kept uncut (a heading is cut like prose when long). */
  private isWholeIdentifier(key: string): boolean {
    return this.opts.identifiers.hasLexeme(key) && !isHeadingLexeme(key);
  }

  /**
   * A heading's value past the length of a heading (the kept start of a cut
   * string): a description that opens with its name (`family` {integer} The
   * record family…), cut to that start.
   */
  private cutHeading(raw: string): string {
    return this.cutString(raw, this.opts.stringKeep);
  }

  private cutString(raw: string, cap = this.opts.stringCap): string {
    if (!isStringScalar(raw) || raw.length - 2 <= cap) return raw;
    const text = decodeString(raw);
    if (text.length <= cap || isIdentifierValue(text)) return raw;
    // An error message keeps its first lines: the assertion and the frames that name the test.
    const keep = isErrorValue(text) ? this.opts.stringKeep * 3 : this.opts.stringKeep;
    if (text.length <= keep) return raw;
    this.stats.stringsCut++;
    const at = cutPoint(text, keep);
    return encodeString(`${text.slice(0, at)}…(+${formatCount(text.length - at)} chars)`);
  }

  /** A block is an array of objects read by columns: only the rows kept become objects. */
  private shrinkBlock(block: JsonRows, depth: number, at: At | null): JsonNode {
    const selection = selectRows(block, { ...this.opts.crush, keyedByIdentity: false, scanner: this.scanner });
    if (selection !== null) return this.crushed(selection, (r) => block.row(r), true, depth, at);
    return this.shrinkArray(block.rows(), depth, at, null);
  }

  /**
   * The kept rows, shrunk, each dropped record as its naming stub (in its
   * place), and the marker for the rest (a marker row among objects).
   */
  private crushed(
    selection: RowSelection,
    row: (r: number) => JsonNode,
    isObjects: boolean,
    depth: number,
    at: At | null,
  ): JsonNode[] {
    this.stats.rowsDropped += selection.dropped;
    this.stats.arraysCrushed++;
    const n = selection.kept.length + selection.dropped;
    const codes = isObjects ? codeColumns(n, row, this.opts.identifiers) : [];
    const isEvent = this.opts.eventRecords === true && at === null;
    const stubOf = (r: number) => withCodes(namingStub(row(r), this.opts.identifiers, 0, isEvent), row(r), codes);
    const labelOf = (r: number) => recordLabel(stubOf(r), `[${r}]`);
    const stubs = isObjects ? this.stubsOf(selection, n, stubOf, labelOf, undefined, true).stubs : null;
    const kept: JsonNode[] = [];
    const firstOf = new Map<string, number>();
    let next = 0;
    let whole = 0;
    for (let r = 0; r < n; r++) {
      let shown: JsonNode | undefined;
      if (next < selection.kept.length && selection.kept[next] === r) {
        shown = this.shrink(row(r), depth + 1, false, item(at, r));
        next++;
      } else {
        shown = stubs?.get(r);
        const record = row(r);
        if (shown instanceof JsonObject && record instanceof JsonObject && isWholeStub(shown, record)) whole++;
      }
      if (shown === undefined) continue;
      kept.push(shown instanceof JsonObject ? this.asEarlier(shown, r, firstOf) : shown);
    }
    if (whole === selection.dropped) {
      // Every dropped record's stub is all of it (a code table's code, name and number): nothing is omitted.
      this.stats.rowsDropped -= selection.dropped;
      this.stats.arraysCrushed--;
      return kept;
    }
    // The marker names the whole array: a recall of that path returns every row.
    const marker = encodeString(this.opts.marker(selection.summary, pathOf(at)));
    kept.push(isObjects ? new JsonObject([MARKER_KEY], [marker]) : marker);
    return kept;
  }

  /**
   * A shown record whose scalar fields (the identifiers aside) repeat those of
   * an earlier record of the array, with only what differs: its identifiers,
   * its containers (a lint diagnostic's `location`) and a note naming the
   * earlier record (`"…": "as [3]"`), where the repeated fields were. A
   * linter's 216 diagnostics hold 28 distinct messages: each is read once,
   * and every place stays. Only fields worth a note (40 characters) go.
   */
  private asEarlier(record: JsonObject, r: number, firstOf: Map<string, number>): JsonObject {
    const identifiers = this.opts.identifiers;
    const parts: string[] = [];
    let hasContainer = false;
    for (let i = 0; i < record.keys.length; i++) {
      const value = record.values[i];
      if (typeof value !== "string") hasContainer = true;
      else if (!identifiers.hasLexeme(record.keys[i])) parts.push(record.keys[i], value);
    }
    const signature = parts.join("\u0000");
    if (!hasContainer || signature.length < REPEAT_MIN_CHARS || isNote(record.values[0])) return record;
    const first = firstOf.get(signature);
    if (first === undefined) {
      firstOf.set(signature, r);
      return record;
    }
    const keys: string[] = [];
    const values: JsonNode[] = [];
    for (let i = 0; i < record.keys.length; i++) {
      const value = record.values[i];
      if (typeof value !== "string" || identifiers.hasLexeme(record.keys[i])) {
        keys.push(record.keys[i]);
        values.push(value);
      } else if (!keys.includes(NOTE_KEY)) {
        keys.push(NOTE_KEY);
        values.push(encodeString(`as [${first}]`));
      }
    }
    return new JsonObject(keys, values);
  }

  /**
   * The stubs of the dropped records, by index: every one within the stub
   * budget; past it the head and tail of them, and one group note (by the
   * first record of the group) naming its first and last record, or with
   * `byLabel` (an array) one note per run between the stubs that keep each
   * label in view (see {@link stubsByLabelRuns}). With `compactOf` (a keyed
   * map, json/keyed-map.ts) no record is grouped: past the budget each takes
   * its compact stub.
   */
  private stubsOf(
    selection: RowSelection,
    n: number,
    stubOf: (r: number) => JsonNode | null,
    label: (r: number) => string,
    compactOf?: (r: number) => JsonNode,
    byLabel = false,
  ): { stubs: Map<number, JsonNode>; groupAt: number } {
    const dropped: number[] = [];
    let next = 0;
    for (let r = 0; r < n; r++) {
      if (next < selection.kept.length && selection.kept[next] === r) next++;
      else dropped.push(r);
    }
    const stubs = new Map<number, JsonNode>();
    const budget = this.opts.stubBudget;
    if (compactOf !== undefined) {
      for (let k = 0; k < dropped.length; k++) {
        const stub = k < budget ? stubOf(dropped[k]) : compactOf(dropped[k]);
        if (stub !== null) stubs.set(dropped[k], stub);
      }
      return { stubs, groupAt: -1 };
    }
    if (byLabel && dropped.length > budget && dropped.length <= budget * LABEL_RUN_READ) {
      const runs = this.stubsByLabelRuns(dropped, budget, stubOf, label);
      if (runs !== null) return { stubs: runs, groupAt: -1 };
    }
    const head = dropped.length > budget ? Math.ceil(budget * 0.7) : dropped.length;
    const tail = dropped.length > budget ? budget - head : 0;
    for (let k = 0; k < head; k++) {
      const stub = stubOf(dropped[k]);
      if (stub !== null) stubs.set(dropped[k], stub);
    }
    if (tail === 0 && head === dropped.length) return { stubs, groupAt: -1 };
    const from = dropped[head];
    const to = dropped[dropped.length - tail - 1];
    const first = label(from);
    const last = label(to);
    const count = dropped.length - head - tail;
    stubs.set(from, encodeString(`…(${plural(count, "record")} [${from}]–[${to}]: ${first} … ${last})`));
    for (let k = dropped.length - tail; k < dropped.length; k++) {
      const stub = stubOf(dropped[k]);
      if (stub !== null) stubs.set(dropped[k], stub);
    }
    return { stubs, groupAt: from };
  }

  /**
   * Past the stub budget, the stubs of an array's dropped records by label:
   * the first record of each run of one label (a lint report's file, a log's
   * service) keeps its stub, so every label the array names stays in view;
   * the budget left goes to the head and tail; each run of records between
   * stubs becomes one note naming its count, indices and labels. Null when
   * the runs alone pass the budget.
   */
  private stubsByLabelRuns(
    dropped: number[],
    budget: number,
    stubOf: (r: number) => JsonNode | null,
    label: (r: number) => string,
  ): Map<number, JsonNode> | null {
    const labels = dropped.map(label);
    const chosen = new Uint8Array(dropped.length);
    let taken = 0;
    for (let k = 0; k < dropped.length; k++) {
      if (k > 0 && labels[k] === labels[k - 1]) continue;
      if (++taken > budget) return null;
      chosen[k] = 1;
    }
    let head = Math.ceil((budget - taken) * 0.7);
    for (let k = 0; k < dropped.length && head > 0; k++) {
      if (chosen[k] === 1) continue;
      chosen[k] = 1;
      taken++;
      head--;
    }
    for (let k = dropped.length - 1; k >= 0 && taken < budget; k--) {
      if (chosen[k] === 1) continue;
      chosen[k] = 1;
      taken++;
    }
    const stubs = new Map<number, JsonNode>();
    for (let k = 0; k < dropped.length; ) {
      // A run of one record costs no more as its stub than as a note.
      const isAlone = (k === 0 || chosen[k - 1] === 1) && (k + 1 === dropped.length || chosen[k + 1] === 1);
      if (chosen[k] === 1 || isAlone) {
        const stub = stubOf(dropped[k]);
        if (stub !== null) stubs.set(dropped[k], stub);
        k++;
        continue;
      }
      const start = k;
      while (k < dropped.length && chosen[k] === 0) k++;
      const from = dropped[start];
      const to = dropped[k - 1];
      const first = labels[start];
      const last = labels[k - 1];
      const named = first === last ? first : `${first} … ${last}`;
      stubs.set(from, encodeString(`…(${plural(k - start, "record")} [${from}]–[${to}]: ${named})`));
    }
    return stubs;
  }

  /** `selection` is the crusher's answer when already asked. */
  private shrinkArray(items: JsonNode[], depth: number, at: At | null, known?: RowSelection | null): JsonNode {
    const selection =
      known !== undefined
        ? known
        : selectRows(items, { ...this.opts.crush, keyedByIdentity: false, scanner: this.scanner });
    if (selection !== null) {
      return this.crushed(selection, (r) => items[r], items[0] instanceof JsonObject, depth, at);
    }
    const { arrayCap } = this.opts;
    let out: JsonNode[];
    if (items.length > arrayCap && items[0] instanceof JsonObject) {
      // Records past the cap: head and tail whole, the rest as naming stubs.
      const head = arrayCapHead(arrayCap);
      const tail = arrayCap - 1 - head;
      const kept: number[] = [];
      for (let r = 0; r < head; r++) kept.push(r);
      for (let r = items.length - tail; r < items.length; r++) kept.push(r);
      let dropped = items.length - kept.length;
      const selection: RowSelection = { kept, dropped, summary: "" };
      const codes = codeColumns(items.length, (r) => items[r], this.opts.identifiers);
      const isEvent = this.opts.eventRecords === true && at === null;
      const stubOf = (r: number) => withCodes(namingStub(items[r], this.opts.identifiers, 0, isEvent), items[r], codes);
      const labelOf = (r: number) => recordLabel(stubOf(r), `[${r}]`);
      const { stubs } = this.stubsOf(selection, items.length, stubOf, labelOf, undefined, true);
      const shrunk: JsonNode[] = [];
      let omitted = 0;
      for (let r = 0; r < items.length; r++) {
        const stub = stubs.get(r);
        // A record whose stub is all of it (a `pip list` row: name and version) loses nothing.
        const isWhole = stub instanceof JsonObject && isWholeStub(stub, items[r] as JsonObject);
        if (r < head || r >= items.length - tail || isWhole) {
          if (isWhole) dropped--;
          shrunk.push(this.shrink(items[r], depth + 1, false, item(at, r)));
          continue;
        }
        if (stub === undefined) {
          omitted++;
          continue;
        }
        shrunk.push(stub);
      }
      this.stats.itemsDropped += dropped;
      if (omitted === dropped) {
        // Nothing names these records: one note where they were.
        shrunk.splice(head, 0, encodeString(`…(${plural(omitted, "item")} omitted)`));
      }
      return shrunk;
    }
    if (items.length > arrayCap) {
      // The note takes one slot, so the result is within the cap (a second pass keeps it).
      const head = arrayCapHead(arrayCap);
      const tail = arrayCap - 1 - head;
      const omitted = items.length - head - tail;
      this.stats.itemsDropped += omitted;
      out = [
        ...items.slice(0, head),
        encodeString(`…(${plural(omitted, "item")} omitted)`),
        ...items.slice(items.length - tail),
      ];
    } else out = items;
    // Past the cap, the tail's indices are its indices in `items`.
    const indexOf = (k: number) =>
      out === items || k < arrayCapHead(this.opts.arrayCap) ? k : items.length - (out.length - k);
    const shrunk = out.map((value, k) =>
      isNote(value) && out !== items ? value : this.shrink(value, depth + 1, false, item(at, indexOf(k))),
    );
    return this.collapseIfAllNotes(items, shrunk, depth);
  }

  /** The selection keeping the head and tail of `n` entries within `cap` (one slot for the note). */
  private headAndTail(n: number, cap: number): RowSelection {
    const head = Math.ceil((cap - 1) * 0.7);
    const tail = cap - 1 - head;
    const kept: number[] = [];
    for (let r = 0; r < head; r++) kept.push(r);
    for (let r = n - tail; r < n; r++) kept.push(r);
    return { kept, dropped: n - kept.length, summary: `${n - kept.length} entries omitted` };
  }

  private shrinkObject(obj: JsonObject, depth: number, at: At | null): JsonNode {
    // A map of scalars (dependency name → version) has no record to stub: a dropped entry would
    // hide the pair an agent reads it for, so only the object cap (head and tail) applies to it.
    // Its middle keys are not listed, only named (count, first and last, positions): in such maps
    // the keys weigh like the values (a TypeScript diagnosticMessages map: 38.8k tokens of keys
    // for 79.1k of entries, against 5.4k for the whole output) or repeat another field (npm's
    // `time` keys are its `versions`), so a listing would cost most of what the cap saves.
    const hasRecords = !obj.values.every((v) => typeof v === "string");
    let selection =
      obj.keys.length > this.opts.crush.minRows && hasRecords
        ? selectRows(obj.values, { ...this.opts.crush, keyedByIdentity: true, scanner: this.scanner })
        : null;
    if (selection === null && hasRecords && obj.keys.length > this.opts.objectCap && isKeyedMap(obj)) {
      // A keyed map the crusher leaves alone still keeps every key: its head and tail whole, the rest as stubs.
      selection = this.headAndTail(obj.keys.length, this.opts.objectCap);
    }
    let keys = obj.keys;
    let values = obj.values;
    let tailKey: string | null = null;
    let tailValue = "";
    /** Whether each value of `values` is a stub or a note, already in its final form. */
    let isFinal: boolean[] | null = null;
    let isSettings = false;
    let versionKept: number[] | null = null;
    if (selection !== null) {
      this.stats.rowsDropped += selection.dropped;
      this.stats.arraysCrushed++;
      // A map's keys are its outline: each dropped entry keeps its key, with a stub (a keyed map's every key).
      const { stubs, groupAt } = this.stubsOf(
        selection,
        obj.keys.length,
        (r) => entryStub(obj.values[r], this.opts.identifiers),
        (r) => decodeString(obj.keys[r]),
        isKeyedMap(obj) ? (r) => compactEntryStub(obj.values[r]) : undefined,
      );
      keys = [];
      values = [];
      isFinal = [];
      let next = 0;
      for (let r = 0; r < obj.keys.length; r++) {
        const isKept = next < selection.kept.length && selection.kept[next] === r;
        if (isKept) next++;
        const value = isKept ? obj.values[r] : stubs.get(r);
        if (value === undefined) continue;
        // Only the group note loses its key: a dropped scalar entry's stub is its value, under its own key.
        const isGroup = !isKept && r === groupAt;
        keys.push(isGroup ? NOTE_KEY : obj.keys[r]);
        values.push(value);
        isFinal.push(!isKept);
      }
      tailKey = obj.keys.includes(MARKER_KEY) ? '"_pithy_omitted"' : MARKER_KEY;
      const legend = [...stubs.values()].some(holdsKeyCount) ? `; ${OMITTED_KEYS_LEGEND}` : "";
      tailValue = encodeString(this.opts.marker(`${selection.summary}${legend}`, pathOf(at)));
    } else if (keys.length > this.opts.objectCap && !hasRecords && (versionKept = versionMapKeep(obj.keys)) !== null) {
      // A map keyed by versions keeps each release line's first and last entry (json/version-map.ts).
      const omitted = keys.length - versionKept.length;
      this.stats.itemsDropped += omitted;
      const summary = `${plural(omitted, "version")} omitted (each major.minor line's first and last kept)`;
      keys = [...versionKept.map((i) => obj.keys[i]), NOTE_KEY];
      values = [...versionKept.map((i) => obj.values[i]), encodeString(this.opts.marker(summary, pathOf(at)))];
    } else if (keys.length > this.opts.objectCap) {
      // A settings map keeps every entry (its long values cut shorter) up to its own cap.
      isSettings = !hasRecords && isSettingsMap(obj);
      const cap = isSettings ? this.opts.settingsCap : this.opts.objectCap;
      if (keys.length > cap) {
        const head = Math.ceil((cap - 1) * 0.7);
        const tail = cap - 1 - head;
        const omitted = keys.length - head - tail;
        this.stats.itemsDropped += omitted;
        keys = [...keys.slice(0, head), NOTE_KEY, ...keys.slice(keys.length - tail)];
        values = [
          ...values.slice(0, head),
          encodeString(this.omittedKeysMarker(obj, head, obj.keys.length - tail, at)),
          ...values.slice(values.length - tail),
        ];
      }
    }
    const shrunk = values.map((v, i) =>
      (keys[i] === NOTE_KEY && keys !== obj.keys) || isFinal?.[i] === true
        ? v
        : isSettings && typeof v === "string" && !this.isWholeIdentifier(keys[i])
          ? this.cutString(v, this.opts.stringKeep)
          : this.shrink(v, depth + 1, this.isWholeIdentifier(keys[i]), under(at, keys[i]), isHeadingLexeme(keys[i])),
    );
    if (tailKey !== null) {
      keys = [...keys, tailKey];
      shrunk.push(tailValue);
    }
    if (tailKey === null) {
      const collapsed = this.collapseIfAllNotes(obj, shrunk, depth);
      if (typeof collapsed === "string") return collapsed;
    }
    return new JsonObject(keys, shrunk);
  }

  /**
   * The marker in place of an object's middle keys `[from, to)`: it names
   * the group by its count and its first and last key (a localisation map's
   * keys say what its entries are), and its place is the object's path with
   * the entries' positions, so a recall of that path returns just them.
   */
  private omittedKeysMarker(obj: JsonObject, from: number, to: number, at: At | null): string {
    const first = keyLabel(obj.keys[from]);
    const last = keyLabel(obj.keys[to - 1]);
    const path = pathOf(at);
    // JSON.parse puts index-like keys first, so positions name the same entries only without them.
    const place = obj.keys.some(isIndexKey) ? path : `${path}[${from}:${to}]`;
    return this.opts.marker(`${plural(to - from, "key")} omitted: ${first} … ${last}`, place);
  }

  /** One note instead of a container whose every child became a note (they say little apart). */
  private collapseIfAllNotes(original: JsonNode[] | JsonObject, children: JsonNode[], depth: number): JsonNode {
    if (depth + 1 < this.opts.depthCap || children.length < 2 || !children.every(isNote)) {
      return children;
    }
    this.stats.subtreesCollapsed += 1 - children.length;
    return containerNote(original);
  }

  /** A container past the depth cap: only its identifiers, or a note. */
  private skeleton(node: JsonNode[] | JsonObject, depth: number): JsonNode {
    if (isSmallLeaf(node)) return node;
    if (node instanceof JsonObject && depth < ABSOLUTE_DEPTH && this.holdsError(node))
      return this.errorRecord(node, depth);
    const kept = this.identifiersOf(node, depth, true);
    this.stats.subtreesCollapsed++;
    return kept ?? containerNote(node);
  }

  /** Whether a record says something failed in one of its own scalars (or arrays of them). */
  private holdsError(record: JsonObject): boolean {
    for (const value of record.values) {
      if (isStringScalar(value) && isErrorValue(decodeString(value))) return true;
      if (Array.isArray(value)) {
        for (const v of value) if (isStringScalar(v) && isErrorValue(decodeString(v))) return true;
      }
    }
    return false;
  }

  /**
   * A failed record past the depth cap keeps its scalars and lists of them
   * (long strings cut as anywhere): what failed and why is the point of
   * the document; only its nested containers shrink further.
   */
  private errorRecord(record: JsonObject, depth: number): JsonObject {
    const values = record.values.map((value, i) => {
      if (typeof value === "string")
        return this.opts.identifiers.hasLexeme(record.keys[i]) ? value : this.cutString(value);
      if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
        return value.length <= this.opts.arrayCap ? value.map((v) => this.cutString(v)) : containerNote(value);
      }
      return this.skeleton(value, depth + 1);
    });
    return new JsonObject(record.keys, values);
  }

  /** `isTop`: `node` is the container the depth cap folded, not one inside it. */
  private identifiersOf(node: JsonNode[] | JsonObject, depth: number, isTop = false): JsonNode | null {
    if (depth >= ABSOLUTE_DEPTH) return null;
    if (isPosition(node)) return node;
    if ((node as JsonNode | JsonRows) instanceof JsonRows)
      return this.identifiersOf((node as unknown as JsonRows).rows(), depth);
    if (Array.isArray(node)) {
      const items: JsonNode[] = [];
      let dropped = 0;
      for (const item of node) {
        const kept = typeof item === "string" ? null : this.identifiersOf(item, depth + 1);
        if (kept === null) dropped++;
        else items.push(kept);
      }
      if (items.length === 0) return null;
      if (dropped > 0) items.push(encodeString(`…(${plural(dropped, "item")} omitted)`));
      return items;
    }
    const keys: string[] = [];
    const values: JsonNode[] = [];
    // Where the record points (a diagnostic's `"line": 420`, a call frame's `lineNumber`) stays
    // with what names it (its file or url): one line and one column, the first of each.
    let place = 0;
    let hasName = false;
    let hasKind = false;
    for (let i = 0; i < node.keys.length; i++) {
      const value = node.values[i];
      let kept: JsonNode | null = null;
      if (typeof value === "string") {
        const placeOf = placeKey(node.keys[i], value);
        if (this.standout !== null && isWeightKey(node.keys[i]) && (numberValue(value) ?? 0) >= this.standout) {
          // One of a profile's heaviest nodes (json/profile-weights.ts): its weight is what it is read for.
          kept = value;
        } else if (placeOf !== 0) {
          if ((place & placeOf) === 0) {
            place |= placeOf;
            kept = value;
          }
        } else if (
          isStringScalar(value) &&
          value.length <= MAX_IDENTIFIER_LENGTH &&
          (this.opts.identifiers.hasLexeme(node.keys[i]) || isStatusKey(node.keys[i]))
        ) {
          kept = isHeadingLexeme(node.keys[i]) ? this.cutHeading(value) : value;
          hasName = true;
        } else if (isIdentityKey(node.keys[i], value)) {
          // A kind names the container the cap folded (a schema definition under its key), not
          // what it holds: deeper, it stays only in a record something else names.
          kept = value;
          hasKind = true;
        }
      } else {
        kept = this.identifiersOf(value, depth + 1);
        if (kept !== null) hasName = true;
      }
      if (kept !== null) {
        keys.push(node.keys[i]);
        values.push(kept);
      }
    }
    // A line without a file says nothing: only a record something names keeps its place.
    if (!hasName && !(hasKind && isTop)) return null;
    if (keys.length < node.keys.length) {
      keys.push(NOTE_KEY);
      values.push(omittedKeys(node.keys.length - keys.length + 1));
      this.stats.keysCounted++;
    }
    return new JsonObject(keys, values);
  }
}

/** Runs the lossy pass; the tree is not modified (changed containers are copied), and the result holds no blocks. */
export function pruneTree(root: JsonNode, opts: PruneOptions): { root: JsonNode; stats: PruneStats } {
  const pruner = new Pruner(opts);
  pruner.standout = standoutWeight(root);
  return { root: pruner.shrink(root, 0, false, null), stats: pruner.stats };
}
