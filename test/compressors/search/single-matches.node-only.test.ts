import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";
import { rowsByPath } from "../../support/search-rows.js";

/**
 * A file of one match shows that match, wherever it falls among the files: its
 * row costs little more than the `path (1 match)` line it replaces. Real
 * outputs: `rg -n -w error` over the openai and anthropic SDKs' internals (43
 * files, 17 of one match), and the corpus's `rg -n "throw new TypeError"`
 * over node_modules (its files past the thirtieth were named by count only).
 */
const outputs = {
  sdks: readFileSync(new URL("./fixtures/rg-n-w-error-openai-anthropic-internal.txt", import.meta.url), "utf8"),
  typeerror: readFileSync(
    new URL("../../corpus/cases/search/node_modules-rg-n-throw-new-typeerror.txt", import.meta.url),
    "utf8",
  ),
};

/** The row of each file with exactly one `path:N:` row. */
function singleRows(text: string): Map<string, string> {
  const singles = new Map<string, string>();
  for (const [path, rows] of rowsByPath(text)) if (rows.length === 1) singles.set(path, rows[0]);
  return singles;
}

describe("a search's files of one match", () => {
  it("show their row, not a count, when it is short", async () => {
    const pithy = await createPithy();
    for (const [name, text] of Object.entries(outputs)) {
      const result = await pithy.compress(text, { tool: "Bash" });
      expect(result.type, name).toBe("search");
      expect(result.action, name).toBe("compressed");
      const singles = singleRows(text);
      expect(singles.size, name).toBeGreaterThan(10);
      for (const [path, row] of singles) {
        if (row.length > 160) continue;
        expect(result.output, name).toContain(row);
        expect(result.output, name).not.toContain(`${path} (1 match)`);
      }
    }
  });

  it("keep a long row's file by its count (a minified line is no short read)", async () => {
    const pithy = await createPithy();
    const long = `vendor/a.min.js:1:${"x".repeat(400)}throw new TypeError("a")`;
    const files = Array.from({ length: 40 }, (_, i) =>
      Array.from({ length: 6 }, (_, j) => `src/m${i}.js:${j + 10}:  throw new TypeError("bad ${i} ${j}")`).join("\n"),
    );
    const result = await pithy.compress(`${files.join("\n")}\n${long}\n`, { tool: "Bash" });
    expect(result.output).toContain("vendor/a.min.js (1 match)");
  });
});
