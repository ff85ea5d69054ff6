import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type CallRecord, Telemetry } from "../src/telemetry.js";

function call(overrides: Partial<CallRecord> = {}): CallRecord {
  return {
    action: "compressed",
    strategy: "terminal+log",
    type: "terminal",
    bytesIn: 1000,
    bytesOut: 200,
    tokensIn: 300,
    tokensOut: 60,
    ms: 2,
    ...overrides,
  };
}

describe("Telemetry", () => {
  it("starts with every counter at zero", () => {
    const s = new Telemetry().snapshot();
    expect(s).toMatchObject({ calls: 0, compressions: 0, skips: 0, skipsByReason: {}, byStrategy: {} });
    expect(s.totals.savingsRatio).toBe(0);
    expect(s.recalls.hitRate).toBe(0);
    expect(s.failOpen).toEqual({ total: 0, byStrategy: {} });
  });

  it("sums each strategy's calls, sizes, tokens saved and time", () => {
    const t = new Telemetry();
    t.recordCall(call());
    t.recordCall(call({ tokensIn: 100, tokensOut: 40, bytesIn: 500, bytesOut: 100, ms: 1 }));
    t.recordCall(
      call({ strategy: "json", type: "json", tokensIn: 50, tokensOut: 50, bytesIn: 80, bytesOut: 80, ms: 0.5 }),
    );
    const s = t.snapshot();
    expect(s.byStrategy["terminal+log"]).toEqual({
      calls: 2,
      bytesIn: 1500,
      bytesOut: 300,
      tokensIn: 400,
      tokensOut: 100,
      tokensSaved: 300,
      ms: 3,
      modelMs: 0,
      tokensRecalled: 0,
    });
    expect(s.byStrategy.json.tokensSaved).toBe(0);
    expect(s.byType).toEqual({ json: 1, terminal: 2 });
  });

  it("totals every call with its savings ratio", () => {
    const t = new Telemetry();
    t.recordCall(call());
    t.recordCall(
      call({
        action: "skipped",
        reason: "too_short",
        strategy: "none",
        tokensIn: 100,
        tokensOut: 100,
        bytesIn: 50,
        bytesOut: 50,
      }),
    );
    const { totals } = t.snapshot();
    expect(totals).toMatchObject({
      calls: 2,
      tokensIn: 400,
      tokensOut: 160,
      tokensSaved: 240,
      bytesIn: 1050,
      bytesOut: 250,
      bytesSaved: 800,
    });
    expect(totals.savingsRatio).toBeCloseTo(0.6);
  });

  it("counts compressions and skips by reason", () => {
    const t = new Telemetry();
    t.recordCall(call());
    t.recordCall(call({ action: "skipped", reason: "too_short", strategy: "none" }));
    t.recordCall(call({ action: "skipped", reason: "too_short", strategy: "none" }));
    t.recordCall(call({ action: "skipped", reason: "no_gain", strategy: "none" }));
    const s = t.snapshot();
    expect(s).toMatchObject({ calls: 4, compressions: 1, skips: 3 });
    expect(s.skipsByReason).toEqual({ no_gain: 1, too_short: 2 });
  });

  it("adds up model time where a strategy reports it", () => {
    const t = new Telemetry();
    t.recordCall(call({ modelMs: 4 }));
    t.recordCall(call({ modelMs: 1.5 }));
    expect(t.snapshot().totals.modelMs).toBe(5.5);
  });

  it("counts negative, infinite or missing figures as zero", () => {
    const t = new Telemetry();
    t.recordCall(call({ bytesIn: -5, tokensIn: NaN, tokensOut: Infinity, ms: undefined as unknown as number }));
    const s = t.snapshot().totals;
    expect(s).toMatchObject({ bytesIn: 0, tokensIn: 0, tokensOut: 0, ms: 0 });
    expect(Number.isFinite(s.savingsRatio)).toBe(true);
  });

  it("counts fail-open events per strategy and keeps the last message", () => {
    const t = new Telemetry();
    t.recordFailOpen("json", new TypeError("first"));
    t.recordFailOpen("json", new RangeError("second"));
    t.recordFailOpen("log", "plain string");
    expect(t.snapshot().failOpen).toEqual({
      total: 3,
      byStrategy: { json: { count: 2, lastError: "RangeError: second" }, log: { count: 1, lastError: "plain string" } },
    });
  });

  it("keeps one line of at most 200 characters of an error message", () => {
    const t = new Telemetry();
    t.recordFailOpen("code", new Error(`${"x".repeat(10_000)}\nstack`));
    t.recordFailOpen("diff", new Error("head line\nsecond line"));
    const { byStrategy } = t.snapshot().failOpen;
    expect(byStrategy.code.lastError.length).toBeLessThanOrEqual(200);
    expect(byStrategy.code.lastError.endsWith("…")).toBe(true);
    expect(byStrategy.diff.lastError).toBe("Error: head line");
  });

  it("does not cut a surrogate pair when it truncates a message", () => {
    const t = new Telemetry();
    t.recordFailOpen("x", "a".repeat(198) + "😀😀");
    const last = t.snapshot().failOpen.byStrategy.x.lastError;
    expect(last).toBe("a".repeat(198) + "…");
  });

  it("survives errors that cannot be printed", () => {
    const t = new Telemetry();
    const hostile = {
      toString: () => {
        throw new Error("no");
      },
    };
    t.recordFailOpen("a", hostile);
    t.recordFailOpen("b", Object.create(null));
    t.recordFailOpen("c", Symbol("s"));
    t.recordFailOpen("d", undefined);
    const { byStrategy } = t.snapshot().failOpen;
    expect(byStrategy.a.lastError).toBe("unprintable error");
    expect(byStrategy.b.lastError).toBe("unprintable error");
    expect(byStrategy.c.lastError).toBe("Symbol(s)");
    expect(byStrategy.d.lastError).toBe("undefined");
  });

  it("counts store puts, dedupes, refusals and failures", () => {
    const t = new Telemetry();
    for (const e of ["put", "put", "dedupe", "refused", "failure", "failure", "failure"] as const) t.recordStore(e);
    expect(t.snapshot().ccr).toEqual({ puts: 2, dedupes: 1, refused: 1, failures: 3 });
  });

  it("reports the recall hit rate", () => {
    const t = new Telemetry();
    t.recordRecall(true);
    t.recordRecall(true);
    t.recordRecall(true);
    t.recordRecall(false);
    expect(t.snapshot().recalls).toEqual({ total: 4, hits: 3, misses: 1, hitRate: 0.75, tokensReturned: 0 });
  });

  it("counts the tokens recalls hand back against the strategy whose original it was, and nets them out", () => {
    const t = new Telemetry();
    t.recordCall({
      action: "compressed",
      strategy: "log",
      type: "log",
      bytesIn: 9,
      bytesOut: 1,
      tokensIn: 1000,
      tokensOut: 100,
      ms: 1,
    });
    t.recordRecall(true, 150, "log");
    t.recordRecall(true, 50);
    const s = t.snapshot();
    expect(s.byStrategy.log.tokensRecalled).toBe(150);
    expect(s.recalls.tokensReturned).toBe(200);
    expect(s.totals.netTokensSaved).toBe(900 - 200);
  });

  it("returns snapshots that share nothing with it or with each other", () => {
    const t = new Telemetry();
    t.recordCall(call());
    t.recordFailOpen("json", new Error("x"));
    const a = t.snapshot();
    a.byStrategy["terminal+log"].calls = 99;
    a.failOpen.byStrategy.json.count = 99;
    a.ccr.puts = 99;
    a.skipsByReason.injected = 1;
    const b = t.snapshot();
    expect(b.byStrategy["terminal+log"].calls).toBe(1);
    expect(b.failOpen.byStrategy.json.count).toBe(1);
    expect(b.ccr.puts).toBe(0);
    expect(b.skipsByReason).toEqual({});
  });

  it("lists names in sorted order whatever order they came in", () => {
    const t = new Telemetry();
    for (const s of ["zeta", "alpha", "mid"]) t.recordCall(call({ strategy: s }));
    expect(Object.keys(t.snapshot().byStrategy)).toEqual(["alpha", "mid", "zeta"]);
  });

  it("treats __proto__ as an ordinary strategy name", () => {
    const t = new Telemetry();
    t.recordCall(call({ strategy: "__proto__" }));
    const s = t.snapshot();
    expect(Object.getPrototypeOf(s.byStrategy)).toBe(Object.prototype);
    expect(Object.keys(s.byStrategy)).toEqual(["__proto__"]);
    // biome-ignore lint/suspicious/noProto: a strategy named __proto__ is the case under test.
    expect(JSON.parse(JSON.stringify(s)).byStrategy.__proto__.calls).toBe(1);
  });

  it("pools names beyond 256 under (other) so memory stays bounded", () => {
    const t = new Telemetry();
    for (let i = 0; i < 1000; i++) t.recordCall(call({ strategy: `s${i}`, type: `t${i}` }));
    const s = t.snapshot();
    expect(Object.keys(s.byStrategy).length).toBeLessThanOrEqual(257);
    expect(s.byStrategy["(other)"].calls).toBe(1000 - 256);
    expect(s.totals.calls).toBe(1000);
  });

  it("forgets everything on reset", () => {
    const t = new Telemetry();
    t.recordCall(call());
    t.recordFailOpen("json", new Error("x"));
    t.recordStore("put");
    t.recordRecall(true);
    t.reset();
    expect(t.snapshot()).toEqual(new Telemetry().snapshot());
  });

  it("keeps totals equal to the sum over strategies for any calls", () => {
    const record = fc.record({
      action: fc.constantFrom("compressed" as const, "skipped" as const),
      strategy: fc.constantFrom("json", "log", "none", "terminal+log"),
      type: fc.constantFrom("json", "log", "terminal"),
      bytesIn: fc.nat(10_000),
      bytesOut: fc.nat(10_000),
      tokensIn: fc.nat(3_000),
      tokensOut: fc.nat(3_000),
      ms: fc.nat(50),
    });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 50 }), (calls) => {
        const t = new Telemetry();
        for (const c of calls) t.recordCall(c);
        const s = t.snapshot();
        const strategies = Object.values(s.byStrategy);
        expect(s.calls).toBe(calls.length);
        expect(s.compressions + s.skips).toBe(calls.length);
        expect(strategies.reduce((n, x) => n + x.calls, 0)).toBe(calls.length);
        expect(strategies.reduce((n, x) => n + x.tokensSaved, 0)).toBe(s.totals.tokensSaved);
        expect(s.totals.tokensSaved).toBe(calls.reduce((n, c) => n + c.tokensIn - c.tokensOut, 0));
      }),
    );
  });
});
