import { describe, expect, inject, it } from "vitest";
import { detectRuntime } from "../src/runtime.js";
import { loadWasm } from "../src/kernels/wasm.js";

describe("runtime", () => {
  it("runs in the runtime its project names", () => {
    const runtime = detectRuntime();
    expect(runtime).toBe(inject("runtime"));
    const g = globalThis as Record<string, any>;
    if (runtime === "browser") expect(navigator.userAgent).toMatch(/Chrome/);
    if (runtime === "deno") expect(typeof g.Deno.version.deno).toBe("string");
    if (runtime === "node") expect(g.process.release.name).toBe("node");
  });

  it("loads the WebAssembly kernels in this runtime", async () => {
    const host = await loadWasm();
    expect(host).not.toBeNull();
    expect(host!.base).toBeGreaterThan(0);
  });
});
