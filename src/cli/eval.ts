// `pithy eval DIR`: runs the pipeline over every case of a corpus laid out like
// ../shared/corpus (a manifest.json whose cases name a file, a class, a tool hint
// and must_keep strings) and reports tokens in/out, must_keep retention, recall
// exactness and time per case and per class.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseMarkers } from "../ccr/marker.js";
import { estimateTokens } from "../kernels/tokens.js";
import type { Pithy } from "../pipeline.js";
import { visibleForm } from "./visible-form.js";

/** One case of a corpus manifest (the fields eval reads). */
export interface EvalCase {
  id: string;
  class: string;
  file: string;
  tool_hint?: string;
  must_keep?: string[];
}

/** What eval measured for one case. */
export interface EvalRow {
  id: string;
  klass: string;
  type: string;
  action: string;
  reason: string;
  strategy: string;
  bytes: number;
  tokensIn: number;
  tokensOut: number;
  mustKeep: number;
  kept: number;
  keptLiterally: number;
  missing: string[];
  recallExact: boolean;
  ms: number;
}

/** The whole evaluation: rows per case and how tokens were counted. */
export interface EvalReport {
  rows: EvalRow[];
  tokenizer: string;
}

/** Counts tokens; eval uses the exact o200k_base tokenizer when js-tiktoken is installed. */
export type TokenCounter = (text: string) => number;

/**
 * The exact o200k_base counter from js-tiktoken if it can be loaded, else
 * pithy's own estimate. Counted per line (long lines in chunks) so a 100 KB
 * single-line file stays fast.
 */
export async function loadTokenCounter(exact: boolean): Promise<{ count: TokenCounter; name: string }> {
  if (exact) {
    try {
      const lite = "js-tiktoken/lite";
      const ranks = "js-tiktoken/ranks/o200k_base";
      const { Tiktoken } = (await import(lite)) as { Tiktoken: new (r: unknown) => { encode(s: string): number[] } };
      const o200k = ((await import(ranks)) as { default: unknown }).default;
      const enc = new Tiktoken(o200k);
      return { count: (text) => countByLines(text, (s) => enc.encode(s).length), name: "o200k_base (js-tiktoken)" };
    } catch {
      // Not installed: fall through to the estimate, and say so in the report.
    }
  }
  return { count: estimateTokens, name: "pithy's estimate (install js-tiktoken for exact o200k_base counts)" };
}

function countByLines(text: string, encode: (s: string) => number): number {
  const CHUNK = 4096;
  let n = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    end = end === -1 ? text.length : end + 1;
    for (let i = start; i < end; i += CHUNK) n += encode(text.slice(i, Math.min(end, i + CHUNK)));
    start = end;
  }
  return n;
}

/** Reads `DIR/manifest.json`; throws a plain Error naming what is wrong. */
export function readManifest(dir: string): EvalCase[] {
  const raw = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { cases?: unknown };
  if (!Array.isArray(raw.cases)) throw new Error(`${join(dir, "manifest.json")} has no "cases" array`);
  return raw.cases as EvalCase[];
}

/** Runs every case through `pithy` (a warm-up, then `runs` timed runs) and checks recall. */
export async function evaluateCorpus(
  dir: string,
  pithy: Pithy,
  options: {
    count: TokenCounter;
    tokenizer: string;
    runs?: number;
    onProgress?: (done: number, total: number, id: string) => void;
  },
): Promise<EvalReport> {
  const cases = readManifest(dir);
  const runs = options.runs ?? 3;
  const rows: EvalRow[] = [];
  for (const [i, c] of cases.entries()) {
    options.onProgress?.(i, cases.length, c.id);
    const text = readFileSync(join(dir, c.file), "utf8");
    const hint = { tool: c.tool_hint };
    let r = await pithy.compress(text, hint);
    const started = performance.now();
    for (let k = 0; k < runs; k++) r = await pithy.compress(text, hint);
    const ms = (performance.now() - started) / runs;
    const mustKeep = c.must_keep ?? [];
    const missing = mustKeep.filter((s) => !r.output.includes(visibleForm(s, c.class)));
    let recallExact = true;
    const keys = new Set(parseMarkers(r.output).map((m) => m.key));
    if (r.key !== undefined) keys.add(r.key);
    for (const key of keys) {
      const back = await pithy.recall(key);
      if (!back.found || back.content !== text) recallExact = false;
    }
    rows.push({
      id: c.id,
      klass: c.class,
      type: r.type,
      action: r.action,
      reason: r.reason ?? "",
      strategy: r.strategy,
      bytes: r.bytesIn,
      tokensIn: options.count(text),
      tokensOut: options.count(r.output),
      mustKeep: mustKeep.length,
      kept: mustKeep.length - missing.length,
      keptLiterally: mustKeep.filter((s) => r.output.includes(s)).length,
      missing,
      recallExact,
      ms,
    });
  }
  options.onProgress?.(cases.length, cases.length, "");
  return { rows, tokenizer: options.tokenizer };
}

