import { describe, expect, it } from "vitest";
import { OUTLIER_TOTAL_SHARE, standoutRows } from "../../../src/compressors/tabular/columns.js";
import { parseDelimited } from "../../../src/compressors/tabular/csv.js";
import { hasIdColumn } from "../../../src/compressors/tabular/id-column.js";
import { keepRows, type RowPolicy } from "../../../src/compressors/tabular/keep-rows.js";
import { rowRecords, type Table } from "../../../src/compressors/tabular/table.js";

const policy: RowPolicy = {
  budget: 20,
  minRows: 12,
  head: 3,
  tail: 2,
  queryTerms: [],
  distinctRows: 500,
  distinctChars: 64 * 1024,
};

function table(header: string, rows: number, row: (k: number) => string): Table {
  const lines = [header];
  for (let k = 0; k < rows; k++) lines.push(row(k));
  const parsed = parseDelimited(lines.join("\n") + "\n");
  if (parsed === null) throw new Error("not a table");
  return parsed;
}

/**
 * Field lengths like a survey's variable list: 60% 1s, 20% 2s, 10% 3s and a
 * spread-out tail (4, 5, 8, 10, 25 at 2% each), so no single value is rare
 * and the 2σ tail (10s and 25s) holds 4% of the rows.
 */
function fieldLength(k: number): number {
  const unit = k % 10;
  if (unit < 6) return 1;
  if (unit < 8) return 2;
  if (unit === 8) return 3;
  return [4, 5, 8, 10, 25][Math.floor(k / 10) % 5];
}

const variables = (rows: number) =>
  table(
    "Question,Variable Name,Field Length,Keep",
    rows,
    (k) => `${k},VAR${k},${fieldLength(k)},${k % 3 === 0 ? "No" : "Yes"}`,
  );

function keep(t: Table, extra: Partial<RowPolicy> = {}): number[] | null {
  return keepRows(t, rowRecords(t), { ...policy, ...extra });
}

describe("hasIdColumn", () => {
  it("finds a column whose values are all distinct and non-empty", () => {
    const t = table("group,name", 40, (k) => `g${k % 4},item-${k}`);
    expect(hasIdColumn(t, rowRecords(t))).toBe(true);
  });

  it("finds none when every column repeats a value or leaves one blank", () => {
    const t = table("group,name", 40, (k) => `g${k % 4},${k === 17 ? "" : `item-${k}`}`);
    expect(hasIdColumn(t, rowRecords(t))).toBe(false);
  });

  it("finds none in a table without rows", () => {
    const t = table("group,name", 3, (k) => `g${k},n${k}`);
    expect(hasIdColumn(t, new Int32Array(0))).toBe(false);
  });
});

describe("standoutRows", () => {
  it("says a lone numeric outlier sets its row apart", () => {
    const t = table("id,cpu", 120, (k) => `${k},${k === 37 ? 98.7 : (k % 4) / 10}`);
    const found = standoutRows(t, rowRecords(t), 2);
    expect([...found.rows]).toEqual([37]);
    expect(found.isAnySetApart).toBe(true);
  });

  it("keeps a 2σ tail holding more than the outlier share as standouts without setting any row apart", () => {
    const t = variables(300);
    const found = standoutRows(t, rowRecords(t), 4);
    expect(found.rows.size).toBeGreaterThan(300 * OUTLIER_TOTAL_SHARE);
    expect(found.isAnySetApart).toBe(false);
  });

  it("says a rare categorical value sets its rows apart", () => {
    const t = table("id,state", 100, (k) => `${k},${k === 5 ? "FAILED_OVER" : "RUNNING"}`);
    const found = standoutRows(t, rowRecords(t), 2);
    expect([...found.rows]).toEqual([5]);
    expect(found.isAnySetApart).toBe(true);
  });
});

describe("keepRows", () => {
  it("keeps every row of distinct entities when nothing sets one apart", () => {
    expect(keep(variables(300))).toBeNull();
  });

  it("samples the same entities once one row has an error word", () => {
    const t = table(
      "Question,Variable Name,Field Length,Keep",
      300,
      (k) => `${k},VAR${k},${fieldLength(k)},${k === 150 ? "failed" : k % 3 === 0 ? "No" : "Yes"}`,
    );
    const kept = keep(t);
    expect(kept).not.toBeNull();
    expect(kept).toContain(150);
    expect(kept!.length).toBeLessThan(300);
  });

  it("samples the same entities when a row matches the caller's query", () => {
    const kept = keep(variables(300), { queryTerms: ["var258"] });
    expect(kept).toContain(258);
    expect(kept!.length).toBeLessThan(300);
  });

  it("samples rows that are not distinct entities even when nothing sets one apart", () => {
    const t = table("batch,size,status", 200, (k) => `b${k % 50},${100 + (k % 10)},${k % 3 === 0 ? "ok" : "done"}`);
    expect(keep(t)?.length).toBeLessThanOrEqual(policy.budget);
  });

  it("keeps every row of a table no longer than the budget", () => {
    const t = table("batch,size", 20, (k) => `b${k % 5},${k === 3 ? "failed" : 1}`);
    expect(keep(t)).toBeNull();
  });
});

describe("keepRows on long tables of distinct entities", () => {
  it("keeps every row of distinct entities up to the cap, and samples past it", () => {
    const row = (k: number) => `pkg-${k},1.${k}.0,amd64,a package`;
    const short = table("name,version,arch,desc", 400, row);
    expect(keepRows(short, rowRecords(short), policy)).toBeNull();
    const long = table("name,version,arch,desc", 800, row);
    const kept = keepRows(long, rowRecords(long), policy)!;
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(799);
    expect(kept.length).toBeLessThan(40);
  });

  it("samples distinct entities past the character cap even within the row cap", () => {
    const wide = table("name,desc", 300, (k) => `pkg-${k},${"a long description ".repeat(3)}${k}`);
    expect(keepRows(wide, rowRecords(wide), policy)).toBeNull();
    expect(keepRows(wide, rowRecords(wide), { ...policy, distinctChars: 8 * 1024 })).not.toBeNull();
  });
});
