// The kernel benchmark: every implementation row of every bench/kernels/*.mjs
// module, on corpus-like inputs of 1 KB, 100 KB and 10 MB per class (see
// bench/inputs.mjs), timed with tinybench; plus copy floors and the cold start
// of dist/kernels.js. Prints the tables and writes bench/results/kernels.md.
//
//   npm run build && node --expose-gc bench/kernels.mjs [--only=kernel,...] [--sizes=1 KB,100 KB]
//
// Throughput is reported in MB/s where 1 MB = 10^6 UTF-16 code units ("chars")
// of input; on ASCII text that equals MB of UTF-8.
import { readdirSync, writeFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";
import { Bench } from "tinybench";
import { benchInputs, SIZES } from "./inputs.mjs";

const distUrl = new URL("../dist/kernels.js", import.meta.url);
const kernelsDir = new URL("./kernels/", import.meta.url);
const resultsUrl = new URL("./results/kernels.md", import.meta.url);

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const only = args.only ? new Set(args.only.split(",")) : null;
const sizes = args.sizes ? SIZES.filter((s) => args.sizes.split(",").includes(s.label)) : SIZES;

/** tinybench budget per measurement: keeps the whole run near three minutes on 2 cores. */
function budget(chars) {
  if (chars >= 1 << 20) return { time: 0, iterations: 2, warmupTime: 0, warmupIterations: 1 };
  if (chars >= 1 << 16) return { time: 40, iterations: 3, warmupTime: 10, warmupIterations: 1 };
  return { time: 25, iterations: 10, warmupTime: 10, warmupIterations: 10 };
}

/** Copy floors: what just moving the string into linear memory costs. */
function copyFloorRows() {
  const encoder = new TextEncoder();
  let utf8 = new Uint8Array(16);
  let utf16 = Buffer.alloc(16);
  return [
    {
      kernel: "copy floor",
      impl: "TextEncoder.encodeInto",
      fn: (text) => {
        if (utf8.length < text.length * 3) utf8 = new Uint8Array(text.length * 3);
        return encoder.encodeInto(text, utf8).written;
      },
    },
    {
      kernel: "copy floor",
      impl: "Buffer#ucs2Write",
      fn: (text) => {
        if (utf16.length < text.length * 2) utf16 = Buffer.alloc(text.length * 2);
        return utf16.ucs2Write(text, 0);
      },
    },
  ];
}

/** Loads every bench/kernels/*.mjs; a module that cannot run yet is skipped with a note. */
async function loadRows(lib, notes) {
  const rows = [];
  const files = readdirSync(kernelsDir)
    .filter((f) => f.endsWith(".mjs"))
    .sort();
  const summaries = [];
  for (const file of files) {
    let mod;
    try {
      mod = await import(new URL(file, kernelsDir).href);
      const got = await mod.default(lib);
      for (const row of got) {
        if (only && !only.has(row.kernel) && !only.has(file.replace(/\.mjs$/, ""))) continue;
        rows.push({ ...row, module: file });
      }
      if (typeof mod.summary === "function") summaries.push(mod.summary);
    } catch (err) {
      notes.push(`skipped ${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { rows, summaries };
}

/** Checks a row once on a small input: a row whose `lib` export is missing throws here. */
function rowWorks(row, sample, notes) {
  try {
    row.fn(sample);
    return true;
  } catch (err) {
    notes.push(`skipped ${row.kernel} / ${row.impl}: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

// Every result lands here, so no engine can drop a call as dead code.
let sink = 0;

/** MB/s (10^6 chars per second, median sample) of `row` on `input`. */
async function measure(row, input) {
  const bench = new Bench({ ...budget(input.chars), throws: true });
  bench.add(row.impl, () => {
    const r = row.fn(input.text);
    sink = (sink + (typeof r === "number" ? r : 1)) | 0;
  });
  await bench.run();
  return input.chars / 1e6 / (bench.tasks[0].result.latency.p50 / 1000);
}

/**
 * Median cold start of `import(dist/kernels.js)` + `loadWasm()` in a fresh
 * node, in ms. The script runs from a file, as an application's entry point
 * does: under `node -e` the ES module loader's own start-up (~10 ms) would be
 * counted as pithy's.
 */
function coldStart(runs = 10) {
  const inProcess = [];
  const importMs = [];
  const loadMs = [];
  const wall = [];
  const script =
    `const t0 = performance.now(); const m = await import(${JSON.stringify(distUrl.href)}); const t1 = performance.now(); ` +
    "const host = await m.loadWasm(); if (!host) process.exit(2); const t2 = performance.now(); " +
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the template literal belongs to the child's script.
    "console.log(`${t2 - t0} ${t1 - t0} ${t2 - t1}`);";
  const dir = mkdtempSync(join(tmpdir(), "pithy-cold-"));
  const file = join(dir, "cold.mjs");
  writeFileSync(file, script);
  try {
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [file], { encoding: "utf8" });
      wall.push(performance.now() - t0);
      if (r.status !== 0) throw new Error(`cold start failed: ${r.stderr || r.status}`);
      const [total, imported, loaded] = r.stdout.trim().split(" ").map(Number);
      inProcess.push(total);
      importMs.push(imported);
      loadMs.push(loaded);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const median = (v) => v.slice().sort((a, b) => a - b)[v.length >> 1];
  return {
    importAndLoad: median(inProcess),
    importOnly: median(importMs),
    loadOnly: median(loadMs),
    processWall: median(wall),
    runs,
  };
}

const fmt = (v) => (v === undefined ? "—" : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

async function main() {
  const started = performance.now();
  const lib = await import(distUrl.href);
  const host = await lib.loadWasm();
  const notes = [];
  if (!host) notes.push("WebAssembly unavailable: wasm rows measure nothing useful");
  const { rows, summaries } = await loadRows(lib, notes);
  if (!only || only.has("copy floor")) rows.push(...copyFloorRows());
  const inputs = benchInputs(sizes);
  const classes = [...new Set(inputs.map((i) => i.className))];
  const sample = inputs[0].text;
  const live = rows.filter((r) => rowWorks(r, sample, notes));

  /** results[kernel][impl][size][class] = MB/s */
  const results = {};
  for (const input of inputs) {
    globalThis.gc?.();
    for (const row of live) {
      if (row.maxChars !== undefined && input.chars > row.maxChars) continue;
      let mbps;
      try {
        mbps = await measure(row, input);
      } catch (err) {
        notes.push(
          `${row.kernel} / ${row.impl} failed on ${input.className} ${input.sizeLabel}: ${err instanceof Error ? err.message : err}`,
        );
        continue;
      }
      (((results[row.kernel] ??= {})[row.impl] ??= {})[input.sizeLabel] ??= {})[input.className] = mbps;
    }
    process.stderr.write(
      `. ${input.className} ${input.sizeLabel} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
    );
  }
  const cold = coldStart();

  const out = [];
  out.push("# Kernel throughput", "");
  out.push(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}; load average at the end ${(
      await import("node:os")
    )
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}.`,
    "MB/s = 10^6 UTF-16 code units (chars) of input per second, median of tinybench samples; on ASCII input that equals MB of UTF-8.",
    "Reproduce: `npm run build && node --expose-gc bench/kernels.mjs`.",
    "",
  );
  for (const [kernel, impls] of Object.entries(results)) {
    for (const size of sizes) {
      const header = `| ${kernel} @ ${size.label} | ${classes.join(" | ")} |`;
      const rule = `|---|${classes.map(() => "---:").join("|")}|`;
      const lines = [];
      for (const [impl, bySize] of Object.entries(impls)) {
        const row = bySize[size.label];
        if (!row) continue;
        lines.push(`| ${impl} | ${classes.map((c) => fmt(row[c])).join(" | ")} |`);
      }
      if (lines.length) out.push(header, rule, ...lines, "");
    }
  }
  out.push(
    "## Cold start",
    "",
    `A fresh \`node\` running a script file that imports dist/kernels.js and awaits \`loadWasm()\`, median of ${cold.runs} runs: ` +
      `**${cold.importAndLoad.toFixed(1)} ms** in-process (import ${cold.importOnly.toFixed(1)} ms + decode, compile and instantiate ${cold.loadOnly.toFixed(1)} ms); ` +
      `${cold.processWall.toFixed(0)} ms wall for the whole process.`,
    "",
  );
  const mbps = (kernel, impl, cls, size) => results[kernel]?.[impl]?.[size]?.[cls];
  for (const summary of summaries) {
    try {
      out.push(...summary(mbps), "");
    } catch (err) {
      notes.push(`summary failed: ${err instanceof Error ? err.message : err}`);
    }
  }
  if (notes.length) out.push("## Notes", "", ...notes.map((n) => `- ${n}`), "");
  out.push(`Total run time ${((performance.now() - started) / 1000).toFixed(0)} s (checksum ${sink & 0xff}).`, "");
  const text = out.join("\n");
  console.log(text);
  if (!only && sizes.length === SIZES.length) {
    mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
    writeFileSync(resultsUrl, text);
    console.error(`wrote ${resultsUrl.pathname}`);
  }
}

await main();