interface ClassTotals {
  klass: string;
  cases: number;
  tokensIn: number;
  tokensOut: number;
  mustKeep: number;
  kept: number;
  recallExact: number;
  bytes: number;
  ms: number;
}

/** Totals per class, in first-seen order, then "all". */
export function classTotals(rows: EvalRow[]): ClassTotals[] {
  const order: string[] = [];
  const byClass = new Map<string, ClassTotals>();
  const add = (key: string, r: EvalRow) => {
    let t = byClass.get(key);
    if (t === undefined) {
      t = { klass: key, cases: 0, tokensIn: 0, tokensOut: 0, mustKeep: 0, kept: 0, recallExact: 0, bytes: 0, ms: 0 };
      byClass.set(key, t);
      order.push(key);
    }
    t.cases++;
    t.tokensIn += r.tokensIn;
    t.tokensOut += r.tokensOut;
    t.mustKeep += r.mustKeep;
    t.kept += r.kept;
    t.recallExact += r.recallExact ? 1 : 0;
    t.bytes += r.bytes;
    t.ms += r.ms;
  };
  for (const r of rows) add(r.klass, r);
  for (const r of rows) add("all", r);
  return order.map((k) => byClass.get(k)!);
}

const pct = (a: number, b: number) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(1)} %`);

/** The report as Markdown: a table per class, one per case, and what went missing. */
export function renderMarkdown(report: EvalReport, title = "Corpus evaluation"): string {
  const out = [
    `# ${title}`,
    "",
    `Tokens: ${report.tokenizer}. must_keep counts a string as kept when it is visible in the output; for the html class, markup strings are checked in the form extraction shows them (\`<h4>x</h4>\` as \`#### x\`, \`<title>x</title>\` as \`# x\`, \`<a name="x">\` as \`{#x}\`), since no markup survives; the case table gives the literal count too.`,
    "",
  ];
  out.push(
    "| class | cases | tokens in | tokens out | saved | must_keep kept | recall exact | MB/s |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const t of classTotals(report.rows)) {
    const mbs = t.ms > 0 ? (t.bytes / 1e6 / (t.ms / 1e3)).toFixed(1) : "–";
    out.push(
      `| ${t.klass} | ${t.cases} | ${t.tokensIn} | ${t.tokensOut} | ${pct(t.tokensIn - t.tokensOut, t.tokensIn)} | ${t.kept}/${t.mustKeep} | ${t.recallExact}/${t.cases} | ${mbs} |`,
    );
  }
  out.push(
    "",
    "| case | routed | action | strategy | bytes | tokens in → out | saved | must_keep | ms |",
    "|---|---|---|---|---:|---:|---:|---:|---:|",
  );
  for (const r of report.rows) {
    const literal = r.keptLiterally !== r.kept ? ` (literal ${r.keptLiterally})` : "";
    out.push(
      `| ${r.id} | ${r.type} | ${r.action}${r.reason ? ` (${r.reason})` : ""} | ${r.strategy} | ${r.bytes} | ${r.tokensIn} → ${r.tokensOut} | ${pct(r.tokensIn - r.tokensOut, r.tokensIn)} | ${r.kept}/${r.mustKeep}${literal} | ${r.ms.toFixed(2)} |`,
    );
  }
  const missing = report.rows.filter((r) => r.missing.length > 0);
  if (missing.length > 0) {
    out.push("", "## must_keep strings not visible", "");
    for (const r of missing) for (const s of r.missing) out.push(`- ${r.id}: \`${s.replace(/`/g, "'")}\``);
  }
  return out.join("\n") + "\n";
}

/** A bar chart of tokens in and out per class, as a standalone SVG. */
export function renderSvg(report: EvalReport): string {
  const totals = classTotals(report.rows).filter((t) => t.klass !== "all");
  const max = Math.max(1, ...totals.map((t) => t.tokensIn));
  const rowH = 28;
  const left = 110;
  const width = 640;
  const barW = width - left - 90;
  const height = 40 + totals.length * rowH;
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  const bars = totals.map((t, i) => {
    const y = 30 + i * rowH;
    const wIn = Math.max(1, Math.round((barW * t.tokensIn) / max));
    const wOut = Math.max(1, Math.round((barW * t.tokensOut) / max));
    return (
      `<text x="${left - 8}" y="${y + 14}" text-anchor="end">${esc(t.klass)}</text>` +
      `<rect x="${left}" y="${y}" width="${wIn}" height="18" fill="#d0d7de"/>` +
      `<rect x="${left}" y="${y}" width="${wOut}" height="18" fill="#2f81f7"/>` +
      `<text x="${left + wIn + 6}" y="${y + 14}">${pct(t.tokensIn - t.tokensOut, t.tokensIn)}</text>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">` +
    `<text x="${left}" y="18" font-weight="bold">tokens in (grey) and out (blue) per class</text>${bars.join("")}</svg>\n`
  );
}
