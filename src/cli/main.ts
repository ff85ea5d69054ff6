#!/usr/bin/env node
// The `pithy` command. Runs in Node ≥ 20 and Deno ≥ 2. The default store is the
// filesystem store, so `pithy recall KEY` works across invocations.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { createPithy, type Pithy, type PithyOptions } from "../pipeline.js";
import { optionsFromEnv, MODES, PROFILE_SCALE } from "../config.js";
import { PithyConfigError } from "../errors.js";
import { FsStore } from "../stores/fs.js";
import type { CompressResult, Mode, Profile } from "../types.js";
import { type EvalReport, evaluateCorpus, loadTokenCounter, renderMarkdown, renderSvg } from "./eval.js";
import { PROXY_HELP, PROXY_OPTIONS, proxyCommand } from "./proxy-command.js";

/** Exit codes, documented in `--help`. */
export const EXIT = { ok: 0, internal: 1, usage: 2, unreadable: 3, notFound: 4 } as const;

const COMMON = `  --store-dir DIR    where originals are kept (default $XDG_CACHE_HOME/pithy or ~/.cache/pithy)
  -h, --help         this help`;

const HELP: Record<string, string> = {
  main: `pithy — compress a tool output for an LLM agent, reversibly

Usage:
  pithy [FILE|-] [options]   compress FILE (or stdin) to stdout; one line of savings on stderr
  pithy recall KEY           print the original behind a key (or a call id)
  pithy stats                print the store's counters as JSON
  pithy eval DIR             evaluate a corpus with a manifest.json (see 'pithy eval --help')
  pithy mcp                  serve pithy_compress, pithy_recall and pithy_stats over MCP (stdio)
  pithy proxy                OpenAI/Anthropic-compatible HTTP proxy (see 'pithy proxy --help')

Options:
  --tool NAME        name of the tool that produced the content (Bash, Read, rg …)
  --filename NAME    file the content was read from (its extension is a hint)
  --query TEXT       what the agent is looking for: matching lines are kept first
  --mode MODE        ${MODES.join(" | ")} (default lossy)
  --profile NAME     ${Object.keys(PROFILE_SCALE).join(" | ")} (default default)
  --code             compress code too (skeleton: signatures kept, bodies recallable)
  --json             print the whole result as JSON instead of the output
  --quiet            no savings line on stderr
${COMMON}

Environment: PITHY_MODE, PITHY_PROFILE, PITHY_MIN_TOKENS, PITHY_MAX_CHARS,
PITHY_EXCLUDE_TOOLS (comma-separated globs), PITHY_READS (auto | verbatim).

Exit codes: 0 ok · 1 internal error · 2 bad usage or option · 3 unreadable input · 4 key not found
`,
  recall: `Usage: pithy recall KEY [--store-dir DIR]

Prints the exact original stored under KEY (32 hex digits, as in a [[pithy:KEY …]]
marker) or under a tool call id. Exit 4 with a message on stderr when it is unknown.
${COMMON}
`,
  stats: `Usage: pithy stats [--store-dir DIR]

Prints the store's counters (entries, bytes, caps, hits, misses, evictions) as JSON.
${COMMON}
`,
  eval: `Usage: pithy eval DIR [--out PREFIX] [--exact] [--runs N]

Runs every case of DIR/manifest.json (cases with id, class, file, tool_hint,
must_keep) through pithy and writes PREFIX.md, PREFIX.json and PREFIX.svg
(default PREFIX: ./pithy-eval): tokens in/out and must_keep retention per class
and per case, recall exactness, ms per case. A progress bar goes to stderr on a TTY.
  --exact            count tokens with js-tiktoken's o200k_base when it is installed
  --runs N           timed runs per case (default 3)
  -h, --help         this help
`,
  mcp: `Usage: pithy mcp [--store-dir DIR] [--mode MODE] [--profile NAME]

Serves the tools pithy_compress, pithy_recall and pithy_stats over stdio (Model
Context Protocol). Originals go to the filesystem store, so recall survives restarts.
${COMMON}
`,
  proxy: PROXY_HELP,
};

