// Net savings on a simulated agent loop (issue #14): what compression saves
// once the agent's recalls are paid for. Every case of both corpora is
// compressed as `pithy eval` does; then the agent recalls, through the
// model-facing recall handler (bounded to recallMaxTokens, 4000 by default):
//   none   — reads only the output (the eval's figure);
//   first  — the first marker of each output, by the place it names;
//   every  — every marker of every output, each by its place (the worst case);
//   whole  — one recall of each key with no selector (what recall cost before
//            markers named places: the first 4000-token page of the original).
// Tokens are o200k (js-tiktoken). Reproduce: npm run build && node bench/net-savings.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getEncoding } from "js-tiktoken";
import { createPithy, handleRecall, parseMarkers } from "../dist/index.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const encoder = getEncoding("o200k_base");
const count = (text) => encoder.encode(text, "all").length;

const CORPORA = [
  ["../shared/corpus", resolve(root, "..", "shared", "corpus")],
  ["test/corpus", join(root, "test", "corpus")],
];

/** The arguments that recall what `marker` hides: its line ranges or JSON path, or the whole key. */
function selectorOf(marker) {
  if (marker.path !== undefined) return { key: marker.key, path: marker.path };
  if (marker.lines !== undefined)
    return { key: marker.key, lines: marker.lines.map(([a, b]) => `${a}-${b}`).join(",") };
  return { key: marker.key };
}

async function recallTokens(pithy, args) {
  const answer = await handleRecall(pithy, { name: "pithy_recall", arguments: args });
  return answer === null ? 0 : count(answer.content);
}

const rows = [];
const sizes = [];
for (const [name, dir] of CORPORA) {
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  const pithy = await createPithy();
  const t = { cases: 0, in: 0, out: 0, first: 0, every: 0, whole: 0, markers: 0, recalls: 0 };
  for (const c of manifest.cases) {
    if (c.class === "adversarial") continue;
    const text = readFileSync(join(dir, c.file), "utf8");
    const r = await pithy.compress(text, { tool: c.tool_hint });
    const tokensIn = count(text);
    t.cases++;
    t.in += tokensIn;
    t.out += count(r.output);
    if (r.key === undefined) continue;
    const markers = parseMarkers(r.output).filter((m) => m.key === r.key);
    t.markers += markers.length;
    t.whole += await recallTokens(pithy, { key: r.key });
    for (let i = 0; i < markers.length; i++) {
      const cost = await recallTokens(pithy, selectorOf(markers[i]));
      if (i === 0) t.first += cost;
      t.every += cost;
      t.recalls++;
      sizes.push(cost);
    }
  }
  rows.push([name, t]);
}

const pct = (saved, total) => `${((100 * saved) / total).toFixed(1)} %`;
sizes.sort((a, b) => a - b);
const q = (p) => sizes[Math.min(sizes.length - 1, Math.floor(p * sizes.length))];
const lines = [
  "# Net savings on a simulated agent loop",
  "",
  "Every non-adversarial case of both corpora compressed as `pithy eval` does; the agent then recalls through the model-facing recall handler (`handleRecall`, bounded to 4000 tokens). Tokens: o200k_base (js-tiktoken). Reproduce: `npm run build && node bench/net-savings.mjs`.",
  "",
  "- **none**: the agent reads only the compressed outputs.",
  "- **first marker**: it also recalls the first marker of every output, by the lines or JSON path the marker names.",
  "- **every marker**: it recalls every marker of every output by its place (the worst case; an agent that did this would need no compression).",
  "- **whole key**: one recall per output with no selector, i.e. the first 4000-token page of the original, as a recall cost before markers named places.",
  "",
  "| corpus | cases | tokens in | out | saved (none) | saved, first marker recalled | saved, every marker recalled | saved, one whole-key recall per output | markers |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    ([name, t]) =>
      `| ${name} | ${t.cases} | ${t.in} | ${t.out} | ${pct(t.in - t.out, t.in)} | ${pct(t.in - t.out - t.first, t.in)} | ${pct(t.in - t.out - t.every, t.in)} | ${pct(t.in - t.out - t.whole, t.in)} | ${t.markers} |`,
  ),
  "",
  `Recall answers by place (${sizes.length} recalls): median ${q(0.5)} tokens, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${sizes[sizes.length - 1] ?? 0}.`,
  "",
];
const out = join(root, "bench", "results", "net-savings.md");
writeFileSync(out, lines.join("\n"));
console.log(lines.join("\n"));
console.log(`wrote ${out}`);
