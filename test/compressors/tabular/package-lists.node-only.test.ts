// `apt list --installed` (apt 2.6.1, Debian 12; 830 packages one a line after
// apt's CLI warning on stderr), captured on the development machine. Every row
// is a distinct package an agent may ask about, so every row stays visible.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/index.js";

const aptList = readFileSync(new URL("fixtures/apt-list-installed.txt", import.meta.url), "utf8");

describe("package lists", () => {
  it("keeps every package of apt list --installed visible, the upgradable and local ones included", async () => {
    const pithy = await createPithy();
    const result = await pithy.compress(aptList, { tool: "Bash" });
    const rows = aptList.split("\n").filter((l) => /^[a-z0-9][a-z0-9+.-]*\/\S+ \S+ \S+ \[/.test(l));
    expect(rows.length).toBe(830);
    for (const row of rows) expect(result.output).toContain(row);
    expect(result.output).toContain("WARNING: apt does not have a stable CLI interface. Use with caution in scripts.");
  });
});
