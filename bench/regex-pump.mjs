// Regex pump: every hostile shape of bench/hostile-inputs.mjs under every hint, at
// 10 KB, 100 KB and 1 MB (and 8 MB with SIZES=...,8388608), through the whole
// pipeline (gate, router, chain, guardrail, fidelity check). A row is bad when a
// size costs more than 100 ms per MB, or when 1 MB costs more than 3x ten times
// 100 KB (superlinear). Sizes past a call that took over LIMIT_MS are not run: the
// row says so, since a quadratic pattern at 8 MB would take hours.
// Writes bench/results/regex.md (ONLY=shape,shape and HINTS=hint,hint narrow the run).
import { mkdirSync, writeFileSync } from "node:fs";
import { createPithy } from "../dist/index.js";
import { HINTS, SHAPES } from "./hostile-inputs.mjs";

const SIZES = (process.env.SIZES ?? "10240,102400,1048576").split(",").map(Number);
const LIMIT_MS = Number(process.env.LIMIT_MS ?? 3000);
const only = process.env.ONLY?.split(",");
const onlyHints = process.env.HINTS?.split(",");
const pithy = await createPithy();

async function time(text, hint) {
  const t0 = performance.now();
  await pithy.compress(text, hint);
  return performance.now() - t0;
}

// Warm the JIT on ordinary content first so the first row does not pay for it.
for (let i = 0; i < 20; i++) await time("line of a log 12:00:01 ERROR x\n".repeat(400), {});

const rows = [];
let worst = 0;
for (const [shape, make] of Object.entries(SHAPES)) {
  if (only && !only.includes(shape)) continue;
  for (const [hintName, hint] of Object.entries(HINTS)) {
    if (onlyHints && !onlyHints.includes(hintName)) continue;
    const ms = [];
    let stopped = false;
    for (const size of SIZES) {
      if (stopped) {
        ms.push(null);
        continue;
      }
      const text = make(size);
      // Best of two at every size (one when the first is already past the limit): the
      // first call on a new shape still tiers up its code path, which at 100 KB alone
      // reads 5-10x slower than steady state and made linear rows look superlinear.
      let t = await time(text, hint);
      if (t <= LIMIT_MS) t = Math.min(t, await time(text, hint));
      ms.push(t);
      if (t > LIMIT_MS) stopped = true;
    }
    const perMb = ms.map((t, i) => (t === null ? null : t / (SIZES[i] / 1048576)));
    const i100 = SIZES.indexOf(102400);
    const i1m = SIZES.indexOf(1048576);
    const ratio = i100 >= 0 && i1m >= 0 && ms[i1m] !== null ? ms[i1m] / (10 * ms[i100]) : null;
    const maxPerMb = Math.max(...perMb.filter((x, i) => x !== null && SIZES[i] >= 102400));
    worst = Math.max(worst, maxPerMb);
    const bad = stopped || maxPerMb > 100 || (ratio !== null && ratio > 3 && ms[i1m] > 50);
    rows.push({ shape, hintName, ms, perMb, ratio, bad, stopped });
    if (bad) console.error(`BAD ${shape} ${hintName} ${ms.map((t) => (t === null ? "-" : t.toFixed(0))).join(" ")}`);
  }
}

const fmt = (t) => (t === null ? "not run" : t < 10 ? t.toFixed(1) : t.toFixed(0));
const head = `| shape | hint | ${SIZES.map((s) => `${s / 1024} KB ms`).join(" | ")} | worst ms/MB (≥100 KB) | 1 MB ÷ 10×100 KB | |`;
const sep = `|${" --- |".repeat(SIZES.length + 5)}`;
const body = rows.map(
  (r) =>
    `| ${r.shape} | ${r.hintName} | ${r.ms.map(fmt).join(" | ")} | ${fmt(Math.max(...r.perMb.filter((x, i) => x !== null && SIZES[i] >= 102400)))} | ${r.ratio === null ? "" : r.ratio.toFixed(2)} | ${r.bad ? "**bad**" : ""} |`,
);
const bad = rows.filter((r) => r.bad);
const md = [
  "# Regex pump: hostile shapes through the whole pipeline",
  "",
  `Node ${process.version}; sizes ${SIZES.map((s) => `${s / 1024} KB`).join(", ")}; best of two calls per size; a call over ${LIMIT_MS} ms stops its row.`,
  "Measured on a 2-core machine shared with other jobs (load 7-10): absolute ms/MB read high; the ratio column is the linearity check.",
  "Target: no shape costs more than 100 ms per MB at any size ≥ 100 KB, and 1 MB costs at most 3× ten times 100 KB.",
  "",
  `Rows: ${rows.length}; bad: ${bad.length}; worst: ${worst.toFixed(0)} ms/MB.`,
  "",
  head,
  sep,
  ...body,
  "",
].join("\n");
if (!only && !onlyHints) {
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/regex.md", md);
}
console.log(`rows ${rows.length}, bad ${bad.length}, worst ${worst.toFixed(0)} ms/MB`);
