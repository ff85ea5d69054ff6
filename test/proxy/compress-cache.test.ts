import { beforeAll, describe, expect, it } from "vitest";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { CompressCache } from "../../src/proxy/compress-cache.js";
import { bigLog } from "./support/conversations.js";

let log: string;
beforeAll(async () => {
  log = await bigLog();
});

/** A fresh pithy and a clock the test moves. */
async function setUp(maxChars = 10_000_000, ttlMs = 1000) {
  const pithy = await createPithy();
  const clock = { t: 0 };
  return { pithy, clock, cache: new CompressCache(maxChars, ttlMs, () => clock.t) };
}

const calls = (pithy: Pithy) => pithy.stats().calls;

describe("CompressCache", () => {
  it("gives the remembered result for the same content and hint, without compressing again", async () => {
    const { pithy, cache } = await setUp();
    const first = await cache.compress(pithy, log, { tool: "Bash", callId: "c1" });
    // A copy of the text, as the next request's JSON.parse gives it.
    const again = await cache.compress(pithy, (" " + log).slice(1), { tool: "Bash", callId: "c1" });
    expect(again).toBe(first);
    expect(first.action).toBe("compressed");
    expect(calls(pithy)).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it("compresses again for another hint, another mode, or once the entry is older than its time to live", async () => {
    const { pithy, clock, cache } = await setUp();
    await cache.compress(pithy, log, { tool: "Bash", callId: "c1" });
    await cache.compress(pithy, log, { tool: "Bash", callId: "c2" });
    expect(calls(pithy)).toBe(2);
    pithy.setMode("lossless");
    await cache.compress(pithy, log, { tool: "Bash", callId: "c1" });
    expect(calls(pithy)).toBe(3);
    pithy.setMode("lossy");
    clock.t = 1001;
    await cache.compress(pithy, log, { tool: "Bash", callId: "c1" });
    expect(calls(pithy)).toBe(4);
  });

  it("puts the original in the store again when it computes again", async () => {
    const pithy = await createPithy();
    const clock = { t: 0 };
    const cache = new CompressCache(10_000_000, 1000, () => clock.t);
    const result = await cache.compress(pithy, log, { tool: "Bash" });
    await pithy.store!.delete(result.key!);
    expect((await pithy.recall(result.key!)).found).toBe(false);
    clock.t = 2000;
    await cache.compress(pithy, log, { tool: "Bash" });
    expect((await pithy.recall(result.key!)).found).toBe(true);
  });

  it("leaves short content to pithy every time", async () => {
    const { pithy, cache } = await setUp();
    await cache.compress(pithy, "short\n", {});
    await cache.compress(pithy, "short\n", {});
    expect(calls(pithy)).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it("stays within its character bound, dropping the least recently used first", async () => {
    const { pithy, cache } = await setUp(2.5 * 60_000);
    const parts = [log.slice(0, 60_000), log.slice(60_000, 120_000), log.slice(120_000, 180_000)];
    await cache.compress(pithy, parts[0]);
    await cache.compress(pithy, parts[1]);
    await cache.compress(pithy, parts[0]); // parts[0] is now the most recent
    await cache.compress(pithy, parts[2]); // over the bound: parts[1] goes
    expect(cache.stats().chars).toBeLessThanOrEqual(2.5 * 60_000);
    const before = calls(pithy);
    await cache.compress(pithy, parts[0]);
    expect(calls(pithy)).toBe(before);
    await cache.compress(pithy, parts[1]);
    expect(calls(pithy)).toBe(before + 1);
  });

  it("remembers nothing with a bound of 0", async () => {
    const { pithy, cache } = await setUp(0);
    await cache.compress(pithy, log);
    await cache.compress(pithy, log);
    expect(calls(pithy)).toBe(2);
  });
});
