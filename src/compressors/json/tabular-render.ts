import { parseMarkers } from "../../ccr/marker.js";
import { MIN_FACTOR_ROWS, sharedFields, withoutShared } from "./factor.js";
import { MARKER_KEY } from "./prune.js";
import { JsonObject, type JsonNode } from "./tree.js";

/**
 * The lossless rewrites of arrays of objects, still valid JSON and explained
 * by their key names:
 *
 * - rows with the same keys in the same order and only scalar values become
 *   `{"_pithy_table": {"columns": [...], "every_row": {...}, "rows": [[...], ...]}}`;
 * - other rows with fields identical in every row become
 *   `{"_pithy_factored": {"every_row": {...}, "rows": [{...}, ...]}}`.
 *
 * A crusher marker row (`{"_pithy": "[[pithy:…]]"}`) stays where it is, as the
 * marker string itself, and so does a marker string among the rows. The walk uses an explicit stack (deep documents).
 */

/** How many arrays each rewrite changed. */
export interface TableStats {
  tables: number;
  factored: number;
}

const TABLE_KEY = '"_pithy_table"';
const FACTORED_KEY = '"_pithy_factored"';
const COLUMNS_KEY = '"columns"';
const EVERY_ROW_KEY = '"every_row"';
const ROWS_KEY = '"rows"';

/**
 * The marker string of a crusher marker row, or of a marker standing alone
 * among the rows (the root marker a pruned top-level array ends with), or null.
 */
function markerRow(node: JsonNode): string | null {
  if (typeof node === "string") return parseMarkers(node).length > 0 ? node : null;
  if (!(node instanceof JsonObject) || node.keys.length !== 1 || node.keys[0] !== MARKER_KEY) return null;
  const value = node.values[0];
  return typeof value === "string" && parseMarkers(value).length > 0 ? value : null;
}

function sameKeys(a: string[], b: string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function isFlat(row: JsonObject): boolean {
  return row.values.every((v) => typeof v === "string");
}

/** The table or factored form of `items`, or null when neither applies. */
function rewriteArray(items: JsonNode[], colon: string, stats: TableStats): JsonNode | null {
  const rows: JsonObject[] = [];
  for (const item of items) {
    if (item instanceof JsonObject && markerRow(item) === null) rows.push(item);
    else if (markerRow(item) === null) return null;
  }
  if (rows.length < MIN_FACTOR_ROWS) return null;
  const shared = sharedFields(rows, colon);
  const keys: string[] = [];
  const values: JsonNode[] = [];
  const first = rows[0];
  const isTable =
    rows.every((r) => isFlat(r) && sameKeys(r.keys, first.keys)) && new Set(first.keys).size === first.keys.length;
  if (isTable) {
    const columns = shared === null ? first.keys : first.keys.filter((k) => !shared.keys.includes(k));
    keys.push(COLUMNS_KEY);
    values.push(columns);
  } else if (shared === null) return null;
  if (shared !== null) {
    keys.push(EVERY_ROW_KEY);
    values.push(new JsonObject(shared.keys, shared.values));
  }
  const out: JsonNode[] = items.map((item) => {
    const marker = markerRow(item);
    if (marker !== null) return marker;
    const row = shared === null ? (item as JsonObject) : withoutShared(item as JsonObject, shared);
    return isTable ? row.values : row;
  });
  keys.push(ROWS_KEY);
  values.push(out);
  if (isTable) stats.tables++;
  else stats.factored++;
  return new JsonObject([isTable ? TABLE_KEY : FACTORED_KEY], [new JsonObject(keys, values)]);
}

/** Rewrites every eligible array in the tree (in place; the root may be replaced). */
export function tabulate(root: JsonNode, colon: string): { root: JsonNode; stats: TableStats } {
  const stats: TableStats = { tables: 0, factored: 0 };
  const holder: JsonNode[] = [root];
  const parents: Array<JsonNode[] | JsonObject> = [holder];
  const slots: number[] = [0];
  while (parents.length > 0) {
    const parent = parents.pop() as JsonNode[] | JsonObject;
    const slot = slots.pop() as number;
    const siblings = Array.isArray(parent) ? parent : parent.values;
    const node = siblings[slot];
    if (typeof node === "string") continue;
    const children: JsonNode[] | JsonObject = node;
    if (Array.isArray(node)) {
      const rewritten = rewriteArray(node, colon, stats);
      if (rewritten !== null) {
        siblings[slot] = rewritten;
        // Visit what the new rows hold, not the wrapper itself (it must not be rewritten again).
        const body = (rewritten as JsonObject).values[0] as JsonObject;
        const everyRow = body.keys.indexOf(EVERY_ROW_KEY);
        const rows = body.values[body.values.length - 1] as JsonNode[];
        for (const row of everyRow < 0 ? rows : [...rows, body.values[everyRow]]) {
          if (!(row instanceof JsonObject)) continue;
          for (let i = 0; i < row.values.length; i++) {
            parents.push(row);
            slots.push(i);
          }
        }
        continue;
      }
    }
    const count = Array.isArray(children) ? children.length : children.values.length;
    for (let i = 0; i < count; i++) {
      parents.push(children);
      slots.push(i);
    }
  }
  return { root: holder[0], stats };
}
