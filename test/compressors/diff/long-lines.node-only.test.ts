import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { isCutLine, LONG_LINE, LONG_LINE_HEAD } from "../../../src/compressors/diff/plan.js";
import { createPithy } from "../../../src/index.js";

// Real `git diff --no-index` runs in node_modules over minified bundles, whose whole program is
// one line: eventemitter3's umd build (4.0.7 vs the 5.0.4 nested under @langchain/langgraph-sdk)
// and its package.json; lru-cache's browser and node builds of index.min.js (two lines of about
// 18.7 K characters) and of diagnostics-channel.js. Such a line used to be shown whole or not at
// all, and one shown whole ate the budget the diff's other files needed (a held-out
// `git diff --no-index` of both eventemitter3 folders lost its `"version"` change that way).
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const DIFFS = {
  eventemitter3: fixture("git-diff-no-index-eventemitter3-min.diff"),
  "lru-cache": fixture("git-diff-no-index-lru-cache-min.diff"),
};

/** The lines of `text` without their line ends. */
const linesOf = (text: string) => text.split("\n");
const isChange = (line: string) => /^[-+](?![-+]{2} )/.test(line);

describe("diff: changed lines too long to show (minified bundles)", () => {
  for (const [name, diff] of Object.entries(DIFFS)) {
    it(`${name}: shows each long changed line cut, with a marker that recalls it whole`, async () => {
      const pithy = await createPithy();
      const r = await pithy.compress(diff, { tool: "git" });
      expect(r.type).toBe("diff");
      expect(r.key).toBeDefined();
      const input = linesOf(diff);
      const long = input.map((l, i) => [l, i + 1] as const).filter(([l]) => isChange(l) && l.length > LONG_LINE);
      expect(long.length).toBeGreaterThanOrEqual(2);
      for (const [line] of long) expect(isCutLine(line)).toBe(true);
      const markers = parseMarkers(r.output);
      for (const [line, number] of long) {
        const shown = `${line.slice(0, LONG_LINE_HEAD)} … (${line.length - LONG_LINE_HEAD} more characters)\n`;
        expect(r.output).toContain(shown);
        expect(r.output).not.toContain(line);
        const marker = markers.find((m) => m.lines?.some(([a, b]) => a <= number && number <= b));
        expect(marker, `a marker names line ${number}`).toBeDefined();
        const back = await pithy.recall(r.key!, { lines: `${number}-${number}` });
        expect(back.found && back.content).toBe(`${line}\n`);
      }
      const whole = await pithy.recall(r.key!);
      expect(whole.found && whole.content).toBe(diff);
    });

    it(`${name}: keeps every short changed line, and the output is far smaller`, async () => {
      const pithy = await createPithy();
      const r = await pithy.compress(diff, { tool: "git" });
      for (const line of linesOf(diff))
        if (isChange(line) && line.length <= LONG_LINE) expect(r.output).toContain(line);
      expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
      // Compressing the output again changes nothing.
      expect((await pithy.compress(r.output, { tool: "git" })).output).toBe(r.output);
    });
  }
});

describe("diff: which long lines are cut", () => {
  it("cuts machine text (few spaces, or past 8 000 characters), never a long line of prose", () => {
    const minified = fixture("git-diff-no-index-lru-cache-min.diff")
      .split("\n")
      .find((l) => l.length > LONG_LINE);
    expect(isCutLine(minified!)).toBe(true);
    // A README table's row, 1 282 characters of words, in a real conflict (conflict.node-only.test.ts).
    const row = fixture("git-diff-cc-conflict-983ea3f.diff")
      .split("\n")
      .find((l) => l.length > LONG_LINE);
    expect(row).toBeDefined();
    expect(isCutLine(row!)).toBe(false);
    expect(isCutLine("word ".repeat(150))).toBe(false);
    expect(isCutLine("word ".repeat(2_000))).toBe(true);
    expect(isCutLine("x".repeat(LONG_LINE))).toBe(false);
  });
});
