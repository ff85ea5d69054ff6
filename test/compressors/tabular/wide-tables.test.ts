import { describe, expect, it } from "vitest";
import { parseDelimited } from "../../../src/compressors/tabular/csv.js";
import { describeOmitted } from "../../../src/compressors/tabular/describe.js";
import { hasProseColumn } from "../../../src/compressors/tabular/near-duplicates.js";
import { rowRecords, type Table } from "../../../src/compressors/tabular/table.js";

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
