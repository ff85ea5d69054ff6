#!/usr/bin/env node
// The `pithy` command. Runs in Node ≥ 20 and Deno ≥ 2. The default store is the
// filesystem store, namespaced per project, so `pithy recall KEY` works across
// invocations in the same directory. Each command lives in commands/; this file
// parses the command line, picks the command from one table and maps errors to
// exit codes.
import process from "node:process";
import { optionsFromEnv } from "../config.js";
import { PithyConfigError } from "../errors.js";
import { checkFlagsApply, parseCommandLine, UsageError } from "./args.js";
import { type Command, EXIT } from "./command.js";
import { compressCommand } from "./commands/compress.js";
import { evalCommand } from "./commands/eval.js";
import { helpCommand } from "./commands/help.js";
import { mcpCommand } from "./commands/mcp.js";
import { recallCommand } from "./commands/recall.js";
import { statsCommand } from "./commands/stats.js";
import { proxyEntry } from "./proxy-command.js";
import { HELP } from "./help.js";
import { type Io, OutputError, processIo } from "./io.js";
import { VERSION } from "./version.js";

export { EXIT } from "./command.js";
export type { Io } from "./io.js";
export { savingsLine } from "./savings-line.js";

/** The commands a first positional can name; anything else is a FILE to compress. */
const COMMANDS: Readonly<Record<string, Command>> = {
  recall: recallCommand,
  stats: statsCommand,
  eval: evalCommand,
  mcp: mcpCommand,
  proxy: proxyEntry,
  help: helpCommand,
};

/** Runs the CLI; resolves to the exit code. Never rejects. */
export async function main(io: Io): Promise<number> {
  try {
    return await run(io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof PithyConfigError) {
      io.stderr(`pithy: ${error.message.replace(/^pithy: /, "")}\nTry 'pithy --help'.\n`);
      return EXIT.usage;
    }
    if (error instanceof OutputError) {
      io.stderr(`pithy: cannot write to stdout: ${error.message}\n`);
      return EXIT.internal;
    }
    io.stderr(`pithy: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.internal;
  }
}

async function run(io: Io): Promise<number> {
  const line = parseCommandLine(io.argv);
  const first = line.positionals[0];
  const name = first !== undefined && Object.hasOwn(COMMANDS, first) ? first : "compress";
  const command = name === "compress" ? compressCommand : COMMANDS[name];
  if (line.flags.version === true) {
    await io.stdout.write(`pithy ${VERSION}\n`);
    return EXIT.ok;
  }
  if (line.flags.help === true) {
    await io.stdout.write(HELP[name === "compress" ? "main" : name]);
    return EXIT.ok;
  }
  checkFlagsApply(line, name, command.flags);
  const args = name === "compress" ? line.positionals : line.positionals.slice(1);
  return command.run({ io, flags: line.flags, args, env: optionsFromEnv(io.env) });
}

const isMain = (() => {
  const entry = process.argv?.[1] ?? "";
  return /(?:^|[\\/])cli\.(?:js|mjs)$/.test(entry) || /[\\/]pithy$/.test(entry);
})();

if (isMain) {
  main(processIo(process)).then((code) => {
    process.exitCode = code;
  });
}
