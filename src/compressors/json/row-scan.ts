import { isIdentifierValue, type IdentifierKeys } from "./identifier-keys.js";
import type { JsonRows } from "./rows.js";
import { decodeString, type JsonNode, type JsonObject } from "./tree.js";

/**
 * What the texts inside a row say: whether one carries an error word and
 * whether one matches the caller's query. The crusher asks this of every row
 * of every array it considers, and arrays nest (a row of one array holds the
 * rows of the next), so each distinct scalar's answer is computed once per
 * document and cached: the regexes run once per distinct value, not once per
 * value per nesting level.
 */

// Error words inside prose ("Error: connection refused", "2 tests failed").
const ERROR_WORD_RE =
  /\b(?:errors?|exceptions?|fail(?:s|ed|ure|ures|ing)?|fatal|panic(?:s|ked)?|timeout|timed out|denied|rejected|refused|crash(?:ed|es)?|abort(?:ed)?|critical|unauthori[sz]ed|forbidden)\b/i;
// CamelCase error names ("TypeError", "IOException").
const ERROR_NAME_RE = /[a-z0-9](?:Error|Exception|Failure)\b/;
// A value that is one token counts only when it is the word itself ("failed", "ERROR"),
// not when it merely contains it (feature "no-panic", file "panics.rs").
const ERROR_TOKEN_RE =
  /^(?:errors?|exceptions?|fail(?:s|ed|ure)?|fatal|panic(?:ked)?|timeout|timed_out|denied|rejected|refused|crash(?:ed)?|abort(?:ed)?|critical|unauthori[sz]ed|forbidden|err|ko)$/i;
const SPACE_RE = /\s/;

/**
 * Matches (case-insensitively) inside every text {@link isErrorValue} accepts:
 * a cheap first pass for finding error words in a whole document, each hit
 * then confirmed on its own value. Keep it in step with the three patterns above.
 */
export const ERROR_HINT_RE =
  /error|exception|fail|fatal|panic|timeout|timed.out|denied|rejected|refused|crash|abort|critical|unauthori[sz]ed|forbidden|\berr\b|\bko\b/i;

/**
 * Whether a value says something failed: an error word in prose, a CamelCase
 * error name, or a one-word value that is the word itself ("failed", not
 * "es-errors"). Identifier-shaped values (paths, urls, hashes) never do.
 * Shared with the tabular compressor, so tables and arrays agree on errors.
 */
export function isErrorValue(text: string): boolean {
  const isError = SPACE_RE.test(text)
    ? ERROR_WORD_RE.test(text) || ERROR_NAME_RE.test(text)
    : ERROR_TOKEN_RE.test(text) || ERROR_NAME_RE.test(text);
  return isError && !isIdentifierValue(text);
}

/** Scalars walked per row when looking for words; bounds the cost of huge rows. */
const ROW_SCAN_LIMIT = 4096;
/** Distinct scalars remembered per document; past it answers are computed each time. */
const CACHE_LIMIT = 1 << 16;
/** Misses before the hit rate is judged, over all values and within one column. */
const MIN_MISSES = 4096;
const MIN_COLUMN_MISSES = 64;
/** Bit of {@link RowScanner.scan}'s answer: a text in the row carries an error word. */
export const ROW_IS_ERROR = 1;
/** Bit of {@link RowScanner.scan}'s answer: a text in the row matches the query. */
export const ROW_MATCHES = 2;

/** Scans rows for error words and query matches, remembering each distinct scalar's answer. */
export class RowScanner {
  private readonly flagsOf = new Map<string, number>();
  /**
   * Lookups answered and not answered by `flagsOf`. Once values mostly differ
   * (messages, ids) the lookup costs as much as the regexes it saves, so it stops.
   */
  private hits = 0;
  private misses = 0;
  private wasHit = false;
  /** The key array of the last flat row, and per column of it: hits, misses (see `scanFlat`). */
  private columnKeys: string[] | null = null;
  private columnCounts = new Uint32Array(0);
  /** Containers read to the end: node count × 4 + bits. */
  private readonly known = new Map<JsonNode[] | JsonObject, number>();

  constructor(
    private readonly identifiers: IdentifierKeys,
    /** Lowercased query terms. */
    private readonly terms: readonly string[],
  ) {}

  /** Error and match bits of one raw scalar lexeme, remembered while values repeat often enough to pay. */
  private scalarFlags(raw: string): number {
    // Numbers and literals carry no error words; without a query they say nothing.
    if (raw.charCodeAt(0) !== 34 && this.terms.length === 0) return 0;
    if (this.misses >= MIN_MISSES && this.hits * 2 < this.misses) return this.readFlags(raw);
    const flags = this.rememberedFlags(raw);
    if (this.wasHit) this.hits++;
    else this.misses++;
    return flags;
  }

  /** Bits from `flagsOf`, read and remembered on a miss; `wasHit` says which. */
  private rememberedFlags(raw: string): number {
    let flags = this.flagsOf.get(raw);
    this.wasHit = flags !== undefined;
    if (flags === undefined) {
      flags = this.readFlags(raw);
      if (this.flagsOf.size < CACHE_LIMIT) this.flagsOf.set(raw, flags);
    }
    return flags;
  }

