// FsStore against MemoryStore: latency of one put followed by a get of the
// same entry (a new entry each time, and a repeated put of known content),
// per content shape, 100 KB each. Prints a table and writes
// bench/results/stores-fs.md.
//
//   node bench/stores-fs.mjs [--rounds=400] [--dir=/path/on/the/disk/to/measure]
//   node node_modules/deno/bin.cjs run -A bench/stores-fs.mjs   (the same in Deno)
//
// Loads dist/stores/fs.js and dist/index.js when built, else bundles the
// sources with esbuild into a temp dir, so it runs before the subpath exists.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import process from "node:process";

// Through require: Deno's ESM view of the CommonJS esbuild package lacks its named exports.
const { build } = createRequire(import.meta.url)("esbuild");
const runtime =
  typeof globalThis.Deno === "object" ? `Deno ${globalThis.Deno.version.deno}` : `Node ${process.version}`;

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const ROUNDS = Number(args.rounds ?? 400);
const WARMUP = 40;
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

async function loadStores(scratch) {
  const distFs = here("../dist/stores/fs.js");
  const distIndex = here("../dist/index.js");
  if (existsSync(distFs) && existsSync(distIndex)) {
    const [{ FsStore }, { MemoryStore }] = await Promise.all([
      import(pathToFileURL(distFs).href),
      import(pathToFileURL(distIndex).href),
    ]);
    return { FsStore, MemoryStore, from: "dist/" };
  }
  const entry = join(scratch, "entry.ts");
  writeFileSync(
    entry,
    `export { FsStore } from ${JSON.stringify(here("../src/stores/fs.ts"))};\n` +
      `export { MemoryStore } from ${JSON.stringify(here("../src/ccr/memory-store.ts"))};\n`,
  );
  const outfile = join(scratch, "stores.mjs");
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    outfile,
    logLevel: "warning",
  });
  const { FsStore, MemoryStore } = await import(pathToFileURL(outfile).href);
  return { FsStore, MemoryStore, from: "src/ (bundled with esbuild)" };
}

/** 100 KB (in UTF-16 code units) of each content shape; `i` makes every round's content distinct. */
const SHAPES = {
  "ASCII log": (i) =>
    fill(
      `${i} `,
      (n) => `2024-05-01T12:00:${String(n % 60).padStart(2, "0")}Z INFO request ${n} served in ${n % 97} ms\n`,
    ),
  "non-ASCII (é, 😀)": (i) => fill(`${i} `, (n) => `ligne ${n}: résumé 😀 café\n`),
  "lone surrogate (UTF-16 file)": (i) => fill(`${i} \ud800`, (n) => `line ${n} of a log with a stray surrogate\n`),
};
const CHARS = 100 * 1024;

function fill(head, line) {
  let s = head;
  for (let n = 0; s.length < CHARS; n++) s += line(n);
  return s.slice(0, CHARS);
}

function keyOf(label) {
  return createHash("sha256").update(label).digest("hex").slice(0, 32);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Milliseconds of each put+get round trip after a warm-up, sorted, checking
 * every get; `cpuMs` is the process's CPU time (user + system, all threads)
 * per round, which run-queue waits on a busy machine do not inflate.
 */
async function roundTrips(store, shape, repeat) {
  const contents = Array.from({ length: ROUNDS + WARMUP }, (_, i) => SHAPES[shape](repeat ? 0 : i));
  const times = [];
  let cpu = null;
  for (let i = 0; i < contents.length; i++) {
    if (i === WARMUP) cpu = process.cpuUsage();
    const key = keyOf(`${shape} ${repeat ? 0 : i}`);
    const started = performance.now();
    await store.put(key, contents[i]);
    const got = await store.get(key);
    const ms = performance.now() - started;
    if (got !== contents[i]) throw new Error(`${shape}: round ${i} read back different content`);
    if (i >= WARMUP) times.push(ms);
  }
  const used = process.cpuUsage(cpu);
  const sorted = times.sort((a, b) => a - b);
  sorted.cpuMs = (used.user + used.system) / 1000 / ROUNDS;
  return sorted;
}

const scratch = mkdtempSync(join(tmpdir(), "pithy-bench-fs-"));
const root = args.dir ?? join(scratch, "store");
mkdirSync(root, { recursive: true });
try {
  const { FsStore, MemoryStore } = await loadStores(scratch);
  const rows = [];
  for (const shape of Object.keys(SHAPES)) {
    for (const repeat of [false, true]) {
      const label = `${shape}, ${repeat ? "same entry again" : "new entry"}`;
      const fs = await FsStore.open({ dir: join(root, `${rows.length}`), onUnusable: "throw" });
      const fsTimes = await roundTrips(fs, shape, repeat);
      const memTimes = await roundTrips(new MemoryStore(), shape, repeat);
      rows.push({ label, fs: fsTimes, mem: memTimes });
      console.log(
        `${label.padEnd(46)} FsStore p50 ${percentile(fsTimes, 0.5).toFixed(3)} ms p90 ${percentile(fsTimes, 0.9).toFixed(3)} ms cpu ${fsTimes.cpuMs.toFixed(3)} ms | MemoryStore p50 ${percentile(memTimes, 0.5).toFixed(4)} ms`,
      );
    }
  }
  const fmt = (ms) => ms.toFixed(3);
  const table = [
    "| 100 KB entry, put + get | FsStore p50 | FsStore p90 | FsStore p99 | FsStore CPU / round | MemoryStore p50 | MemoryStore p90 |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.label} | ${fmt(percentile(r.fs, 0.5))} | ${fmt(percentile(r.fs, 0.9))} | ${fmt(percentile(r.fs, 0.99))} | ${fmt(r.fs.cpuMs)} | ${fmt(percentile(r.mem, 0.5))} | ${fmt(percentile(r.mem, 0.9))} |`,
    ),
  ];
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
  const report = [
    "# FsStore round trip",
    "",
    `${runtime}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}; store dir ${args.dir ? root : "under the OS temp dir"}; load average at the end ${load}.`,
    `Milliseconds for one \`put\` then one \`get\` of the same 100 KB (UTF-16 units) entry, ${ROUNDS} rounds after ${WARMUP} warm-up; "new entry" writes a new file each round, "same entry again" is a put of content already held (a dedupe). "CPU / round" is the process's user + system CPU time per round (mean, V8's GC threads included), which waits for a busy CPU or disk do not count.`,
    "Reproduce: `node bench/stores-fs.mjs`.",
    "",
    ...table,
    "",
  ].join("\n");
  mkdirSync(here("./results"), { recursive: true });
  const resultFile = runtime.startsWith("Deno") ? "stores-fs-deno.md" : "stores-fs.md";
  writeFileSync(here(`./results/${resultFile}`), report);
  console.log(`\n${runtime}\n${table.join("\n")}\n\nload average ${load}; wrote bench/results/${resultFile}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
