// A search of one file prints no path: `grep -n PATTERN FILE` and
// `rg -n PATTERN FILE` give `N:text` rows (`N-text` context, `--` between
// groups). Real outputs over files in node_modules, captured as they came.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

describe("a search of one file", () => {
  it("routes grep -n over one file as search", () => {
    // grep -n "Error" node_modules/typescript/lib/typescript.d.ts (typescript 5.9.3): it routed as code, kept verbatim.
    expect(detect(fixture("grep-n-one-file-typescript-d-ts.txt")).type).toBe("search");
    // grep -n "Error" node_modules/undici-types/errors.d.ts
    expect(detect(fixture("grep-n-one-file-undici-errors.txt")).type).toBe("search");
  });

  it("routes rg -n -C1 over one file, context rows and group breaks included, as search", () => {
    // rg -n -C1 "throw new" node_modules/playwright-core/lib/serverRegistry.js (ripgrep 13)
    expect(detect(fixture("rg-n-C1-one-file-playwright.txt")).type).toBe("search");
  });

  it("does not take a file read whole with its numbers (no line skipped) for a search", () => {
    // grep -n "" node_modules/undici-types/errors.d.ts | head -40
    expect(detect(fixture("grep-n-empty-pattern-head.txt")).type).not.toBe("search");
  });

  it("compresses such a search and shows its first match and others with their line numbers", async () => {
    const text = fixture("grep-n-one-file-typescript-d-ts.txt");
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r).toMatchObject({ action: "compressed", type: "search" });
    const input = new Set(text.split("\n"));
    const shown = r.output.split("\n").filter((l) => /^\d+:/.test(l));
    expect(shown[0]).toBe(text.slice(0, text.indexOf("\n")));
    expect(shown.length).toBeGreaterThanOrEqual(5);
    for (const row of shown) expect(input.has(row), row).toBe(true);
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
  });
});
