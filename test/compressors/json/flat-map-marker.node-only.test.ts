import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { viewOf } from "../../../src/ccr/recall-view.js";
import { jsonCompressor } from "../../../src/compressors/json.js";
import { compressorInput } from "../../support/compressor-input.js";

/** 260 entries of TypeScript's zh-tw diagnostic messages: a flat map of identifier keys to localised strings. */
const messages = readFileSync("test/compressors/json/fixtures/diagnostic-messages-zh-tw.json", "utf8");

function omittedMarker(output: string) {
  const value = JSON.parse(output) as Record<string, string>;
  const markers = parseMarkers(value["…"]);
  expect(markers).toHaveLength(1);
  return markers[0];
}

describe("a flat map past the object cap", () => {
  it("names the omitted keys' count and their first and last key in the marker in their place", () => {
    const out = jsonCompressor.compress(compressorInput(messages, { type: "json" }));
    expect(out).not.toBeNull();
    const keys = Object.keys(JSON.parse(messages) as object);
    const shown = Object.keys(JSON.parse(out!.output) as object).filter((k) => k !== "…" && k !== "_pithy");
    const marker = omittedMarker(out!.output);
    const omitted = keys.filter((k) => !shown.includes(k));
    expect(omitted.length).toBeGreaterThan(100);
    expect(marker.summary).toContain(`${omitted.length} keys omitted`);
    expect(marker.summary).toContain(omitted[omitted.length - 1]);
    expect(marker.summary).toContain(omitted[0].slice(0, 40));
  });

  it("gives the omitted entries' positions as the marker's path, which recalls exactly them", () => {
    const out = jsonCompressor.compress(compressorInput(messages, { type: "json" }));
    const marker = omittedMarker(out!.output);
    const view = viewOf(messages, { path: marker.path! });
    expect("content" in view).toBe(true);
    const recalled = Object.keys(JSON.parse((view as { content: string }).content) as object);
    const shown = new Set(Object.keys(JSON.parse(out!.output) as object));
    const omitted = Object.keys(JSON.parse(messages) as object).filter((k) => !shown.has(k));
    expect(recalled).toEqual(omitted);
  });

  it("names the whole map as the place when index-like keys would reorder its entries", () => {
    const entries = Array.from({ length: 150 }, (_, i) => [i % 2 === 0 ? String(i) : `k${i}`, `v${i}`]);
    const text = JSON.stringify(Object.fromEntries(entries), null, 2);
    const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
    const marker = omittedMarker(out!.output);
    expect(marker.path).toBe("$");
  });
});
