import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownCompressor } from "../../../src/compressors/markdown.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * xxhash-wasm 1.1.0's README.md as npm installs it: install and usage
 * sections, then an API reference where each `### h32`, `### h64`,
 * `### Streaming` entry opens with a fenced TypeScript signature.
 */
const README = readFileSync(new URL("./fixtures/xxhash-wasm-1.1.0-README.md", import.meta.url), "utf8");

/** The first line inside every `typescript` fence: the entries' signatures. */
function signatures(text: string): string[] {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i + 1 < lines.length; i++) if (lines[i] === "```typescript") out.push(lines[i + 1]);
  return out;
}

describe("a short code block right under a heading (an API entry's signature)", () => {
  it("stays in the output for every entry of the API reference, while the README is cut", () => {
    const result = markdownCompressor.compress(compressorInput(README, { type: "markdown" }));
    expect(result).not.toBeNull();
    const out = result!.output;
    expect(out.length).toBeLessThan(README.length * 0.75);
    const sigs = signatures(README);
    expect(sigs).toContain("h32(input: string, [seed: u32]): number");
    expect(sigs).toContain("create64([seed: bigint]): XXHash<bigint>");
    expect(sigs.length).toBeGreaterThanOrEqual(9);
    const kept = new Set(out.split("\n"));
    for (const sig of sigs) expect(kept.has(sig), sig).toBe(true);
  });
});
