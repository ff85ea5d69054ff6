// Prints one hash per corpus case and hint variant of what the built bundle
// (dist/) outputs, then one hash over all of them: the check that a refactor
// left every output byte-identical. Run it before and after, compare the last
// line (`node bench/output-snapshot.mjs [--all]`; `--all` prints every row).
import { createHash } from "node:crypto";
import { readFileSync, existsSync } from "node:fs";
import { createPithy } from "../dist/index.js";

const CORPORA = ["../shared/corpus", "test/corpus"];
const VARIANTS = [
  { name: "tool", options: {}, hint: (c) => ({ tool: c.tool_hint }) },
  { name: "bare", options: {}, hint: () => ({}) },
  { name: "aggressive", options: { profile: "aggressive" }, hint: (c) => ({ tool: c.tool_hint }) },
  { name: "conservative", options: { profile: "conservative" }, hint: (c) => ({ tool: c.tool_hint, query: "error" }) },
  { name: "lossless", options: { store: null }, hint: (c) => ({ tool: c.tool_hint }) },
];

const sha = (text) => createHash("sha256").update(text).digest("hex");
const rows = [];
for (const dir of CORPORA) {
  const manifestPath = `${dir}/manifest.json`;
  if (!existsSync(manifestPath)) continue;
  const { cases } = JSON.parse(readFileSync(manifestPath, "utf8"));
  for (const variant of VARIANTS) {
    const pithy = await createPithy(variant.options);
    for (const c of cases) {
      const text = readFileSync(`${dir}/${c.file}`, "utf8");
      const r = await pithy.compress(text, variant.hint(c));
      const summary = [r.action, r.reason ?? "", r.type, r.strategy, r.tokensIn, r.tokensOut].join(" ");
      rows.push(`${dir}:${c.id}:${variant.name} ${summary} ${sha(r.output).slice(0, 16)}`);
    }
  }
}
if (process.argv.includes("--all")) for (const row of rows) console.log(row);
console.log(`${rows.length} outputs, snapshot ${sha(rows.join("\n")).slice(0, 32)}`);