  /** Bits of one raw scalar lexeme, read from its text. */
  private readFlags(raw: string): number {
    let flags = 0;
    if (raw.charCodeAt(0) === 34) {
      const text = decodeString(raw);
      if (isErrorValue(text)) flags |= ROW_IS_ERROR;
      if (this.matches(text)) flags |= ROW_MATCHES;
    } else if (this.matches(raw)) flags |= ROW_MATCHES;
    return flags;
  }

  private matches(text: string): boolean {
    if (this.terms.length === 0) return false;
    const lower = text.toLowerCase();
    for (const t of this.terms) if (lower.includes(t)) return true;
    return false;
  }

  /**
   * The bits of an object whose values are all scalars (the common row, read
   * without a stack), or -1 when one is a container. Rows sharing a key array
   * keep hit counts per column, so a column of repeated statuses is answered
   * from `flagsOf` while a column of distinct messages skips the lookup.
   */
  private scanFlat(row: JsonObject): number {
    const { keys, values } = row;
    if (values.length >= ROW_SCAN_LIMIT) return -1;
    const counts = this.countsFor(keys);
    const noTerms = this.terms.length === 0;
    let flags = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (typeof value !== "string") return -1;
      if (noTerms && value.charCodeAt(0) !== 34) continue;
      flags |= this.columnFlags(counts, keys, i, value);
    }
    return flags;
  }

  /** The per-column hit counts of rows with `keys`, reset when the key array changes. */
  private countsFor(keys: string[]): Uint32Array {
    if (keys !== this.columnKeys) {
      this.columnKeys = keys;
      this.columnCounts = new Uint32Array(2 * keys.length);
    }
    return this.columnCounts;
  }

  /** The bits of a flat row's value at position `i` (see `scanFlat`). */
  private columnFlags(counts: Uint32Array, keys: string[], i: number, value: string): number {
    const hits = counts[2 * i];
    const misses = counts[2 * i + 1];
    let found: number;
    if (misses >= MIN_COLUMN_MISSES && hits * 2 < misses) found = this.readFlags(value);
    else {
      found = this.rememberedFlags(value);
      counts[this.wasHit ? 2 * i : 2 * i + 1]++;
    }
    if ((found & ROW_IS_ERROR) !== 0 && this.identifiers.hasLexeme(keys[i])) found &= ROW_MATCHES;
    return found;
  }

  /**
   * {@link scan} of row `r` of a block (rows.ts), reading only the values that
   * can carry a bit: a block's rows are flat and narrower than the scan limit.
   */
  scanBlockRow(block: JsonRows, r: number): number {
    const { keys } = block;
    const counts = this.countsFor(keys);
    const noTerms = this.terms.length === 0;
    let flags = 0;
    for (let i = 0; i < keys.length; i++) {
      if (noTerms && block.firstUnit(r, i) !== 34) continue;
      flags |= this.columnFlags(counts, keys, i, block.value(r, i));
    }
    return flags;
  }

  /**
   * The {@link ROW_IS_ERROR} and {@link ROW_MATCHES} bits of the scalars inside
   * `row` (the first {@link ROW_SCAN_LIMIT} nodes in document order). Values
   * of identifier keys are not prose, so they never count as errors
   * ("panics.rs", feature "no-panic"); they do match queries (ids).
   *
   * Containers inside the row that are read to the end remember their size
   * and bits: when the crusher later looks at their own rows, a child read
   * before costs one lookup instead of a second walk.
   */
  scan(row: JsonNode): number {
    if (typeof row === "string") return this.scalarFlags(row);
    if (!Array.isArray(row)) {
      const flat = this.scanFlat(row);
      if (flat >= 0) return flat;
    }
    const settled = this.terms.length > 0 ? ROW_IS_ERROR | ROW_MATCHES : ROW_IS_ERROR;
    let flags = 0;
    let seen = 1;
    // One frame per open container: the container, its next child, its bits so far, `seen` before it.
    const nodes: Array<JsonNode[] | JsonObject> = [row];
    const next: number[] = [0];
    const bits: number[] = [0];
    const start: number[] = [0];
    while (nodes.length > 0) {
      const top = nodes.length - 1;
      const node = nodes[top];
      const i = next[top];
      const isArray = Array.isArray(node);
      const children = isArray ? node : node.values;
      if (i === children.length) {
        nodes.pop();
        next.pop();
        const own = bits.pop() as number;
        const before = start.pop() as number;
        if (top > 0) {
          if (this.known.size < CACHE_LIMIT) this.known.set(node, (seen - before) * 4 + own);
          bits[top - 1] |= own;
        }
        continue;
      }
      if (seen >= ROW_SCAN_LIMIT) break;
      next[top] = i + 1;
      const child = children[i];
      let found: number;
      if (typeof child === "string") {
        seen++;
        found = this.scalarFlags(child);
        if (!isArray && (found & ROW_IS_ERROR) !== 0 && this.identifiers.hasLexeme(node.keys[i])) found &= ROW_MATCHES;
      } else {
        const known = this.known.get(child);
        if (known === undefined || seen + (known >> 2) > ROW_SCAN_LIMIT) {
          nodes.push(child);
          next.push(0);
          bits.push(0);
          start.push(seen);
          seen++;
          continue;
        }
        seen += known >> 2;
        found = known & 3;
      }
      bits[top] |= found;
      flags |= found;
      if (flags === settled) break;
    }
    return flags;
  }
}
