import type { JsonObject, JsonNode } from "./tree.js";

/**
 * Writes a tree as single-line JSON without recursing (deep documents must
 * not reach the call stack's limit). `colon` is `":"` or `": "`: the output
 * mirrors the input's key spacing, because agents (and the corpus contract)
 * search for `"name": "lodash"` as the tool printed it.
 */
export function renderJson(root: JsonNode, colon: string): string {
  if (typeof root === "string") return root;
  let out = Array.isArray(root) ? "[" : "{";
  const nodes: Array<JsonNode[] | JsonObject> = [root];
  const next: number[] = [0];
  while (nodes.length > 0) {
    const top = nodes[nodes.length - 1];
    const i = next[next.length - 1];
    const isArray = Array.isArray(top);
    const count = isArray ? top.length : top.keys.length;
    if (i === count) {
      out += isArray ? "]" : "}";
      nodes.pop();
      next.pop();
      continue;
    }
    next[next.length - 1] = i + 1;
    if (i > 0) out += ",";
    let child: JsonNode;
    if (isArray) child = top[i];
    else {
      out += top.keys[i] + colon;
      child = top.values[i];
    }
    if (typeof child === "string") out += child;
    else {
      out += Array.isArray(child) ? "[" : "{";
      nodes.push(child);
      next.push(0);
    }
  }
  return out;
}
