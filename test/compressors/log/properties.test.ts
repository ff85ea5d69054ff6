import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compressLog } from "../../../src/compressors/log.js";
import { hasMarker } from "../../../src/ccr/marker.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { compressorInput } from "../../support/compressor-input.js";

const KEY = "0".repeat(32);

function run(text: string) {
  // The unguarded function, so that an exception fails the property instead of becoming a null.
  return compressLog(compressorInput(text, { type: "log" }));
}

/** Log-like lines: levels, numbers, paths, frames, summaries, ANSI, CR and arbitrary text. */
const logLine = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .tuple(
      fc.constantFrom(
        "INFO",
        "DEBUG",
        "WARN",
        "ERROR",
        "warning:",
        "error:",
        "npm ERR!",
        "\u001b[31mERROR\u001b[39m",
        "E  ",
      ),
      fc.nat(99999),
      fc.constantFrom("job", "GET /a/b", "disk quota exceeded", "key=val", "x@1.2.3"),
    )
    .map(([lvl, n, what]) => `${lvl} ${what} ${n}`),
  fc.constantFrom(
    "Traceback (most recent call last):",
    '  File "a.py", line 3, in f',
    "ValueError: bad",
    "",
    "    at f (/a.js:1:2)",
    "goroutine 1 [running]:",
    "\t/x/y.go:12 +0x1f",
    "Caused by: x.Y: z",
    "\t... 3 more",
    "--- FAIL: TestX (0.00s)",
    "# tests 3",
    "1 failed, 2 passed in 0.1s",
    "progress 10%\rprogress 20%",
    "\u0000",
    "[[pithy:0000",
    "{",
    "}",
  ),
  fc.nat(1000).map((n) => `2024-01-01T00:00:00Z INFO request ${n} served in ${n % 97}ms`),
);

const randomLog = fc
  .tuple(fc.array(logLine, { maxLength: 120 }), fc.constantFrom("\n", "\r\n"), fc.boolean())
  .map(([lines, eol, final]) => lines.join(eol) + (final ? eol : ""));
/** Mostly routine service lines with random ones among them: what the compressor has something to drop from. */
const routineLog = fc
  .tuple(fc.integer({ min: 40, max: 300 }), fc.array(fc.tuple(fc.nat(), logLine), { maxLength: 30 }), fc.boolean())
  .map(([count, extra, final]) => {
    const lines = Array.from(
      { length: count },
      (_, i) => `2024-01-01T00:00:${String(i % 60).padStart(2, "0")}Z INFO request ${i} served in ${i % 97}ms`,
    );
    for (const [at, line] of extra) lines.splice(at % (lines.length + 1), 0, line);
    return lines.join("\n") + (final ? "\n" : "");
  });
const logText = fc.oneof(randomLog, routineLog);

describe("log compressor properties", () => {
  it("never throws on random log-like text", () => {
    fc.assert(
      fc.property(logText, (text) => {
        run(text);
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same output for the same input", () => {
    fc.assert(
      fc.property(logText, (text) => {
        expect(run(text)?.output).toBe(run(text)?.output);
      }),
      { numRuns: 200 },
    );
  });

  it("outputs only input lines, in order, and markers", () => {
    let reached = 0;
    fc.assert(
      fc.property(logText, (text) => {
        const result = run(text);
        if (result === null) return;
        reached++;
        const input = LineIndex.of(text);
        const out = LineIndex.of(result.output);
        let j = 0;
        for (let i = 0; i < out.count; i++) {
          const line = out.line(i);
          if (hasMarker(line) && line.startsWith(`[[pithy:${KEY}`)) continue;
          while (j < input.count && input.line(j) !== line) j++;
          expect(j, `line ${i} of the output is not a later input line`).toBeLessThan(input.count);
          j++;
        }
      }),
      { numRuns: 200 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("is smaller than its input whenever it answers", () => {
    let reached = 0;
    fc.assert(
      fc.property(logText, (text) => {
        const result = run(text);
        if (result !== null) {
          reached++;
          expect(result.output.length).toBeLessThan(text.length);
        }
      }),
      { numRuns: 200 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("finds nothing more to drop when run on its own output", () => {
    let reached = 0;
    fc.assert(
      fc.property(logText, (text) => {
        const once = run(text);
        if (once === null) return;
        reached++;
        const twice = run(once.output);
        expect(twice === null || twice.output === once.output).toBe(true);
      }),
      { numRuns: 200 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });
});
