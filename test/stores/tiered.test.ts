// TieredStore over in-memory stores, in every runtime: the Store contract, and
// the tiering rules — back first on put, front first on get (filling it), and
// what happens when either tier refuses or the back is down. The same store
// over a real Redis is tested in redis.node-only.test.ts.
import { describe, expect, it } from "vitest";
import { PithyConfigError, PithyStoreError } from "../../src/errors.js";
import { computeKey } from "../../src/ccr/key.js";
import { MemoryStore } from "../../src/ccr/memory-store.js";
import type { Store, StoreStats } from "../../src/ccr/store.js";
import { createPithy } from "../../src/pipeline.js";
import { TieredStore } from "../../src/stores/tiered.js";
import { runStoreContract } from "../ccr/store-contract.js";

function keyOf(label: string | number): string {
  return computeKey(`tiered entry ${label}`);
}

/** A memory store that can be taken down: then every call rejects with `unavailable`. */
class SwitchableStore implements Store {
  readonly inner = new MemoryStore();
  isDown = false;
  readonly calls: string[] = [];

  put(key: string, content: string): Promise<void> {
    this.calls.push("put");
    return this.isDown ? this.down() : this.inner.put(key, content);
  }
  get(key: string): Promise<string | undefined> {
    this.calls.push("get");
    return this.isDown ? this.down() : this.inner.get(key);
  }
  delete(key: string): Promise<boolean> {
    this.calls.push("delete");
    return this.isDown ? this.down() : this.inner.delete(key);
  }
  stats(): Promise<StoreStats> {
    return this.isDown ? this.down() : this.inner.stats();
  }
  private down(): Promise<never> {
    return Promise.reject(new PithyStoreError("pithy: test store is down", "unavailable"));
  }
}

// Strict LRU across the tiers is not promised: a get the front answers never
// reaches the back, so the back (which decides what survives) does not see
// that use and may evict the entry before one used less recently.
runStoreContract(
  "TieredStore",
  (options) => new TieredStore({ front: new MemoryStore(options), back: new MemoryStore(options) }),
  { lru: false },
);

describe("TieredStore puts", () => {
  it("writes the back first, then the front", async () => {
    const order: string[] = [];
    const front = new MemoryStore();
    const back = new MemoryStore();
    const spy = (store: MemoryStore, name: string): Store => ({
      put: async (k, c) => {
        order.push(name);
        await store.put(k, c);
      },
      get: (k) => store.get(k),
      delete: (k) => store.delete(k),
      stats: () => store.stats(),
    });
    await new TieredStore({ front: spy(front, "front"), back: spy(back, "back") }).put(keyOf(1), "one");
    expect(order).toEqual(["back", "front"]);
    expect(await front.get(keyOf(1))).toBe("one");
    expect(await back.get(keyOf(1))).toBe("one");
  });

  it("rejects as the back does and leaves the front without the entry", async () => {
    const front = new MemoryStore();
    const back = new SwitchableStore();
    back.isDown = true;
    const store = new TieredStore({ front, back });
    const error = await store.put(keyOf(2), "two").catch((e: unknown) => e);
    expect((error as PithyStoreError).code).toBe("unavailable");
    expect(await front.get(keyOf(2))).toBeUndefined();
  });

  it("succeeds when only the front refuses the entry, and serves it from the back", async () => {
    const front = new MemoryStore({ maxBytes: 4096, maxEntryBytes: 256 });
    const back = new MemoryStore();
    const store = new TieredStore({ front, back });
    const big = "too big for the front ".repeat(100);
    await store.put(keyOf(3), big);
    expect((await front.stats()).entries).toBe(0);
    expect(await store.get(keyOf(3))).toBe(big);
  });
});

describe("TieredStore gets", () => {
  it("fills the front from the back, and answers the next get from the front", async () => {
    const front = new MemoryStore();
    const back = new SwitchableStore();
    const store = new TieredStore({ front, back });
    await back.put(keyOf(4), "only in the back");
    expect(await store.get(keyOf(4))).toBe("only in the back");
    expect(await front.get(keyOf(4))).toBe("only in the back");
    back.calls.length = 0;
    expect(await store.get(keyOf(4))).toBe("only in the back");
    expect(back.calls).toEqual([]);
    expect(await store.stats()).toMatchObject({ hits: 2, misses: 0, frontHits: 1 });
  });

  it("serves what the front holds while the back is down", async () => {
    const back = new SwitchableStore();
    const store = new TieredStore({ front: new MemoryStore(), back });
    await store.put(keyOf(5), "kept near");
    back.isDown = true;
    expect(await store.get(keyOf(5))).toBe("kept near");
  });

  it("rejects with the back's error when the front misses and the back is down", async () => {
    const back = new SwitchableStore();
    back.isDown = true;
    const store = new TieredStore({ front: new MemoryStore(), back });
    const error = await store.get(keyOf(6)).catch((e: unknown) => e);
    expect((error as PithyStoreError).code).toBe("unavailable");
  });
});

describe("TieredStore deletes and stats", () => {
  it("drops an entry from both tiers", async () => {
    const front = new MemoryStore();
    const back = new MemoryStore();
    const store = new TieredStore({ front, back });
    await store.put(keyOf(7), "seven");
    expect(await store.delete(keyOf(7))).toBe(true);
    expect(await front.get(keyOf(7))).toBeUndefined();
    expect(await back.get(keyOf(7))).toBeUndefined();
  });

  it("reports the back's gauges, its own hits and misses, and the front's stats", async () => {
    const front = new MemoryStore({ maxBytes: 1 << 20 });
    const back = new MemoryStore({ maxBytes: 1 << 24 });
    const store = new TieredStore({ front, back });
    await store.put(keyOf(8), "eight");
    await store.get(keyOf(8));
    await store.get(keyOf("absent"));
    const stats = await store.stats();
    expect(stats).toMatchObject({ entries: 1, maxBytes: 1 << 24, hits: 1, misses: 1, frontHits: 1 });
    expect(stats.front).toMatchObject({ entries: 1, maxBytes: 1 << 20 });
  });
});

describe("TieredStore set-up", () => {
  it("refuses a missing tier or the same store twice, naming the option", () => {
    const memory = new MemoryStore();
    const cases: Array<[unknown, string]> = [
      [{ back: memory }, "front"],
      [{ front: memory }, "back"],
      [{ front: memory, back: memory }, "back"],
      [{ front: memory, back: { get: () => 1 } }, "back"],
      [null, "options"],
    ];
    for (const [options, option] of cases) {
      let error: unknown;
      try {
        new TieredStore(options as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PithyConfigError);
      expect((error as PithyConfigError).option).toBe(option);
    }
  });

  it("degrades compress to lossless output when the back is down", async () => {
    const back = new SwitchableStore();
    back.isDown = true;
    const pithy = await createPithy({ store: new TieredStore({ front: new MemoryStore(), back }) });
    const line = (i: number) =>
      `2024-05-01T10:00:${String(i % 60).padStart(2, "0")}Z INFO worker handled request id=${i} in ${i % 90}ms`;
    const result = await pithy.compress(Array.from({ length: 1500 }, (_, i) => line(i)).join("\n") + "\n", {
      tool: "Bash",
    });
    expect(result.key).toBeUndefined();
    expect(result.output.includes("[[pithy:")).toBe(false);
    expect(pithy.stats().ccr.failures).toBe(1);
  });
});
