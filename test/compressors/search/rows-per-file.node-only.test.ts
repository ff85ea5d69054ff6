import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";
import { rowsByPath } from "../../support/search-rows.js";

/**
 * How a search's rows are shared out between its files, on real outputs:
 * - past the ten files that show up to five rows each, each file up to the
 *   thirtieth shows its best match (a held-out forced-colour `grep -rn
 *   --color=always -i deprecat` over express, router, depd, yargs, commander
 *   and debug lost every row of its last six files; `rg -n 'new TypeError\('`
 *   over sixteen server packages of node_modules);
 * - `rg -U` prints a multi-line match as consecutive `path:N:` rows: they are
 *   one match, kept or dropped whole (`rg -U -n 'catch \(([a-z]+)\) \{\n\s*throw'`
 *   over undici, express, body-parser, hono, openai and @langchain/core lost
 *   the `throw` rows under kept `catch` rows; `rg -U -n 'except \w+(?: as
 *   \w+)?:\n\s+(?:pass|return None)$'` over CPython 3.13's asyncio, email,
 *   http, json, logging, xml, urllib, importlib, concurrent, multiprocessing
 *   and unittest);
 * - a cut that would hide under a tenth of the output is not made (the same
 *   `rg -U` over node_modules; `rg -o -n` of version numbers in six changelogs).
 */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

describe("search: every file of a search of up to thirty files shows a row", () => {
  it.each(["grep-rn-color-deprecate-node-modules.txt", "rg-n-new-typeerror-server-packages.txt"])(
    "%s",
    async (name) => {
      const text = fixture(name);
      const rows = rowsByPath(text);
      expect(rows.size).toBeGreaterThan(10);
      expect(rows.size).toBeLessThanOrEqual(30);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.type).toBe("search");
      expect(r.action).toBe("compressed");
      for (const [path, list] of rows) {
        expect(
          list.some((row) => r.output.includes(row)),
          path,
        ).toBe(true);
      }
    },
  );
});

describe("search: an rg -U match over several lines is one match", () => {
  it("keeps each kept multi-line match whole, its continuation rows with it", async () => {
    const text = fixture("rg-U-n-except-pass-cpython.txt");
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    const lines = text.split("\n");
    let kept = 0;
    for (let i = 0; i + 1 < lines.length; i++) {
      if (!/:\d+:\s*except /.test(lines[i]) || !r.output.includes(`${lines[i]}\n`)) continue;
      kept++;
      expect(r.output).toContain(`${lines[i]}\n${lines[i + 1]}\n`);
    }
    expect(kept).toBeGreaterThan(30);
  });

  it("leaves a search whole when its caps would hide under a tenth of it", async () => {
    for (const name of ["rg-U-n-catch-rethrow-node-modules.txt", "rg-o-n-versions-changelogs.txt"]) {
      const text = fixture(name);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.output, name).toBe(text);
    }
  });
});
