// FsStore against MemoryStore: latency of one put followed by a get of the
// same entry (a new entry each time, and a repeated put of known content),
// per content shape, 100 KB each, and the bytes each entry takes on disk.
// With --baseline, an older source tree's FsStore runs in the same process,
// its rounds interleaved with this one's, and the table gives the ratios.
// Prints a table and writes bench/results/stores-fs.md (stores-fs-deno.md in Deno).
//
//   node bench/stores-fs.mjs [--rounds=400] [--dir=/path/on/the/disk/to/measure] [--baseline=/old/checkout]
//   node node_modules/deno/bin.cjs run -A bench/stores-fs.mjs   (the same in Deno)
//
// A baseline is a directory with the old `src/` (e.g. `git archive <commit> src | tar -x -C /tmp/old`).
// Loads dist/stores/fs.js and dist/index.js when built and no baseline is
// given, else bundles the sources with esbuild into a temp dir.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
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
const baselineRoot = args.baseline === undefined ? undefined : resolve(args.baseline);
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** FsStore and MemoryStore from `srcRoot/src` (bundled into `scratch`), or from dist/ when allowed and built. */
async function loadStores(scratch, srcRoot, tag, isDistAllowed) {
  const distFs = here("../dist/stores/fs.js");
  const distIndex = here("../dist/index.js");
  if (isDistAllowed && existsSync(distFs) && existsSync(distIndex)) {
    const [{ FsStore }, { MemoryStore }] = await Promise.all([
      import(pathToFileURL(distFs).href),
      import(pathToFileURL(distIndex).href),
    ]);
    return { FsStore, MemoryStore, from: "dist/" };
  }
  const entry = join(scratch, `entry-${tag}.ts`);
  writeFileSync(
    entry,
    `export { FsStore } from ${JSON.stringify(join(srcRoot, "src/stores/fs.ts"))};\n` +
      `export { MemoryStore } from ${JSON.stringify(join(srcRoot, "src/ccr/memory-store.ts"))};\n`,
  );
  const outfile = join(scratch, `stores-${tag}.mjs`);
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
  const shown = srcRoot === here("..") ? "src/" : `${join(srcRoot, "src")}/`;
  return { FsStore, MemoryStore, from: `${shown} (bundled with esbuild)` };
}

/** 100 KB (in UTF-16 code units) of each content shape; `i` makes every round's content distinct. */
const SHAPES = {
  "ASCII log": (i) =>
    fill(
      `${i} `,
      (n) => `2024-05-01T12:00:${String(n % 60).padStart(2, "0")}Z INFO request ${n} served in ${n % 97} ms\n`,
    ),
  "non-ASCII (é, 😀)": (i) => fill(`${i} `, (n) => `ligne ${n}: résumé 😀 café\n`),
  "lone surrogate": (i) => fill(`${i} \ud800`, (n) => `line ${n} of a log with a stray surrogate\n`),
  "CJK (stays UTF-16)": (i) => fill(`${i} `, (n) => `第${n}行：构建失败，请检查依赖\n`),
};
const CHARS = 100 * 1024;

function fill(head, line) {
  let s = head;
  for (let n = 0; s.length < CHARS; n++) s += line(n);
  // Never cut a surrogate pair in two: the shapes other than "lone surrogate" must stay well-formed.
  let end = CHARS;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return s.slice(0, end);
}

function keyOf(label) {
  return createHash("sha256").update(label).digest("hex").slice(0, 32);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Put+get round trips of every store in `stores`, interleaved round by
 * round (in a rotating order) so a change in the machine's load hits all of
 * them alike; per store,
 * sorted milliseconds after the warm-up with `cpuMs`, the process's CPU time
 * (user + system) per round, which run-queue waits on a busy machine do not
 * inflate. Every get is checked.
 */
async function roundTrips(stores, shape, repeat) {
  const contents = Array.from({ length: ROUNDS + WARMUP }, (_, i) => SHAPES[shape](repeat ? 0 : i));
  const results = stores.map(() => Object.assign([], { cpuMs: 0 }));
  for (let i = 0; i < contents.length; i++) {
    const key = keyOf(`${shape} ${repeat ? 0 : i}`);
    // Who goes first alternates, so none always runs right after another's garbage.
    for (let k = 0; k < stores.length; k++) {
      const s = (k + i) % stores.length;
      const cpu = process.cpuUsage();
      const started = performance.now();
      await stores[s].put(key, contents[i]);
      const got = await stores[s].get(key);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (got !== contents[i]) throw new Error(`${shape}: round ${i} read back different content`);
      if (i < WARMUP) continue;
      results[s].push(ms);
      results[s].cpuMs += (used.user + used.system) / 1000 / ROUNDS;
    }
  }
  for (const r of results) r.sort((a, b) => a - b);
  return results;
}

/** Mean size in bytes of the entry files directly in `dir`. */
function meanFileBytes(dir) {
  const sizes = readdirSync(dir)
    .filter((name) => /^[0-9a-f]{32}$/.test(name))
    .map((name) => statSync(join(dir, name)).size);
  return sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length);
}