/** What the CLI reads and writes, separated from `process` so it can be tested. */
export interface Io {
  argv: string[];
  env: Record<string, string | undefined>;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => string;
  /** Whether stderr is a terminal (for the eval progress bar). */
  isTty?: boolean;
}

const OPTIONS = {
  tool: { type: "string" },
  filename: { type: "string" },
  query: { type: "string" },
  mode: { type: "string" },
  profile: { type: "string" },
  code: { type: "boolean" },
  json: { type: "boolean" },
  quiet: { type: "boolean" },
  "store-dir": { type: "string" },
  out: { type: "string" },
  exact: { type: "boolean" },
  runs: { type: "string" },
  help: { type: "boolean", short: "h" },
  ...PROXY_OPTIONS,
} as const;

class UsageError extends Error {}

/** Runs the CLI; returns the exit code. */
export async function main(io: Io): Promise<number> {
  try {
    return await run(io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof PithyConfigError) {
      io.stderr(`pithy: ${error.message.replace(/^pithy: /, "")}\nTry 'pithy --help'.\n`);
      return EXIT.usage;
    }
    io.stderr(`pithy: internal error: ${(error as Error).message}\n`);
    return EXIT.internal;
  }
}

/** The flags and positionals of a command line; Node's parse errors become usage errors (exit 2). */
function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function run(io: Io): Promise<number> {
  const { values, positionals } = parseCommandLine(io.argv);
  const command = ["recall", "stats", "eval", "mcp", "proxy"].includes(positionals[0] ?? "")
    ? positionals[0]
    : "compress";
  const args = command === "compress" ? positionals : positionals.slice(1);
  if (values.help) {
    io.stdout(HELP[command === "compress" ? "main" : command]);
    return EXIT.ok;
  }
  const env = optionsFromEnv(io.env);
  const options: PithyOptions = {
    ...env,
    mode: (values.mode as Mode | undefined) ?? env.mode,
    profile: (values.profile as Profile | undefined) ?? env.profile,
  };
  switch (command) {
    case "recall":
      return recall(io, args, options, values["store-dir"]);
    case "stats":
      return stats(io, args, values["store-dir"]);
    case "eval":
      return evaluate(io, args, options, values);
    case "mcp":
      return mcp(io, args, options, values["store-dir"]);
    case "proxy":
      return proxyCommand(io, args, options, values);
    default:
      return compress(io, args, options, values);
  }
}

function expectArgs(args: string[], min: number, max: number, what: string): void {
  if (args.length < min || args.length > max) throw new UsageError(`expected ${what}, got ${args.length} argument(s)`);
}

async function openPithy(io: Io, options: PithyOptions, storeDir: string | undefined): Promise<Pithy> {
  const store = await FsStore.open({ dir: storeDir, onUnusable: "memory" });
  const fallback = (await store.stats()).fallback;
  if (fallback !== undefined)
    io.stderr(`pithy: store directory unusable (${fallback}); originals kept in memory only\n`);
  return createPithy({ ...options, store });
}

async function compress(
  io: Io,
  args: string[],
  options: PithyOptions,
  values: Record<string, unknown>,
): Promise<number> {
  expectArgs(args, 0, 1, "at most one FILE");
  const source = args[0] ?? "-";
  let content: string;
  try {
    content = source === "-" ? io.readStdin() : readFileSync(source, "utf8");
  } catch (error) {
    io.stderr(
      `pithy: cannot read ${source === "-" ? "stdin" : source} (${(error as { code?: string }).code ?? "error"})\n`,
    );
    return EXIT.unreadable;
  }
  const pithy = await openPithy(io, options, values["store-dir"] as string | undefined);
  const result = await pithy.compress(content, {
    tool: values.tool as string | undefined,
    filename: (values.filename as string | undefined) ?? (source === "-" ? undefined : source),
    query: values.query as string | undefined,
    compressCode: values.code === true ? true : undefined,
  });
  io.stdout(values.json === true ? JSON.stringify(result, null, 2) + "\n" : result.output);
  if (values.quiet !== true) io.stderr(savingsLine(result) + "\n");
  return EXIT.ok;
}

