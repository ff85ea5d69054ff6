// Interleaved A/B of two builds of the pipeline in one process, for a speed
// change on a shared machine where absolute MB/s drifts: ratios count.
//
//   cp -r dist /tmp/pithy-base            # on the base commit, after `npm run build`
//   node bench/pipeline-ab.mjs /tmp/pithy-base dist [rounds]
//
// Each round times `compress` PER times on each input with build A, then B
// (every other round B first), on ~100 KB and ~256 KB payloads of the log,
// search and diff corpus cases (as bench/pipeline.mjs builds them). The time
// is the process's CPU time (user + system), which another process taking a
// core does not inflate as it does wall time; WALL=1 times the wall clock.
// Reported: the median of each, and the median of the per-round ratios A/B
// (above 1: B is faster). CLASSES, SIZES (KB), PER and WARMUP tune it.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadCorpus } from "./corpus.mjs";

const [baseDir, headDir, roundsArg] = process.argv.slice(2);
if (baseDir === undefined || headDir === undefined) {
  console.error("usage: node bench/pipeline-ab.mjs <dist A> <dist B> [rounds]");
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 30);
const PER = Number(process.env.PER ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 60);
const WALL = process.env.WALL === "1";
const classes = (process.env.CLASSES ?? "log,search,diff").split(",");
const sizes = (process.env.SIZES ?? "100,256").split(",").map(Number);

/** About `target` characters of one class: its cases repeated (bench/pipeline.mjs's payload). */
function payload(cases, klass, target) {
  const texts = cases.filter((c) => c.class === klass && c.text.length > 0).map((c) => c.text);
  const parts = [];
  let size = 0;
  for (let i = 0; size < target; i++) {
    const t = texts[i % texts.length];
    parts.push(t);
    size += t.length;
  }
  return parts.map((t) => (t.endsWith("\n") ? t : t + "\n")).join("");
}

const load = async (dir) => (await import(pathToFileURL(resolve(dir, "index.js")).href)).createPithy();
const [a, b] = [await load(baseDir), await load(headDir)];
const cases = loadCorpus();
const hint = { tool: "Bash" };
const inputs = sizes.flatMap((kb) =>
  classes.map((k) => ({ name: `${k} ${kb} KB`, text: payload(cases, k, kb * 1024) })),
);

/** Milliseconds per call of `pithy` on `text`, over PER calls. */
async function time(pithy, text) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < PER; i++) await pithy.compress(text, hint);
  if (WALL) return (performance.now() - wall) / PER;
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / PER;
}

const median = (values) => [...values].sort((x, y) => x - y)[values.length >> 1];

for (const { text } of inputs) {
  for (let i = 0; i < WARMUP; i++) {
    await a.compress(text, hint);
    await b.compress(text, hint);
  }
}
console.log(`${ROUNDS} rounds of ${PER} calls, ${WALL ? "wall" : "CPU"} time; A = ${baseDir}, B = ${headDir}`);
for (const { name, text } of inputs) {
  const ta = [];
  const tb = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      ta.push(await time(a, text));
      tb.push(await time(b, text));
    } else {
      tb.push(await time(b, text));
      ta.push(await time(a, text));
    }
  }
  const mb = new TextEncoder().encode(text).length / 1e6;
  const ratio = median(ta.map((x, i) => x / tb[i]));
  console.log(
    `${name.padEnd(14)} A ${median(ta).toFixed(2)} ms (${(mb / (median(ta) / 1000)).toFixed(1)} MB/s)  ` +
      `B ${median(tb).toFixed(2)} ms (${(mb / (median(tb) / 1000)).toFixed(1)} MB/s)  A/B ${ratio.toFixed(3)}`,
  );
}