const scratch = mkdtempSync(join(tmpdir(), "pithy-bench-fs-"));
const root = args.dir ?? join(scratch, "store");
mkdirSync(root, { recursive: true });
try {
  const current = await loadStores(scratch, here(".."), "current", baselineRoot === undefined);
  const baseline = baselineRoot === undefined ? undefined : await loadStores(scratch, baselineRoot, "baseline", false);
  const { MemoryStore } = current;
  const rows = [];
  for (const shape of Object.keys(SHAPES)) {
    for (const repeat of [false, true]) {
      const label = `${shape}, ${repeat ? "same entry again" : "new entry"}`;
      const n = rows.length;
      const dirs = { fs: join(root, `${n}`), old: join(root, `${n}-baseline`) };
      const stores = [await current.FsStore.open({ dir: dirs.fs, onUnusable: "throw" })];
      if (baseline) stores.push(await baseline.FsStore.open({ dir: dirs.old, onUnusable: "throw" }));
      stores.push(new MemoryStore());
      const timed = await roundTrips(stores, shape, repeat);
      const row = { label, fs: timed[0], old: baseline ? timed[1] : undefined, mem: timed[timed.length - 1] };
      row.fsBytes = meanFileBytes(dirs.fs);
      row.oldBytes = baseline ? meanFileBytes(dirs.old) : undefined;
      rows.push(row);
      console.log(
        `${label.padEnd(40)} FsStore p50 ${percentile(row.fs, 0.5).toFixed(3)} ms cpu ${row.fs.cpuMs.toFixed(3)} ms` +
          (row.old
            ? ` | baseline p50 ${percentile(row.old, 0.5).toFixed(3)} ms cpu ${row.old.cpuMs.toFixed(3)} ms`
            : "") +
          ` | MemoryStore p50 ${percentile(row.mem, 0.5).toFixed(4)} ms`,
      );
    }
  }
  const fmt = (ms) => ms.toFixed(3);
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const table = baseline
    ? [
        "| 100 KB entry, put + get | FsStore p50 | p90 | CPU / round | baseline p50 | p90 | CPU / round | CPU ratio (new / old) | file KB (new / old) | MemoryStore p50 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ...rows.map(
          (r) =>
            `| ${r.label} | ${fmt(percentile(r.fs, 0.5))} | ${fmt(percentile(r.fs, 0.9))} | ${fmt(r.fs.cpuMs)} | ${fmt(percentile(r.old, 0.5))} | ${fmt(percentile(r.old, 0.9))} | ${fmt(r.old.cpuMs)} | ${(r.fs.cpuMs / r.old.cpuMs).toFixed(2)} | ${kb(r.fsBytes)} / ${kb(r.oldBytes)} | ${fmt(percentile(r.mem, 0.5))} |`,
        ),
      ]
    : [
        "| 100 KB entry, put + get | FsStore p50 | FsStore p90 | FsStore p99 | FsStore CPU / round | file KB | MemoryStore p50 | MemoryStore p90 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        ...rows.map(
          (r) =>
            `| ${r.label} | ${fmt(percentile(r.fs, 0.5))} | ${fmt(percentile(r.fs, 0.9))} | ${fmt(percentile(r.fs, 0.99))} | ${fmt(r.fs.cpuMs)} | ${kb(r.fsBytes)} | ${fmt(percentile(r.mem, 0.5))} | ${fmt(percentile(r.mem, 0.9))} |`,
        ),
      ];
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
  const report = [
    "# FsStore round trip",
    "",
    `${runtime}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}; store dir ${args.dir ? root : "under the OS temp dir"}; load average at the end ${load}.`,
    `Milliseconds for one \`put\` then one \`get\` of the same 100 KB (UTF-16 units) entry, ${ROUNDS} rounds after ${WARMUP} warm-up; "new entry" writes a new file each round, "same entry again" is a put of content already held (a dedupe). "CPU / round" is the process's user + system CPU time per round (mean, V8's GC threads included), which waits for a busy CPU or disk do not count; "file KB" is the mean size of an entry's file.`,
    baseline
      ? `"baseline" is the FsStore of \`${args.baseline}\`, run in the same process with its rounds interleaved with this one's; the ratio is of CPU per round.`
      : "",
    `Reproduce: \`node bench/stores-fs.mjs${baseline ? " --baseline=<old checkout>" : ""}\` (loaded from ${current.from}).`,
    "",
    ...table,
    "",
  ]
    .filter((line, i, all) => line !== "" || all[i - 1] !== "")
    .join("\n");
  mkdirSync(here("./results"), { recursive: true });
  const resultFile = runtime.startsWith("Deno") ? "stores-fs-deno.md" : "stores-fs.md";
  writeFileSync(here(`./results/${resultFile}`), report);
  console.log(`\n${runtime}\n${table.join("\n")}\n\nload average ${load}; wrote bench/results/${resultFile}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
