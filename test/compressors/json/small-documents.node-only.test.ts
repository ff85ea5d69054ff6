import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * Small JSON documents keep their nesting: a depth cap there folds what the
 * document is about, and compacting already saves most of what it can give.
 * Real nested outputs (fixtures/):
 *
 * - findmnt-J-R-dev.json: `findmnt -J -R /dev` (util-linux 2.38.1): mounts
 *   nested three deep under `children`.
 * - npm-explain-json-totalist.json: `npm explain --json totalist` in this
 *   repository (npm 11.19.1): the chain of dependents, eight levels of
 *   `dependents` / `from`, each with its version, spec and type.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("small JSON documents", () => {
  for (const file of ["findmnt-J-R-dev.json", "npm-explain-json-totalist.json"]) {
    it(`keeps every level of ${file}, only compacted`, async () => {
      const text = fixture(file);
      const pithy = await createPithy({ minTokens: 0 });
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.type).toBe("json");
      expect(r.action).toBe("compressed");
      expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.8);
      expect(JSON.parse(r.output)).toEqual(JSON.parse(text));
    });
  }
});
