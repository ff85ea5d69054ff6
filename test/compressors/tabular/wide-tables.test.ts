import { describe, expect, it } from "vitest";
import { parseHeaderAligned } from "../../../src/compressors/tabular/aligned.js";
import { parseDelimited } from "../../../src/compressors/tabular/csv.js";
import { describeOmitted } from "../../../src/compressors/tabular/describe.js";
import { hasProseColumn } from "../../../src/compressors/tabular/near-duplicates.js";
import { MAX_TABLE_COLUMNS, rowRecords, type Table } from "../../../src/compressors/tabular/table.js";

/** A TSV of `rows` rows: `empty` empty cells, then the cells `last(i)` gives row i. */
function wideTsv(rows: number, empty: number, last: (i: number) => string[]): Table {
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) lines.push([..."\t".repeat(empty - 1).split("\t"), ...last(i)].join("\t"));
  return parseDelimited(`${lines.join("\n")}\n`) as Table;
}

describe("tabular checks on wide tables (each stops reading a column once it cannot pass)", () => {
  it("finds a header whose numbers column reaches 80% only in its last rows", () => {
    const body = (text: number) =>
      Array.from({ length: 10 }, (_, i) => `${"x\t".repeat(30)}${i < text ? "word" : String(i)}`).join("\n");
    const header = `${"h\t".repeat(30)}count`;
    expect(parseDelimited(`${header}\n${body(2)}\n`)?.header).toBe(0);
    expect(parseDelimited(`${header}\n${body(3)}\n`)?.header).toBe(-1);
  });

  it("finds the prose column after hundreds of empty ones, its prose in the second half of the rows", () => {
    const subject = (i: number) => (i < 10 ? "x" : `fix the parser for case ${i}`);
    const table = wideTsv(20, 300, (i) => [String(i), subject(i)]);
    expect(hasProseColumn(table, rowRecords(table))).toBe(true);
    const thin = wideTsv(20, 300, (i) => [String(i), i < 11 ? "x" : subject(i)]);
    expect(hasProseColumn(thin, rowRecords(thin))).toBe(false);
  });

  it("names a value every omitted row shares after hundreds of empty columns, and no value only the first has", () => {
    const table = wideTsv(12, 300, (i) => [i === 0 ? "solo" : "other", "shared"]);
    const dropped = Array.from(rowRecords(table));
    expect(describeOmitted(table, dropped.length, dropped)).toBe("12 of 12 rows omitted: all column 302=shared");
    expect(describeOmitted(table, 0, [])).toBe("0 of 0 rows omitted");
  });
});

describe("tables wider than MAX_TABLE_COLUMNS are not read by their columns", () => {
  const rows = (cells: number, sep: string) =>
    `${Array.from({ length: 6 }, (_, r) => Array.from({ length: cells }, (_, c) => `${r}${c}`).join(sep)).join("\n")}\n`;

  it("reads a TSV of exactly the widest width, and not one a column wider", () => {
    expect(parseDelimited(rows(MAX_TABLE_COLUMNS, "\t"))?.columns.length).toBe(MAX_TABLE_COLUMNS);
    expect(parseDelimited(rows(MAX_TABLE_COLUMNS + 1, "\t"))).toBeNull();
  });

  it("does not read lines of a thousand pipes as a header-aligned table (a rule line under a 'header' of pipes)", () => {
    const pipes = `| ${"| ".repeat(1000)}`;
    expect(parseHeaderAligned(`${pipes}\n`.repeat(20))).toBeNull();
    const narrow = `| ${"| ".repeat(20)}`;
    expect(parseHeaderAligned(`${narrow}\n`.repeat(20))).not.toBeNull();
  });
});
