/**
 * `pithy recall KEY`: the exact original behind a marker's key (or a tool
 * call id), from the filesystem store, inside the run's namespace.
 */
import { UsageError } from "../args.js";
import { type Command, type CommandContext, EXIT } from "../command.js";
import { namespacedOptions } from "../pipeline-options.js";
import { openSession } from "../session.js";

/** `pithy recall KEY`. */
export const recallCommand: Command = {
  flags: ["store-dir", "namespace"],
  async run(context: CommandContext): Promise<number> {
    const { io, flags, args } = context;
    if (args.length !== 1) throw new UsageError(`expected one KEY, got ${args.length} arguments`);
    const session = await openSession(io, namespacedOptions(context), flags["store-dir"] as string | undefined);
    const answer = await session.pithy.recall(args[0]);
    if (!answer.found) {
      io.stderr(answer.message + "\n");
      await session.finish();
      return EXIT.notFound;
    }
    // Originals came in as valid UTF-8, so writing the text as UTF-8 gives back the very bytes.
    await io.stdout.write(answer.content);
    await session.finish();
    return EXIT.ok;
  },
};
