import { JsonRows } from "./rows.js";
import { JsonObject, type JsonNode } from "./tree.js";

/**
 * A strict, iterative JSON parser that keeps raw scalar lexemes (see tree.ts).
 * It accepts exactly what `JSON.parse` accepts and never recurses, so 10 000
 * levels of nesting cost a stack array, not the call stack.
 *
 * Speed matters here (it runs on every JSON tool output, up to 100 MB), and
 * on a large document the garbage collector is most of the cost, so the parse
 * allocates little that lives: values wait on one shared stack and each
 * container takes its own in one exactly-sized copy when it closes; an object
 * whose keys are those of the object closed before it at the same depth
 * shares that key array (a million rows hold one array of their three keys,
 * not a million); escapes are checked only in strings that hold a backslash.
 * When the caller asks, a long array of flat rows at the top of the document
 * (the root, or a value of a root object) becomes a {@link JsonRows} block:
 * offsets, not objects (rows.ts says why).
 */

/** A parsed document and what its text says about how it was written. */
export interface ParsedJson {
  root: JsonNode;
  /** Deepest container nesting (the root container is depth 1; a scalar root is 0). */
  maxDepth: number;
  /** Whether keys were followed by whitespace (`"a": 1`): rendering mirrors it. */
  spacedColon: boolean;
}

// Each alternative starts with a different class, so this stays linear.
const ESCAPED_BODY_RE = /^"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"$/;

export function skipWs(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/**
 * The raw lexeme of the string from `start` (its opening quote) to `end`
 * (past its closing quote), or null when it holds a raw control character or
 * a bad escape. `\u` escapes are written out as the characters they stand for
 * ("\u4e2d" is 1 token as 中, 3 or more escaped); JSON.stringify keeps control
 * characters and lone surrogates escaped, so the value is unchanged.
 */
function escapedLexeme(text: string, start: number, end: number): string | null {
  const raw = text.slice(start, end);
  if (!ESCAPED_BODY_RE.test(raw)) return null;
  return raw.indexOf("\\u") < 0 ? raw : JSON.stringify(JSON.parse(raw) as string);
}

/**
 * End offset (past the closing quote) of the string starting at `i`; -1 when
 * it is unterminated or holds a raw control character; -2 - end when it holds
 * a backslash (the caller checks the escapes: rarely needed).
 */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  let hasEscape = false;
  for (let j = i + 1; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) return hasEscape ? -3 - j : j + 1;
    if (c === 92) {
      hasEscape = true;
      j++;
    } else if (c < 32) return -1;
  }
  return -1;
}

/**
 * Deepest nesting the parser reads; deeper, it answers null (not parsed). Each
 * open level costs three stack entries, so 8 MB of `[` took 386 MB to find
 * that it never closes; no tool writes JSON 100 000 levels deep, and callers
 * treat null as "not JSON to restructure" (the input then passes through).
 */
export const MAX_JSON_DEPTH = 100_000;

