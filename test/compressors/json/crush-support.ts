// What the array crusher's tests share: a policy with the pipeline's shape and small caps, and
// rows parsed as the compressor parses them.
import type { CrushPolicy } from "../../../src/compressors/json/array-crush.js";
import { IdentifierKeys } from "../../../src/compressors/json/identifier-keys.js";
import { parseJson } from "../../../src/compressors/json/parse.js";
import type { JsonNode } from "../../../src/compressors/json/tree.js";

/** A crush policy of small caps (10 rows, 2 at each end, 3 top scores), with `over` on top. */
export function crushPolicy(over: Partial<CrushPolicy> = {}): CrushPolicy {
  return {
    budget: 10,
    minRows: 8,
    head: 2,
    tail: 2,
    topScores: 3,
    queryTerms: [],
    identifiers: new IdentifierKeys(),
    keyedByIdentity: false,
    ...over,
  };
}

/** `values` as the parsed rows of a JSON array. */
export function rowsOf(values: unknown): JsonNode[] {
  const parsed = parseJson(JSON.stringify(values));
  if (parsed === null || !Array.isArray(parsed.root)) throw new Error("expected an array");
  return parsed.root;
}
