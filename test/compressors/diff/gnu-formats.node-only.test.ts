import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { hasMarker } from "../../../src/ccr/marker.js";
import { createPithy } from "../../../src/pipeline.js";
import { parseDiff } from "../../../src/compressors/diff/parse.js";
import { DiffView } from "../../../src/compressors/diff/view.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { detect } from "../../../src/router/detect.js";

/**
 * Real `diff -c` and plain `diff` runs over p-timeout 3.2.0's and 7.0.2's
 * index.d.ts, as npm installed the two side by side: the context format
 * (`***` / `---` headers, `***************`, `*** 1,72 ****`, `!` lines) and
 * GNU diff's default, the normal format (`1c1`, `<` / `>` lines, `---`).
 * Neither has a `@@` line, so both used to read as prose, whose cleaning
 * squeezes the tabs and spaces of the lines it keeps.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const CONTEXT = fixture("p-timeout-3-vs-7-index-d-ts-diff-c.diff");
const NORMAL = fixture("p-timeout-3-vs-7-index-d-ts-diff-normal.diff");

describe("the diff formats GNU diff writes without -u", () => {
  it("reads diff -c output as a diff", () => {
    expect(detect(CONTEXT).type).toBe("diff");
  });

  it("reads plain diff output as a diff", () => {
    expect(detect(NORMAL).type).toBe("diff");
  });

  it("keeps every line it shows byte for byte, indentation included", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    for (const text of [CONTEXT, NORMAL]) {
      const r = await pithy.compress(text, { tool: "diff" });
      const input = new Set(text.split("\n"));
      for (const line of r.output.split("\n")) if (!hasMarker(line)) expect(input.has(line)).toBe(true);
    }
  });
});

/**
 * A real `diff -r p-timeout @langchain/langgraph-sdk/node_modules/p-timeout`
 * (p-timeout 3.2.0 against 7.0.2): five files in the normal format, 65 hunks
 * from `1c1` to `57c97,98`, `29a29,33` and `6a7` additions among them.
 */
const NORMAL_R = fixture("p-timeout-diff-r-normal.diff");

describe("hunks of the normal format (diff without -u)", () => {
  it("cuts long hunks of a diff -r in the normal format, keeping every file line and every command line", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(NORMAL_R, { tool: "Bash" });
    expect(r.type).toBe("diff");
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.8);
    const heads = NORMAL_R.split("\n").filter(
      (line) => line.startsWith("diff -r ") || /^\d+(,\d+)?[acd]\d+(,\d+)?$/.test(line),
    );
    expect(heads.length).toBe(70);
    const shown = new Set(r.output.split("\n"));
    for (const line of heads) expect(shown.has(line), line).toBe(true);
  });

  it("reads a command line only with the lines it announces", () => {
    const parse = (text: string) => parseDiff(new DiffView(text, LineIndex.of(text)));
    expect(parse("3,4c3\n< a\n< b\n---\n> c\n").hunks).toHaveLength(1);
    expect(parse("150a98\n> x\n\\ No newline at end of file\n").hunks).toHaveLength(1);
    // One `<` line short of the range, no `---`, a `3a4` in running text: no hunk.
    expect(parse("3,4c3\n< a\n---\n> c\n").hunks).toHaveLength(0);
    expect(parse("3c3\n< a\n> c\n").hunks).toHaveLength(0);
    expect(parse("3a4\nsecond line\n").hunks).toHaveLength(0);
  });
});
