import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatChange, passthroughLine, savingsLine } from "../../src/cli/savings-line.js";
import type { CompressResult } from "../../src/types.js";

const result = (over: Partial<CompressResult>): CompressResult => ({
  output: "",
  action: "compressed",
  type: "log",
  strategy: "log",
  bytesIn: 0,
  bytesOut: 0,
  tokensIn: 0,
  tokensOut: 0,
  detail: {},
  ...over,
});

describe("formatChange", () => {
  it("rounds to a whole percent where that says the same", () => {
    expect(formatChange(62330, 958)).toBe("−98%");
    expect(formatChange(200, 100)).toBe("−50%");
  });

  it("does not round 99.7 % saved up to 100 %, nor 0.3 % down to 0 %", () => {
    expect(formatChange(1000, 3)).toBe("−99.7%");
    expect(formatChange(1000, 997)).toBe("−0.3%");
    expect(formatChange(100_000, 1)).toBe("−>99.9%");
    expect(formatChange(100_000, 99_999)).toBe("−<0.1%");
  });

  it("says 0 % for no change and 100 % only when nothing is left", () => {
    expect(formatChange(500, 500)).toBe("0%");
    expect(formatChange(0, 0)).toBe("0%");
    expect(formatChange(500, 0)).toBe("−100%");
  });

  it("marks growth with a plus", () => {
    expect(formatChange(100, 102)).toBe("+2%");
  });

  it("never shows 0 % for a change nor 100 % for output that is left", () => {
    let reachedEdges = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (before, rawAfter) => {
          const after = Math.min(before, rawAfter);
          const shown = formatChange(before, after);
          if (after !== before) expect(shown).not.toBe("0%");
          if (after > 0) expect(shown).not.toBe("−100%");
          const share = (before - after) / before;
          if (share > 0.995 || (share > 0 && share < 0.005)) reachedEdges++;
        },
      ),
      {
        numRuns: 2000,
        examples: [
          [1000, 3],
          [1000, 997],
          [100_000, 1],
        ],
      },
    );
    expect(reachedEdges).toBeGreaterThan(0);
  });
});

describe("savingsLine", () => {
  it("says tokens before and after, the change, the route and the key", () => {
    const line = savingsLine(result({ tokensIn: 62330, tokensOut: 958, key: "e6ab" }));
    expect(line).toBe("pithy: 62330 → 958 tokens (−98%), log via log, key e6ab");
  });

  it("says why input was left alone", () => {
    expect(savingsLine(result({ action: "skipped", reason: "too_short", tokensIn: 5, tokensOut: 5 }))).toBe(
      "pithy: 5 → 5 tokens (0%), skipped (too_short)",
    );
  });

  it("counts bytes for input passed through as bytes", () => {
    expect(passthroughLine(151344, "binary")).toBe("pithy: 151344 bytes passed through unchanged, skipped (binary)");
  });
});
