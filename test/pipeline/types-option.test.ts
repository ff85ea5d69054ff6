/**
 * `createPithy({ types })`: only the chosen types are compressed, the rest
 * pass through whole with reason `type_off`, and only the chosen types'
 * compressors are loaded (what a browser bundle then carries is measured in
 * bench/bundle-size.mjs).
 */
import { describe, expect, it } from "vitest";
import { CHAIN_PLAN } from "../../src/compressors/chain-plan.js";
import { loadChains } from "../../src/compressors/chain-loaders.js";
import { defaultChains } from "../../src/compressors/registry.js";
import { PithyConfigError } from "../../src/errors.js";
import { createPithy } from "../../src/pipeline.js";
import { CONTENT_TYPES } from "../../src/types.js";

const log =
  Array.from({ length: 300 }, (_, i) => `2024-05-01T10:00:00Z INFO request ${i} served in 12ms`).join("\n") +
  "\n2024-05-01T10:05:00Z ERROR database connection lost\n";
const diff = [
  "diff --git a/src/a.ts b/src/a.ts",
  "index 1111111..2222222 100644",
  "--- a/src/a.ts",
  "+++ b/src/a.ts",
  "@@ -1,400 +1,400 @@",
  ...Array.from({ length: 400 }, (_, i) =>
    i % 40 === 0 ? `-const v${i} = ${i};\n+const v${i} = ${i + 1};` : ` const c${i} = ${i};`,
  ),
].join("\n");

describe("createPithy({ types })", () => {
  it("compresses the chosen types and passes any other through whole, saying why", async () => {
    const pithy = await createPithy({ types: ["log"] });
    const logged = await pithy.compress(log);
    expect(logged.type).toBe("log");
    expect(logged.action).toBe("compressed");
    const diffed = await pithy.compress(diff);
    expect(diffed).toMatchObject({ action: "skipped", reason: "type_off", type: "diff" });
    expect(diffed.output).toBe(diff);
  });

  it("gives the same output as the full pipeline for a chosen type", async () => {
    const all = await createPithy();
    const some = await createPithy({ types: ["diff", "json"] });
    expect((await some.compress(diff)).output).toBe((await all.compress(diff)).output);
  });

  it("loads only the chosen types' compressors, as the default chains order them", async () => {
    const chains = await loadChains(new Set(["log"]));
    expect(chains.log.map((c) => c.name)).toEqual((await defaultChains()).log.map((c) => c.name));
    for (const type of CONTENT_TYPES) if (type !== "log") expect(chains[type]).toEqual([]);
  });

  it("loads every default chain when no types are given", async () => {
    const chains = await loadChains(null);
    const expected = await defaultChains();
    for (const type of CONTENT_TYPES) {
      expect(chains[type]).toEqual(expected[type]);
      expect(chains[type]).toHaveLength(CHAIN_PLAN[type].length);
    }
  });

  it("rejects what is not a non-empty list of content types at construction", async () => {
    for (const bad of [[], ["logs"], "log", [1]]) {
      await expect(createPithy({ types: bad as never })).rejects.toThrow(PithyConfigError);
    }
    await expect(createPithy({ types: ["nope" as never] })).rejects.toThrow(/"types".*json, diff, search/);
  });
});
