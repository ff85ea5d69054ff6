import { describe, expect, it } from "vitest";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { pruneTree, type PruneOptions } from "../../../src/compressors/json/prune.js";
import { renderJson } from "../../../src/compressors/json/render.js";
import { testPruneOptions } from "./prune-options.js";

const options = testPruneOptions();

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

  it("keeps a heading past the depth cap, cut to a heading's length when it runs on as a description", () => {
    const description = `\`family\` {integer} The record family. ${"Must be 4 or 6. ".repeat(20)}`;
    const value = {
      a: {
        b: {
          c: {
            d: { textRaw: "`dns.lookup()`", desc: `<p>${"Resolves a host name. ".repeat(5)}</p>` },
            e: { textRaw: description },
          },
        },
      },
    };
    const { out } = prune(value);
    expect(out.a.b.c.d).toEqual({ textRaw: "`dns.lookup()`", "…": 1 });
    expect(out.a.b.c.e.textRaw).toMatch(/^`family` \{integer\} The record …\(\+\d+ chars\)$/);
    expect(out.a.b.c.e.textRaw.length).toBeLessThan(200);
  });

  it("never crushes a map of scalars: each entry keeps its key beside its value", () => {
    const deps = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`pkg-${i}`, `1.${i}.0`]));
    const { out } = prune({ devDependencies: deps });
    expect(out.devDependencies).toEqual(deps);
  });

  it("keeps every dropped record of a crushed map under its own key, and only the group note under …", () => {
    // Some entries are scalars (an alias): their stub is their value, which must not lose its key.
    // Its keys are phrases, not names: a keyed map (keyed-map.node-only.test.ts) is never grouped.
    const map = Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [`type ${i}`, i % 7 === 3 ? `alias-${i}` : { source: "iana", n: i % 2 }]),
    );
    const { root } = pruneTree(parseJson(JSON.stringify(map))!.root, { ...options, stubBudget: 40 });
    const rendered = renderJson(root, ":");
    expect(rendered.split('"…":').length - 1).toBe(1);
    expect(rendered).toMatch(/"type \d+":"alias-/);
    expect(rendered).not.toContain('"…":"alias-');
    expect(rendered).toContain('"type 3":"alias-3"');
    expect(rendered).toContain('"type 0":');
    expect(rendered).toContain('"type 119":');
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
    const value = {
      a: { b: { c: { d: { type: "Identifier", name: "main", start: 1, range: [0, 1] }, e: { x: 1, y: 2, z: [3] } } } },
    };
    const { out, stats } = prune(value);
    // An AST node keeps its kind beside its name (json/stubs.ts, isIdentityKey).
    expect(out.a.b.c.d).toEqual({ type: "Identifier", name: "main", "…": 2 });
    expect(out.a.b.c.e).toBe("…{3 keys}");
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

describe("pruneTree keeps what names a record past the depth cap", () => {
  it("keeps a small leaf of short scalars (a position) whole", () => {
    const value = { a: { b: { c: { loc: { start: { line: 77, column: 9 } } } } } };
    const { out } = prune(value);
    expect(out.a.b.c.loc.start).toEqual({ line: 77, column: 9 });
  });

  it("keeps the status of a record next to its identifiers", () => {
    const value = { a: { b: { c: { d: { fullName: "t one", status: "passed", duration: 3, meta: { a: [] } } } } } };
    const { out } = prune(value);
    expect(out.a.b.c.d).toEqual({ fullName: "t one", status: "passed", "…": 2 });
  });

  it("keeps a failed record's scalars and failure messages past the depth cap", () => {
    const failure = `AssertionError: expected 1 to be 2\n    at /repo/test/a.test.ts:74:18\n${"    at x (y.js:1:1)\n".repeat(40)}`;
    const value = { a: { b: { c: { d: { fullName: "t two", status: "failed", failureMessages: [failure] } } } } };
    const { out } = prune(value, { stringCap: 400, stringKeep: 120 });
    expect(out.a.b.c.d.status).toBe("failed");
    expect(out.a.b.c.d.failureMessages[0]).toContain("at /repo/test/a.test.ts:74:18");
    expect(out.a.b.c.d.failureMessages[0]).toMatch(/…\(\+[\d,]+ chars\)$/);
  });

  it("stubs the records a crush drops by their naming keys, and only records with an identifier", () => {
    const named = Array.from({ length: 40 }, (_, i) => ({ name: `n${i}`, version: "1.0.0", blob: "x".repeat(50) }));
    const { out } = prune({ items: named });
    expect(out.items.filter((r: { name?: string }) => r.name !== undefined)).toHaveLength(40);
    expect(out.items[20]).toEqual({ name: "n20", version: "1.0.0" });
    const unnamed = Array.from({ length: 40 }, (_, i) => ({ seq: i, status: "ok" }));
    const { out: bare } = prune({ items: unnamed });
    expect(bare.items.length).toBeLessThan(20);
  });

  it("keeps every key of a crushed map, dropped entries as stubs that stay objects", () => {
    const map = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`type/${i}`, { source: "iana", compressible: i % 2 === 0 }]),
    );
    const { out } = prune({ db: map });
    expect(Object.keys(out.db).filter((k) => k.startsWith("type/"))).toHaveLength(40);
    expect(out.db["type/5"]).toEqual({ "…": 2 });
  });
});
