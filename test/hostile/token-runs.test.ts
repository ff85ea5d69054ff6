// Issue #15: the token estimate priced a punctuation run by its first eight
// marks and a whitespace run as one piece, whatever their length, so 10 000 `[`
// read as 3 tokens (o200k_base: 5 000) and 100 MB of them passed the gate as
// "too short". Long runs are now priced by their marks; these tests hold both
// paths (WASM and twin) to o200k on runs of every mark.
import { beforeAll, describe, expect, it } from "vitest";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { estimateTokensTwin, estimateTokensWasm } from "../../src/kernels/tokens.js";
import { loadWasm, type WasmHost } from "../../src/kernels/wasm.js";
import { createPithy } from "../../src/index.js";

let host: WasmHost;
let enc: Tiktoken;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
  enc = new Tiktoken(o200k);
});

function estimate(text: string): number {
  const twin = estimateTokensTwin(text);
  expect(estimateTokensWasm(host, text), JSON.stringify(text.slice(0, 8))).toBe(twin);
  return twin;
}

/** `unit` repeated to `length` code units. */
function run(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

// Every ASCII mark o200k's pre-tokenizer puts in a punctuation piece, then
// alternations that merge less than either mark alone. 600 units: long enough
// that the run's price is its tail, short enough for js-tiktoken (whose merge
// loop is quadratic in a piece's length).
const MARKS = [..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"];
const ALTERNATIONS = ["-=", "*/", "<>", "=>", '"));', "[]", "{}", "()", "/*"];

describe("token estimate of long runs", () => {
  it("prices 10 000 `[` near o200k's 5 000 tokens, not 3", () => {
    const tokens = estimate("[".repeat(10_000));
    expect(tokens).toBeGreaterThan(4_000);
    expect(tokens).toBeLessThan(6_000);
  });

  it("prices a run of each ASCII mark within a factor of two of o200k", { timeout: 30_000 }, () => {
    for (const mark of MARKS) {
      const text = run(mark, 600);
      const exact = enc.encode(text).length;
      const est = estimate(text);
      expect(est / exact, `${mark}: ${est} vs ${exact}`).toBeGreaterThanOrEqual(0.5);
      expect(est / exact, `${mark}: ${est} vs ${exact}`).toBeLessThanOrEqual(2);
    }
  });

  it("prices alternating marks no lower than a third of o200k (and, leaning high, at most eight times it)", {
    timeout: 30_000,
  }, () => {
    for (const unit of ALTERNATIONS) {
      const text = run(unit, 600);
      const exact = enc.encode(text).length;
      const est = estimate(text);
      expect(est / exact, `${unit}: ${est} vs ${exact}`).toBeGreaterThanOrEqual(1 / 3);
      expect(est / exact, `${unit}: ${est} vs ${exact}`).toBeLessThanOrEqual(8);
    }
  });

  it("prices long runs of newlines, tabs and CRLF within a factor of two of o200k", { timeout: 30_000 }, () => {
    for (const unit of ["\n", "\t", "\r\n", " \n", "\t\n"]) {
      const text = `x${run(unit, 600)}y`;
      const exact = enc.encode(text).length;
      const est = estimate(text);
      expect(est / exact, `${JSON.stringify(unit)}: ${est} vs ${exact}`).toBeGreaterThanOrEqual(0.5);
      expect(est / exact, `${JSON.stringify(unit)}: ${est} vs ${exact}`).toBeLessThanOrEqual(2);
    }
  });

  it("keeps a run of spaces cheap, as o200k does", { timeout: 30_000 }, () => {
    const text = `x${" ".repeat(2000)}y`;
    const exact = enc.encode(text).length;
    expect(estimate(text)).toBeLessThanOrEqual(2 * exact + 2);
  });

  it("agrees between WASM and twin when a run crosses a WASM chunk", () => {
    // One endless line (no safe split) and many lines (split at newlines).
    estimate(run("[", (1 << 20) + 777));
    estimate(run("-=\n", (1 << 20) * 2 + 5));
    estimate(run(" \n\r\t", (1 << 20) + 3));
  });

  it("does not let 100 MB of `[` through the gate as too short", { timeout: 30_000 }, async () => {
    const pithy = await createPithy();
    const r = await pithy.compress("[".repeat(100 * 1024 * 1024));
    expect(r.action).toBe("skipped");
    expect(r.reason).toBe("too_large");
  });
});
