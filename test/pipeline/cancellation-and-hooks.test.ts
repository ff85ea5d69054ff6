import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/ccr/memory-store.js";
import type { Store } from "../../src/ccr/store.js";
import type { Compressor } from "../../src/compressors/types.js";
import { compressMessages } from "../../src/messages/compress-messages.js";
import { createPithy } from "../../src/pipeline.js";
import type { CompressResult } from "../../src/types.js";

const log =
  Array.from({ length: 400 }, (_, i) => `2024-05-01T10:00:00Z INFO request ${i} served`).join("\n") + "\nERROR x\n";
const isAbortError = (e: unknown) => e instanceof Error && e.name === "AbortError";

/** A memory store whose puts wait for `gate` before storing. */
function gatedStore(): { store: Store; inner: MemoryStore; open(): void } {
  const inner = new MemoryStore();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const store: Store = {
    put: async (key, content, options) => {
      await gate;
      options?.signal?.throwIfAborted();
      return inner.put(key, content, options);
    },
    get: (key, options) => inner.get(key, options),
    delete: (key, options) => inner.delete(key, options),
    stats: () => inner.stats(),
  };
  return { store, inner, open };
}

describe("cancellation", () => {
  it("rejects a compress whose signal has fired with an AbortError, storing nothing", async () => {
    const inner = new MemoryStore();
    const pithy = await createPithy({ store: inner });
    const controller = new AbortController();
    controller.abort();
    await expect(pithy.compress(log, { tool: "Bash" }, { signal: controller.signal })).rejects.toSatisfy(isAbortError);
    expect((await inner.stats()).entries).toBe(0);
  });

  it("rejects a compress aborted while its original is being stored, leaving no entry", async () => {
    const { store, inner, open } = gatedStore();
    const pithy = await createPithy({ store });
    const controller = new AbortController();
    const call = pithy.compress(log, { tool: "Bash" }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    open();
    await expect(call).rejects.toSatisfy(isAbortError);
    expect((await inner.stats()).entries).toBe(0);
  });

  it("rejects recall, archive, compressMessages and every store call once aborted", async () => {
    const store = new MemoryStore();
    const pithy = await createPithy({ store });
    const key = (await pithy.compress(log, { tool: "Bash" })).key!;
    const signal = AbortSignal.abort();
    await expect(pithy.recall(key, undefined, { signal })).rejects.toSatisfy(isAbortError);
    await expect(pithy.archive("x", { signal })).rejects.toSatisfy(isAbortError);
    const history = [{ role: "tool", tool_call_id: "c", content: log }];
    await expect(compressMessages(history, { pithy, signal })).rejects.toSatisfy(isAbortError);
    await expect(store.put(key, "y", { signal })).rejects.toSatisfy(isAbortError);
    await expect(store.get(key, { signal })).rejects.toSatisfy(isAbortError);
    await expect(store.delete(key, { signal })).rejects.toSatisfy(isAbortError);
    expect(await store.get(key)).toBe(log);
  });

  it("keeps a custom abort reason as the AbortError's cause", async () => {
    const pithy = await createPithy();
    const reason = new Error("user pressed stop");
    await expect(pithy.compress(log, {}, { signal: AbortSignal.abort(reason) })).rejects.toMatchObject({
      name: "AbortError",
      cause: reason,
    });
  });
});

describe("hooks", () => {
  it("tells onCompress of every result, with its hint", async () => {
    const seen: Array<[CompressResult, unknown]> = [];
    const pithy = await createPithy({ onCompress: (r, hint) => seen.push([r, hint]) });
    await pithy.compress(log, { tool: "Bash" });
    await pithy.compress("short", { tool: "Read" });
    expect(seen.map(([r, hint]) => [r.action, (hint as { tool: string }).tool])).toEqual([
      ["compressed", "Bash"],
      ["skipped", "Read"],
    ]);
  });

  it("tells onError of a compressor that threw and of a store that failed, and still answers", async () => {
    const errors: Array<{ stage: string; message: string }> = [];
    const thrower: Compressor = {
      name: "thrower",
      compress: () => {
        throw new Error("bug");
      },
    };
    const broken: Store = {
      put: () => Promise.reject(new Error("disk gone")),
      get: () => Promise.resolve(undefined),
      delete: () => Promise.resolve(false),
      stats: () => new MemoryStore().stats(),
    };
    const onError = (error: unknown, context: { stage: string }) =>
      errors.push({ stage: context.stage, message: (error as Error).message });
    const a = await createPithy({ chains: { log: [thrower] }, onError });
    expect((await a.compress(log, { tool: "Bash" })).output).toBe(log);
    const b = await createPithy({ store: broken, onError });
    await b.compress(log, { tool: "Bash" });
    expect(errors).toContainEqual({ stage: "thrower", message: "bug" });
    expect(errors).toContainEqual({ stage: "store", message: "disk gone" });
  });

  it("ignores a hook that throws", async () => {
    const pithy = await createPithy({
      onCompress: () => {
        throw new Error("hook bug");
      },
    });
    expect((await pithy.compress(log, { tool: "Bash" })).action).toBe("compressed");
  });

  it("refuses a hook that is not a function, naming it", async () => {
    await expect(createPithy({ onError: "log" as never })).rejects.toThrow(/"onError"/);
  });
});
