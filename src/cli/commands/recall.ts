/**
 * `pithy recall KEY`: the exact original behind a marker's key (or a tool
 * call id), from the filesystem store, inside the run's namespace; or just a
 * part of it (`--lines`, `--grep`, `--path`). A whole marker pasted as KEY
 * asks for the part it names.
 */
import { parseMarkers } from "../../ccr/marker.js";
import type { RecallSelector } from "../../ccr/recall-view.js";
import { UsageError } from "../args.js";
import { type Command, type CommandContext, EXIT } from "../command.js";
import { namespacedOptions } from "../pipeline-options.js";
import { openSession } from "../session.js";

/** `pithy recall KEY`. */
export const recallCommand: Command = {
  flags: ["store-dir", "namespace", "lines", "grep", "context", "path"],
  async run(context: CommandContext): Promise<number> {
    const { io, flags, args } = context;
    if (args.length !== 1) throw new UsageError(`expected one KEY, got ${args.length} arguments`);
    const { key, selector } = keyAndSelector(args[0], context);
    const storeDir = flags["store-dir"] as string | undefined;
    const session = await openSession(io, namespacedOptions(context), storeDir, { create: false });
    const answer = await session.pithy.recall(key, selector);
    if (!answer.found) {
      io.stderr(answer.message + "\n");
      await session.finish();
      return answer.reason === "bad_selector" ? EXIT.usage : EXIT.notFound;
    }
    // Originals came in as valid UTF-8, so writing the text as UTF-8 gives back the very bytes.
    await io.stdout.write(answer.content);
    await session.finish();
    return EXIT.ok;
  },
};

/** The key, and the part asked for: the flags, else the place of a marker pasted as KEY. */
function keyAndSelector(raw: string, { flags }: CommandContext): { key: string; selector?: RecallSelector } {
  const selector: RecallSelector = {};
  if (flags.lines !== undefined) selector.lines = String(flags.lines);
  if (flags.grep !== undefined) selector.grep = String(flags.grep);
  if (flags.path !== undefined) selector.path = String(flags.path);
  if (flags.context !== undefined) {
    const n = String(flags.context);
    if (!/^\d{1,2}$/.test(n))
      throw new UsageError(`--context must be a number of lines from 0 to 20, got ${JSON.stringify(n)}`);
    selector.context = Number(n);
  }
  const marker = parseMarkers(raw)[0];
  const key = marker?.key ?? raw;
  if (Object.keys(selector).length > 0) return { key, selector };
  if (marker?.lines !== undefined)
    return { key, selector: { lines: marker.lines.map(([a, b]) => `${a}-${b}`).join(",") } };
  if (marker?.path !== undefined) return { key, selector: { path: marker.path } };
  return { key };
}
