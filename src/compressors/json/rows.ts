import { JsonObject, type JsonNode } from "./tree.js";

/**
 * A long array of flat rows held as columns of source offsets instead of one
 * object per row. A 50 MB array of 600 000 rows parsed to objects is about
 * 3.6 million heap objects that all survive (an object, its values array, a
 * string per value), and carrying them is most of the garbage collector's
 * work; here it is one key array and one offset array, and a value becomes a
 * string only when something reads it (and dies young). The crusher reads a
 * block column by column (array-crush.ts) and materialises only the rows it
 * keeps.
 *
 * Only the parser makes blocks, only when the caller asks (the lossy pass,
 * prune.ts, is the only reader), and every row of a block has the same key
 * lexemes and only scalar values whose lexeme is their exact source text.
 */
export class JsonRows {
  constructor(
    /** The source text the offsets point into. */
    readonly text: string,
    /** Raw key lexemes shared by every row (the parser's key array). */
    readonly keys: string[],
    /** Number of rows. */
    readonly count: number,
    /** Per row, per key: start and end offset of the value's lexeme, row after row. */
    readonly offsets: Int32Array,
  ) {}

  /** The raw lexeme of row `r`'s value under key position `c`. */
  value(r: number, c: number): string {
    const at = 2 * (r * this.keys.length + c);
    return this.text.slice(this.offsets[at], this.offsets[at + 1]);
  }

  /** The first UTF-16 unit of that lexeme (`"` for a string), without making it. */
  firstUnit(r: number, c: number): number {
    return this.text.charCodeAt(this.offsets[2 * (r * this.keys.length + c)]);
  }

  /** Row `r` as the object the parser would have made. */
  row(r: number): JsonObject {
    const width = this.keys.length;
    const values: JsonNode[] = [];
    for (let c = 0; c < width; c++) values.push(this.value(r, c));
    return new JsonObject(this.keys, values);
  }

  /** Every row as objects: the array the parser would have made. */
  rows(): JsonNode[] {
    const out: JsonNode[] = [];
    for (let r = 0; r < this.count; r++) out.push(this.row(r));
    return out;
  }
}

/**
 * `root` with its blocks turned back into arrays of objects: the tree the
 * parser makes without blocks. Blocks sit only at the root or as values of a
 * root object (see parse.ts), so this looks no deeper.
 */
export function withoutBlocks(root: JsonNode): JsonNode {
  const node = root as JsonNode | JsonRows;
  if (node instanceof JsonRows) return node.rows();
  if (!(node instanceof JsonObject) || !node.values.some((v) => (v as JsonNode | JsonRows) instanceof JsonRows))
    return root;
  return new JsonObject(
    node.keys,
    node.values.map((v) => ((v as JsonNode | JsonRows) instanceof JsonRows ? (v as unknown as JsonRows).rows() : v)),
  );
}
