/**
 * Counters that outlive a process, for `pithy stats`.
 *
 * Each CLI or MCP run counts in memory (the pipeline's telemetry, the store's
 * own counters) and forgets on exit, so `pithy stats` would always print
 * zeros. Instead, a run adds what it did to `counters.json` in the store
 * directory as it ends: read, add, write to a temp file, rename over. The
 * rename makes every write whole; a lock file (created exclusively, taken
 * over when older than {@link STALE_LOCK_MS}) keeps two runs ending together
 * from losing one's additions. Counters are a report, not data: when the
 * lock cannot be had in time, or the directory is gone or read-only, the run
 * is simply not counted, and a damaged file counts as empty.
 */
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import process from "node:process";
import type { StoreStats } from "../ccr/store.js";
import type { TelemetrySnapshot } from "../telemetry.js";

/** The file's name in the store directory (the store leaves names that are not its own alone). */
export const COUNTERS_FILE = "counters.json";
const LOCK_FILE = "counters.json.lock";
/** A lock older than this was left by a run that died; it is taken over. */
const STALE_LOCK_MS = 10_000;
/** How long a run waits for the lock before it gives up counting. */
const LOCK_WAIT_MS = 2_000;
/** Distinct skip reasons kept (the rest are summed under "(other)"): a bound on a file anyone could edit. */
const MAX_REASONS = 64;

/** What the runs on one store directory did, summed. */
export interface RunCounters {
  /** CLI and MCP runs counted. */
  runs: number;
  /** `compress` calls, and how they ended. */
  calls: number;
  compressions: number;
  skips: number;
  skipsByReason: Record<string, number>;
  bytesIn: number;
  bytesOut: number;
  tokensIn: number;
  tokensOut: number;
  tokensSaved: number;
  /** Recalls asked for by key or call id, and whether the original was there. */
  recalls: { hits: number; misses: number };
  /** The store's own counters: entries written, reads that found or missed, entries dropped. */
  store: {
    puts: number;
    dedupes: number;
    hits: number;
    misses: number;
    evictions: number;
    expirations: number;
    refused: number;
  };
  /** When the first and the latest counted run ended (ISO 8601), or null before any. */
  firstRunAt: string | null;
  lastRunAt: string | null;
}

/** Counters of no run at all. */
export function emptyCounters(): RunCounters {
  return {
    runs: 0,
    calls: 0,
    compressions: 0,
    skips: 0,
    skipsByReason: {},
    bytesIn: 0,
    bytesOut: 0,
    tokensIn: 0,
    tokensOut: 0,
    tokensSaved: 0,
    recalls: { hits: 0, misses: 0 },
    store: { puts: 0, dedupes: 0, hits: 0, misses: 0, evictions: 0, expirations: 0, refused: 0 },
    firstRunAt: null,
    lastRunAt: null,
  };
}

/** A skip the CLI decided itself, before the pipeline saw the input (binary, too large). */
export interface CliSkip {
  reason: string;
  bytes: number;
}

/**
 * What one run did, as counters: its pipeline's telemetry, its store's
 * counters, and the inputs the CLI passed through on its own.
 */
export function countRun(
  telemetry: TelemetrySnapshot | undefined,
  store: StoreStats | undefined,
  skips: CliSkip[] = [],
): RunCounters {
  const c = emptyCounters();
  c.runs = 1;
  if (telemetry !== undefined) {
    c.calls = telemetry.calls;
    c.compressions = telemetry.compressions;
    c.skips = telemetry.skips;
    c.skipsByReason = { ...telemetry.skipsByReason };
    c.bytesIn = telemetry.totals.bytesIn;
    c.bytesOut = telemetry.totals.bytesOut;
    c.tokensIn = telemetry.totals.tokensIn;
    c.tokensOut = telemetry.totals.tokensOut;
    c.tokensSaved = telemetry.totals.tokensSaved;
    c.recalls = { hits: telemetry.recalls.hits, misses: telemetry.recalls.misses };
  }
  if (store !== undefined) {
    for (const k of Object.keys(c.store) as (keyof RunCounters["store"])[]) c.store[k] = count(store[k]);
  }
  for (const skip of skips) {
    c.calls++;
    c.skips++;
    c.skipsByReason[skip.reason] = (c.skipsByReason[skip.reason] ?? 0) + 1;
    c.bytesIn += skip.bytes;
    c.bytesOut += skip.bytes;
  }
  return c;
}

