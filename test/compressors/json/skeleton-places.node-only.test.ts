import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonCompressor } from "../../../src/compressors/json.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Records that point into a file, nested past the depth cap:
 * `gcc -fsyntax-only -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -fdiagnostics-format=json
 * /usr/share/doc/zlib1g-dev/examples/enough.c` (gcc 12.2.0: each warning's `locations[].caret` holds
 * `file`, `line` and columns) and `node --heap-prof` over a script parsing package-lock.json forty
 * times (Node 20.20.2: a call tree whose every node's `callFrame` holds `url` and `lineNumber`).
 */
const fixture = (name: string) => readFileSync(`test/compressors/json/fixtures/${name}`, "utf8");

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  callFrame: Frame;
  children: ProfileNode[];
}

function framesOf(node: ProfileNode, depth: number, out: { frame: Frame; depth: number }[]) {
  out.push({ frame: node.callFrame, depth });
  for (const child of node.children) framesOf(child, depth + 1, out);
  return out;
}

describe("a record past the depth cap that names a file", () => {
  it("keeps each gcc diagnostic's line beside its file, a dropped one's in its stub", () => {
    const text = fixture("gcc-json-diagnostics-enough.json");
    const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
    expect(out).not.toBeNull();
    const diagnostics = JSON.parse(text) as { locations: { caret: { line: number; file: string } }[] }[];
    expect(diagnostics.length).toBeGreaterThan(10);
    for (const d of diagnostics) expect(out!.output).toContain(`"line": ${d.locations[0].caret.line}`);
    expect(JSON.parse(out!.output)).toBeInstanceOf(Array);
  });

  it("keeps a heap profile's call frames with their url and line, deep in the tree", () => {
    const text = fixture("node-heap-prof-json-parse.heapprofile");
    const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
    expect(out).not.toBeNull();
    const frames = framesOf((JSON.parse(text) as { head: ProfileNode }).head, 0, []);
    // Past the cap, within the 64 JSON levels the identifier search walks (two per frame).
    const deep = frames.filter((f) => f.depth >= 4 && f.depth < 30 && f.frame.url !== "" && f.frame.lineNumber >= 0);
    expect(deep.length).toBeGreaterThan(10);
    for (const { frame } of deep) {
      expect(out!.output).toContain(`"url":${JSON.stringify(frame.url)},"lineNumber":${frame.lineNumber}`);
    }
  });

  it("keeps no line where nothing names the record", () => {
    const text = JSON.stringify({ a: { b: { c: { d: { e: { line: 12, note: "x".repeat(5000) } } } } } });
    const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
    expect(out!.output).not.toContain('"line":12');
  });
});
