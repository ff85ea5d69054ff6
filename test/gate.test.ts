import { describe, expect, it } from "vitest";
import { admit, decide, globMatch, type GateConfig } from "../src/gate.js";
import { formatMarker } from "../src/ccr/marker.js";
import { detect } from "../src/router/detect.js";
import type { Hint } from "../src/types.js";

const config: GateConfig = {
  mode: "lossy",
  minTokens: 250,
  maxChars: 1000000,
  excludeTools: ["mcp__*", "Secret?"],
  reads: "auto",
  types: null,
};
const bigLog = Array.from(
  { length: 400 },
  (_, i) => `2024-01-01T00:00:${String(i % 60).padStart(2, "0")}Z INFO request ${i} served in ${i % 7}ms`,
).join("\n");
const code = Array.from(
  { length: 200 },
  (_, i) => `export function f${i}(x: number): number {\n  return x + ${i};\n}`,
).join("\n");

/** The whole gate as the pipeline runs it: the router's detection handed to decide. */
function gate(content: string, tokens: number, hint: Hint, cfg: GateConfig) {
  return decide(content, tokens, hint, cfg, detect(content, hint));
}

describe("decide", () => {
  it("skips everything in mode off", () => {
    expect(gate(bigLog, 5000, {}, { ...config, mode: "off" })).toMatchObject({ action: "skip", reason: "mode_off" });
  });

  it("skips content below minTokens, before any other reason", () => {
    expect(gate("short", 2, { tool: "mcp__x" }, config)).toMatchObject({ action: "skip", reason: "too_short" });
  });

  it("skips empty content as empty", () => {
    expect(gate("", 0, {}, config)).toMatchObject({ action: "skip", reason: "empty" });
  });

  it("skips content over maxChars", () => {
    expect(gate(bigLog, 5000, {}, { ...config, maxChars: 100 })).toMatchObject({
      action: "skip",
      reason: "too_large",
    });
  });

  it("skips tools that match an excluded glob", () => {
    expect(gate(bigLog, 5000, { tool: "mcp__github__search" }, config)).toMatchObject({ reason: "excluded_tool" });
    expect(gate(bigLog, 5000, { tool: "Secret1" }, config)).toMatchObject({ reason: "excluded_tool" });
    expect(gate(bigLog, 5000, { tool: "Bash" }, config).action).toBe("compress");
  });

  it("leaves marker-like text to the pipeline, which alone can ask the store whose it is", () => {
    const marked = bigLog + "\n" + formatMarker("a".repeat(32), "300 INFO lines omitted");
    expect(gate(marked, 5000, {}, config).action).toBe("compress");
  });

  it("keeps code verbatim unless code compression is asked for", () => {
    expect(gate(code, 5000, { filename: "a.ts" }, config)).toMatchObject({
      action: "skip",
      reason: "code_verbatim",
      klass: "code",
    });
    expect(gate(code, 5000, { filename: "a.ts", compressCode: true }, config)).toMatchObject({
      action: "compress",
      klass: "code",
    });
  });

  it("lets code with a huge opaque blob through so only the blob can go", () => {
    const blob = code + "\nconst wasm = '" + "QUJD".repeat(1000) + "'\n";
    expect(gate(blob, 9000, { filename: "a.js" }, config)).toMatchObject({ action: "compress", klass: "code" });
  });

  it("keeps every file read verbatim when reads is verbatim", () => {
    expect(gate(bigLog, 5000, { tool: "Read" }, { ...config, reads: "verbatim" })).toMatchObject({
      reason: "read_verbatim",
    });
    expect(gate(bigLog, 5000, { tool: "Read" }, config).action).toBe("compress");
  });

  it("reports the detected class and a signal when it compresses", () => {
    const d = gate(bigLog, 5000, {}, config);
    expect(d).toMatchObject({ action: "compress", klass: "log" });
    expect(d.signal).toContain("log");
  });
});

describe("admit", () => {
  it("settles the reasons that need no content type before the router runs", () => {
    expect(admit("short", 2, {}, config)).toMatchObject({ reason: "too_short" });
    expect(admit(bigLog, 5000, { tool: "mcp__x" }, config)).toMatchObject({ reason: "excluded_tool" });
    // Code is a matter for the routed gate: before routing it passes.
    expect(admit(code, 5000, { filename: "a.ts" }, config)).toBeNull();
  });
});

describe("globMatch", () => {
  it("matches * and ? over the whole name only", () => {
    expect(globMatch("mcp__*", "mcp__a__b")).toBe(true);
    expect(globMatch("mcp__*", "xmcp__a")).toBe(false);
    expect(globMatch("a?c", "abc")).toBe(true);
    expect(globMatch("a.c", "abc")).toBe(false);
  });

  it("answers a pathological glob on a long name without backtracking blow-up", () => {
    expect(globMatch("*a*a*a*a*a*a*b", "a".repeat(4000))).toBe(false);
    expect(globMatch("*a*a*a*a*a*a*b", "a".repeat(4000) + "b")).toBe(true);
  });

  it("matches empty globs and names, and runs of stars", () => {
    expect(globMatch("", "")).toBe(true);
    expect(globMatch("**", "")).toBe(true);
    expect(globMatch("a**b", "axxb")).toBe(true);
    expect(globMatch("?", "")).toBe(false);
  });
});
