import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * A search with context rows (`-A`, `-B`, `-C`) whose matches the caps cut
 * shows its kept matches without their context at the default profile (the
 * context went into a third to a half of such an output); one context row
 * each side at the conservative one. Real outputs captured on this machine:
 * `grep -rn -A1 'raise NotImplementedError' asyncio` and `grep -rn -B2 'def
 * __init__' email http` (CPython 3.12.1's stdlib), `rg -n -A2 'export
 * function' src/compressors/search src/compressors/diff` (pithy at f76dd9f).
 */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

const CASES = [
  "grep-rn-A1-raise-notimplementederror-asyncio.txt",
  "grep-rn-B2-def-init-email-http.txt",
  "rg-n-A2-export-function-search-diff.txt",
];

/** `path-12-text` context rows and `path:12:text` match rows of a grep/rg output. */
const CONTEXT_ROW = /^([^:\s]+?)-\d+-/;
const MATCH_ROW = /^([^:\s]+?):\d+:/;

describe("search: a cut search's kept matches, without their context", () => {
  it.each(CASES)("%s shows match rows as printed, every file named, context behind the marker", async (name) => {
    const text = fixture(name);
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r).toMatchObject({ action: "compressed", type: "search" });
    const input = new Set(text.split("\n"));
    const out = r.output.split("\n");
    const matches = out.filter((l) => MATCH_ROW.test(l));
    expect(matches.length).toBeGreaterThanOrEqual(20);
    for (const row of matches) expect(input.has(row), row).toBe(true);
    // Context rows stay only as standouts (a line naming an error): a few at most, none with `--` alone between matches.
    expect(out.filter((l) => CONTEXT_ROW.test(l)).length).toBeLessThanOrEqual(2);
    for (const line of text.split("\n")) {
      const path = MATCH_ROW.exec(line)?.[1];
      if (path !== undefined) expect(r.output).toContain(path);
    }
    expect(r.output).toMatch(/context rows in \d+ files\]\]/);
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
  });

  it.each(CASES)("%s keeps a context row beside its kept matches at the conservative profile", async (name) => {
    const text = fixture(name);
    const pithy = await createPithy({ profile: "conservative" });
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(r.output.split("\n").filter((l) => CONTEXT_ROW.test(l)).length).toBeGreaterThan(5);
  });
});
