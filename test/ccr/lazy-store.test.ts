import { describe, expect, it } from "vitest";
import { PithyConfigError, PithyStoreError } from "../../src/errors.js";
import { computeKey } from "../../src/ccr/key.js";
import { LazyStore } from "../../src/ccr/lazy-store.js";
import { MemoryStore } from "../../src/ccr/memory-store.js";
import type { Store } from "../../src/ccr/store.js";
import { runStoreContract } from "./store-contract.js";

runStoreContract("LazyStore over a MemoryStore", (options) => {
  const store = new LazyStore();
  store.setDelegate(new MemoryStore(options));
  return store;
});

const KEY = computeKey("lazy");

/** A store whose puts wait until released, to hold a call in flight. */
class SlowStore extends MemoryStore {
  private releases: Array<() => void> = [];

  override async put(key: string, content: string): Promise<void> {
    await new Promise<void>((resolve) => this.releases.push(resolve));
    return super.put(key, content);
  }

  release(): void {
    for (const release of this.releases.splice(0)) release();
  }
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof PithyStoreError ? error.code : undefined;
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("LazyStore", () => {
  it("rejects puts with unavailable before it has a delegate", async () => {
    const store = new LazyStore();
    expect(store.hasDelegate).toBe(false);
    expect(await codeOf(store.put(KEY, "x"))).toBe("unavailable");
  });

  it("refuses a bad key with invalid_key even before it has a delegate", async () => {
    expect(await codeOf(new LazyStore().put("../../etc/passwd", "x"))).toBe("invalid_key");
  });

  it("finds nothing, deletes nothing and reports an empty store before it has a delegate", async () => {
    const store = new LazyStore();
    expect(await store.get(KEY)).toBeUndefined();
    expect(await store.delete(KEY)).toBe(false);
    expect(await store.prune()).toBe(0);
    expect(await store.stats()).toMatchObject({ entries: 0, bytes: 0, puts: 0 });
  });

  it("forwards to the delegate once it is set", async () => {
    const store = new LazyStore();
    const memory = new MemoryStore();
    store.setDelegate(memory);
    await store.put(KEY, "kept");
    expect(store.hasDelegate).toBe(true);
    expect(await memory.get(KEY)).toBe("kept");
    expect(await store.get(KEY)).toBe("kept");
  });

  it("passes the delegate's refusals through unchanged", async () => {
    const store = new LazyStore(new MemoryStore({ maxBytes: 1000, maxEntryBytes: 100 }));
    expect(await codeOf(store.put(KEY, "x".repeat(100)))).toBe("too_large");
  });

  it("takes a delegate given as a promise once it resolves", async () => {
    let open!: (store: Store) => void;
    const store = new LazyStore(new Promise<Store>((resolve) => (open = resolve)));
    expect(await codeOf(store.put(KEY, "early"))).toBe("unavailable");
    open(new MemoryStore());
    await settle();
    await store.put(KEY, "late");
    expect(await store.get(KEY)).toBe("late");
  });

  it("stays without a delegate when the promised one fails to open", async () => {
    const store = new LazyStore(Promise.reject(new Error("disk full")));
    await settle();
    expect(store.hasDelegate).toBe(false);
    expect(await codeOf(store.put(KEY, "x"))).toBe("unavailable");
  });

  it("keeps the later choice when an earlier promised delegate resolves late", async () => {
    let openSlow!: (store: Store) => void;
    const store = new LazyStore(new Promise<Store>((resolve) => (openSlow = resolve)));
    const chosen = new MemoryStore();
    store.setDelegate(chosen);
    openSlow(new MemoryStore());
    await settle();
    await store.put(KEY, "where?");
    expect(await chosen.get(KEY)).toBe("where?");
  });

  it("finishes a put in flight on the delegate it started with", async () => {
    const slow = new SlowStore();
    const next = new MemoryStore();
    const store = new LazyStore(slow);
    const inFlight = store.put(KEY, "in flight");
    store.setDelegate(next);
    slow.release();
    await inFlight;
    expect(await slow.get(KEY)).toBe("in flight");
    expect(await next.get(KEY)).toBeUndefined();
  });

  it("answers every put made around a delegate change, none left hanging", async () => {
    const store = new LazyStore();
    const keys = Array.from({ length: 20 }, (_, i) => computeKey(`race ${i}`));
    const before = keys.slice(0, 10).map((k) => store.put(k, k));
    store.setDelegate(Promise.resolve(new MemoryStore()));
    const during = keys.slice(10).map((k) => store.put(k, k));
    const settled = Promise.allSettled([...before, ...during]);
    await settle();
    const outcomes = await settled;
    expect(outcomes).toHaveLength(20);
    for (const o of outcomes) {
      if (o.status === "rejected") expect((o.reason as PithyStoreError).code).toBe("unavailable");
    }
    await store.put(keys[0], "after");
    expect(await store.get(keys[0])).toBe("after");
  });

  it("refuses a delegate that is not a store, or itself", () => {
    const store = new LazyStore();
    expect(() => store.setDelegate({} as Store)).toThrow(PithyConfigError);
    expect(() => store.setDelegate(null as unknown as Store)).toThrow(PithyConfigError);
    expect(() => store.setDelegate(store)).toThrow(/"delegate"/);
  });
});
