import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { renderJson } from "../../../src/compressors/json/render.js";
import { sameNode } from "../../../src/compressors/json/tree.js";
import { oddJsonText } from "./odd-json.js";

describe("sameNode", () => {
  it("says two nodes are the same exactly when they render to the same text", () => {
    const small = fc.oneof(
      oddJsonText,
      fc.constantFrom("[1,2]", "[1, 2]", "[2,1]", '{"a":1}', '{"a":1.0}', '{"a":1,"a":1}', "[]", "{}", "1", '"1"'),
    );
    fc.assert(
      fc.property(small, small, (a, b) => {
        const x = parseJson(a)!.root;
        const y = parseJson(b)!.root;
        expect(sameNode(x, y)).toBe(renderJson(x, ":") === renderJson(y, ":"));
        expect(sameNode(x, parseJson(a)!.root)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("compares 10 000 levels of nesting without recursion", () => {
    const text = "[".repeat(10_000) + "]".repeat(10_000);
    expect(sameNode(parseJson(text)!.root, parseJson(text)!.root)).toBe(true);
    expect(sameNode(parseJson(text)!.root, parseJson("[".repeat(9_999) + "]".repeat(9_999))!.root)).toBe(false);
  });
});
