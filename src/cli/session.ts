/**
 * One run's pipeline and store, for the commands that compress or recall:
 * the filesystem store (so a key outlives the process), fenced into the
 * run's namespace, and, when the run ends, its counters added to the
 * directory's (see run-counters.ts).
 */
import { createPithy, type Pithy, type PithyOptions } from "../pipeline.js";
import { FsStore } from "../stores/fs.js";
import type { Io } from "./io.js";
import { type CliSkip, countRun, recordRun } from "./run-counters.js";

/** A pipeline over the filesystem store, and how to close the run. */
export interface Session {
  pithy: Pithy;
  store: FsStore;
  /** Adds this run to the store directory's counters (skips the CLI decided itself included). */
  finish(skips?: CliSkip[]): Promise<void>;
}

/**
 * Opens the store in `storeDir` (or the default cache directory) and a
 * pipeline with `options` on it. A directory that cannot be used is said in
 * one line on stderr; originals are then kept in memory for this run only.
 */
export async function openSession(
  io: Io,
  options: PithyOptions,
  storeDir: string | undefined,
  { create = true }: { create?: boolean } = {},
): Promise<Session> {
  // A recall only reads: it never creates a store directory that is not there.
  const store = await FsStore.open({ dir: storeDir, onUnusable: "memory", create });
  const fallback = (await store.stats()).fallback;
  if (fallback !== undefined)
    io.stderr(`pithy: store directory unusable (${fallback}); originals kept in memory only\n`);
  const pithy = await createPithy({ ...options, store });
  return {
    pithy,
    store,
    async finish(skips = []) {
      if (fallback !== undefined) return;
      await recordRun(store.dir, countRun(pithy.stats(), await store.stats(), skips));
    },
  };
}
