import { describe, expect, it } from "vitest";
import { fallbackCompressor, FALLBACK_CAP } from "../../src/compressors/fallback.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import type { ContentType } from "../../src/types.js";
import { compressorInput } from "../support/compressor-input.js";

const KEY = "a".repeat(32);
const run = (text: string, type: ContentType = "unknown", canDrop = true, scale = 1) =>
  fallbackCompressor.compress(compressorInput(text, { type, scale, canDrop, key: KEY }));

describe("fallbackCompressor", () => {
  it("passes content under the cap", () => {
    expect(run("line\n".repeat(100))).toBeNull();
  });

  it("keeps a head and a tail on line boundaries and puts the middle behind one marker", () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `line ${i} of some unclaimed text`);
    const text = lines.join("\n") + "\n";
    const out = run(text)!;
    expect(out.lossy).toBe(true);
    expect(out.output.startsWith("line 0 of some unclaimed text\n")).toBe(true);
    expect(out.output.endsWith("line 19999 of some unclaimed text\n")).toBe(true);
    expect(parseMarkers(out.output)).toHaveLength(1);
    expect(parseMarkers(out.output)[0].summary).toMatch(/^\d+ lines \(\d+ chars\) omitted$/);
    for (const line of out.output.split("\n"))
      if (!line.startsWith("[[pithy:") && line !== "") expect(lines).toContain(line);
    expect(out.output.length).toBeLessThan(FALLBACK_CAP / 2);
  });

  it("cuts a first line longer than the head budget and says so", () => {
    const text = "x".repeat(200_000) + "\nend\n";
    const out = run(text)!;
    expect(out.output).toMatch(/more chars of line 1 omitted/);
    expect(out.output.endsWith("end\n")).toBe(true);
  });

  it("keeps more under a conservative profile", () => {
    const text = Array.from({ length: 20000 }, (_, i) => `row ${i}`).join("\n");
    expect(run(text, "unknown", true, 2)!.output.length).toBeGreaterThan(run(text, "unknown", true, 1)!.output.length);
  });

  it("never drops anything when it may not", () => {
    expect(run("y\n".repeat(100_000), "unknown", false)).toBeNull();
  });

  it("leaves large valid JSON alone so it stays valid", () => {
    const json = JSON.stringify(
      Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `item ${i}` })),
      null,
      1,
    );
    expect(run(json, "json")).toBeNull();
    expect(run(json.slice(0, -10), "json")).not.toBeNull();
  });
});
