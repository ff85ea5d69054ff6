import { JsonRows } from "./rows.js";
import { JsonObject, type JsonNode, numberValue } from "./tree.js";

/**
 * A V8 profile's largest nodes stand out: in a sampling heap profile
 * (`node --heap-prof`: a tree of `callFrame` nodes, each with its
 * `selfSize`) or a CPU profile (`--cpu-prof`: `nodes` with `hitCount`),
 * the few nodes that hold most of the bytes or samples are what the profile
 * is read for, wherever they sit in the tree. Their weight stays beside
 * their call frame past the depth cap, where a node otherwise keeps only the
 * frame that names it.
 */

/** Keys holding a profile node's own weight. */
const WEIGHT_KEYS: ReadonlySet<string> = new Set(['"selfSize"', '"hitCount"']);
const CALL_FRAME_KEY = '"callFrame"';
/** Nodes whose weight stays: the heaviest this many. */
const TOP_NODES = 10;
/** Fewest weighed nodes for a document to read as a profile. */
const MIN_NODES = 20;
/** Most nodes read (a 100 MB profile still costs one bounded walk). */
const MAX_NODES = 200_000;

/** Whether a key lexeme holds a profile node's weight. */
export function isWeightKey(raw: string): boolean {
  return WEIGHT_KEYS.has(raw);
}

/**
 * The least weight among the heaviest {@link TOP_NODES} profile nodes of
 * `root`, or null when `root` is no profile (fewer than {@link MIN_NODES}
 * nodes with a call frame and a weight, or no weight above zero).
 */
export function standoutWeight(root: JsonNode): number | null {
  const weights: number[] = [];
  const stack: JsonNode[] = [root];
  let seen = 0;
  while (stack.length > 0 && seen < MAX_NODES) {
    let node = stack.pop()!;
    seen++;
    if ((node as JsonNode | JsonRows) instanceof JsonRows) node = (node as unknown as JsonRows).rows();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item !== "string") stack.push(item);
      continue;
    }
    if (!(node instanceof JsonObject)) continue;
    const hasFrame = node.keys.includes(CALL_FRAME_KEY);
    for (let i = 0; i < node.keys.length; i++) {
      const value = node.values[i];
      if (typeof value !== "string") stack.push(value);
      else if (hasFrame && WEIGHT_KEYS.has(node.keys[i])) {
        const w = numberValue(value);
        if (w !== null && w > 0) weights.push(w);
      }
    }
  }
  if (weights.length < MIN_NODES) return null;
  weights.sort((a, b) => b - a);
  return weights[Math.min(TOP_NODES, weights.length) - 1];
}
