/**
 * What a `pithy` command is: the flags it takes and how it runs. main.ts
 * keeps them in one table, so adding a command is one entry there.
 */
import type { EnvOptions } from "../config.js";
import type { CommandLine, FlagName } from "./args.js";
import type { Io } from "./io.js";

/** Exit codes, documented in `--help`. */
export const EXIT = { ok: 0, internal: 1, usage: 2, unreadable: 3, notFound: 4 } as const;

/** What a command gets to run with. */
export interface CommandContext {
  io: Io;
  /** The flags given (already checked to apply to this command). */
  flags: CommandLine["flags"];
  /** The positionals after the command's name. */
  args: string[];
  /** The options `PITHY_*` variables set (already validated). */
  env: EnvOptions;
}

/** One command of `pithy`. */
export interface Command {
  /** Flags it takes, besides `--help` and `--version`. */
  flags: readonly FlagName[];
  /** Runs it; resolves to the exit code. Throws `UsageError` or `PithyConfigError` for exit 2. */
  run(context: CommandContext): Promise<number>;
}
