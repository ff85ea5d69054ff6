import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { selectRows } from "../../../src/compressors/json/array-crush.js";
import { createPithy } from "../../../src/pipeline.js";
import { crushPolicy, rowsOf } from "./crush-support.js";

/**
 * A real `dpkg-query` listing turned into JSON by jq (Debian 12, dpkg 1.21.22,
 * jq 1.6): the 283 installed packages whose name does not start with `lib`, as
 * `{package, version}`, with `priority` only where it is not `optional`:
 *
 *     dpkg-query -W -f='${db:Status-Status}\t${Package}\t${Version}\t${Priority}\n' \
 *       | jq -R -s -c '[split("\n")[] | select(. != "") | split("\t")
 *           | select(.[0] == "installed" and (.[1] | startswith("lib") | not))
 *           | {package: .[1], version: .[2]}
 *             + (if .[3] == "optional" then {} else {priority: .[3]} end)]'
 *
 * `priority` is in 63 rows (30 required, 18 standard, 15 important): a
 * family of records, not 63 standouts.
 */
const DPKG = readFileSync(new URL("./fixtures/dpkg-query-priority.json", import.meta.url), "utf8");

const policy = crushPolicy({ budget: 15, head: 3, topScores: 5 });

describe("a field most rows lack, held by a family of rows", () => {
  it("does not keep every package of a priority that 63 of 283 packages share", () => {
    const rows = rowsOf(JSON.parse(DPKG));
    const priority = (i: number) => (JSON.parse(DPKG) as { priority?: string }[])[i].priority;
    const kept = selectRows(rows, policy)?.kept ?? [];
    expect(kept.filter((i) => priority(i) === "required").length).toBeLessThan(30);
    // The rare priorities still stand out, each row of them kept.
    expect(kept.filter((i) => priority(i) === "important").length).toBe(15);
  });

  it("names every package of the listing in the pipeline's output (a package list's `package` is its identity)", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(DPKG, { tool: "Bash" });
    for (const row of JSON.parse(DPKG) as { package: string }[]) {
      expect(r.output).toContain(`"package":"${row.package}"`);
    }
    expect(r.output).toContain('{"package":"systemd","version":"252.38-1~deb12u1","priority":"important"}');
  });

  it("keeps every row of a sparse field of repeated values while it is in at most 25 rows", () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ n: `p${i}`, ...(i % 10 === 5 ? { os: "linux" } : {}) }));
    const kept = selectRows(rowsOf(rows), policy)?.kept ?? [];
    for (let i = 5; i < 200; i += 10) expect(kept).toContain(i);
  });

  it("drops rows of a field of repeated values held by more than 25 rows and a tenth of them", () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ n: `p${i}`, ...(i % 5 === 2 ? { os: ["linux"] } : {}) }));
    const kept = selectRows(rowsOf(rows), policy)?.kept ?? [];
    expect(kept.filter((i) => i % 5 === 2).length).toBeLessThan(40);
  });

  it("still keeps every row of a sparse field of distinct numbers, a trace's durations", () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ n: `e${i}`, ...(i % 5 === 2 ? { dur: 1000 + i * 7 } : {}) }));
    const kept = selectRows(rowsOf(rows), policy)?.kept ?? [];
    for (let i = 2; i < 200; i += 5) expect(kept).toContain(i);
  });
});
