import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonCompressor } from "../../../src/compressors/json.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * A profile's heaviest nodes keep their weight past the depth cap. Real
 * outputs: `node --heap-prof` (Node.js 20.20.2) over a script parsing
 * package-lock.json forty times, and over 3000 zlib.deflateSync calls
 * (`--heap-prof-interval=4096`; the held-out hterm5 case).
 */
const fixture = (name: string) => readFileSync(`test/compressors/json/fixtures/${name}`, "utf8");

interface ProfileNode {
  selfSize: number;
  children: ProfileNode[];
}

/** Every node's weight with its depth in the call tree. */
function weights(node: ProfileNode, depth: number, out: { size: number; depth: number }[]) {
  out.push({ size: node.selfSize, depth });
  for (const child of node.children) weights(child, depth + 1, out);
  return out;
}

describe("a profile's heaviest nodes", () => {
  for (const name of ["node-heap-prof-json-parse.heapprofile", "node-heap-prof-zlib-deflate.heapprofile"]) {
    it(`keeps the selfSize of the ten heaviest nodes the identifier search reaches in ${name}`, () => {
      const text = fixture(name);
      const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
      expect(out).not.toBeNull();
      const all = weights((JSON.parse(text) as { head: ProfileNode }).head, 0, []);
      const top = [...all].sort((a, b) => b.size - a.size).slice(0, 10);
      // Two JSON levels per tree level; the search stops at 64 (prune.ts, ABSOLUTE_DEPTH).
      const reached = top.filter((n) => n.depth < 28);
      expect(reached.length).toBeGreaterThanOrEqual(7);
      for (const n of reached) expect(out!.output).toContain(`"selfSize":${n.size}`);
      expect(out!.output.length).toBeLessThan(text.length);
    });
  }

  it("keeps the weight of few nodes past the cap, not of every node", () => {
    const text = fixture("node-heap-prof-json-parse.heapprofile");
    const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
    const nodes = weights((JSON.parse(text) as { head: ProfileNode }).head, 0, []).length;
    const shown = out!.output.split('"selfSize":').length - 1;
    expect(shown).toBeLessThan(nodes / 3);
  });
});
