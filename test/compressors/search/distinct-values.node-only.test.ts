import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * `grep -o` and `rg -o` print each match alone, a value per row
 * (`process.env.NODE_ENV`): in a bundle the same value comes back dozens of
 * times, and the distinct values are what the search found. A held-out `grep
 * -rnob 'process\.env\.[A-Z_]*'` over undici, debug, semver, ws and vite's
 * node chunk showed five of the chunk's 74 rows and lost 16 of its 21
 * variables. Real outputs in this repository's node_modules: that one, and
 * `rg -o -n 'process\.env\.[A-Z_]+' vitest/dist esbuild/lib
 * typescript/lib/tsc.js vite/dist/node rolldown/dist @vitest`.
 */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

/** Per path, each distinct value (a byte offset aside) and the rows printing it. */
function valuesByPath(text: string): Map<string, Map<string, string[]>> {
  const byPath = new Map<string, Map<string, string[]>>();
  for (const line of text.split("\n")) {
    const m = /^(.+?):\d+:(?:\d+:)?(process\.env\.\w*)$/.exec(line);
    if (m === null) continue;
    const values = byPath.get(m[1]) ?? new Map<string, string[]>();
    values.set(m[2], [...(values.get(m[2]) ?? []), line]);
    byPath.set(m[1], values);
  }
  return byPath;
}

describe("search: the distinct values of an -o search", () => {
  it.each(["grep-rnob-process-env-node-modules.txt", "rg-o-n-process-env-bundles.txt"])(
    "show each file's every distinct value once, its repeats behind the marker (%s)",
    async (name) => {
      const text = fixture(name);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.type).toBe("search");
      expect(r.action).toBe("compressed");
      let repeated = 0;
      for (const [path, values] of valuesByPath(text)) {
        for (const [value, rows] of values) {
          expect(
            rows.some((row) => r.output.includes(`${row}\n`)),
            `${path} ${value}`,
          ).toBe(true);
          if (rows.length > 1) repeated++;
        }
      }
      expect(repeated).toBeGreaterThan(3);
    },
  );
});
