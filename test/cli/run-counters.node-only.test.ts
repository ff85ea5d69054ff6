import { afterAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  addCounters,
  COUNTERS_FILE,
  countRun,
  emptyCounters,
  readCounters,
  recordRun,
} from "../../src/cli/run-counters.js";
import { MemoryStore } from "../../src/ccr/memory-store.js";
import { createPithy } from "../../src/pipeline.js";
import { BIG_LOG, removeTempDirs, sh, shellQuote as q, tempDir } from "./spawn-cli.js";

afterAll(removeTempDirs);

async function oneRun() {
  const store = new MemoryStore();
  const pithy = await createPithy({ store });
  const r = await pithy.compress(readFileSync(BIG_LOG, "utf8"), { tool: "Bash" });
  await pithy.recall(r.key!);
  await pithy.recall("f".repeat(32));
  return countRun(pithy.stats(), await store.stats(), [{ reason: "binary", bytes: 10 }]);
}

describe("run counters", () => {
  it("count a run's calls, savings, recalls and store traffic, and the CLI's own skips", async () => {
    const run = await oneRun();
    expect(run).toMatchObject({
      runs: 1,
      calls: 2,
      compressions: 1,
      skips: 1,
      skipsByReason: { binary: 1 },
      recalls: { hits: 1, misses: 1 },
      store: { puts: 1, hits: 1 },
    });
    expect(run.tokensSaved).toBe(run.tokensIn - run.tokensOut);
  });

  it("add field by field, keeping the first run's date and the last one's", () => {
    const a = { ...emptyCounters(), runs: 2, skipsByReason: { binary: 1 }, firstRunAt: "2026-01-01T00:00:00.000Z" };
    const b = {
      ...emptyCounters(),
      runs: 1,
      skipsByReason: { binary: 2, empty: 1 },
      lastRunAt: "2026-02-01T00:00:00.000Z",
    };
    expect(addCounters(a, b)).toMatchObject({
      runs: 3,
      skipsByReason: { binary: 3, empty: 1 },
      firstRunAt: "2026-01-01T00:00:00.000Z",
      lastRunAt: "2026-02-01T00:00:00.000Z",
    });
  });

  it("persist across runs in the store directory, leaving no temp or lock file behind", async () => {
    const dir = tempDir();
    const run = await oneRun();
    expect(await recordRun(dir, run)).toBe(true);
    expect(await recordRun(dir, run)).toBe(true);
    const total = readCounters(dir);
    expect(total).toMatchObject({ runs: 2, calls: 4, compressions: 2, recalls: { hits: 2, misses: 2 } });
    expect(readdirSync(dir)).toEqual([COUNTERS_FILE]);
  });

  it("never create the directory (a recall must not create a store)", async () => {
    const dir = join(tempDir(), "absent");
    expect(await recordRun(dir, await oneRun())).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });

  it("read a damaged or hand-edited file as what is valid in it", () => {
    const dir = tempDir();
    writeFileSync(join(dir, COUNTERS_FILE), "{ not json");
    expect(readCounters(dir)).toEqual(emptyCounters());
    writeFileSync(
      join(dir, COUNTERS_FILE),
      // JSON.parse reads 1e999 as Infinity.
      '{"runs": -4, "calls": "9", "compressions": 3, "recalls": {"hits": 1e999}, "lastRunAt": "yesterday"}',
    );
    expect(readCounters(dir)).toEqual({ ...emptyCounters(), compressions: 3 });
  });

  it("take over a lock left by a run that died", async () => {
    const dir = tempDir();
    const lock = join(dir, `${COUNTERS_FILE}.lock`);
    writeFileSync(lock, "");
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(await recordRun(dir, await oneRun())).toBe(true);
    expect(readCounters(dir).runs).toBe(1);
  });

  it("give up counting, rather than wait for ever, while another run holds the lock", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, `${COUNTERS_FILE}.lock`), "");
    expect(await recordRun(dir, await oneRun())).toBe(false);
    expect(readCounters(dir).runs).toBe(0);
  });

  it("lose no run when eight CLI processes end at once", { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const r = await sh(
      `for i in 1 2 3 4 5 6 7 8; do printf 'short %s\\n' $i | $PITHY --quiet --store-dir ${q(dir)} > /dev/null & done; wait`,
    );
    expect(r.code).toBe(0);
    expect(readCounters(dir)).toMatchObject({ runs: 8, calls: 8, skips: 8, skipsByReason: { too_short: 8 } });
  });
});
