import { describe, expect, it } from "vitest";
import { PithyConfigError } from "../../src/errors.js";
import { computeKey } from "../../src/ccr/key.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRY_BYTES, MemoryStore } from "../../src/ccr/memory-store.js";
import { runStoreContract } from "./store-contract.js";

runStoreContract("MemoryStore", (options) => new MemoryStore(options));

describe("MemoryStore", () => {
  it("defaults to 256 MiB in all and 32 MiB per entry", async () => {
    const stats = await new MemoryStore().stats();
    expect(stats.maxBytes).toBe(DEFAULT_MAX_BYTES);
    expect(stats.maxBytes).toBe(256 * 1024 * 1024);
    expect(stats.maxEntryBytes).toBe(DEFAULT_MAX_ENTRY_BYTES);
    expect(stats.maxEntryBytes).toBe(32 * 1024 * 1024);
  });

  it("caps one entry at an eighth of a small maxBytes by default", async () => {
    expect((await new MemoryStore({ maxBytes: 80_000 }).stats()).maxEntryBytes).toBe(10_000);
  });

  it("names the option when a cap is negative, zero, infinite or not a number", () => {
    for (const option of ["maxBytes", "maxEntryBytes"] as const) {
      for (const value of [-1, 0, Infinity, NaN, "100", null]) {
        expect(() => new MemoryStore({ [option]: value as number })).toThrow(PithyConfigError);
        expect(() => new MemoryStore({ [option]: value as number })).toThrow(`"${option}"`);
      }
    }
  });

  it("refuses a per-entry cap larger than the total", () => {
    expect(() => new MemoryStore({ maxBytes: 1000, maxEntryBytes: 2000 })).toThrow(/"maxEntryBytes".*maxBytes/);
  });

  it("refuses a time to live that is not a positive number", () => {
    for (const value of [0, -5, NaN, "1h"]) {
      expect(() => new MemoryStore({ ttlMs: value as number })).toThrow(/"ttlMs"/);
    }
  });

  it("refuses a clock that is not a function", () => {
    expect(() => new MemoryStore({ now: 5 as unknown as () => number })).toThrow(/"now"/);
  });

  it("replaces the content when a key is put with different content", async () => {
    const store = new MemoryStore();
    const key = computeKey("k");
    await store.put(key, "first");
    await store.put(key, "second");
    expect(await store.get(key)).toBe("second");
    expect(await store.stats()).toMatchObject({ entries: 1, puts: 2, dedupes: 0 });
  });

  it("counts a put of content it holds as recent use, so eviction spares it", async () => {
    const body = (label: string) => label.repeat(500);
    const weight = 2 * (32 + 500);
    const store = new MemoryStore({ maxBytes: 2 * weight, maxEntryBytes: weight });
    await store.put(computeKey("a"), body("a"));
    await store.put(computeKey("b"), body("b"));
    await store.put(computeKey("a"), body("a"));
    await store.put(computeKey("c"), body("c"));
    expect(await store.get(computeKey("a"))).toBe(body("a"));
    expect(await store.get(computeKey("b"))).toBeUndefined();
  });

  it("counts an entry found expired by a get as an expiration and a miss", async () => {
    let t = 0;
    const store = new MemoryStore({ ttlMs: 10, now: () => t });
    await store.put(computeKey("e"), "expiring");
    t = 10;
    expect(await store.get(computeKey("e"))).toBeUndefined();
    expect(await store.stats()).toMatchObject({ entries: 0, bytes: 0, expirations: 1, misses: 1 });
  });

  it("does not let a get renew the time to live", async () => {
    let t = 0;
    const store = new MemoryStore({ ttlMs: 10, now: () => t });
    await store.put(computeKey("r"), "read often");
    t = 9;
    await store.get(computeKey("r"));
    t = 10;
    expect(await store.get(computeKey("r"))).toBeUndefined();
  });

  it("keeps thirty thousand small entries within its byte budget", async () => {
    const store = new MemoryStore({ maxBytes: 256 * 1024 });
    const keyOf = (i: number) => i.toString(16).padStart(32, "0");
    for (let i = 0; i < 30_000; i++) await store.put(keyOf(i), "x");
    const stats = await store.stats();
    expect(stats.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(stats.entries + stats.evictions).toBe(30_000);
    expect(await store.get(keyOf(29_999))).toBe("x");
  });
});
