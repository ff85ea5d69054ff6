/**
 * `pithy stats`: what the store directory holds now, and what every run on
 * it did (the counters each CLI and MCP run adds to, see run-counters.ts).
 */
import { FsStore } from "../../stores/fs.js";
import { UsageError } from "../args.js";
import { type Command, type CommandContext, EXIT } from "../command.js";
import { readCounters } from "../run-counters.js";

/** `pithy stats`. */
export const statsCommand: Command = {
  flags: ["store-dir"],
  async run({ io, flags, args }: CommandContext): Promise<number> {
    if (args.length > 0) throw new UsageError(`expected no arguments, got ${args.length}`);
    const store = await FsStore.open({ dir: flags["store-dir"] as string | undefined, onUnusable: "memory" });
    const now = await store.stats();
    const report = {
      store: {
        dir: now.dir,
        entries: now.entries,
        bytes: now.bytes,
        maxBytes: now.maxBytes,
        maxEntryBytes: now.maxEntryBytes,
        oldestAgeMs: now.oldestAgeMs,
        expiredEntries: now.expiredEntries,
        ...(now.fallback === undefined ? {} : { fallback: now.fallback }),
      },
      counters: readCounters(now.dir),
    };
    await io.stdout.write(JSON.stringify(report, null, 2) + "\n");
    return EXIT.ok;
  },
};
