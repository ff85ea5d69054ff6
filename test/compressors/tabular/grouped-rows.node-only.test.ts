// A table sorted by a column with few values (numpy's validation data by dtype, a package list by
// priority) is a run of groups: the first row of each group shows what the group looks like.
// Before, a sampled numpy table showed float32 rows only, though its last 285 rows are float64.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

const TABLES = [
  // `head -n 1000 umath-validation-set-sinh.csv` of numpy 2.4.6's test data: dtype, input, output, ulp.
  ["numpy-umath-sinh-head1000.csv", 0],
  // `head -n 1000 umath-validation-set-sin.csv`: the same, with `## +ve denormals ##` section lines among the rows.
  ["numpy-umath-sin-head1000.csv", 0],
  // `dpkg-query -W -f='${Priority},${Section},${Package},${Version}\n' | sort` under its header.
  ["dpkg-query-priority-section-sorted.csv", 0],
] as const;

describe("tables grouped by a column", () => {
  for (const [name, column] of TABLES) {
    it(`keeps the first row of every group of ${name}`, async () => {
      const text = fixture(name);
      const rows = text
        .split("\n")
        .slice(1)
        .filter((l) => l !== "" && !l.startsWith("#"));
      const firsts = rows.filter((row, k) => k > 0 && row.split(",")[column] !== rows[k - 1].split(",")[column]);
      expect(firsts.length).toBeGreaterThan(0);
      const r = await (await createPithy()).compress(text, { tool: "Bash", filename: name });
      expect(r.action).toBe("compressed");
      for (const row of firsts) expect(r.output).toContain(row);
    });
  }
});
