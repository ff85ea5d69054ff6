/**
 * The JSON tree the compressor works on. Scalars stay as their raw source
 * lexemes (`"a\u00e9"`, `1.0`, `12345678901234567890`, `true`), so rendering
 * them back is byte-exact: no float reformatting, no lost big-integer
 * precision, no re-escaped strings. Objects keep their keys in source order
 * (a plain JS object would move integer-like keys first) and may hold a key
 * twice, as the source did.
 */

/**
 * A JSON object: raw key lexemes (with their quotes) and values, in source
 * order. Parsed objects with the same keys share one key array, so neither
 * array is ever changed in place: a rewrite builds a new object.
 */
export class JsonObject {
  constructor(
    /** Raw key lexemes, quotes included (`"name"`). */
    readonly keys: string[],
    readonly values: JsonNode[],
  ) {}
}

/** A JSON value: a raw scalar lexeme, an array, or an object. */
export type JsonNode = string | JsonNode[] | JsonObject;

/** Whether `node` is a scalar (a raw lexeme). */
export function isScalar(node: JsonNode): node is string {
  return typeof node === "string";
}

/** Whether `node` is a JSON string scalar. */
export function isStringScalar(node: JsonNode): node is string {
  return typeof node === "string" && node.charCodeAt(0) === 34;
}

/** The decoded text of a raw string lexeme (key or value). */
export function decodeString(raw: string): string {
  return raw.indexOf("\\") < 0 ? raw.slice(1, -1) : (JSON.parse(raw) as string);
}

/** The numeric value of a raw number lexeme, or null when `raw` is not a number. */
export function numberValue(raw: JsonNode): number | null {
  if (typeof raw !== "string") return null;
  const c = raw.charCodeAt(0);
  if (c !== 45 && (c < 48 || c > 57)) return null;
  return Number(raw);
}

/** Encodes `text` as a raw JSON string lexeme. */
export function encodeString(text: string): string {
  return JSON.stringify(text);
}

/** The decoded key names of an object, in order. */
export function keyNames(obj: JsonObject): string[] {
  return obj.keys.map(decodeString);
}

/**
 * Whether two nodes render to the same text (same lexemes, same keys in the
 * same order), without rendering them. Iterative (deep documents); stops at
 * the first difference.
 */
export function sameNode(a: JsonNode, b: JsonNode): boolean {
  const left: JsonNode[] = [a];
  const right: JsonNode[] = [b];
  while (left.length > 0) {
    const x = left.pop() as JsonNode;
    const y = right.pop() as JsonNode;
    if (x === y) continue;
    if (typeof x === "string" || typeof y === "string") return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) {
        left.push(x[i]);
        right.push(y[i]);
      }
      continue;
    }
    if (Array.isArray(y) || x.keys.length !== y.keys.length) return false;
    for (let i = 0; i < x.keys.length; i++) {
      if (x.keys[i] !== y.keys[i]) return false;
      left.push(x.values[i]);
      right.push(y.values[i]);
    }
  }
  return true;
}
