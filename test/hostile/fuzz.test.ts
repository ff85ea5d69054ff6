// Issue #15 item 9: the contracts, fuzzed. Every CI run pushes FUZZ_RUNS
// (default 10 000 in Node, 1 000 in the browser and Deno runs) generated
// inputs of every content type through `compress` with one fixed seed, and
// checks for each: it never throws; skipped means identical; the output never
// has more o200k tokens than the input (exact count, gpt-tokenizer, not the
// estimate); a second pipeline gives the same output (deterministic);
// compressing the output changes nothing (idempotent); every marker recalls
// the exact original, whole and by each line range it names; JSON in gives
// JSON out. `npm run fuzz` runs it with a random seed and more runs
// (FUZZ_SEED=random FUZZ_RUNS=100000); a failure prints the seed and the
// shrunk input to replay with FUZZ_SEED=<seed>.
import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import type { Hint } from "../../src/types.js";

const env = (name: string): string | undefined =>
  typeof process !== "undefined" && process.env !== undefined ? process.env[name] : undefined;
const runtime = inject("runtime");
const RUNS = Number(env("FUZZ_RUNS") ?? (runtime === "node" ? 10_000 : 1_000));
const seedSetting = env("FUZZ_SEED");
const SEED = seedSetting === "random" ? Date.now() % 2 ** 31 : Number(seedSetting ?? 20261202);

// ---- generators: small and medium inputs of every content type ----

const word = fc.constantFrom(
  "error",
  "failed",
  "timeout",
  "connection",
  "user",
  "id",
  "request",
  "GET",
  "/api/v1/items",
  "null",
  "true",
  "ok",
  "é",
  "中文",
  "🙂",
  "\t",
  "==",
  "--",
);
const phrase = fc
  .array(fc.oneof(word, fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 10 })
  .map((w) => w.join(" "));
const time = fc.nat(86_399).map((s) => {
  const p = (n: number) => String(n).padStart(2, "0");
  return `2026-12-02T${p(Math.floor(s / 3600))}:${p(Math.floor(s / 60) % 60)}:${p(s % 60)}.${p(s % 100)}Z`;
});

// Log messages repeat with different numbers, as real ones do.
const message = fc
  .tuple(
    fc.constantFrom(
      "request served in",
      "cache miss for key",
      "retrying connection attempt",
      "worker heartbeat",
      "GET /api/v1/items status",
      "connection reset by peer after",
    ),
    fc.nat(9999),
  )
  .map(([m, n]) => `${m} ${n}`);
const logLine = fc.oneof(
  {
    arbitrary: fc
      .tuple(time, fc.constantFrom("INFO", "INFO", "DEBUG", "WARN", "ERROR"), message)
      .map(([t, l, m]) => `${t} ${l} ${m}`),
    weight: 6,
  },
  fc
    .tuple(time, fc.constantFrom("INFO", "WARN", "ERROR", "DEBUG", "TRACE"), phrase)
    .map(([t, l, p]) => `${t} ${l} ${p}`),
  fc
    .tuple(fc.constantFrom("a.js", "lib/b.ts", "node:internal/x"), fc.nat(999), fc.nat(99))
    .map(([f, l, c]) => `    at fn (${f}:${l}:${c})`),
  fc.constantFrom(
    "Traceback (most recent call last):",
    "FAIL src/x.test.ts",
    "Tests: 1 failed, 3 passed",
    "npm ERR! code 1",
  ),
  phrase,
);
const log = fc.array(logLine, { minLength: 1, maxLength: 200 }).map((l) => l.join("\n"));

const searchRow = fc
  .tuple(fc.constantFrom("src/a.ts", "lib/b-c.js", "C:\\x\\y.go", "./z.py", "docs/r e.md"), fc.nat(999), phrase)
  .map(([p, n, t]) => `${p}:${n}:${t}`);
const search = fc.array(searchRow, { minLength: 1, maxLength: 120 }).map((r) => r.join("\n"));

const hunk = fc
  .tuple(fc.nat(500), fc.array(fc.tuple(fc.constantFrom("+", "-", " "), phrase), { minLength: 1, maxLength: 30 }))
  .map(
    ([at, rows]) =>
      `@@ -${at + 1},${rows.length} +${at + 1},${rows.length} @@\n${rows.map(([s, t]) => s + t).join("\n")}`,
  );
const diffFile = fc
  .tuple(fc.constantFrom("a.ts", "src/b.py", "README.md"), fc.array(hunk, { minLength: 1, maxLength: 4 }))
  .map(
    ([f, hunks]) =>
      `diff --git a/${f} b/${f}\nindex 1234567..89abcde 100644\n--- a/${f}\n+++ b/${f}\n${hunks.join("\n")}`,
  );
const diff = fc.array(diffFile, { minLength: 1, maxLength: 4 }).map((f) => f.join("\n"));

const record = fc.record({
  id: fc.nat(),
  name: phrase,
  status: fc.constantFrom("ok", "error", "pending"),
  score: fc.double({ noNaN: true, noDefaultInfinity: true }),
  tags: fc.array(word, { maxLength: 4 }),
  nested: fc.option(fc.record({ a: fc.nat(), b: phrase }), { nil: null }),
});
const json = fc.oneof(
  fc.json({ maxDepth: 6 }),
  fc
    .tuple(fc.array(record, { minLength: 1, maxLength: 60 }), fc.constantFrom(0, 2))
    .map(([rows, indent]) => JSON.stringify(rows, null, indent)),
  fc.nat({ max: 3000 }).map((d) => "[".repeat(d) + "]".repeat(d)),
);

