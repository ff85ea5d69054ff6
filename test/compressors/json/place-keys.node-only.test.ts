import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { createPithy } from "../../../src/pipeline.js";

/**
 * A real V8 CPU profile (`node --cpu-prof` of marked rendering qs's README):
 * one line, 133 nodes, each with a `callFrame` of functionName, scriptId,
 * url, lineNumber and columnNumber. A frame is read for where it is, so a
 * node's stub keeps its line and column beside its name.
 */
const PROFILE = readFileSync(new URL("./fixtures/node-cpu-prof-marked.cpuprofile", import.meta.url), "utf8");

interface Frame {
  functionName?: string;
  lineNumber?: number;
  columnNumber?: number;
}

describe("a stub of a record that points into a file", () => {
  it("keeps the record's line and column next to what names it", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(PROFILE, { tool: "cat" });
    expect(r.output.length).toBeLessThan(PROFILE.length);
    const out = JSON.parse(r.output) as { nodes: { callFrame?: Frame }[] };
    const frames = out.nodes.map((n) => n.callFrame).filter((f): f is Frame => f?.functionName !== undefined);
    expect(frames.length).toBeGreaterThan(100);
    for (const f of frames) {
      expect(typeof f.lineNumber).toBe("number");
      expect(typeof f.columnNumber).toBe("number");
    }
  });
});
