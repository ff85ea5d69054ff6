import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { pruneTree } from "../../../src/compressors/json/prune.js";
import { renderJson } from "../../../src/compressors/json/render.js";
import { JsonRows, withoutBlocks } from "../../../src/compressors/json/rows.js";
import { JsonObject, type JsonNode } from "../../../src/compressors/json/tree.js";
import { oddJsonText } from "./odd-json.js";
import { testPruneOptions } from "./prune-options.js";

const options = testPruneOptions();

/** `count` rows as the parser meets them, with `row(r)` as the text of row r. */
function rowsText(count: number, row: (r: number) => string): string {
  return `[${Array.from({ length: count }, (_, r) => row(r)).join(",\n")}]`;
}

const plainRow = (r: number): string =>
  `{"id": ${r}, "status": "${r % 50 === 0 ? "error" : "ok"}", "message": "request ${r} took ${r % 7} ms", "done": true}`;

function blockOf(node: JsonNode): JsonRows | null {
  const value = node as JsonNode | JsonRows;
  if (value instanceof JsonRows) return value;
  if (value instanceof JsonObject)
    for (const v of value.values) if ((v as JsonNode | JsonRows) instanceof JsonRows) return v as unknown as JsonRows;
  return null;
}

describe("row blocks", () => {
  it("reads a long array of flat rows as a block that expands to the tree the plain parse makes", () => {
    const text = rowsText(200, plainRow);
    const parsed = parseJson(text, true)!;
    const block = blockOf(parsed.root);
    expect(block?.count).toBe(200);
    const plain = parseJson(text)!;
    expect(renderJson(withoutBlocks(parsed.root), ": ")).toBe(renderJson(plain.root, ": "));
    expect([parsed.maxDepth, parsed.spacedColon]).toEqual([plain.maxDepth, plain.spacedColon]);
  });

  it("reads an array under a root object's key as a block", () => {
    const text = `{"total": 200, "items": ${rowsText(200, plainRow)}}`;
    expect(blockOf(parseJson(text, true)!.root)?.count).toBe(200);
  });

  it("keeps objects when a row breaks the pattern, the array is short, deep, or not asked for", () => {
    const cases = [
      rowsText(200, (r) => (r === 150 ? `{"id": ${r}, "tags": []}` : plainRow(r))),
      rowsText(200, (r) => (r === 199 ? `{"id": ${r}}` : plainRow(r))),
      rowsText(200, (r) => (r === 3 ? `{"id": ${r}, "status": "\\u00e9", "message": "", "done": true}` : plainRow(r))),
      rowsText(20, plainRow),
      `[[${rowsText(200, plainRow).slice(1, -1)}]]`,
    ];
    for (const text of cases) expect(blockOf(parseJson(text, true)!.root)).toBeNull();
    expect(blockOf(parseJson(rowsText(200, plainRow))!.root)).toBeNull();
  });

  it("rejects invalid rows exactly as the plain parse does", () => {
    for (const broken of ['{"id": 1,}', '{"id": 01}', '{"id": tru}', '{"id": "a\tb"}', '{"id" 1}']) {
      expect(
        parseJson(
          rowsText(100, (r) => (r === 80 ? broken : `{"id": ${r}}`)),
          true,
        ),
      ).toBeNull();
    }
    expect(parseJson(rowsText(100, (r) => `{"id": ${r}}`) + ",", true)).toBeNull();
  });

  it("crushes a block to the same output as the same rows parsed as objects", () => {
    const texts = [
      rowsText(300, plainRow),
      `{"data": ${rowsText(100, (r) => `{"name": "n${r % 5}", "score": ${r % 13}}`)}, "n": 1}`,
    ];
    for (const text of texts) {
      const fromBlock = pruneTree(parseJson(text, true)!.root, options);
      const fromObjects = pruneTree(parseJson(text)!.root, options);
      expect(renderJson(fromBlock.root, ":")).toBe(renderJson(fromObjects.root, ":"));
      expect(fromBlock.stats).toEqual(fromObjects.stats);
    }
  });

  it("prunes a block past a low depth cap as it prunes the same objects", () => {
    const text = `{"data": ${rowsText(100, (r) => `{"id": ${r}, "name": "n${r}", "size": ${r}}`)}}`;
    for (const depthCap of [0, 1]) {
      const fromBlock = pruneTree(parseJson(text, true)!.root, { ...options, depthCap });
      const fromObjects = pruneTree(parseJson(text)!.root, { ...options, depthCap });
      expect(renderJson(fromBlock.root, ":")).toBe(renderJson(fromObjects.root, ":"));
    }
  });

  it("gives the same parse and the same crush with or without blocks on any rows", () => {
    const scalar = fc.oneof(
      fc.integer({ min: -3, max: 500 }).map(String),
      fc.constantFrom('"ok"', '"failed"', '"a\\nb"', '"\\u0001"', '"\\u00e9"', "true", "null", "1e3", '"TypeError: x"'),
      fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
    );
    const doc = fc
      .tuple(
        fc.uniqueArray(fc.constantFrom('"id"', '"status"', '"ts"', '"score"', '"msg"'), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 60, max: 150 }),
        fc.array(scalar, { minLength: 1, maxLength: 12 }),
        fc.constantFrom("", " ", "\n "),
        oddJsonText,
        fc.boolean(),
      )
      .map(([keys, n, pool, sp, odd, wrap]) => {
        const text = rowsText(
          n,
          (r) =>
            `{${keys.map((k, i) => `${k}:${sp}${k === '"id"' ? r : pool[(r * (i + 2) + (r % 5)) % pool.length]}`).join(`,${sp}`)}}`,
        );
        return wrap ? `{"rows": ${text}, "odd": ${odd}}` : text;
      });
    fc.assert(
      fc.property(doc, (text) => {
        const parsed = parseJson(text, true)!;
        const plain = parseJson(text)!;
        expect(renderJson(withoutBlocks(parsed.root), ":")).toBe(renderJson(plain.root, ":"));
        expect(renderJson(pruneTree(parsed.root, options).root, ":")).toBe(
          renderJson(pruneTree(plain.root, options).root, ":"),
        );
      }),
      { numRuns: 150 },
    );
  });
});
