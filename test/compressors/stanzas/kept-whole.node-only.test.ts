import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { stanzasCompressor } from "../../../src/compressors/stanzas.js";
import { parseHeaderAligned } from "../../../src/compressors/tabular/aligned.js";
import { createPithy } from "../../../src/pipeline.js";
import { compressorInput } from "../../support/compressor-input.js";

/** `dpkg -s coreutils grep sed tar gzip bash` on this machine (dpkg 1.21.22, Debian 12): six records, 5.7 KB. */
const DPKG_S = readFileSync(new URL("./fixtures/dpkg-s-base-tools.txt", import.meta.url), "utf8");

/** Every line of `text` that opens with `field: `, in order. */
function fieldLines(text: string, field: string): string[] {
  return text.split("\n").filter((l) => l.startsWith(`${field}: `));
}

describe("a stanza list small enough to keep whole", () => {
  it("is claimed by the stanza compressor as its own text", () => {
    const out = stanzasCompressor.compress(compressorInput(DPKG_S, { type: "tabular" }));
    expect(out?.output).toBe(DPKG_S);
    expect(out?.lossy).toBe(false);
  });

  it("is not read as a whitespace-aligned table under a `Package: x` header", () => {
    expect(parseHeaderAligned(DPKG_S)).toBeNull();
    expect(parseHeaderAligned("Status: install ok installed\nPriority: required\nSection: utils\n")).toBeNull();
  });

  it("keeps every package and version through the pipeline", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(DPKG_S, { tool: "dpkg -s" });
    for (const field of ["Package", "Version", "Status"])
      expect(fieldLines(r.output, field)).toEqual(fieldLines(DPKG_S, field));
  });
});
