import { describe, expect, it } from "vitest";
import { IdentifierKeys } from "../../../src/compressors/json/identifier-keys.js";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { pruneTree, type PruneOptions } from "../../../src/compressors/json/prune.js";
import { renderJson } from "../../../src/compressors/json/render.js";

const identifiers = new IdentifierKeys();
const options: PruneOptions = {
  depthCap: 4,
  stringCap: 100,
  stringKeep: 30,
  arrayCap: 10,
  objectCap: 20,
  identifiers,
  crush: { budget: 10, minRows: 8, head: 2, tail: 2, topScores: 3, queryTerms: [], identifiers },
  marker: (s) => `[[pithy:${"0".repeat(32)} ${s}]]`,
};

function prune(value: unknown, overrides: Partial<PruneOptions> = {}) {
  const { root, stats } = pruneTree(parseJson(JSON.stringify(value))!.root, { ...options, ...overrides });
  return { out: JSON.parse(renderJson(root, ":")), stats };
}

describe("pruneTree", () => {
  it("cuts long strings and notes how many characters went", () => {
    const { out, stats } = prune({ body: "x".repeat(500) });
    expect(out.body).toBe("x".repeat(30) + "…(+470 chars)");
    expect(stats.stringsCut).toBe(1);
  });

  it("writes counts in notes with thousands separators", () => {
    const { out } = prune({
      body: "x".repeat(1_234_567),
      items: Array.from({ length: 2_000 }, (_, i) => (i % 2 === 0 ? i : [i])),
    });
    expect(out.body).toBe("x".repeat(30) + "…(+1,234,537 chars)");
    expect(out.items).toContain("…(1,991 items omitted)");
  });

  it("never cuts values of identifier keys or identifier-shaped values", () => {
    const long = "https://example.com/" + "a".repeat(300);
    const value = { name: "n".repeat(300), sha: "f".repeat(200), link: long, note: long };
    expect(prune(value).out).toEqual(value);
  });

  it("keeps the head and tail of an over-long mixed array with a count of the middle", () => {
    const items = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? i : [i]));
    const { out } = prune({ items });
    expect(out.items.length).toBe(10);
    expect(out.items[0]).toBe(0);
    expect(out.items[7]).toBe("…(21 items omitted)");
    expect(out.items[9]).toEqual([29]);
  });

  it("shrinks subtrees past the depth cap to their identifiers or a note", () => {
    const value = { a: { b: { c: { d: { type: "Identifier", name: "main", start: 1 }, e: { x: 1, y: 2 } } } } };
    const { out, stats } = prune(value);
    expect(out.a.b.c.d).toEqual({ name: "main", "…": "+2 keys" });
    expect(out.a.b.c.e).toBe("…{2 keys}");
    expect(stats.subtreesCollapsed).toBe(2);
  });

  it("replaces the rows a crush drops by one marker element inside the array", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ seq: i, status: i === 13 ? "error" : "ok" }));
    const { out, stats } = prune({ rows });
    expect(out.rows).toContainEqual({ seq: 13, status: "error" });
    expect(out.rows[out.rows.length - 1]).toEqual({
      _pithy: `[[pithy:${"0".repeat(32)} 30 rows omitted (status=ok)]]`,
    });
    expect(stats.rowsDropped).toBe(30);
  });

  it("crushes an object used as a map of records and marks it with a _pithy key", () => {
    const versions = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`1.0.${i}`, { deprecated: i === 20 ? "use 2.x" : undefined, size: 10 }]),
    );
    const { out } = prune({ versions });
    expect(out.versions["1.0.20"]).toEqual({ deprecated: "use 2.x", size: 10 });
    expect(out.versions._pithy).toMatch(/entries omitted/);
  });

  it("is idempotent on its own output", () => {
    const value = {
      text: "y".repeat(1000),
      deep: { a: { b: { c: { d: 1 } } } },
      list: Array.from({ length: 30 }, (_, i) => [i]),
    };
    const once = prune(value).out;
    expect(prune(once).out).toEqual(once);
  });

  it("does not reach the call stack's limit on 10 000 levels of nesting", () => {
    const text = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
    const { root } = pruneTree(parseJson(text)!.root, options);
    expect(JSON.parse(renderJson(root, ":"))).toEqual({ a: { a: { a: { a: "…{1 key}" } } } });
  });
});
