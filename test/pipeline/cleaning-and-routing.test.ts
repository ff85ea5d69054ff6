// ANSI escapes go before every chain but the terminal one; the fallback cuts
// only what no compressor claimed; JSON in is JSON out whatever the hint; an
// output must save a margin of tokens.
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../src/ccr/marker.js";
import type { Compressor } from "../../src/compressors/types.js";
import { savingsMargin } from "../../src/guardrail.js";
import { createPithy } from "../../src/pipeline.js";
import { openCorpus } from "../support/corpus.js";

describe("ANSI everywhere", () => {
  it("reads a coloured test run as a log: no escape in the output, markers naming the original's lines", async () => {
    const shared = await openCorpus("shared").load();
    const coloured = shared.find((c) => c.id === "log-undici-cookie-tests-fail-color")!;
    expect(coloured.text).toContain("\u001b[");
    const pithy = await createPithy();
    const r = await pithy.compress(coloured.text, { tool: coloured.tool_hint });
    expect(r.action).toBe("compressed");
    expect(r.output).not.toContain("\u001b[");
    expect(r.strategy.startsWith("ansi+")).toBe(true);
    expect(parseMarkers(r.output).some((m) => m.lines !== undefined)).toBe(true);
    expect(await pithy.recall(r.key!)).toMatchObject({ found: true, content: coloured.text });
  });

  it("keeps escapes in lossless mode, where nothing may be dropped", async () => {
    const pithy = await createPithy({ store: null });
    const text = Array.from({ length: 300 }, (_, i) => `\u001b[32mok\u001b[0m line ${i}`).join("\n");
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.output === text || r.output.includes("\u001b[")).toBe(true);
  });
});

describe("the fallback as a last resort", () => {
  const big = Array.from({ length: 5000 }, (_, i) => `row ${i} ${"x".repeat(40)}`).join("\n");
  const claim: Compressor = {
    name: "claim",
    compress: (input) => ({ output: input.text.slice(0, 90_000), lossy: true }),
  };

  it("does not cut an output a compressor claimed", async () => {
    const pithy = await createPithy({
      chains: { unknown: [claim, (await import("../../src/compressors/fallback.js")).fallbackCompressor] },
    });
    const r = await pithy.compress(big, { contentType: "unknown" });
    expect(r.strategy).toBe("claim");
  });

  it("still cuts content no compressor claimed", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(big, { contentType: "unknown" });
    expect(r.strategy).toBe("fallback");
  });
});

describe("JSON in, JSON out", () => {
  const doc = JSON.stringify(
    {
      items: Array.from({ length: 400 }, (_, i) => ({
        id: i,
        name: `item-${i}`,
        status: i % 50 === 0 ? "failed" : "ok",
      })),
    },
    null,
    2,
  );

  it.each([{ mime: "text/plain" }, { filename: "notes.md" }, { filename: "out.log" }])(
    "compresses JSON read as %o into JSON",
    async (hint) => {
      const pithy = await createPithy();
      const r = await pithy.compress(doc, hint);
      expect(r.type).toBe("json");
      expect(() => JSON.parse(r.output)).not.toThrow();
    },
  );
});

describe("the savings margin", () => {
  it("is 2 % of the input and at least 8 tokens", () => {
    expect(savingsMargin(100)).toBe(8);
    expect(savingsMargin(10_000)).toBe(200);
  });

  it("passes the input through when an output saves less", async () => {
    const almost: Compressor = {
      name: "almost",
      compress: (input) => ({ output: input.text.slice(0, -3), lossy: true }),
    };
    const pithy = await createPithy({ chains: { log: [almost] } });
    const text = Array.from({ length: 300 }, (_, i) => `INFO line ${i}`).join("\n");
    const r = await pithy.compress(text, { tool: "Bash", contentType: "log" });
    expect(r).toMatchObject({ action: "skipped", reason: "no_gain", output: text });
  });
});
