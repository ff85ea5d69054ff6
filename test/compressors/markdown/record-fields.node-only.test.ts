import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { createPithy } from "../../../src/pipeline.js";

/**
 * vitest 4.1.12's LICENSE.md as npm installs it: its own license, then one
 * `## package` section per bundled dependency, each opening with
 * `License:`, `By:` and `Repository:` fields (24 of the 27 say
 * `License: MIT`, one `ISC`, two `BSD-3-Clause`).
 */
const LICENSES = readFileSync(new URL("./fixtures/vitest-4.1.12-LICENSE.md", import.meta.url), "utf8");

describe("record fields in a Markdown list of records", () => {
  it("stay in every section, though they read like an earlier section's", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(LICENSES, { tool: "cat" });
    expect(r.output.length).toBeLessThan(LICENSES.length);
    const sections = LICENSES.split(/^## /m).slice(1);
    expect(sections.length).toBe(27);
    for (const section of sections) {
      const head = section.split("\n", 2).join("\n");
      if (!head.includes("\nLicense: ")) continue;
      expect(r.output).toContain(`## ${head}`);
    }
  });
});
