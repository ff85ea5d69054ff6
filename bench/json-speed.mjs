// JSON speed: the JSON compressor alone (as the pipeline calls it), the whole
// pipeline (`createPithy().compress`) and `JSON.parse` (the floor: any JSON
// compressor reads the whole text at least once), side by side in one run, on
// the pipeline bench's ~317 KB json payload (the corpus json cases joined into
// one array) and on a 50 MB array of 600 000 small rows (the node-only test's
// input). Writes bench/results/json-speed.md.
//
//   node --expose-gc bench/json-speed.mjs          # measures ../dist/index.js
//   PITHY_BUNDLE=path/to/index.js node bench/json-speed.mjs
//   PITHY_BASELINE=path/to/old.js node bench/json-speed.mjs   # adds the old compressor, for a ratio
//   BIG_MB=10 node bench/json-speed.mjs            # a smaller big case
//
// Rounds alternate between what is measured, so load from other processes
// hits every column alike; the table gives the median and the best round.
import { writeFileSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadCorpus } from "./corpus.mjs";

const KEY = "0".repeat(32);
const BIG_CHARS = Number(process.env.BIG_MB ?? 50) * 1_000_000;

const bundlePath = process.env.PITHY_BUNDLE
  ? pathToFileURL(resolve(process.env.PITHY_BUNDLE)).href
  : new URL("../dist/index.js", import.meta.url).href;
const P = await import(bundlePath);
const B = process.env.PITHY_BASELINE ? await import(pathToFileURL(resolve(process.env.PITHY_BASELINE)).href) : null;
await P.loadWasm?.();
await B?.loadWasm?.();

/** The json compressor of a bundle, called as the pipeline calls it (the line index is the pipeline's, built once). */
async function compressorOf(lib, text) {
  const json = (await lib.defaultChains()).json.find((c) => c.name === "json");
  const input = {
    text,
    lines: lib.LineIndex.of(text),
    type: "json",
    hint: {},
    scale: 1,
    canDrop: true,
    marker: (s) => lib.formatMarker(KEY, s),
  };
  return () => json.compress(input);
}

/** The pipeline bench's json payload: the corpus json cases, repeated to 256 K characters, as one array. */
function corpusPayload() {
  const texts = loadCorpus()
    .filter((c) => c.class === "json" && c.text.length > 0)
    .map((c) => c.text);
  const parts = [];
  for (let i = 0, size = 0; size < 256 * 1024; i++) {
    parts.push(texts[i % texts.length]);
    size += parts[i].length;
  }
  return "[" + parts.map((t) => t.trim()).join(",\n") + "]";
}

/** The node-only test's input: rows of an id, a status (an error every 9 973 rows) and a message. */
function bigRows(target) {
  const parts = [];
  for (let i = 0, size = 0; size < target; i++) {
    parts.push(
      `{"id": ${i}, "status": "${i % 9973 === 0 ? "error" : "ok"}", "message": "request ${i} served in ${i % 97} ms"}`,
    );
    size += parts[i].length + 2;
  }
  return "[" + parts.join(",\n") + "]";
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Alternating rounds over `runs` (name → function); each round runs each at least once and for about `roundMs`. */
async function measure(runs, rounds, roundMs) {
  const times = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  // Warm-up: long enough for the JIT to settle (20 rounds' worth), at least once.
  for (const f of Object.values(runs)) {
    const t0 = performance.now();
    do await f();
    while (performance.now() - t0 < 20 * roundMs);
  }
  for (let r = 0; r < rounds; r++) {
    for (const [name, f] of Object.entries(runs)) {
      // One call per round (the big case): start it from a clean heap when the GC is exposed,
      // so one measurement's garbage is not collected on the next one's time.
      if (roundMs === 0) globalThis.gc?.();
      let n = 0;
      const t0 = performance.now();
      do {
        await f();
        n++;
      } while (performance.now() - t0 < roundMs);
      times[name].push((performance.now() - t0) / n);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, { median: median(v), best: Math.min(...v) }]));
}

