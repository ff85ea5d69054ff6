import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { massifPeak } from "../../../src/compressors/log/massif-peak.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real ms_print reports: zlib's minigzip compressing two licence texts (3 detailed
// snapshots) and coreutils' sort over the same texts (9 detailed snapshots).
const reports = {
  minigzip: readFileSync(new URL("fixtures/ms_print-massif-minigzip.txt", import.meta.url), "utf8"),
  sort: readFileSync(new URL("fixtures/ms_print-massif-sort.txt", import.meta.url), "utf8"),
};

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("massif's peak", () => {
  it("is found by the number the detailed-snapshot line marks, its row and tree up to the next table", () => {
    const lines = reports.sort.split("\n");
    const peak = massifPeak(lines) as [number, number];
    expect(lines[peak[0]]).toMatch(/^ 42 +365,691 /);
    expect(lines[peak[0] + 1]).toMatch(/^99\.92% \(3,039,804B\) \(heap allocation functions\)/);
    expect(lines[peak[1]]).toMatch(/^-{10}/);
    expect(massifPeak(["no report", " Detailed snapshots: [1, 2]", " 1  2"])).toBeNull();
  });

  it("keeps the peak's row and whole allocation tree", () => {
    for (const [name, text] of Object.entries(reports)) {
      const lines = text.split("\n");
      const [from, to] = massifPeak(lines) as [number, number];
      const out = compress(text);
      expect(out.length, name).toBeLessThan(text.length);
      for (let k = from; k < to; k++) expect(out, name).toContain(lines[k]);
    }
  });
});
