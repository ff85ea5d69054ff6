// Issue #15: parsing opens one level per bracket, so a 50 000-deep array cost
// more per MB than the pipeline may spend. The compressor now learns the
// depth from JsonValidity's allocation-free bracket scan and, past its limit,
// leaves the text alone without asking the parser at all.
import { describe, expect, it, vi } from "vitest";
import { createJsonCompressor } from "../../../src/compressors/json.js";
import * as parse from "../../../src/compressors/json/parse.js";
import { createPithy } from "../../../src/index.js";
import { compressorInput } from "../../support/compressor-input.js";

vi.mock("../../../src/compressors/json/parse.js", async (importOriginal) => {
  const original = await importOriginal<typeof parse>();
  return { ...original, parseJson: vi.fn(original.parseJson) };
});

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("JSON compressor on deep nesting", () => {
  it("refuses a 100 000-deep array without calling the parser", () => {
    vi.mocked(parse.parseJson).mockClear();
    const text = nested(100_000);
    expect(createJsonCompressor().compress(compressorInput(text, { type: "json" }))).toBeNull();
    expect(parse.parseJson).not.toHaveBeenCalled();
  });

  it("still parses and restructures nesting 4 096 levels deep", () => {
    vi.mocked(parse.parseJson).mockClear();
    const text = nested(4096);
    const out = createJsonCompressor().compress(compressorInput(text, { type: "json" }));
    expect(parse.parseJson).toHaveBeenCalledTimes(1);
    expect(out).not.toBeNull();
  });

  it("passes 10 000-deep JSON through whole, under every hint it may get", async () => {
    const pithy = await createPithy();
    const text = nested(10_000);
    for (const hint of [{}, { contentType: "json" as const }, { contentType: "log" as const }]) {
      const r = await pithy.compress(text, hint);
      expect(r.output).toBe(text);
    }
  });
});
