import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real `ruff check` runs in its full format (code and message, the place below, the frame,
// the rule's help): docutils' parsers (test/corpus) and CPython 3.11's logging package (fixtures/).
const runs = {
  docutils: readFileSync(new URL("../../corpus/cases/log/docutils-0.23-ruff-check.txt", import.meta.url), "utf8"),
  logging: readFileSync(new URL("fixtures/ruff-full-cpython-logging.txt", import.meta.url), "utf8"),
};

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("ruff's full format", () => {
  it("keeps every rule's head and place, and its frame and help for the first of each kind", () => {
    for (const [name, text] of Object.entries(runs)) {
      const out = compress(text);
      expect(out.length, name).toBeLessThan(text.length * 0.6);
      const lines = text.split("\n");
      for (let i = 0; i + 1 < lines.length; i++) {
        if (/^[A-Z]{1,4}\d{2,5} /.test(lines[i]) && /^ *--> /.test(lines[i + 1])) {
          expect(out, name).toContain(lines[i]);
          expect(out, name).toContain(lines[i + 1]);
        }
      }
      expect(out, name).toMatch(/\nFound \d+ errors\.\n/);
    }
    // The first UP031 of the logging run shows its frame and advice; a later one only its head and place.
    const out = compress(runs.logging);
    const advice = (t: string): number => t.split("\nhelp: Replace with format specifiers\n").length - 1;
    expect(advice(out)).toBeGreaterThanOrEqual(1);
    expect(advice(out)).toBeLessThan(advice(runs.logging) / 2);
  });
});
