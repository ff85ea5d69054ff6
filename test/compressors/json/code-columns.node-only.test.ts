import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * Real code tables: Debian's iso-codes 4.15.0 data files pretty-printed by
 * Python 3.11's json.tool (`python3 -m json.tool /usr/share/iso-codes/json/iso_639-2.json`,
 * and `iso_15924.json`). Records are named by a code column (`alpha_3`,
 * `alpha_4`) that no identifier word matches, while their `name` is a label
 * with spaces: a dropped record's stub must still show its code.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

const CASES = [
  { file: "iso-639-2-json-tool.json", root: "639-2", code: "alpha_3" },
  { file: "iso-15924-json-tool.json", root: "15924", code: "alpha_4" },
] as const;

describe("code columns of a table of records", () => {
  for (const { file, root, code } of CASES) {
    it(`keeps every record's ${code} of ${file}, in valid JSON`, async () => {
      const text = fixture(file);
      const pithy = await createPithy({ minTokens: 0 });
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.type).toBe("json");
      expect(r.action).toBe("compressed");
      expect(() => JSON.parse(r.output)).not.toThrow();
      const records = (JSON.parse(text) as Record<string, Array<Record<string, string>>>)[root];
      const body = (JSON.parse(r.output) as Record<string, unknown>)[root];
      if (!Array.isArray(body)) {
        // Stubs that are whole records leave nothing dropped: the lossless table of every record, no marker.
        expect(r.output).not.toContain("[[pithy:");
        const table = (body as { _pithy_table: { columns: string[]; rows: string[][] } })._pithy_table;
        const at = table.columns.indexOf(code);
        expect(table.rows.map((row) => row[at])).toEqual(records.map((rec) => rec[code]));
        return;
      }
      // Every record shown (whole or as its stub) names its code; past the stub
      // budget (300) the rest are grouped under a note naming the first and last.
      const shown = body.filter(
        (row): row is Record<string, string> => typeof row === "object" && row !== null && !("_pithy" in row),
      );
      expect(shown.filter((row) => !(code in row))).toEqual([]);
      expect(shown.length).toBeGreaterThanOrEqual(Math.min(records.length, 300));
      expect(r.tokensOut).toBeLessThan(r.tokensIn);
    });
  }

  it("leaves stubs alone when a naming key is already a code (a package list's name)", async () => {
    const { codeColumns } = await import("../../../src/compressors/json/stubs.js");
    const { IdentifierKeys } = await import("../../../src/compressors/json/identifier-keys.js");
    const { JsonObject } = await import("../../../src/compressors/json/tree.js");
    const rows = ["a", "b", "c"].map((n, i) => new JsonObject(['"name"', '"sku"'], [`"${n}"`, `"S${i}"`]));
    expect(codeColumns(rows.length, (r) => rows[r], new IdentifierKeys())).toEqual([]);
    const labelled = ["x y", "y z", "z w"].map((n, i) => new JsonObject(['"name"', '"sku"'], [`"${n}"`, `"S${i}"`]));
    expect(codeColumns(labelled.length, (r) => labelled[r], new IdentifierKeys())).toEqual(['"sku"']);
  });
});