/** `a + b`, field by field; the dates span both. */
export function addCounters(a: RunCounters, b: RunCounters): RunCounters {
  const reasons: Record<string, number> = { ...a.skipsByReason };
  for (const [reason, n] of Object.entries(b.skipsByReason)) {
    const key = Object.hasOwn(reasons, reason) || Object.keys(reasons).length < MAX_REASONS ? reason : "(other)";
    reasons[key] = (reasons[key] ?? 0) + n;
  }
  const store = { ...a.store };
  for (const k of Object.keys(store) as (keyof RunCounters["store"])[]) store[k] += b.store[k];
  return {
    runs: a.runs + b.runs,
    calls: a.calls + b.calls,
    compressions: a.compressions + b.compressions,
    skips: a.skips + b.skips,
    skipsByReason: sortedKeys(reasons),
    bytesIn: a.bytesIn + b.bytesIn,
    bytesOut: a.bytesOut + b.bytesOut,
    tokensIn: a.tokensIn + b.tokensIn,
    tokensOut: a.tokensOut + b.tokensOut,
    tokensSaved: a.tokensSaved + b.tokensSaved,
    recalls: { hits: a.recalls.hits + b.recalls.hits, misses: a.recalls.misses + b.recalls.misses },
    store,
    firstRunAt: a.firstRunAt ?? b.firstRunAt,
    lastRunAt: b.lastRunAt ?? a.lastRunAt,
  };
}

/**
 * The counters kept in `dir`, or empty ones when there are none yet or the
 * file is damaged. Every field is checked: a value that is not a
 * non-negative number counts as 0.
 */
export function readCounters(dir: string): RunCounters {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, COUNTERS_FILE), "utf8"));
  } catch {
    return emptyCounters();
  }
  return sanitize(raw);
}

/**
 * Adds one run to the counters in `dir`. Never throws: returns whether the
 * run was counted. Does not create `dir` (a recall must not create a store
 * directory), so a run whose store lives in memory only is not counted.
 */
export async function recordRun(dir: string, run: RunCounters, now: Date = new Date()): Promise<boolean> {
  try {
    if (!statSync(dir).isDirectory()) return false;
  } catch {
    return false;
  }
  const stamp = now.toISOString();
  const lock = await takeLock(join(dir, LOCK_FILE));
  if (!lock) return false;
  try {
    const total = addCounters(readCounters(dir), { ...run, firstRunAt: stamp, lastRunAt: stamp });
    const temp = join(dir, `.${COUNTERS_FILE}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
    try {
      writeFileSync(temp, JSON.stringify(total, null, 2) + "\n", { mode: 0o600 });
      renameSync(temp, join(dir, COUNTERS_FILE));
    } catch {
      if (existsSync(temp)) unlinkSync(temp);
      return false;
    }
    return true;
  } catch {
    return false;
  } finally {
    try {
      unlinkSync(join(dir, LOCK_FILE));
    } catch {
      // Already gone (taken over as stale): nothing to release.
    }
  }
}

/** Creates the lock file exclusively, waiting a little for another run to finish; whether it was taken. */
async function takeLock(path: string): Promise<boolean> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(path, "wx", 0o600));
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") return false;
    }
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_LOCK_MS) {
        unlinkSync(path);
        continue;
      }
    } catch {
      continue; // Released between our open and our stat: try again at once.
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, 5 * (attempt + 1))));
  }
}

function sanitize(raw: unknown): RunCounters {
  const c = emptyCounters();
  if (typeof raw !== "object" || raw === null) return c;
  const r = raw as Record<string, unknown>;
  for (const k of ["runs", "calls", "compressions", "skips", "bytesIn", "bytesOut", "tokensIn", "tokensOut"] as const) {
    c[k] = count(r[k]);
  }
  c.tokensSaved = typeof r.tokensSaved === "number" && Number.isFinite(r.tokensSaved) ? r.tokensSaved : 0;
  if (typeof r.skipsByReason === "object" && r.skipsByReason !== null) {
    const entries = Object.entries(r.skipsByReason as Record<string, unknown>).slice(0, MAX_REASONS);
    c.skipsByReason = sortedKeys(Object.fromEntries(entries.map(([k, v]) => [k.slice(0, 64), count(v)])));
  }
  const recalls = (r.recalls ?? {}) as Record<string, unknown>;
  c.recalls = { hits: count(recalls.hits), misses: count(recalls.misses) };
  const store = (r.store ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(c.store) as (keyof RunCounters["store"])[]) c.store[k] = count(store[k]);
  c.firstRunAt = isoDate(r.firstRunAt);
  c.lastRunAt = isoDate(r.lastRunAt);
  return c;
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

function isoDate(value: unknown): string | null {
  return typeof value === "string" && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value) ? value : null;
}

function sortedKeys(table: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
