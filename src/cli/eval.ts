// `pithy eval DIR`: runs the pipeline over every case of a corpus laid out like
// ../shared/corpus (a manifest.json whose cases name a file, a class, a tool hint
// and must_keep strings) and reports tokens in/out, must_keep retention, recall
// exactness and time per case and per class.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseMarkers } from "../ccr/marker.js";
import { estimateTokens } from "../kernels/tokens.js";
import type { Pithy } from "../pipeline.js";
import { isShown } from "./visible-form.js";

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
  /** Markers in the output, and what they cost in tokens (part of `tokensOut`). */
  markers: number;
  markerTokens: number;
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

/** The corpus cannot be read: says which file and why (exit 3). */
export class CorpusError extends Error {
  override name = "CorpusError";
}

/** Reads `DIR/manifest.json`; throws {@link CorpusError} naming the manifest and what is wrong with it. */
export function readManifest(dir: string): EvalCase[] {
  const file = join(dir, "manifest.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code ?? "error";
    const why = code === "ENOENT" ? "not found: a corpus directory needs a manifest.json" : "cannot be read";
    throw new CorpusError(`${file} ${why} (${code})`);
  }
  let raw: { cases?: unknown };
  try {
    raw = JSON.parse(text) as { cases?: unknown };
  } catch (error) {
    throw new CorpusError(`${file} is not JSON (${(error as Error).message})`);
  }
  if (typeof raw !== "object" || raw === null || !Array.isArray(raw.cases)) {
    throw new CorpusError(`${file} has no "cases" array`);
  }
  return raw.cases as EvalCase[];
}

/** The text of one case's file; throws {@link CorpusError} naming the case and the file. */
function readCase(dir: string, c: EvalCase): string {
  const file = join(dir, String(c.file));
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new CorpusError(
      `case ${JSON.stringify(c.id)}: cannot read ${file} (${(error as { code?: string }).code ?? "error"})`,
    );
  }
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
    const text = readCase(dir, c);
    const hint = { tool: c.tool_hint };
    let r = await pithy.compress(text, hint);
    const started = performance.now();
    for (let k = 0; k < runs; k++) r = await pithy.compress(text, hint);
    const ms = (performance.now() - started) / runs;
    const mustKeep = c.must_keep ?? [];
    const missing = mustKeep.filter((s) => !isShown(r.output, s, c.class));
    // The call's own markers (marker-like text in a passed-through input is content, not ours).
    const markers = r.key === undefined ? [] : parseMarkers(r.output).filter((m) => m.key === r.key);
    let recallExact = true;
    if (r.key !== undefined) {
      const back = await pithy.recall(r.key);
      recallExact = back.found && back.content === text;
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
      markers: markers.length,
      markerTokens: markers.reduce((n, m) => n + options.count(r.output.slice(m.index, m.index + m.length)), 0),
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
  markers: number;
  markerTokens: number;
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
      t = {
        klass: key,
        cases: 0,
        tokensIn: 0,
        tokensOut: 0,
        mustKeep: 0,
        kept: 0,
        recallExact: 0,
        markers: 0,
        markerTokens: 0,
        bytes: 0,
        ms: 0,
      };
      byClass.set(key, t);
      order.push(key);
    }
    t.cases++;
    t.tokensIn += r.tokensIn;
    t.tokensOut += r.tokensOut;
    t.mustKeep += r.mustKeep;
    t.kept += r.kept;
    t.recallExact += r.recallExact ? 1 : 0;
    t.markers += r.markers;
    t.markerTokens += r.markerTokens;
    t.bytes += r.bytes;
    t.ms += r.ms;
  };
  for (const r of rows) add(r.klass, r);
  for (const r of rows) add("all", r);
  return order.map((k) => byClass.get(k)!);
}

/** `12 (480, 40.0)`: markers, their tokens, tokens per marker. */
const markerCost = (markers: number, tokens: number) =>
  markers === 0 ? "0" : `${markers} (${tokens}, ${(tokens / markers).toFixed(1)})`;

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
    "| class | cases | tokens in | tokens out | saved | must_keep kept | recall exact | markers (tokens, per marker) | MB/s |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const t of classTotals(report.rows)) {
    const mbs = t.ms > 0 ? (t.bytes / 1e6 / (t.ms / 1e3)).toFixed(1) : "–";
    out.push(
      `| ${t.klass} | ${t.cases} | ${t.tokensIn} | ${t.tokensOut} | ${pct(t.tokensIn - t.tokensOut, t.tokensIn)} | ${t.kept}/${t.mustKeep} | ${t.recallExact}/${t.cases} | ${markerCost(t.markers, t.markerTokens)} | ${mbs} |`,
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
