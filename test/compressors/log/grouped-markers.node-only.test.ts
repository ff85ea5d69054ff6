import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_MARKER_RANGES, parseMarkers } from "../../../src/ccr/marker.js";
import { isShown } from "../../../src/cli/visible-form.js";
import { logCompressor } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

// mypy --pretty on docutils (test/corpus/cases/log/): each diagnostic's head is kept, and
// the few lines under it (message tail, source line, caret) are left out.
const text = readFileSync(new URL("../../corpus/cases/log/docutils-0.23-mypy-pretty-rst.txt", import.meta.url), "utf8");

function compress(input: string): string {
  const result = logCompressor.compress(compressorInput(input, { type: "log" }));
  return result === null ? input : result.output;
}

describe("log compressor: one marker for several short omitted runs", () => {
  const out = compress(text);
  const markers = parseMarkers(out);

  it("names several short runs in one marker, never more than the grammar's ranges", () => {
    const ranges = markers.reduce((sum, m) => sum + (m.lines?.length ?? 0), 0);
    expect(markers.some((m) => (m.lines?.length ?? 0) > 1)).toBe(true);
    expect(markers.length * 3).toBeLessThan(ranges);
    for (const m of markers) expect(m.lines?.length).toBeLessThanOrEqual(MAX_MARKER_RANGES);
  });

  it("writes a group's marker after the kept lines its ranges sit among", () => {
    const original = text.split("\n");
    const shown = out.split("\n");
    for (const m of markers) {
      const line = out.slice(0, m.index).split("\n").length - 1;
      const [first] = m.lines![0];
      // The kept line just before the first range is above the marker.
      const before = original[first - 2];
      if (before === undefined) continue;
      expect(shown.slice(0, line)).toContain(before);
    }
  });

  it("keeps every diagnostic head", () => {
    for (const head of text.split("\n").filter((l) => /^docutils\/\S+:\d+: error: /.test(l)))
      expect(isShown(out, head, "log"), head).toBe(true);
  });
});
