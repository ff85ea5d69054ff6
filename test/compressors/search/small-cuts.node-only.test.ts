import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";
import { rowsByPath } from "../../support/search-rows.js";

/**
 * `rg -o -n` prints one short row per match (`12:v1.0.3`). A file with one
 * match more than the per-file cap lost that one row behind the marker and
 * gained a `(6 matches, 5 shown)` note, which cost more than the row (a
 * held-out `rg -o` of GitHub issue URLs lost its cliui row so). Real outputs
 * over the changelogs in this repository's node_modules:
 * `rg -o -n '\bv?[0-9]+\.[0-9]+\.[0-9]+\b' side-channel-map/CHANGELOG.md …
 * hasown/CHANGELOG.md` and `rg -o -n 'https://github\.com/[^ )>\]]+/(?:issues|pull)/[0-9]+'
 * pkce-challenge/CHANGELOG.md ai/CHANGELOG.md yargs/CHANGELOG.md
 * langsmith/CHANGELOG.md openai/CHANGELOG.md`.
 */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

// rg-o-n-versions-changelogs.txt, once a case here, now stays whole: its caps hid
// under a tenth of it (see whole-search.node-only.test.ts).
const CASES = [["rg-o-n-github-issue-urls-changelogs.txt", ["ai/CHANGELOG.md"]]] as const;

describe("search: a cut that hides less than it costs", () => {
  it.each(CASES)("keeps every short row of the files of %s one row past the cap", async (name, whole) => {
    const text = fixture(name);
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.action).toBe("compressed");
    const rows = rowsByPath(text);
    for (const path of whole) {
      expect(rows.get(path)?.length).toBe(6);
      for (const row of rows.get(path) ?? []) expect(r.output).toContain(row);
      expect(r.output).not.toContain(`${path} (6 matches, 5 shown)`);
    }
    // The long lists are still cut, every file named.
    expect(r.output).toMatch(/\(\d+ matches, 5 shown\)/);
    for (const path of rows.keys()) expect(r.output).toContain(path);
  });
});
