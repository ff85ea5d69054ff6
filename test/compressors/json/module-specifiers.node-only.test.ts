import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * A real module graph: `deno info --json src/compressors/diff.ts` (deno 2.9.6)
 * over this repository, 38 modules, each named by its `specifier` and each of
 * its imports by the `specifier` it was written with and the one it resolved
 * to. Before `specifier` was an identifier key, 23 modules went behind one
 * marker with no name, and the shown ones kept their imports' source spans but
 * not which modules they import (a held-out `deno info` of the pipeline, 198
 * modules, lost the same way).
 */
const GRAPH = readFileSync(new URL("./fixtures/deno-info-json-diff.json", import.meta.url), "utf8");

interface Module {
  specifier: string;
  dependencies?: Array<{ specifier: string }>;
}

describe("a module graph", () => {
  it("names every module and every import of a shown module", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(GRAPH, { tool: "Bash" });
    expect(r.type).toBe("json");
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
    const modules = (JSON.parse(GRAPH) as { modules: Module[] }).modules;
    expect(modules.length).toBe(38);
    for (const m of modules) expect(r.output).toContain(`"specifier": ${JSON.stringify(m.specifier)}`);
    const shown = (JSON.parse(r.output) as { modules: Array<Partial<Module>> }).modules;
    for (const m of shown) {
      for (const d of m.dependencies ?? []) expect(typeof d.specifier).toBe("string");
    }
  });
});
