// Issue #15 item 1, measured: worst-case inputs through the whole pipeline
// must cost time linear in their size. For each hostile shape (the runs that
// made patterns quadratic, deep nesting, one endless line…) under the hints
// that reach each chain, 1 MB may cost at most SLACK × ten times 100 KB: a
// quadratic step costs a hundred times, so the slack can be generous and the
// test stays steady on a loaded machine (best of several calls, a floor for
// calls too short to time). Absolute speed is bench/regex-pump.mjs's job.
import { beforeAll, describe, expect, it } from "vitest";
import { HINTS, SHAPES } from "../../bench/hostile-inputs.mjs";
import { createPithy, type Pithy } from "../../src/index.js";
import type { Hint } from "../../src/types.js";

const SLACK = 4;
/** Below this many milliseconds for ten 100 KB calls, timer noise dominates: the floor. */
const FLOOR_MS = 40;

const CASES: [string, string][] = [
  ["close-parens", "read-md"],
  ["close-parens-lines", "markdown"],
  ["prose-then-parens", "read-md"],
  ["prose-then-parens", "none"],
  ["code-lines", "read-ts"],
  ["comment-stars", "code"],
  ["comment-stars-lines", "code"],
  ["base64-lines", "code"],
  ["open-brackets", "json"],
  ["json-deep-array", "none"],
  ["json-string-escapes", "json"],
  ["digits", "log"],
  ["spaces-then-x", "none"],
  ["equals", "none"],
  ["angle-lines", "html"],
  ["at-frames", "log"],
  ["search-colons", "search"],
  ["diff-plus", "diff"],
  ["table-pipes", "tabular"],
  ["log-brackets", "bash"],
  ["ansi-runs", "terminal"],
  ["lone-surrogates", "none"],
  ["words-comma", "prose"],
];

let pithy: Pithy;
beforeAll(async () => {
  pithy = await createPithy();
  for (let i = 0; i < 10; i++) await pithy.compress("12:00:01 ERROR warm up the pipeline\n".repeat(300));
});

async function bestMs(text: string, hint: Hint, runs: number): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await pithy.compress(text, hint);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

describe("hostile inputs scale linearly through the pipeline", () => {
  for (const [shape, hintName] of CASES) {
    it(`${shape} under ${hintName}: 1 MB costs at most ${SLACK}× ten times 100 KB`, { timeout: 120_000 }, async () => {
      const make = SHAPES[shape];
      const hint = HINTS[hintName];
      const small = await bestMs(make(100 * 1024), hint, 3);
      const large = await bestMs(make(1024 * 1024), hint, 2);
      expect(large, `100 KB ${small.toFixed(1)} ms, 1 MB ${large.toFixed(1)} ms`).toBeLessThanOrEqual(
        SLACK * Math.max(10 * small, FLOOR_MS),
      );
    });
  }
});
