import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * A real `git grep -n -W ERROR_RE` over this repository: whole functions as
 * context (`path-NN-`) around the matches, among them the salience pass's own
 * regexes, whose rows quote `Segmentation fault` and `Cannot` as a crash and
 * an error would print them. The guardrail reads those rows as errors; the
 * search must keep them, or the whole result passes through uncompressed.
 */
const GREP = readFileSync(new URL("./fixtures/git-grep-W-error-re.txt", import.meta.url), "utf8");

describe("a search keeps the rows the salience pass reads as errors", () => {
  it("compresses a function-context search whose context quotes crash messages, keeping those rows and every file", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(GREP, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
    expect(r.output).toContain("/Segmentation fault|core dumped|\\bAborted\\b/.source,");
    expect(r.output).toContain("/^(?:[Ee]rror|Failed|Fatal|Cannot|Could not|Unable to)\\b/.source,");
    for (const file of [
      "src/compressors/log/outline.ts",
      "src/compressors/tabular/signals.ts",
      "src/fidelity/salient.ts",
    ]) {
      expect(r.output).toContain(file);
    }
  });
});