/** Rows an array needs to become a block: below it objects cost little, and a row that breaks the pattern costs a second read. */
const MIN_BLOCK_ROWS = 64;
/** Keys a block row may have (the row scanner reads rows up to 4 096 values at once). */
const MAX_BLOCK_KEYS = 256;

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** End offset of the number starting at `i` (JSON grammar), or -1. */
export function numberEnd(text: string, i: number): number {
  let j = i;
  if (text.charCodeAt(j) === 45) j++;
  const first = text.charCodeAt(j);
  if (first === 48) j++;
  else if (first >= 49 && first <= 57) {
    j++;
    while (isDigit(text.charCodeAt(j))) j++;
  } else return -1;
  if (text.charCodeAt(j) === 46) {
    j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 101 || e === 69) {
    j++;
    const sign = text.charCodeAt(j);
    if (sign === 43 || sign === 45) j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  return j;
}

/**
 * One parse. Values wait on one shared stack until their container closes;
 * the container then takes them in a single exactly-sized copy (arrays that
 * grow by `push` would allocate and copy several times and keep spare
 * capacity: on a large document that is most of the garbage collector's work).
 */
class Parser {
  i = 0;
  maxDepth = 0;
  /** 1 when the first key was followed by whitespace, 0 when not, -1 before any key. */
  spaced = -1;
  /** Values of all open containers, innermost last, up to `valueTop`. */
  private readonly values: JsonNode[] = [];
  private valueTop = 0;
  /** Keys of all open objects, innermost last, up to `keyTop`. */
  private readonly keys: string[] = [];
  private keyTop = 0;
  /** Per open container: where its values start, and where its keys start (-1 for an array). */
  private readonly valueBase: number[] = [];
  private readonly keyBase: number[] = [];
  /** Per open object: the keys of the object before it at its depth, while its own keys so far equal them. */
  private readonly template: Array<string[] | undefined> = [];
  /** Keys of the last object closed at each depth (see the file comment). */
  private readonly lastKeys: Array<string[] | undefined> = [];

  constructor(
    readonly text: string,
    /** Whether long arrays of flat rows at the top may become blocks. */
    private readonly rowBlocks: boolean,
  ) {}

  /**
   * Reads the array whose bracket is at `start` as a block of flat rows, or
   * returns null (nothing changed) when it is not one: a row with other keys,
   * a nested value, an escape the parse would rewrite, too few rows, or any
   * syntax error (the general path then reads it, and reports the error).
   */
  private block(start: number): JsonRows | null {
    const { text } = this;
    let i = skipWs(text, start + 1);
    if (text.charCodeAt(i) !== 123) return null;
    const keys: string[] = [];
    let offsets = new Int32Array(4096);
    let used = 0;
    let count = 0;
    let spaced = this.spaced;
    for (;;) {
      // A row, its brace at i.
      i = skipWs(text, i + 1);
      let k = 0;
      for (;;) {
        // A key, its quote at i.
        if (text.charCodeAt(i) !== 34) return null;
        if (count === 0) {
          const end = stringEnd(text, i);
          if (end < 0 || keys.length === MAX_BLOCK_KEYS) return null;
          keys.push(text.slice(i, end));
          i = end;
        } else {
          if (k === keys.length || !text.startsWith(keys[k], i)) return null;
          i += keys[k].length;
        }
        k++;
        i = skipWs(text, i);
        if (text.charCodeAt(i) !== 58) return null;
        if (spaced < 0) spaced = isWs(text.charCodeAt(i + 1)) ? 1 : 0;
        i = skipWs(text, i + 1);
        const end = this.scalarEnd(i);
        if (end < 0) return null;
        if (used === offsets.length) {
          const grown = new Int32Array(2 * used);
          grown.set(offsets);
          offsets = grown;
        }
        offsets[used++] = i;
        offsets[used++] = end;
        i = skipWs(text, end);
        const d = text.charCodeAt(i);
        if (d === 125) break;
        if (d !== 44) return null;
        i = skipWs(text, i + 1);
      }
      if (k !== keys.length) return null;
      count++;
      i = skipWs(text, i + 1);
      const d = text.charCodeAt(i);
      if (d === 93) break;
      if (d !== 44) return null;
      i = skipWs(text, i + 1);
      if (text.charCodeAt(i) !== 123) return null;
    }
    if (count < MIN_BLOCK_ROWS) return null;
    // What the general path would have recorded for these rows.
    const rowDepth = this.keyBase.length + 1;
    if (rowDepth + 1 > this.maxDepth) this.maxDepth = rowDepth + 1;
    this.lastKeys[rowDepth] = keys;
    this.spaced = spaced;
    this.i = i + 1;
    return new JsonRows(text, keys, count, offsets.subarray(0, used));
  }

  /** End of the scalar at `i` when its lexeme is its source text; -1 for anything else (containers, rewritten escapes, errors). */
  private scalarEnd(i: number): number {
    const { text } = this;
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(text, i);
      if (end >= 0 || end === -1) return end;
      const close = -2 - end;
      const lexeme = escapedLexeme(text, i, close);
      return lexeme !== null && lexeme.length === close - i && text.startsWith(lexeme, i) ? close : -1;
    }
    if (c === 116 || c === 102 || c === 110) {
      const word = c === 116 ? "true" : c === 102 ? "false" : "null";
      return text.startsWith(word, i) ? i + word.length : -1;
    }
    return numberEnd(text, i);
  }

  /** Whether an array opened now may become a block: at the root, or a value of a root object. */
  private mayHoldBlock(): boolean {
    const depth = this.keyBase.length;
    return this.rowBlocks && (depth === 0 || (depth === 1 && this.keyBase[0] >= 0));
  }

  /** Reads a string lexeme at `i` into a value, or null when it is not a valid string. */
  private string(): string | null {
    const { text, i } = this;
    let end = stringEnd(text, i);
    if (end === -1) return null;
    if (end >= 0) {
      this.i = end;
      return text.slice(i, end);
    }
    end = -2 - end;
    this.i = end;
    return escapedLexeme(text, i, end);
  }

  /** Reads `"key":` (whitespace around) for the innermost open object; false when it is not there. */
  private key(): boolean {
    const { text } = this;
    let i = skipWs(text, this.i);
    if (text.charCodeAt(i) !== 34) return false;
    const depth = this.keyBase.length - 1;
    const template = this.template[depth];
    const known = template === undefined ? undefined : template[this.keyTop - this.keyBase[depth]];
    let key: string | null;
    if (known !== undefined && text.startsWith(known, i)) {
      key = known;
      i += known.length;
    } else {
      this.i = i;
      key = this.string();
      if (key === null) return false;
      i = this.i;
      this.template[depth] = undefined;
    }
    this.keys[this.keyTop++] = key;
    i = skipWs(text, i);
    if (text.charCodeAt(i) !== 58) return false;
    if (this.spaced < 0) {
      const after = text.charCodeAt(i + 1);
      this.spaced = after === 32 || after === 10 || after === 13 || after === 9 ? 1 : 0;
    }
    this.i = i + 1;
    return true;
  }

  /** Opens a container (its bracket already read); false past {@link MAX_JSON_DEPTH}. */
  private open(isObject: boolean): boolean {
    const depth = this.keyBase.length;
    if (depth >= MAX_JSON_DEPTH) return false;
    if (depth + 1 > this.maxDepth) this.maxDepth = depth + 1;
    this.valueBase.push(this.valueTop);
    this.keyBase.push(isObject ? this.keyTop : -1);
    this.template.push(isObject ? this.lastKeys[depth] : undefined);
    return true;
  }

  /** Closes the innermost container and puts it on the value stack. */
  private close(): void {
    const depth = this.keyBase.length - 1;
    const values = this.values.slice(this.valueBase[depth], this.valueTop);
    this.valueTop = this.valueBase[depth];
    let node: JsonNode = values;
    const from = this.keyBase[depth];
    if (from >= 0) {
      const template = this.template[depth];
      const count = this.keyTop - from;
      // Rows with the same keys share one array (nothing changes a parsed key list in place).
      const keys = template !== undefined && template.length === count ? template : this.keys.slice(from, this.keyTop);
      this.keyTop = from;
      if (count > 0) this.lastKeys[depth] = keys;
      node = new JsonObject(keys, values);
    }
    this.valueBase.pop();
    this.keyBase.pop();
    this.template.pop();
    this.values[this.valueTop++] = node;
  }

  /** Parses the whole text. */
  run(): JsonNode | null {
    const { text, keyBase } = this;
    for (;;) {
      // A value at this.i.
      let i = skipWs(text, this.i);
      const c = text.charCodeAt(i);
      let value: JsonNode | null;
      if (c === 34) {
        this.i = i;
        value = this.string();
        if (value === null) return null;
        i = this.i;
      } else if (c === 91 && this.mayHoldBlock() && (value = this.block(i) as unknown as JsonNode | null) !== null) {
        // The block waits on the value stack like any value; only the lossy pass reads it (see rows.ts).
        i = this.i;
      } else if (c === 123 || c === 91) {
        if (!this.open(c === 123)) return null;
        i = skipWs(text, i + 1);
        if (text.charCodeAt(i) !== (c === 123 ? 125 : 93)) {
          this.i = i;
          if (c === 123 && !this.key()) return null;
          continue;
        }
        i++;
        this.close();
        value = null;
      } else if (c === 116 || c === 102 || c === 110) {
        value = c === 116 ? "true" : c === 102 ? "false" : "null";
        if (!text.startsWith(value, i)) return null;
        i += value.length;
      } else {
        const end = numberEnd(text, i);
        if (end < 0) return null;
        value = text.slice(i, end);
        i = end;
      }
      if (value !== null) this.values[this.valueTop++] = value;
      // After a value: a comma, or the close of the innermost container (maybe several).
      for (;;) {
        const depth = keyBase.length - 1;
        if (depth < 0) return skipWs(text, i) === text.length ? this.values[0] : null;
        i = skipWs(text, i);
        const d = text.charCodeAt(i);
        if (d === 44) {
          this.i = i + 1;
          if (keyBase[depth] >= 0 && !this.key()) return null;
          break;
        }
        if (d !== (keyBase[depth] >= 0 ? 125 : 93)) return null;
        i++;
        this.close();
      }
    }
  }
}

/**
 * Parses `text` as one JSON value; null when it is not valid JSON. Never throws.
 * With `rowBlocks`, long arrays of flat rows at the root or under a root
 * object's keys may be {@link JsonRows} blocks (typed as nodes): only for
 * `pruneTree`, which reads them, or `withoutBlocks`, which expands them.
 */
export function parseJson(text: string, rowBlocks = false): ParsedJson | null {
  const parser = new Parser(text, rowBlocks);
  const root = parser.run();
  if (root === null) return null;
  return { root, maxDepth: parser.maxDepth, spacedColon: parser.spaced === 1 };
}
