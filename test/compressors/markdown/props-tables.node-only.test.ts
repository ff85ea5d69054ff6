import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownCompressor } from "../../../src/compressors/markdown.js";
import { createPithy } from "../../../src/pipeline.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Two API reference pages of the ai package (6.0.325, docs/07-reference as
 * npm installs them), in MDX: each parameter and return value is an entry
 * of a `<PropertiesTable content={[{ name: …, type: …, description: … }]} />`
 * component, hundreds of lines of JavaScript under `### Parameters` and
 * `### Returns`. The whole component was one HTML block, collapsed behind a
 * marker: every name went.
 */
const PAGES = ["ai-6.0.325-reference-tool-loop-agent.mdx", "ai-6.0.325-reference-stream-ui.mdx"];
const page = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

/** The `name:` lines of the top-level entries of every props table (the shallowest indent of each component). */
function entryNames(text: string): string[] {
  const names: string[] = [];
  for (const block of text.split(/\n(?=<PropertiesTable)/).slice(1)) {
    const lines = block.split("\n").filter((l) => /^ +name: '/.test(l));
    const indent = Math.min(...lines.map((l) => l.search(/\S/)));
    for (const l of lines) if (l.search(/\S/) === indent) names.push(l);
  }
  return names;
}

describe("an MDX props table (a component's array of named entries)", () => {
  for (const name of PAGES) {
    it(`keeps every entry's name of ${name} while its descriptions are cut`, () => {
      const text = page(name);
      const out = markdownCompressor.compress(compressorInput(text, { type: "markdown" }));
      expect(out).not.toBeNull();
      const output = out?.output ?? "";
      expect(output.length).toBeLessThan(text.length * 0.8);
      const names = entryNames(text);
      expect(names.length).toBeGreaterThanOrEqual(20);
      const kept = new Set(output.split("\n"));
      for (const n of names) expect(kept.has(n), n).toBe(true);
    });
  }

  it("keeps the type line that follows an entry's name", () => {
    const output = markdownCompressor.compress(compressorInput(page(PAGES[0]), { type: "markdown" }))?.output ?? "";
    expect(output).toContain("      name: 'model',\n      type: 'LanguageModel',\n");
  });

  it("compresses through the pipeline and recalls the original", async () => {
    for (const name of PAGES) {
      const text = page(name);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Read", filename: name });
      expect(r, name).toMatchObject({ action: "compressed", type: "markdown" });
      for (const n of entryNames(text)) expect(r.output, n).toContain(n);
      expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
    }
  });
});
