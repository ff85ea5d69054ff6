import { describe, expect, it } from "vitest";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { renderJson } from "../../../src/compressors/json/render.js";
import { tabulate } from "../../../src/compressors/json/tabular-render.js";

function rewrite(value: unknown) {
  const { root, stats } = tabulate(parseJson(JSON.stringify(value))!.root, ":");
  return { text: renderJson(root, ":"), stats };
}

describe("tabulate", () => {
  it("states the columns once for flat rows with the same keys", () => {
    const rows = Array.from({ length: 4 }, (_, i) => ({ id: i, host: `h${i}` }));
    expect(rewrite(rows).text).toBe(
      '{"_pithy_table":{"columns":["id","host"],"rows":[[0,"h0"],[1,"h1"],[2,"h2"],[3,"h3"]]}}',
    );
  });

  it("hoists a field identical in every row out of the table", () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i, region: "eu-west-1-long-region-name" }));
    const out = JSON.parse(rewrite(rows).text)._pithy_table;
    expect(out.every_row).toEqual({ region: "eu-west-1-long-region-name" });
    expect(out.columns).toEqual(["id"]);
    expect(out.rows).toEqual([[0], [1], [2], [3], [4]]);
  });

  it("factors shared fields out of nested rows, keeping them objects", () => {
    const rows = Array.from({ length: 4 }, (_, i) => ({
      file: `f${i}.js`,
      messages: [],
      errorCount: 0,
      fatalErrorCount: 0,
    }));
    const out = JSON.parse(rewrite(rows).text)._pithy_factored;
    expect(out.every_row).toEqual({ messages: [], errorCount: 0, fatalErrorCount: 0 });
    expect(out.rows).toEqual([{ file: "f0.js" }, { file: "f1.js" }, { file: "f2.js" }, { file: "f3.js" }]);
  });

  it("tabulates rows followed by a pruned top-level array's marker string, keeping it last", () => {
    const marker = `[[pithy:${"0".repeat(32)} JSON pruned: 1 long strings cut]]`;
    const rows = [...Array.from({ length: 4 }, (_, i) => ({ name: `p${i}`, version: `1.${i}.0` })), marker];
    const out = JSON.parse(rewrite(rows).text)._pithy_table;
    expect(out.columns).toEqual(["name", "version"]);
    expect(out.rows).toEqual([["p0", "1.0.0"], ["p1", "1.1.0"], ["p2", "1.2.0"], ["p3", "1.3.0"], marker]);
  });

  it("leaves an array alone when a string among its rows is no marker", () => {
    const rows = [...Array.from({ length: 4 }, (_, i) => ({ name: `p${i}`, version: "1" })), "…(3 items omitted)"];
    expect(rewrite(rows).stats.tables).toBe(0);
  });

  it("keeps a crusher marker row in place as the marker string", () => {
    const marker = `[[pithy:${"0".repeat(32)} 9 rows omitted]]`;
    const rows = [{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }, { _pithy: marker }];
    expect(JSON.parse(rewrite(rows).text)._pithy_table.rows).toEqual([[1], [2], [3], [4], marker]);
  });

  it("leaves short arrays, mixed arrays and rows with different keys alone", () => {
    for (const value of [
      [{ a: 1 }, { a: 2 }],
      [{ a: 1 }, 2, { a: 3 }, { a: 4 }],
      [{ a: 1 }, { b: 2 }, { a: 3 }, { c: 4 }],
    ]) {
      expect(rewrite(value)).toEqual({ text: JSON.stringify(value), stats: { tables: 0, factored: 0 } });
    }
  });

  it("rewrites tables nested inside factored rows", () => {
    const inner = Array.from({ length: 4 }, (_, i) => ({ k: i }));
    const rows = Array.from({ length: 4 }, (_, i) => ({ n: i, same: "shared value here", list: inner }));
    expect(rewrite(rows).stats).toEqual({ tables: 1, factored: 1 });
  });
});
