import { describe, expect, it } from "vitest";
import { parseDelimited } from "../../../src/compressors/tabular/csv.js";
import { cellValue, rowRecords, type Table } from "../../../src/compressors/tabular/table.js";

function records(table: Table): string[] {
  const out: string[] = [];
  for (let r = 0; r < table.recordCount; r++) out.push(table.text.slice(table.recordStart[r], table.recordEnd[r]));
  return out;
}

function cells(table: Table, r: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < table.fieldOffset[r + 1] - table.fieldOffset[r]; c++) out.push(cellValue(table, r, c));
  return out;
}

describe("parseDelimited", () => {
  it("reads a quoted field holding the delimiter, an embedded newline and doubled quotes", () => {
    const text = 'id,note,size\n1,"plain",10\n2,"a, b\nsecond ""line""",20\n3,x,30\n';
    const table = parseDelimited(text) as Table;
    expect(table.delimiter).toBe(",");
    expect(records(table)).toEqual(["id,note,size", '1,"plain",10', '2,"a, b\nsecond ""line""",20', "3,x,30"]);
    expect(cells(table, 2)).toEqual(["2", 'a, b\nsecond "line"', "20"]);
  });

  it("names columns from a header row above numeric data", () => {
    const table = parseDelimited("name,count\nalpha,1\nbeta,2\ngamma,3\n") as Table;
    expect(table.header).toBe(0);
    expect(table.columns).toEqual(["name", "count"]);
    expect(rowRecords(table).length).toBe(3);
  });

  it("treats a headerless file's first row as data", () => {
    const table = parseDelimited('"00501","+40.9","NY"\n"00544","+40.9","NY"\n"00601","+18.1","PR"\n') as Table;
    expect(table.header).toBe(-1);
    expect(table.columns).toEqual(["column 1", "column 2", "column 3"]);
    expect(cells(table, 0)).toEqual(["00501", "+40.9", "NY"]);
  });

  it("splits CRLF records and joins with CRLF", () => {
    const table = parseDelimited("a,b\r\n1,2\r\n3,4\r\n5,6\r\n") as Table;
    expect(table.separator).toBe("\r\n");
    expect(table.endsWithSeparator).toBe(true);
    expect(records(table)).toEqual(["a,b", "1,2", "3,4", "5,6"]);
  });

  it("splits records on bare CR when the text has no LF", () => {
    const table = parseDelimited("Question,Keep\r0,Yes\r1,No\r2,Later") as Table;
    expect(table.separator).toBe("\r");
    expect(table.endsWithSeparator).toBe(false);
    expect(records(table)).toEqual(["Question,Keep", "0,Yes", "1,No", "2,Later"]);
  });

  it("keeps a bare CR inside a record when the text has LF line ends", () => {
    const table = parseDelimited("a,b\n1,x\ry\n2,z\n3,w\n") as Table;
    expect(records(table)[1]).toBe("1,x\ry");
  });

  it("reads TSV, where a quote inside a subject is plain text", () => {
    const text = 'abc1234\tAnn\tRevert "fix"\nabc1235\tBob\tAdd "x" and "y"\nabc1236\tAnn\tplain\n';
    const table = parseDelimited(text) as Table;
    expect(table.delimiter).toBe("\t");
    expect(cells(table, 1)).toEqual(["abc1235", "Bob", 'Add "x" and "y"']);
  });

  it("declines prose and text without a consistent field count", () => {
    expect(parseDelimited("Hello there, world.\nNothing here\nat all, really, no.\n")).toBeNull();
    expect(parseDelimited("")).toBeNull();
  });
});
