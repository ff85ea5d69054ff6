// IdbStore in real headless Chromium: the Store contract (LRU and TTL
// included), persistence across a "reload", sharing with a dedicated worker,
// and stepping aside when another context deletes the database.
//
// About the reload: vitest's browser mode cannot reload the page that runs the
// tests. What a reload does to IndexedDB is close every connection of the page
// and open new ones from code that remembers nothing; the tests do exactly
// that — close the store's connection, then open a brand-new IdbStore by name
// (or a worker does, in another global scope) — so what they read back came
// from the database, not from anything the first store held in memory.
import { afterAll, describe, expect, inject, it } from "vitest";
import { PithyConfigError, PithyStoreError } from "../../src/errors.js";
import { computeKey } from "../../src/ccr/key.js";
import { entryBytes } from "../../src/ccr/store.js";
import { createPithy } from "../../src/pipeline.js";
import { detectRuntime } from "../../src/runtime.js";
import { IdbStore, type IdbStoreOptions } from "../../src/stores/idb.js";
import { runStoreContract } from "../ccr/store-contract.js";
import type { IdbWorkerReply, IdbWorkerRequest } from "./fixtures/idb-worker.js";

const names: string[] = [];
const opened: IdbStore[] = [];
const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** A database name no other test (or earlier run) uses. */
function freshName(): string {
  const name = `pithy-test-${run}-${names.length}`;
  names.push(name);
  return name;
}

async function open(name: string, options: IdbStoreOptions = {}): Promise<IdbStore> {
  const store = await IdbStore.open({ name, ...options });
  opened.push(store);
  return store;
}

afterAll(async () => {
  for (const store of opened) store.close();
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
});

function keyOf(label: string | number): string {
  return computeKey(`idb entry ${label}`);
}

/** Sends one request to a fresh dedicated worker and waits for its answer. */
function askWorker(request: IdbWorkerRequest): Promise<IdbWorkerReply> {
  const worker = new Worker(new URL("./fixtures/idb-worker.ts", import.meta.url), { type: "module" });
  return new Promise<IdbWorkerReply>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<IdbWorkerReply>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(`worker failed: ${event.message}`));
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

describe("IdbStore runtime", () => {
  it("runs in the browser, the runtime its project names", () => {
    expect(detectRuntime()).toBe(inject("runtime"));
    expect(detectRuntime()).toBe("browser");
  });
});

runStoreContract("IdbStore", (options) => open(freshName(), options));

describe("IdbStore across a reload", () => {
  it("gives back entries through a new store after the first one closed", async () => {
    const name = freshName();
    const first = await open(name);
    const content = "survives a reload \ud800 😀\u0000".repeat(1000);
    await first.put(keyOf(1), content);
    first.close();
    const second = await open(name);
    expect(await second.get(keyOf(1))).toBe(content);
    expect(await second.stats()).toMatchObject({ entries: 1, bytes: entryBytes(keyOf(1), content), name });
  });

  it("keeps recency across a reopen, so eviction still takes the least recently used", async () => {
    const name = freshName();
    const body = (label: string) => label.repeat(1000);
    const weight = entryBytes(keyOf("a"), body("a"));
    const options = { maxBytes: 3 * weight + 10, maxEntryBytes: weight };
    const first = await open(name, options);
    for (const label of ["a", "b", "c"]) await first.put(keyOf(label), body(label));
    await first.get(keyOf("a"));
    first.close();
    const second = await open(name, options);
    await second.put(keyOf("d"), body("d"));
    expect(await second.get(keyOf("b"))).toBeUndefined();
    for (const label of ["a", "c", "d"]) expect(await second.get(keyOf(label))).toBe(body(label));
  });

  it("recalls an original compressed before the reload through a new pipeline", async () => {
    const name = freshName();
    const line = (i: number) =>
      `2024-05-01T10:00:${String(i % 60).padStart(2, "0")}Z INFO worker handled request id=${i} in ${i % 90}ms`;
    const log =
      [...Array.from({ length: 800 }, (_, i) => line(i)), "2024-05-01T11:00:00Z ERROR disk full"].join("\n") + "\n";
    const before = await createPithy({ store: await open(name) });
    const result = await before.compress(log, { tool: "Bash" });
    expect(result.key).toMatch(/^[0-9a-f]{32}$/);
    (before.store as IdbStore).close();
    const after = await createPithy({ store: await open(name) });
    expect(await after.recall(result.key!)).toEqual({ found: true, key: result.key, content: log, truncated: false });
  });
});

