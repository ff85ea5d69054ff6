// A header underlined with a rule of dashes (`sqlite3 -header -column`):
// the rule is the header's, not a row. Read as a row, it took one of the
// table's first-row slots, so the third row of a result sorted by size
// (what an ORDER BY … DESC asks for) went behind the marker.
// Real outputs of sqlite3 3.40.1 (Debian 12) over this machine's package
// list (`dpkg-query -W -f '${Package}\t${Version}\t${Installed-Size}\t…'`
// imported into an in-memory table): the libs section by name (360 rows)
// and a GROUP BY of sections and priorities ordered by total size.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tabularCompressor } from "../../../src/compressors/tabular.js";
import { parseHeaderAligned } from "../../../src/compressors/tabular/aligned.js";
import { rowRecords } from "../../../src/compressors/tabular/table.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const RESULTS = [
  { name: "sqlite3-column-libs.txt", rows: 360 },
  { name: "sqlite3-column-sections.txt", rows: 54 },
];

describe("a header underlined with dashes", () => {
  for (const { name, rows } of RESULTS) {
    it(`reads ${name} as a table whose rows are its data rows alone`, () => {
      const text = fixture(name);
      expect(detect(text)).toMatchObject({ type: "tabular" });
      const table = parseHeaderAligned(text);
      expect(table).not.toBeNull();
      expect(rowRecords(table ?? (null as never)).length).toBe(rows);
    });

    it(`keeps ${name}'s header, its rule and its first three rows together`, () => {
      const text = fixture(name);
      const out = tabularCompressor.compress(compressorInput(text, { type: "tabular" }));
      const lines = text.split("\n");
      const output = out === null ? text : out.output;
      expect(output.startsWith(`${lines.slice(0, 5).join("\n")}\n`)).toBe(true);
    });
  }
});