async function recall(io: Io, args: string[], options: PithyOptions, storeDir: string | undefined): Promise<number> {
  expectArgs(args, 1, 1, "one KEY");
  const pithy = await openPithy(io, options, storeDir);
  const answer = await pithy.recall(args[0]);
  if (!answer.found) {
    io.stderr(answer.message + "\n");
    return EXIT.notFound;
  }
  io.stdout(answer.content);
  return EXIT.ok;
}

async function stats(io: Io, args: string[], storeDir: string | undefined): Promise<number> {
  expectArgs(args, 0, 0, "no arguments");
  const store = await FsStore.open({ dir: storeDir, onUnusable: "memory" });
  io.stdout(JSON.stringify(await store.stats(), null, 2) + "\n");
  return EXIT.ok;
}

async function evaluate(
  io: Io,
  args: string[],
  options: PithyOptions,
  values: Record<string, unknown>,
): Promise<number> {
  expectArgs(args, 1, 1, "one corpus DIR");
  const runs = values.runs === undefined ? 3 : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new UsageError(`--runs must be a positive integer, got ${String(values.runs)}`);
  const prefix = (values.out as string | undefined) ?? "pithy-eval";
  const tokenizer = await loadTokenCounter(values.exact === true);
  // Eval measures the pipeline, not the disk: originals go to a memory store.
  const pithy = await createPithy(options);
  let report: EvalReport;
  try {
    report = await evaluateCorpus(args[0], pithy, {
      count: tokenizer.count,
      tokenizer: tokenizer.name,
      runs,
      onProgress: io.isTty
        ? (done, total, id) => io.stderr(`\r${progressBar(done, total)} ${id.slice(0, 40).padEnd(40)}`)
        : undefined,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== undefined || error instanceof SyntaxError) {
      io.stderr(`pithy: cannot read the corpus in ${args[0]} (${code ?? (error as Error).message})\n`);
      return EXIT.unreadable;
    }
    throw error;
  }
  if (io.isTty) io.stderr("\n");
  mkdirSync(dirname(prefix + ".md"), { recursive: true });
  const markdown = renderMarkdown(report);
  writeFileSync(prefix + ".md", markdown);
  writeFileSync(prefix + ".json", JSON.stringify(report, null, 2) + "\n");
  writeFileSync(prefix + ".svg", renderSvg(report));
  io.stdout(markdown);
  io.stderr(`pithy: wrote ${prefix}.md, ${prefix}.json and ${prefix}.svg\n`);
  return EXIT.ok;
}

function progressBar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((width * done) / total);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}`;
}

async function mcp(io: Io, args: string[], options: PithyOptions, storeDir: string | undefined): Promise<number> {
  expectArgs(args, 0, 0, "no arguments");
  // Loaded only here: the MCP SDK is needed by this command alone.
  const { runMcpServer } = await import("../integrations/mcp.js");
  const handle = await runMcpServer({ ...options, storeDir, warn: (line) => io.stderr(line + "\n") });
  await handle.closed;
  return EXIT.ok;
}

/** One line of savings: tokens before → after, type, strategy, key. */
export function savingsLine(r: CompressResult): string {
  const saved = r.tokensIn === 0 ? 0 : Math.round((100 * (r.tokensIn - r.tokensOut)) / r.tokensIn);
  const what = r.action === "compressed" ? `${r.type} via ${r.strategy}` : `skipped (${r.reason})`;
  return `pithy: ${r.tokensIn} → ${r.tokensOut} tokens (−${saved}%), ${what}${r.key ? `, key ${r.key}` : ""}`;
}

const isMain = (() => {
  const g = globalThis as { process?: { argv?: string[] } };
  const entry = g.process?.argv?.[1] ?? "";
  return /(?:^|[\\/])cli\.(?:js|mjs)$/.test(entry) || /[\\/]pithy$/.test(entry);
})();

if (isMain) {
  const proc = (globalThis as unknown as { process: NodeJS.Process }).process;
  main({
    argv: proc.argv.slice(2),
    env: proc.env,
    stdout: (s) => proc.stdout.write(s),
    stderr: (s) => proc.stderr.write(s),
    readStdin: () => readFileSync(0, "utf8"),
    isTty: proc.stderr.isTTY === true,
  }).then((code) => {
    proc.exitCode = code;
  });
}