// The store reads its index 64 records at a time; these cross several of those batches.
describe("IdbStore over more entries than one batch", () => {
  it("prunes 200 expired entries in one call and keeps the totals exact", async () => {
    const clock = { t: 1_000_000 };
    const store = await open(freshName(), { ttlMs: 1000, now: () => clock.t });
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.put(keyOf(`old ${i}`), `old ${i} \ud800`)));
    clock.t += 500;
    await store.put(keyOf("young"), "young");
    clock.t += 600;
    expect(await store.stats()).toMatchObject({ entries: 201, expiredEntries: 200 });
    expect(await store.prune()).toBe(200);
    expect(await store.stats()).toMatchObject({
      entries: 1,
      bytes: entryBytes(keyOf("young"), "young"),
      expiredEntries: 0,
    });
    expect(await store.get(keyOf("young"))).toBe("young");
  });

  it("evicts 150 small entries for one large one, least recently used first", async () => {
    const small = "s".repeat(100);
    const weight = entryBytes(keyOf("s 0"), small);
    const store = await open(freshName(), { maxBytes: 200 * weight, maxEntryBytes: 150 * weight });
    for (let i = 0; i < 200; i++) await store.put(keyOf(`s ${i}`), small);
    const large = "L".repeat(150 * (weight / 2) - keyOf("large").length);
    await store.put(keyOf("large"), large);
    const stats = await store.stats();
    expect(stats.evictions).toBe(150);
    expect(stats.bytes).toBeLessThanOrEqual(200 * weight);
    expect(await store.get(keyOf("s 149"))).toBeUndefined();
    expect(await store.get(keyOf("s 150"))).toBe(small);
    expect(await store.get(keyOf("large"))).toBe(large);
  });
});

describe("IdbStore in a worker", () => {
  it("shares entries between the page and a dedicated worker, both ways", async () => {
    const name = freshName();
    const page = await open(name);
    await page.put(keyOf("from page"), "written by the page\ud800");
    const read = await askWorker({ op: "get", name, key: keyOf("from page") });
    expect(read).toEqual({ ok: true, content: "written by the page\ud800", runtime: "worker" });
    const wrote = await askWorker({ op: "put", name, key: keyOf("from worker"), content: "written by a worker\u0000" });
    expect(wrote).toEqual({ ok: true, runtime: "worker" });
    expect(await page.get(keyOf("from worker"))).toBe("written by a worker\u0000");
    expect((await page.stats()).entries).toBe(2);
  });
});

describe("IdbStore when the database goes away", () => {
  it("rejects every call with unavailable once closed", async () => {
    const store = await open(freshName());
    store.close();
    expect(store.isOpen).toBe(false);
    for (const call of [store.put(keyOf(2), "x"), store.get(keyOf(2)), store.delete(keyOf(2)), store.stats()]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PithyStoreError);
      expect((error as PithyStoreError).code).toBe("unavailable");
    }
  });

  it("closes itself so another context can delete the database, then rejects with unavailable", async () => {
    const name = freshName();
    const store = await open(name);
    await store.put(keyOf(3), "about to go");
    const deleted = await new Promise<string>((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve("deleted");
      request.onblocked = () => resolve("blocked");
      request.onerror = () => resolve("error");
    });
    expect(deleted).toBe("deleted");
    const error = await store.put(keyOf(4), "x").catch((e: unknown) => e);
    expect((error as PithyStoreError).code).toBe("unavailable");
    expect(await (await open(name)).get(keyOf(3))).toBeUndefined();
  });

  it("refuses options out of range, naming the option", async () => {
    const bad: Array<[IdbStoreOptions, string]> = [
      [{ name: "" }, "name"],
      [{ maxBytes: 0 }, "maxBytes"],
      [{ maxBytes: 10, maxEntryBytes: 20 }, "maxEntryBytes"],
      [{ ttlMs: -5 }, "ttlMs"],
    ];
    for (const [options, option] of bad) {
      const error = await IdbStore.open(options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PithyConfigError);
      expect((error as PithyConfigError).option).toBe(option);
    }
  });
});
