import { describe, expect, it } from "vitest";
import { checkProseModelOptions, runProseModel, type ProseModel } from "../../src/compressors/prose-model.js";
import { PithyConfigError } from "../../src/errors.js";

const TEXT = "A long paragraph of prose that a model could shorten considerably without losing its meaning. ".repeat(5);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new Error("aborted"));
      },
      { once: true },
    );
  });

describe("runProseModel", () => {
  it("returns a fast model's shorter text with the time it took", async () => {
    const run = await runProseModel(TEXT, { model: async (text) => text.slice(0, 40) });
    expect(run.output).toBe(TEXT.slice(0, 40));
    expect(run.failure).toBeUndefined();
    expect(run.modelMs).toBeGreaterThanOrEqual(0);
  });

  it("carries the model's name and token counts as the model reports them", async () => {
    const run = await runProseModel(TEXT, {
      model: async () => ({ text: "short", model: "lingua-2", inputTokens: 120, outputTokens: 9 }),
    });
    expect(run).toMatchObject({ output: "short", model: "lingua-2", inputTokens: 120, outputTokens: 9 });
  });

  it("passes the query and an abort signal to the model", async () => {
    let seen: { query?: string; signal?: AbortSignal } = {};
    await runProseModel(TEXT, {
      query: "retry",
      model: async (_text, context) => {
        seen = context;
        return "ok";
      },
    });
    expect(seen.query).toBe("retry");
    expect(seen.signal).toBeInstanceOf(AbortSignal);
  });

  it("gives up on a slow model at its latency budget and aborts it", async () => {
    let aborted = false;
    const slow: ProseModel = async (_text, { signal }) => {
      signal.addEventListener("abort", () => {
        aborted = true;
      });
      await sleep(2000, signal);
      return "late";
    };
    const run = await runProseModel(TEXT, { model: slow, timeoutMs: 30 });
    expect(run.output).toBeNull();
    expect(run.failure).toBe("timeout");
    expect(aborted).toBe(true);
    expect(run.modelMs).toBeLessThan(1500);
  });

  it("gives up on a slow model that ignores the abort signal", async () => {
    const run = await runProseModel(TEXT, {
      model: () => new Promise((resolve) => setTimeout(() => resolve("late"), 300)),
      timeoutMs: 20,
    });
    expect(run).toMatchObject({ output: null, failure: "timeout" });
  });

  it("reports a model that throws synchronously or rejects as an error", async () => {
    const throwing = await runProseModel(TEXT, {
      model: () => {
        throw new Error("boom");
      },
    });
    const rejecting = await runProseModel(TEXT, {
      model: async () => {
        throw new Error("service down");
      },
    });
    expect(throwing).toMatchObject({ output: null, failure: "error", message: "boom" });
    expect(rejecting).toMatchObject({ output: null, failure: "error", message: "service down" });
  });

  it("rejects garbage larger than the input", async () => {
    const run = await runProseModel(TEXT, { model: async (text) => text + text });
    expect(run).toMatchObject({ output: null, failure: "no_gain" });
  });

  it("rejects answers that are not text", async () => {
    for (const answer of [42, null, { text: 7 }, "   ", { text: "" }]) {
      const run = await runProseModel(TEXT, { model: async () => answer as never });
      expect(run).toMatchObject({ output: null, failure: "invalid" });
    }
  });

  it('does not mistake a model answering "timeout" for its own deadline', async () => {
    const run = await runProseModel(TEXT, { model: async () => "timeout" });
    expect(run.output).toBe("timeout");
  });

  it("skips the model up front above the size ceiling", async () => {
    let called = false;
    const run = await runProseModel(TEXT, {
      model: async () => {
        called = true;
        return "x";
      },
      maxChars: 100,
    });
    expect(run).toEqual({ output: null, modelMs: 0, failure: "too_large" });
    expect(called).toBe(false);
  });

  it("stops when the caller aborts", async () => {
    const caller = new AbortController();
    const pending = runProseModel(TEXT, {
      model: (_t, { signal }) => sleep(2000, signal).then(() => "late"),
      signal: caller.signal,
      timeoutMs: 5000,
    });
    setTimeout(() => caller.abort(), 10);
    expect(await pending).toMatchObject({ output: null, failure: "aborted" });
    const already = await runProseModel(TEXT, { model: async () => "x", signal: caller.signal });
    expect(already).toMatchObject({ output: null, failure: "aborted", modelMs: 0 });
  });

  it("never rejects, even with a broken options object", async () => {
    const run = await runProseModel(TEXT, { model: "not a function" as never });
    expect(run).toMatchObject({ output: null, failure: "error" });
  });
});

describe("checkProseModelOptions", () => {
  it("accepts a model with defaults", () => {
    expect(() => checkProseModelOptions({ model: async () => "" })).not.toThrow();
  });

  it("names the bad option", () => {
    expect(() => checkProseModelOptions({ model: async () => "", timeoutMs: -1 })).toThrow(PithyConfigError);
    expect(() => checkProseModelOptions({ model: async () => "", timeoutMs: -1 })).toThrow(/proseModel\.timeoutMs/);
    expect(() => checkProseModelOptions({ model: async () => "", maxChars: 1.5 })).toThrow(/proseModel\.maxChars/);
    expect(() => checkProseModelOptions({ model: 3 as never })).toThrow(/proseModel\.model/);
  });
});
