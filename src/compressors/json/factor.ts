import { renderJson } from "./render.js";
import { JsonObject, sameNode, type JsonNode } from "./tree.js";

/**
 * Factoring: a field whose value is the same in every row of an array of
 * objects is stated once, under `every_row`, instead of once per row. Lossless:
 * each row is its own fields plus `every_row`'s.
 */

/** Fields shared by every row: raw keys and values, in the first row's order. */
export interface SharedFields {
  keys: string[];
  values: JsonNode[];
}

/** Minimum object rows before factoring or a table pays for its wrapper. */
export const MIN_FACTOR_ROWS = 4;
/** Characters the wrapper costs; hoisting must save more than this. */
const WRAPPER_COST = 40;

/** Fields with one identical value in every row (each key once per row), or null when hoisting does not pay. */
export function sharedFields(rows: JsonObject[], colon: string): SharedFields | null {
  if (rows.length < MIN_FACTOR_ROWS) return null;
  const first = rows[0];
  const keys: string[] = [];
  const values: JsonNode[] = [];
  let saved = 0;
  for (let i = 0; i < first.keys.length; i++) {
    const key = first.keys[i];
    if (first.keys.indexOf(key) !== i) continue;
    const value = first.values[i];
    const rendered = renderJson(value, colon);
    if (rendered.length > 4096) continue;
    const isOnce = first.keys.lastIndexOf(key) === i;
    const same = rows.every((row) => {
      // Rows that share the first row's key array (the parser's doing) hold the key at the same place.
      const at = row.keys === first.keys ? (isOnce ? i : -1) : row.keys.indexOf(key);
      return (
        at >= 0 && (row.keys === first.keys || row.keys.lastIndexOf(key) === at) && sameNode(row.values[at], value)
      );
    });
    if (!same) continue;
    keys.push(key);
    values.push(first.values[i]);
    saved += (rows.length - 1) * (key.length + rendered.length + 2);
  }
  return keys.length > 0 && saved > WRAPPER_COST ? { keys, values } : null;
}

/** `row` without the shared keys. */
export function withoutShared(row: JsonObject, shared: SharedFields): JsonObject {
  const keys: string[] = [];
  const values: JsonNode[] = [];
  for (let i = 0; i < row.keys.length; i++) {
    if (shared.keys.includes(row.keys[i])) continue;
    keys.push(row.keys[i]);
    values.push(row.values[i]);
  }
  return new JsonObject(keys, values);
}
