import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { createPithy } from "../../../src/pipeline.js";

const read = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

// Two real `dpkg-query -W -f` inventories (dpkg 1.21.22, Debian 12), TSV without a header, one
// package a row keyed by its name: every installed package with five fields (893 rows, 800 of them
// `optional`), and the `lib[a-m]*` packages dpkg knows with four (486 rows, not-installed ones with
// empty fields). Sampling keeps the rows that stand out; before, the marker over the other 800
// named only the first and last, so whether `libp11-kit0` was installed took a recall.
const INVENTORIES = [
  { name: "dpkg-query-five-fields.tsv", rows: 893 },
  { name: "dpkg-query-lib-a-m.tsv", rows: 486 },
];

describe("a delimited inventory keyed by name", () => {
  it("lists every omitted row's name under its marker, each on a line of its own", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    for (const inventory of INVENTORIES) {
      const text = read(inventory.name);
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.action).toBe("compressed");
      expect(r.output).toContain("(keys listed)");
      const rows = text.split("\n").slice(0, -1);
      expect(rows.length).toBe(inventory.rows);
      const shown = new Set(r.output.split("\n"));
      for (const row of rows) {
        const name = row.split("\t")[0];
        // A row is kept whole, or listed by its name (with its version when that fits).
        const listed = shown.has(row) || shown.has(name) || shown.has(row.split("\t").slice(0, 2).join("\t"));
        expect(listed, row).toBe(true);
      }
      expect(r.output.length).toBeLessThan(text.length * 0.7);
      expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
    }
  });

  it("is left alone when compressed again", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    const first = await pithy.compress(read("dpkg-query-lib-a-m.tsv"), { tool: "Bash" });
    const second = await pithy.compress(first.output, { tool: "Bash" });
    expect(second.output).toBe(first.output);
  });
});