const mdBlock = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 6 }), phrase).map(([n, t]) => `${"#".repeat(n)} ${t}`),
  fc.array(phrase, { minLength: 1, maxLength: 5 }).map((l) => l.map((x) => `- ${x}`).join("\n")),
  fc.array(phrase, { minLength: 1, maxLength: 6 }).map((l) => `\`\`\`ts\n${l.join("\n")}\n\`\`\``),
  fc.array(phrase, { minLength: 1, maxLength: 8 }).map((l) => l.join(" ")),
  fc
    .array(phrase, { minLength: 1, maxLength: 4 })
    .map((l) => `| a | b |\n|---|---|\n${l.map((x) => `| ${x} | 1 |`).join("\n")}`),
);
const markdown = fc.array(mdBlock, { minLength: 1, maxLength: 40 }).map((b) => b.join("\n\n"));

const ansiPiece = fc.oneof(
  phrase,
  fc.constantFrom("\x1b[31m", "\x1b[0m", "\x1b[1;32m", "\x1b[2K", "\x1b[1A", "\r", "\x1b]8;;http://x\x07", "\x9b31m"),
);
const ansi = fc.array(ansiPiece, { minLength: 1, maxLength: 200 }).map((p) => p.join(""));

const invalidUtf16 = fc
  .array(fc.oneof(phrase, fc.constantFrom("\ud800", "\udfff", "\udc00x", "\u0000", "\ufffd", "\ud83d")), {
    minLength: 1,
    maxLength: 200,
  })
  .map((p) => p.join(" "));

const content = fc.oneof(
  { arbitrary: log, weight: 3 },
  { arbitrary: search, weight: 2 },
  { arbitrary: diff, weight: 2 },
  { arbitrary: json, weight: 3 },
  { arbitrary: markdown, weight: 2 },
  { arbitrary: ansi, weight: 1 },
  { arbitrary: invalidUtf16, weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 2000 }), weight: 1 },
  // Mixed: pieces of several types in one output (a CI step that prints JSON, a diff, a log).
  {
    arbitrary: fc
      .array(fc.oneof(log, search, diff, json, markdown), { minLength: 2, maxLength: 3 })
      .map((p) => p.join("\n")),
    weight: 2,
  },
);

const hint: fc.Arbitrary<Hint> = fc.oneof(
  fc.constant({}),
  fc.record({ tool: fc.constantFrom("Bash", "Read", "Grep", "mcp__x__y") }),
  fc.record({ tool: fc.constant("Read"), filename: fc.constantFrom("x.md", "x.json", "x.ts", "x.log") }),
  fc.record({ query: fc.constantFrom("error", "timeout", "id") }),
  fc.record({ compressCode: fc.constant(true), filename: fc.constant("x.ts") }),
);

// ---- the contracts ----

/** The original's lines `from`..`to` (1-based), with their line endings. */
function linesOf(text: string, from: number, to: number): string {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  if (starts[starts.length - 1] !== text.length) starts.push(text.length);
  return text.slice(starts[from - 1], starts[Math.min(to, starts.length - 1)]);
}

let pithy: Pithy;
let twin: Pithy;
beforeAll(async () => {
  // minTokens 20: small inputs reach the compressors too, so many runs stay cheap.
  pithy = await createPithy({ minTokens: 20 });
  twin = await createPithy({ minTokens: 20 });
});

/** Calls by action and type, so a generator that stops reaching the compressors fails the run. */
const reached = new Map<string, number>();

async function checkContracts(input: string, h: Hint): Promise<void> {
  const r = await pithy.compress(input, h);
  const kind = `${r.action} ${r.type} ${r.reason ?? ""}`;
  reached.set(kind, (reached.get(kind) ?? 0) + 1);
  if (r.action === "skipped") {
    expect(r.output).toBe(input);
    return;
  }
  expect(countTokens(r.output), "o200k tokens out ≤ in").toBeLessThanOrEqual(countTokens(input));
  expect((await twin.compress(input, h)).output, "deterministic").toBe(r.output);
  expect((await pithy.compress(r.output, h)).output, "idempotent").toBe(r.output);
  let isJson = true;
  try {
    JSON.parse(input);
  } catch {
    isJson = false;
  }
  if (isJson) expect(() => JSON.parse(r.output), "JSON in, JSON out").not.toThrow();
  for (const m of parseMarkers(r.output)) {
    const whole = await pithy.recall(m.key);
    expect(whole.found && whole.content, "marker recalls the original").toBe(input);
    for (const [from, to] of m.lines ?? []) {
      const part = await pithy.recall(m.key, { lines: `${from}-${to}` });
      expect(part.found && part.content, `marker recalls L${from}-${to}`).toBe(linesOf(input, from, to));
    }
  }
}

describe("fuzzed contracts", () => {
  it(`hold for ${RUNS} generated inputs of every type (seed ${SEED})`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(content, hint, async (input, h) => {
        await checkContracts(input, h);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const compressed = [...reached].filter(([k]) => !k.startsWith("skipped"));
    const total = [...reached.values()].reduce((a, b) => a + b, 0);
    const lossy = compressed.reduce((a, [, n]) => a + n, 0);
    // Not vacuous: a fair share of the calls compress, across several types.
    expect(lossy / total, JSON.stringify([...reached])).toBeGreaterThan(0.1);
    expect(new Set(compressed.map(([k]) => k.split(" ")[1])).size, JSON.stringify([...reached])).toBeGreaterThanOrEqual(
      5,
    );
  });
});
