/** `pithy help [COMMAND]`: the overview, or one command's help. */
import { UsageError } from "../args.js";
import { type Command, type CommandContext, EXIT } from "../command.js";
import { HELP } from "../help.js";

/** `pithy help [COMMAND]`. */
export const helpCommand: Command = {
  flags: [],
  async run({ io, args }: CommandContext): Promise<number> {
    if (args.length > 1) throw new UsageError(`expected at most one COMMAND, got ${args.length} arguments`);
    const topic = args[0] ?? "main";
    if (!Object.hasOwn(HELP, topic)) {
      const known = Object.keys(HELP).filter((k) => k !== "main");
      throw new UsageError(`no command ${JSON.stringify(topic.slice(0, 40))}; commands: ${known.join(", ")}`);
    }
    await io.stdout.write(HELP[topic]);
    return EXIT.ok;
  },
};
