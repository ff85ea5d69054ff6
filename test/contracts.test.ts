import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createPithy, type Pithy } from "../src/pipeline.js";
import { parseMarkers } from "../src/ccr/marker.js";
import { loadCorpus } from "./support/corpus.js";

// Inputs that reach the compressors: long enough to pass the gate (minTokens 0
// here), shaped like tool output, plus pure noise.
const logLine = fc
  .tuple(
    fc.constantFrom(
      "INFO",
      "WARN",
      "ERROR",
      "DEBUG",
      "npm http fetch GET 200",
      "--- PASS:",
      "    at f (a.js:1:2)",
      "Traceback (most recent call last):",
    ),
    fc.string({ maxLength: 40 }),
    fc.nat(99999),
  )
  .map(([a, b, n]) => `${a} ${b} ${n}`);
const logText = fc.array(logLine, { minLength: 1, maxLength: 300 }).map((l) => l.join("\n"));
const grepText = fc
  .array(
    fc.tuple(
      fc.constantFrom("src/a.ts", "lib/b-c.js", "C:\\x\\y.go", "./z.py"),
      fc.nat(999),
      fc.string({ maxLength: 30 }),
    ),
    { minLength: 1, maxLength: 200 },
  )
  .map((rows) => rows.map(([p, n, t]) => `${p}:${n}:${t}`).join("\n"));
const diffText = fc
  .array(fc.tuple(fc.constantFrom("+", "-", " "), fc.string({ maxLength: 30 })), { minLength: 1, maxLength: 200 })
  .map((rows) => "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n" + rows.map(([s, t]) => s + t).join("\n"));
const jsonText = fc.json({ maxDepth: 6 });
const noise = fc.string({ unit: "binary", maxLength: 3000 });
const anyContent = fc.oneof(logText, grepText, diffText, jsonText, noise);
const hint = fc.record(
  { tool: fc.constantFrom("Bash", "Read", "rg", "mcp__x"), query: fc.string({ maxLength: 8 }) },
  { requiredKeys: [] },
);

let pithy: Pithy;
beforeAll(async () => {
  pithy = await createPithy({ minTokens: 0 });
});

async function checkContracts(content: string, h: Record<string, string> = {}): Promise<void> {
  const r = await pithy.compress(content, h);
  expect(r.tokensOut).toBeLessThanOrEqual(r.tokensIn);
  if (r.action === "skipped") expect(r.output).toBe(content);
  else expect(r.tokensOut).toBeLessThan(r.tokensIn);
  const again = await pithy.compress(content, h);
  expect(again.output).toBe(r.output);
  const twice = await pithy.compress(r.output, h);
  expect(twice.output).toBe(r.output);
  for (const m of parseMarkers(r.output)) {
    const back = await pithy.recall(m.key);
    expect(back.found && back.content).toBe(content);
  }
}

describe("contracts", () => {
  it("hold for random tool-shaped and random binary content", async () => {
    await fc.assert(
      fc.asyncProperty(anyContent, hint, (c, h) => checkContracts(c, h as Record<string, string>)),
      { numRuns: 150 },
    );
  });

  it("hold for random slices of every corpus case", async () => {
    const corpus = (await loadCorpus()).filter((c) => c.text.length > 0);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(corpus.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (i, a, b) => {
          const text = corpus[i].text;
          const from = Math.floor(Math.min(a, b) * text.length);
          const to = Math.floor(Math.max(a, b) * text.length);
          await checkContracts(text.slice(from, to), { tool: corpus[i].tool_hint });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("never throws on hostile input: lone surrogates, NUL, deep nesting, one huge line", async () => {
    const hostile = [
      "\ud800".repeat(5000),
      "\u0000".repeat(5000) + "\n" + "x\u0000y\n".repeat(2000),
      "[".repeat(10000) + "]".repeat(10000),
      '{"a":'.repeat(10000) + "1" + "}".repeat(10000),
      "y".repeat(2_000_000),
      "\x1b[".repeat(20000),
      "\r".repeat(100000),
      "a:1:".repeat(50000),
    ];
    for (const h of hostile) await checkContracts(h);
  });
});
