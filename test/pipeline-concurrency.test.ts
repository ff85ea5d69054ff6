import { beforeAll, describe, expect, it } from "vitest";
import { MemoryStore } from "../src/ccr/memory-store.js";
import type { Store } from "../src/ccr/store.js";
import { createPithy } from "../src/pipeline.js";
import type { CompressResult } from "../src/types.js";
import { loadCorpus } from "./support/corpus.js";

/**
 * A memory store whose puts and gets settle after a few event-loop turns
 * (a fixed, varied number per call), so concurrent calls interleave their
 * steps the way they do against a real backend.
 */
function slowStore(): Store {
  const inner = new MemoryStore();
  let turn = 0;
  const later = async <T>(work: () => Promise<T>): Promise<T> => {
    const waits = turn++ % 5;
    for (let i = 0; i < waits; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    return work();
  };
  return {
    put: (key, content) => later(() => inner.put(key, content)),
    get: (key) => later(() => inner.get(key)),
    delete: (key) => later(() => inner.delete(key)),
    stats: () => inner.stats(),
  };
}

/** What a result says, without its timing. */
function shape(r: CompressResult) {
  return [r.action, r.reason, r.type, r.strategy, r.key, r.tokensIn, r.tokensOut, r.output];
}

describe("concurrent compress calls", () => {
  let inputs: { text: string; tool: string }[] = [];
  beforeAll(async () => {
    const corpus = (await loadCorpus()).filter((c) => c.text.length > 0);
    // 50 calls over mixed classes: each case once, then again with a query.
    inputs = Array.from({ length: 50 }, (_, i) => {
      const c = corpus[(i * 7) % corpus.length];
      return { text: c.text, tool: c.tool_hint };
    });
  });

  it("each of 50 interleaved calls over mixed corpus inputs equals its sequential result", async () => {
    const sequential = await createPithy({ store: slowStore() });
    const alone: CompressResult[] = [];
    for (const { text, tool } of inputs) alone.push(await sequential.compress(text, { tool }));

    const concurrent = await createPithy({ store: slowStore() });
    const together = await Promise.all(inputs.map(({ text, tool }) => concurrent.compress(text, { tool })));
    for (let i = 0; i < inputs.length; i++) expect(shape(together[i]), `call ${i}`).toEqual(shape(alone[i]));
    // Several classes took part, and lossy calls with store round trips among them.
    expect(new Set(together.map((r) => r.type)).size).toBeGreaterThanOrEqual(6);
    expect(together.filter((r) => r.key !== undefined).length).toBeGreaterThan(10);
    for (const r of together) if (r.key !== undefined) expect((await concurrent.recall(r.key)).found).toBe(true);
    // 100 compressions of corpus cases: ~2 s alone, several times that on a busy 2-core machine.
  }, 60_000);
});
