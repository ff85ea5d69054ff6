import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";
import { selectRows } from "../../../src/compressors/json/array-crush.js";
import { crushPolicy, rowsOf } from "./crush-support.js";

/**
 * A real SPDX 2.3 SBOM (`npm sbom --sbom-format spdx` in a scratch project
 * after `npm i serve-static@1.14.1`): 22 packages, 19 of them
 * `"licenseDeclared": "MIT"` and 3 `"ISC"` (the project itself, inherits,
 * setprototypeof). A column of few values with one dominant one is a
 * category, whatever its name: its rare values set their records apart.
 */
const SPDX = readFileSync(new URL("./fixtures/npm-sbom-spdx-serve-static.json", import.meta.url), "utf8");

describe("rare values of a category column", () => {
  it("keeps every package whose declared license is not the common one", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(SPDX, { tool: "Bash" });
    expect(r.type).toBe("json");
    expect(r.tokensOut).toBeLessThan(r.tokensIn);
    expect(r.output.split('"licenseDeclared": "ISC"').length - 1).toBe(3);
    for (const name of ["hsrc-npm4-servestatic1", "inherits", "setprototypeof"]) {
      expect(r.output).toMatch(new RegExp(`\\{"name": "${name}",[^{}]*"licenseDeclared": "ISC"`));
    }
  });

  it("reads a small nested value as one value: the one record of another license array among many", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      note: `n${i}`,
      licenses: [{ license: { id: i === 30 ? "BSD-3-Clause" : "MIT" } }],
    }));
    const selection = selectRows(rowsOf(rows), crushPolicy({ budget: 15, head: 3, topScores: 5 }));
    expect(selection?.kept).toContain(30);
  });
});
