/**
 * Walks every value under a RedisStore prefix for `stats()`: SCAN steps, then
 * the header (GETRANGE) and the length (STRLEN) of each key found, with a
 * bounded number of those commands unanswered at any time.
 *
 * Why the bound: node-redis rejects a command with "The queue is full" once
 * `commandsQueueMaxLength` commands wait to be written or answered. Sending
 * both commands for every key of a SCAN step at once (1 000 and more) filled
 * the store's own queue of 1 000 from about 2 000 entries on, and failed the
 * puts issued meanwhile, and a put right after too while the rejected
 * scan's commands drained. Here a sliding window holds at most a quarter of
 * the client's queue (at most {@link MAX_SCAN_IN_FLIGHT}), leaving the rest
 * to puts and gets, and a scan that fails waits for its commands in flight
 * before it rejects, so it leaves nothing queued behind it.
 */
import type { RedisConnection } from "./connection.js";
import { MAX_HEADER_BYTES } from "./entry-value.js";

/** Most scan commands in flight at once; past this, a deeper pipeline on loopback gains nothing. */
export const MAX_SCAN_IN_FLIGHT = 256;
/** Keys asked of the server per SCAN step. */
const SCAN_COUNT = 500;

/** What the scan finds under each key: the value's first bytes (latin-1) and its length. */
export type VisitEntry = (key: string, head: string, length: number) => void;

/**
 * The commands a scan may have in flight on a client whose queue holds
 * `queueLength` commands (unbounded when undefined): a quarter of it, at
 * least 1, at most {@link MAX_SCAN_IN_FLIGHT}.
 */
export function scanWindow(queueLength: number | undefined): number {
  if (queueLength === undefined || !Number.isFinite(queueLength) || queueLength <= 0) return MAX_SCAN_IN_FLIGHT;
  return Math.max(1, Math.min(MAX_SCAN_IN_FLIGHT, Math.floor(queueLength / 4)));
}

/**
 * Calls `visit` for every string key matching `pattern`, with at most
 * `window` commands in flight. Rejects with the first failure once every
 * command it sent has settled.
 */
export async function scanEntries(
  connection: RedisConnection,
  pattern: string,
  window: number,
  visit: VisitEntry,
): Promise<void> {
  // Each key costs two commands, sent together when the window allows.
  const isPaired = window >= 2;
  const keysInFlight = isPaired ? Math.floor(window / 2) : 1;
  const readKey = async (key: string) => {
    if (isPaired) {
      const [head, length] = await Promise.all([connection.head(key, MAX_HEADER_BYTES), connection.byteLength(key)]);
      visit(key, head, length);
    } else {
      const head = await connection.head(key, MAX_HEADER_BYTES);
      visit(key, head, await connection.byteLength(key));
    }
  };
  let cursor = "0";
  do {
    const step = await connection.scanStrings(cursor, pattern, SCAN_COUNT);
    cursor = step.cursor;
    await forEachBounded(step.keys, keysInFlight, readKey);
  } while (cursor !== "0");
}

/**
 * Runs `task` on every item, at most `limit` at once (each finished task
 * starts the next). After a failure no new task starts; it rejects with the
 * first error once the running ones have settled.
 */
async function forEachBounded<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++];
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure !== undefined) throw failure.error;
}
