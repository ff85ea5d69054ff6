// psql's aligned results: a header, a `----+----` rule, rows split by `|`,
// a `(N rows)` footer and a blank line. The rule, the footer and the blank
// line are the table's frame, not rows: the last row above the footer is
// the table's last (a sample keeps it), and no blank row hides an id
// column. Real outputs of psql 15.18 against a throwaway cluster
// (/work/heldout-hdoc3/drivers/postgres-describe.sh).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tabularCompressor } from "../../../src/compressors/tabular.js";
import { parseDelimited } from "../../../src/compressors/tabular/csv.js";
import { rowRecords } from "../../../src/compressors/tabular/table.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
// 40 customers, one row each (an id column); 50 settings whose context column has a few rare values.
const RESULTS = [
  { name: "psql-query-aligned-customers.txt", rows: 40, last: " 40 | user40@example.org |" },
  { name: "psql-pg-settings-log.txt", rows: 50, last: " logical_decoding_work_mem             | 65536 " },
];

describe("psql aligned results", () => {
  for (const { name, rows, last } of RESULTS) {
    it(`routes ${name} as a table whose rows are its data rows alone`, () => {
      const text = fixture(name);
      expect(detect(text)).toMatchObject({ type: "tabular" });
      const table = parseDelimited(text);
      expect(table?.delimiter).toBe("|");
      expect(rowRecords(table ?? (null as never)).length).toBe(rows);
    });

    it(`keeps ${name}'s header, rule, last row and footer`, () => {
      const text = fixture(name);
      const out = tabularCompressor.compress(compressorInput(text, { type: "tabular" }));
      const output = out?.output ?? text;
      const lines = text.split("\n");
      expect(output).toContain(lines[1]);
      expect(output).toContain(`(${rows} rows)\n`);
      expect(output).toContain(last);
      expect(output.length).toBeLessThanOrEqual(text.length);
    });
  }

  it("keeps a result of distinct rows whole, as printed, with no constant column cut from under its rule", () => {
    const text = fixture(RESULTS[0].name);
    const out = tabularCompressor.compress(compressorInput(text, { type: "tabular" }));
    expect(out?.output).toBe(text);
  });

  it("samples the settings, keeping rows that stand out by a rare context", () => {
    const text = fixture(RESULTS[1].name);
    const output = tabularCompressor.compress(compressorInput(text, { type: "tabular" }))?.output ?? "";
    expect(output.length).toBeLessThan(text.length * 0.6);
    expect(output).toContain(" logical_decoding_work_mem             | 65536                          | kB   | user");
  });
});
