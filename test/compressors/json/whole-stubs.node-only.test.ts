import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * A real package listing of only names and versions: `dpkg-query` turned into
 * JSON by jq (Debian 12, dpkg 1.21.22, jq 1.6), the 283 installed packages
 * whose name does not start with `lib`:
 *
 *     dpkg-query -W -f='${db:Status-Status}\t${Package}\t${Version}\n' \
 *       | jq -R -s -c '[split("\n")[] | select(. != "") | split("\t")
 *           | select(.[0] == "installed" and (.[1] | startswith("lib") | not))
 *           | {name: .[1], version: .[2]}]'
 *
 * Past the array cap each record shows as its naming stub, which here is the
 * whole record: nothing is dropped, so the array stays whole, every record as
 * written (`{"name":…,"version":…}`), and there is nothing to save.
 */
const LISTING = readFileSync(new URL("./fixtures/dpkg-query-name-version.json", import.meta.url), "utf8");

describe("records whose naming stub is all of them", () => {
  it("keeps every package of a name-and-version listing whole, with no marker", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(LISTING, { tool: "Bash" });
    expect(r.type).toBe("json");
    expect(r.output).not.toContain("[[pithy:");
    const original = JSON.parse(LISTING) as Array<{ name: string; version: string }>;
    for (const p of original) expect(r.output).toContain(JSON.stringify(p));
  });
});
