/**
 * `pithy eval DIR`: runs a corpus through the pipeline and writes the report
 * where `--out` says: into a directory (`--out DIR/`, default `./pithy-eval/`)
 * as report.md, report.json and report.svg, or next to a prefix
 * (`--out bench/results/corpus` → corpus.md, …). Where it went is always said
 * on stderr, so a default never litters a directory unnoticed.
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createPithy } from "../../pipeline.js";
import { UsageError } from "../args.js";
import { type Command, type CommandContext, EXIT } from "../command.js";
import { renderSvg } from "../eval-chart.js";
import { CorpusError, type EvalReport, evaluateCorpus, loadTokenCounter, renderMarkdown } from "../eval.js";
import { pipelineOptions } from "../pipeline-options.js";

/** Where the report goes when `--out` is not given. */
export const DEFAULT_EVAL_OUT = "pithy-eval/";
/** The files' base name when `--out` names a directory. */
const REPORT_NAME = "report";

/** `pithy eval DIR`. */
export const evalCommand: Command = {
  flags: ["out", "exact", "runs", "mode", "profile"],
  async run(context: CommandContext): Promise<number> {
    const { io, flags, args } = context;
    if (args.length !== 1) throw new UsageError(`expected one corpus DIR, got ${args.length} arguments`);
    const runs = flags.runs === undefined ? 3 : Number(flags.runs);
    if (typeof flags.runs === "string" && !/^[1-9][0-9]{0,5}$/.test(flags.runs))
      throw new UsageError(`--runs must be a positive integer, got ${JSON.stringify(flags.runs)}`);
    const prefix = reportPrefix((flags.out as string | undefined) ?? DEFAULT_EVAL_OUT);
    const tokenizer = await loadTokenCounter(flags.exact === true);
    // Eval measures the pipeline, not the disk: originals go to a memory store.
    const pithy = await createPithy(pipelineOptions(context));
    let report: EvalReport;
    try {
      report = await evaluateCorpus(args[0], pithy, {
        count: tokenizer.count,
        tokenizer: tokenizer.name,
        runs,
        onProgress: io.stderrIsTty
          ? (done, total, id) => io.stderr(`\r${progressBar(done, total)} ${id.slice(0, 40).padEnd(40)}`)
          : undefined,
      });
    } catch (error) {
      if (!(error instanceof CorpusError)) throw error;
      io.stderr(`pithy: cannot read the corpus in ${args[0]}: ${error.message}\n`);
      return EXIT.unreadable;
    }
    if (io.stderrIsTty) io.stderr("\n");
    const markdown = renderMarkdown(report);
    try {
      mkdirSync(dirname(prefix + ".md"), { recursive: true });
      writeFileSync(prefix + ".md", markdown);
      writeFileSync(prefix + ".json", JSON.stringify(report, null, 2) + "\n");
      writeFileSync(prefix + ".svg", renderSvg(report));
    } catch (error) {
      io.stderr(`pithy: cannot write the report to ${prefix}.* (${(error as { code?: string }).code ?? "error"})\n`);
      return EXIT.internal;
    }
    await io.stdout.write(markdown);
    io.stderr(`pithy: wrote ${prefix}.md, ${prefix}.json and ${prefix}.svg\n`);
    return EXIT.ok;
  },
};

/** `DIR/report` when `out` ends with a slash or is a directory, else `out` itself as a prefix. */
export function reportPrefix(out: string): string {
  if (out.endsWith("/") || out.endsWith("\\") || isDirectory(out)) return join(out, REPORT_NAME);
  return out;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function progressBar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((width * done) / total);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}`;
}
