import { describe, expect, it } from "vitest";
import { createPithy } from "../src/pipeline.js";

const prose =
  Array.from(
    { length: 120 },
    (_, i) =>
      `Paragraph ${i} explains how the retry policy interacts with the connection pool when a request fails and the server answers slowly.`,
  ).join("\n\n") + "\n";

describe("the pipeline with a prose model", () => {
  it("uses the model's answer, keeps the original recallable and reports the model's cost", async () => {
    const pithy = await createPithy({
      proseFallback: async () => ({
        text: "Retries interact with the connection pool on slow failures.",
        model: "tiny-lm",
        inputTokens: 3000,
        outputTokens: 15,
      }),
    });
    const r = await pithy.compress(prose);
    expect(r.strategy).toBe("prose-model");
    expect(r.output).toContain("Retries interact");
    expect(r.detail).toMatchObject({ model: "tiny-lm", modelInputTokens: 3000, modelOutputTokens: 15 });
    expect(r.detail.netTokensSaved).toBe(r.tokensIn - r.tokensOut - 3015);
    expect(await pithy.recall(r.key!)).toMatchObject({ found: true, content: prose });
  });

  it("falls back to the deterministic path when the model is too slow", async () => {
    const pithy = await createPithy({
      proseFallback: {
        model: (_t, { signal }) =>
          new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))),
        timeoutMs: 20,
      },
    });
    const r = await pithy.compress(prose);
    expect(r.strategy).not.toBe("prose-model");
    expect(r.detail.modelFailure).toBe("timeout");
  });

  it("never lets a throwing model break compress, and counts the failure", async () => {
    const pithy = await createPithy({
      proseFallback: async () => {
        throw new Error("model down");
      },
    });
    const r = await pithy.compress(prose);
    expect(r.output.length).toBeGreaterThan(0);
    expect(r.detail.modelFailure).toBe("error");
    expect(pithy.stats().failOpen.byStrategy["prose-model"].count).toBe(1);
  });

  it("rejects a prose model option that is not a function at construction", async () => {
    await expect(createPithy({ proseFallback: { model: 42 as never } })).rejects.toThrow(/proseModel.model/);
  });
});
