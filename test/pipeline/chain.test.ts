import { describe, expect, it } from "vitest";
import { formatMarker, parseMarkers } from "../../src/ccr/marker.js";
import { JsonValidity } from "../../src/compressors/json/validity.js";
import { defaultChains } from "../../src/compressors/registry.js";
import type { Compressor } from "../../src/compressors/types.js";
import { type ChainContext, runChain } from "../../src/pipeline/chain.js";

const KEY = "0".repeat(32);
const chains = await defaultChains();
const original = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

function context(chain: Compressor[]): ChainContext {
  return {
    chains: { ...chains, unknown: chain },
    hint: {},
    scale: 1,
    canDrop: true,
    marker: (summary, place) => formatMarker(KEY, summary, place),
    json: new JsonValidity(),
    onFailure: (_, error) => {
      throw error;
    },
  };
}

/** Keeps input lines [from, to) and puts a marker (naming their place) where the others were. */
function keepOnly(from: number, to: number, withOrigin: boolean): Compressor {
  return {
    name: `keep-${from}-${to}`,
    compress(input) {
      const kept = input.lines.slice(from, to);
      const output = `${input.marker("before", { lines: [[0, from]] })}\n${kept}${input.marker("after", { lines: [[to, input.lines.count]] })}\n`;
      const origin = [-1, ...Array.from({ length: to - from }, (_, k) => from + k), -1];
      return { output, lossy: true, lineOrigin: withOrigin ? Int32Array.from(origin) : undefined };
    },
  };
}

describe("runChain line places", () => {
  it("names the original's lines for a first link's omissions", () => {
    const run = runChain(original, "unknown", context([keepOnly(5, 10, true)]))!;
    expect(parseMarkers(run.output).map((m) => m.lines)).toEqual([[[1, 5]], [[11, 20]]]);
  });

  it("maps a later link's omission through the first link's line origin", () => {
    // The second link keeps lines 2-4 of its input (original lines 7-9) and drops the rest, markers included.
    const run = runChain(original, "unknown", context([keepOnly(5, 10, true), keepOnly(2, 5, false)]))!;
    const places = parseMarkers(run.output)
      .filter((m) => m.summary === "before" || m.summary === "after")
      .slice(-2)
      .map((m) => m.lines);
    expect(places).toEqual([[[1, 6]], [[10, 20]]]);
  });

  it("writes no line place once a link's output lines cannot be traced to the original", () => {
    const run = runChain(original, "unknown", context([keepOnly(5, 10, false), keepOnly(1, 3, false)]))!;
    const last = parseMarkers(run.output).slice(-2);
    for (const m of last) expect(m.lines).toBeUndefined();
  });
});