const inputs = [
  { name: "corpus json payload", text: corpusPayload(), rounds: Number(process.env.ROUNDS ?? 15), roundMs: 60 },
  {
    name: `${BIG_CHARS / 1e6} MB array of small rows`,
    text: bigRows(BIG_CHARS),
    rounds: Number(process.env.BIG_ROUNDS ?? 3),
    roundMs: 0,
  },
];
const rows = [];
for (const { name, text, rounds, roundMs } of inputs) {
  // The pipeline's default cap (8 M characters) would skip the big case, and the
  // default store refuses a 100 MB (UTF-16) original, which leaves only the lossless path.
  const store = new P.MemoryStore({ maxBytes: 1024 * 1024 * 1024, maxEntryBytes: 512 * 1024 * 1024 });
  const pithy = await P.createPithy({ maxChars: 200_000_000, store });
  const compressor = await compressorOf(P, text);
  const baseline = B === null ? null : await compressorOf(B, text);
  const output = compressor()?.output ?? null;
  const result = await pithy.compress(text, { tool: "Bash" });
  const runs = {
    parse: () => JSON.parse(text),
    compressor,
    pipeline: () => pithy.compress(text, { tool: "Bash" }),
  };
  if (baseline !== null) runs.baseline = baseline;
  const t = await measure(runs, rounds, roundMs);
  const mb = new TextEncoder().encode(text).length / 1e6;
  const rate = (ms) => (mb / (ms / 1000)).toFixed(1);
  const ratio = (ms) => (ms / t.parse.median).toFixed(2);
  rows.push(
    `| ${name} | ${mb.toFixed(2)} | ${t.parse.median.toFixed(2)} (${t.parse.best.toFixed(2)}) | ${rate(t.parse.median)} ` +
      `| ${t.compressor.median.toFixed(2)} (${t.compressor.best.toFixed(2)}) | ${rate(t.compressor.median)} | ${ratio(t.compressor.median)}× ` +
      `| ${t.pipeline.median.toFixed(2)} (${t.pipeline.best.toFixed(2)}) | ${rate(t.pipeline.median)} | ${ratio(t.pipeline.median)}× | ${result.strategy} (${result.action}${result.reason ? `: ${result.reason}` : ""}) ` +
      (baseline === null
        ? "|"
        : `| ${t.baseline.median.toFixed(2)} (${t.baseline.best.toFixed(2)}) | ${(t.baseline.median / t.compressor.median).toFixed(2)}× | ${baseline()?.output === output ? "yes" : "no"} |`),
  );
}

const head =
  "| input | MB | JSON.parse ms median (best) | JSON.parse MB/s | compressor ms median (best) | compressor MB/s | compressor ÷ JSON.parse | pipeline ms median (best) | pipeline MB/s | pipeline ÷ JSON.parse | pipeline strategy (action) |";
const lines = [
  "# JSON speed",
  "",
  `Generated by \`node --expose-gc bench/json-speed.mjs\`: \`JSON.parse\` (the floor), the JSON compressor alone (as the pipeline calls it, with a store: lossy) and the whole pipeline (\`createPithy({ maxChars: 200_000_000, store }).compress\` with a MemoryStore that accepts a 100 MB original), in alternating rounds after warm-up (the big case: one call per round, each from a collected heap), on this machine (2 cores shared with other work: the best round shows what an idle machine gives). MB/s is UTF-8 MB at the median.${B === null ? "" : " Baseline: the compressor of `" + process.env.PITHY_BASELINE + "`."}`,
  "",
  B === null ? head : head + " baseline compressor ms median (best) | speed-up (median) | same output |",
  B === null
    ? "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    : "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|",
  ...rows,
  "",
];
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/json-speed.md", import.meta.url), lines.join("\n"));
console.log(lines.join("\n"));
