import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { createPithy } from "../../../src/pipeline.js";

/**
 * A real `rg -c --include-zero --sort path 'Symbol\.asyncIterator' @types/node
 * undici-types typescript/lib`: `path:N` for each of 235 files searched, 211
 * of them `:0`.
 */
const COUNTS = readFileSync(new URL("./fixtures/rg-c-include-zero-async-iterator.txt", import.meta.url), "utf8");

describe("a count listing with zeros (grep -c, rg -c --include-zero)", () => {
  it("keeps every row with a count as printed and counts the zero rows behind one marker", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(COUNTS, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 4);
    const counted = COUNTS.split("\n").filter((line) => line !== "" && !line.endsWith(":0"));
    expect(counted).toHaveLength(24);
    expect(r.output.split("\n").slice(0, counted.length)).toEqual(counted);
    expect(r.output).not.toContain("@types/node/assert.d.ts:0");
    const markers = parseMarkers(r.output);
    expect(markers).toHaveLength(1);
    expect(markers[0].summary).toContain("211 files with a count of 0");
  });

  it("leaves a count listing without zeros alone (every row is a file found)", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const found =
      COUNTS.split("\n")
        .filter((line) => line !== "" && !line.endsWith(":0"))
        .join("\n") + "\n";
    const r = await pithy.compress(found, { tool: "Bash" });
    expect(r.output).toBe(found);
  });
});
