// A coloured read of code (pygmentize, bat) keeps every line of the code and loses its escapes,
// as every other type does (issue #13, "ANSI everywhere"). Before, the gate kept code verbatim,
// escapes included: two thirds of such a read's tokens were colour codes.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { stripAnsi } from "../../../src/kernels/ansi.js";
import { createPithy } from "../../../src/pipeline.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

const READS = [
  // `pygmentize -f terminal256 -O style=monokai -l typescript` of @types/node's punycode.d.ts.
  "pygmentize-256-punycode-d-ts.txt",
  // `pygmentize -f terminal -l python` of CPython 3.11's json/decoder.py.
  "pygmentize-16-json-decoder-py.txt",
];

describe("coloured code reads", () => {
  for (const name of READS) {
    it(`shows every line of ${name} without its escapes, and recalls the coloured original`, async () => {
      const text = fixture(name);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Read" });
      expect(r.action).toBe("compressed");
      expect(r.strategy).toBe("ansi");
      const plain = stripAnsi(text);
      expect(plain.length).toBeLessThan(text.length * 0.75);
      // The code as it reads, then one marker back to the coloured original.
      const [marker] = parseMarkers(r.output);
      expect(r.output.slice(0, marker.index)).toBe(plain.endsWith("\n") ? plain : `${plain}\n`);
      expect(marker.summary).toBe("original before cleaning");
      expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.75);
      expect(await pithy.recall(r.key!)).toMatchObject({ found: true, content: text });
      expect((await pithy.compress(r.output, { tool: "Read" })).output).toBe(r.output);
    });
  }

  it("still keeps plain code byte for byte", async () => {
    const plain = stripAnsi(fixture(READS[1]));
    const r = await (await createPithy()).compress(plain, { tool: "Read" });
    expect(r).toMatchObject({ action: "skipped", reason: "code_verbatim", output: plain });
  });
});
