import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { IdentifierKeys } from "../../../src/compressors/json/identifier-keys.js";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { ROW_IS_ERROR, ROW_MATCHES, RowScanner, isErrorValue } from "../../../src/compressors/json/row-scan.js";
import { JsonObject, decodeString, type JsonNode } from "../../../src/compressors/json/tree.js";
import { oddJsonText } from "./odd-json.js";

const identifiers = new IdentifierKeys();

/** The scan spelled out plainly: the first 4096 nodes in document order, no caches. */
function referenceScan(row: JsonNode, terms: readonly string[]): number {
  const matches = (text: string) => terms.some((t) => text.toLowerCase().includes(t));
  let flags = 0;
  const stack: Array<[JsonNode, boolean]> = [[row, false]];
  for (let seen = 0; stack.length > 0 && seen < 4096; seen++) {
    const [node, isId] = stack.pop()!;
    if (typeof node === "string") {
      const isString = node.startsWith('"');
      const text = isString ? decodeString(node) : node;
      if (isString && !isId && isErrorValue(text)) flags |= ROW_IS_ERROR;
      if (matches(text)) flags |= ROW_MATCHES;
    } else if (node instanceof JsonObject) {
      for (let i = node.values.length - 1; i >= 0; i--) {
        stack.push([node.values[i], typeof node.values[i] === "string" && identifiers.has(decodeString(node.keys[i]))]);
      }
    } else for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], false]);
  }
  return flags;
}

/** Every container of a tree, parents before children (the order the crusher meets rows in). */
function containers(root: JsonNode): JsonNode[] {
  const out: JsonNode[] = [];
  const queue: JsonNode[] = [root];
  for (let k = 0; k < queue.length; k++) {
    const node = queue[k];
    if (typeof node === "string") continue;
    out.push(node);
    queue.push(...(node instanceof JsonObject ? node.values : node));
  }
  return out;
}

const parse = (text: string) => parseJson(text)!.root;

describe("RowScanner", () => {
  it("answers like a plain walk for every row of any document, parents scanned before children", () => {
    fc.assert(
      fc.property(oddJsonText, fc.constantFrom([], ["ok"], ["1", "é"]), (text, terms) => {
        const scanner = new RowScanner(identifiers, terms);
        for (const node of containers(parse(text))) {
          const rows = node instanceof JsonObject ? node.values : (node as JsonNode[]);
          for (const row of rows) expect(scanner.scan(row)).toBe(referenceScan(row, terms));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("finds an error within the first 4096 nodes of a huge row and not past them, even when a part was read before", () => {
    const filler = Array.from({ length: 5000 }, (_, i) => i);
    for (const at of [10, 4000, 4094, 4095, 4200]) {
      const items: unknown[] = [...filler];
      items.splice(at, 0, "connection refused by host");
      const row = parse(JSON.stringify({ head: [1, 2, 3], items }));
      const scanner = new RowScanner(identifiers, []);
      scanner.scan((row as JsonObject).values[0]);
      expect(scanner.scan(row), `error at ${at}`).toBe(referenceScan(row, []));
    }
  });

  it("reads a remembered part again when it does not fit in what is left of the 4096 nodes", () => {
    const filler = (error: number) =>
      parse(JSON.stringify(Array.from({ length: 3000 }, (_, i) => (i === error ? "request failed" : i)))) as JsonNode[];
    const [a, b] = [filler(-1), filler(2000)];
    // A query no value matches keeps the scan going to the end of each row.
    const scanner = new RowScanner(identifiers, ["zzz"]);
    // Scanning a parent of `b` first leaves `b` (3 001 nodes, with an error) remembered.
    expect(scanner.scan(new JsonObject(['"x"'], [b]))).toBe(ROW_IS_ERROR);
    const row = new JsonObject(['"a"', '"b"'], [a, b]);
    expect(scanner.scan(row)).toBe(0);
    expect(referenceScan(row, ["zzz"])).toBe(0);
  });

  it("does not count an error word under an identifier key, but matches it to the query", () => {
    const row = parse('{"name": "panics.rs failed to load", "id": 7}');
    expect(new RowScanner(identifiers, []).scan(row)).toBe(0);
    expect(new RowScanner(identifiers, ["panics"]).scan(row)).toBe(ROW_MATCHES);
    expect(new RowScanner(identifiers, []).scan(parse('{"msg": "build failed"}'))).toBe(ROW_IS_ERROR);
  });

  it("gives the same answers once values stop repeating and it stops remembering them", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      id: i,
      status: i % 1000 === 7 ? "error" : "ok",
      msg: `request ${i} ${i % 777 === 0 ? "timed out" : "served"}`,
    }));
    const scanner = new RowScanner(identifiers, []);
    const parsed = parse(JSON.stringify(rows)) as JsonNode[];
    expect(parsed.map((row) => scanner.scan(row))).toEqual(parsed.map((row) => referenceScan(row, [])));
  });
});
