// A short list of paths passes whole: each line is a path an agent may open or quote back, and
// the outline showed paths past a directory's first three only as names in a note.
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";
import { shortPathsCompressor } from "../../../src/compressors/listing/short-paths.js";
import { ownCase } from "../../support/listing.js";
import { compressorInput } from "../../support/compressor-input.js";

describe("short path lists", () => {
  // `find node_modules/ajv -name '*.js'`-style walks of the own corpus: every path stays as printed.
  for (const id of ["tabular-find-ajv", "tabular-find-ls-vitest"]) {
    it(`passes the find walk ${id} whole, every path as printed`, async () => {
      const { text } = await ownCase(id);
      const r = await (await createPithy()).compress(text, { tool: "Bash" });
      expect(r.output).toBe(text);
    });
  }

  it("claims the list as it is, so no later link of the tabular chain cuts it", () => {
    const text = `${Array.from({ length: 40 }, (_, i) => `src/dir-${i >> 3}/file-${i}.ts`).join("\n")}\n`;
    expect(shortPathsCompressor.compress(compressorInput(text, { type: "tabular" }))).toEqual({
      output: text,
      lossy: false,
      final: true,
    });
  });

  it("leaves longer lists, other text and lossless mode to the chain", () => {
    const long = `${Array.from({ length: 4000 }, (_, i) => `src/dir-${i >> 3}/file-${i}.ts`).join("\n")}\n`;
    expect(long.length).toBeGreaterThan(48 * 1024);
    expect(shortPathsCompressor.compress(compressorInput(long, { type: "tabular" }))).toBeNull();
    expect(shortPathsCompressor.compress(compressorInput("a b c\n1 2 3\n4 5 6\n", { type: "tabular" }))).toBeNull();
    const short = `${Array.from({ length: 40 }, (_, i) => `src/dir-${i >> 3}/file-${i}.ts`).join("\n")}\n`;
    expect(shortPathsCompressor.compress(compressorInput(short, { type: "tabular", canDrop: false }))).toBeNull();
  });
});
