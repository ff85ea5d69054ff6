import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { hasMarker } from "../../../src/ccr/marker.js";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";

/**
 * Real `diff -c` and plain `diff` runs over p-timeout 3.2.0's and 7.0.2's
 * index.d.ts, as npm installed the two side by side: the context format
 * (`***` / `---` headers, `***************`, `*** 1,72 ****`, `!` lines) and
 * GNU diff's default, the normal format (`1c1`, `<` / `>` lines, `---`).
 * Neither has a `@@` line, so both used to read as prose, whose cleaning
 * squeezes the tabs and spaces of the lines it keeps.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const CONTEXT = fixture("p-timeout-3-vs-7-index-d-ts-diff-c.diff");
const NORMAL = fixture("p-timeout-3-vs-7-index-d-ts-diff-normal.diff");

describe("the diff formats GNU diff writes without -u", () => {
  it("reads diff -c output as a diff", () => {
    expect(detect(CONTEXT).type).toBe("diff");
  });

  it("reads plain diff output as a diff", () => {
    expect(detect(NORMAL).type).toBe("diff");
  });

  it("keeps every line it shows byte for byte, indentation included", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    for (const text of [CONTEXT, NORMAL]) {
      const r = await pithy.compress(text, { tool: "diff" });
      const input = new Set(text.split("\n"));
      for (const line of r.output.split("\n")) if (!hasMarker(line)) expect(input.has(line)).toBe(true);
    }
  });
});
