#!/usr/bin/env node
// The `pithy` command: a stdin/file → stdout filter that compresses one tool
// output and reports its savings on stderr. Runs in Node ≥ 20 and Deno ≥ 2.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createPithy } from "../pipeline.js";
import { optionsFromEnv, MODES, PROFILE_SCALE } from "../config.js";
import { PithyConfigError } from "../errors.js";
import type { CompressResult, Mode, Profile } from "../types.js";

/** Exit codes, documented in `--help`. */
export const EXIT = { ok: 0, usage: 2, unreadable: 3, internal: 1 } as const;

const HELP = `pithy — compress a tool output for an LLM agent, reversibly

Usage:
  pithy [FILE|-] [options]     compress FILE (or stdin) to stdout; one line of savings on stderr

Options:
  --tool NAME        name of the tool that produced the content (Bash, Read, rg …)
  --filename NAME    file the content was read from (its extension is a hint)
  --query TEXT       what the agent is looking for: matching lines are kept first
  --mode MODE        ${MODES.join(" | ")} (default lossy)
  --profile NAME     ${Object.keys(PROFILE_SCALE).join(" | ")} (default default)
  --json             print the whole result as JSON instead of the output
  --quiet            no savings line on stderr
  -h, --help         this help

Environment: PITHY_MODE, PITHY_PROFILE, PITHY_MIN_TOKENS, PITHY_MAX_CHARS,
PITHY_EXCLUDE_TOOLS (comma-separated globs), PITHY_READS (auto | verbatim).

Exit codes: 0 ok · 1 internal error · 2 bad usage or option · 3 unreadable input
`;

interface Io {
  argv: string[];
  env: Record<string, string | undefined>;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => string;
}

/** Runs the CLI; returns the exit code (separated from `process` so it can be tested). */
export async function main(io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: io.argv,
      allowPositionals: true,
      options: {
        tool: { type: "string" },
        filename: { type: "string" },
        query: { type: "string" },
        mode: { type: "string" },
        profile: { type: "string" },
        json: { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.stderr(`pithy: ${(error as Error).message}\nTry 'pithy --help'.\n`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  if (positionals.length > 1) {
    io.stderr(`pithy: expected at most one FILE, got ${positionals.length}\nTry 'pithy --help'.\n`);
    return EXIT.usage;
  }
  const source = positionals[0] ?? "-";
  let content: string;
  try {
    content = source === "-" ? io.readStdin() : readFileSync(source, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code ?? "error";
    io.stderr(`pithy: cannot read ${source === "-" ? "stdin" : source} (${code})\n`);
    return EXIT.unreadable;
  }
  let pithy;
  try {
    const env = optionsFromEnv(io.env);
    pithy = await createPithy({
      ...env,
      mode: (values.mode as Mode | undefined) ?? env.mode,
      profile: (values.profile as Profile | undefined) ?? env.profile,
    });
  } catch (error) {
    if (error instanceof PithyConfigError) {
      io.stderr(`${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  const result = await pithy.compress(content, {
    tool: values.tool,
    filename: values.filename ?? (source === "-" ? undefined : source),
    query: values.query,
  });
  io.stdout(values.json ? JSON.stringify(result, null, 2) + "\n" : result.output);
  if (!values.quiet) io.stderr(savingsLine(result) + "\n");
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
  return /(?:^|[\\/])(?:cli|main)\.(?:js|ts|mjs)$/.test(entry) || /[\\/]pithy$/.test(entry);
})();

if (isMain) {
  const proc = (globalThis as unknown as { process: NodeJS.Process }).process;
  main({
    argv: proc.argv.slice(2),
    env: proc.env,
    stdout: (s) => proc.stdout.write(s),
    stderr: (s) => proc.stderr.write(s),
    readStdin: () => readFileSync(0, "utf8"),
  }).then(
    (code) => { proc.exitCode = code; },
    (error) => {
      proc.stderr.write(`pithy: internal error: ${(error as Error).message}\n`);
      proc.exitCode = EXIT.internal;
    },
  );
}
