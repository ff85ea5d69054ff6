import { describe, expect, it } from "vitest";
import { createPithy } from "../src/pipeline.js";
import { MemoryStore } from "../src/ccr/memory-store.js";
import { LazyStore } from "../src/ccr/lazy-store.js";
import { parseMarkers } from "../src/ccr/marker.js";
import { PithyStoreError } from "../src/errors.js";
import type { Store } from "../src/ccr/store.js";
import type { Compressor } from "../src/compressors/types.js";
import { utf8Length } from "../src/ccr/wtf8.js";

const routine = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `2024-05-01T10:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}Z INFO worker-${i % 4} handled request id=${1000 + i} in ${(i * 7) % 90}ms`,
  );
const log =
  [...routine(1000), "2024-05-01T11:00:00Z ERROR disk quota exceeded for uid 1003", ...routine(1000)].join("\n") + "\n";

class BrokenStore implements Store {
  async put(): Promise<void> {
    throw new PithyStoreError("down", "unavailable");
  }
  async get(): Promise<string | undefined> {
    throw new PithyStoreError("down", "unavailable");
  }
  async delete(): Promise<boolean> {
    return false;
  }
  async stats() {
    return new MemoryStore().stats();
  }
}

describe("createPithy().compress", () => {
  it("compresses a log, keeps the rare error line and recalls the original by key", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(log, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(r.type).toBe("log");
    expect(r.output).toContain("ERROR disk quota exceeded for uid 1003");
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 5);
    expect(r.key).toMatch(/^[0-9a-f]{32}$/);
    expect(parseMarkers(r.output).every((m) => m.key === r.key)).toBe(true);
    const back = await pithy.recall(r.key!);
    expect(back).toEqual({ found: true, key: r.key, content: log, truncated: false });
  });

  it("reports the input's UTF-8 bytes, whichever way its key was hashed", async () => {
    const pithy = await createPithy();
    // Two-byte text, a U+FFFD (hashed as a string) and a lone surrogate (hashed as WTF-8).
    for (const odd of ["résumé — 中文 😀", "bad byte \ufffd here", "cut emoji \ud83d here"]) {
      const text = log.replace("disk quota exceeded", `disk quota exceeded (${odd})`);
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.action, odd).toBe("compressed");
      expect(r.bytesIn, odd).toBe(utf8Length(text));
      expect((await pithy.recall(r.key!)).found, odd).toBe(true);
    }
  });

  it("recalls by the call id as well as by the key", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(log, { callId: "call_42" });
    expect(await pithy.recall("call_42")).toMatchObject({ found: true, key: r.key, content: log });
  });

  it("answers plainly for an unknown, invalid or hostile key", async () => {
    const pithy = await createPithy();
    expect(await pithy.recall("0".repeat(32))).toMatchObject({ found: false, reason: "unknown" });
    expect(await pithy.recall("../../etc/passwd")).toMatchObject({ found: false, reason: "unknown" });
    expect(await pithy.recall("x".repeat(10000))).toMatchObject({ found: false, reason: "invalid_key" });
    expect(await pithy.recall("")).toMatchObject({ found: false, reason: "invalid_key" });
  });

  it("returns short content byte for byte with reason too_short", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress("hello\r\nworld");
    expect(r).toMatchObject({ action: "skipped", reason: "too_short", output: "hello\r\nworld", strategy: "none" });
  });

  it("handles empty content without a store entry", async () => {
    const store = new MemoryStore();
    const pithy = await createPithy({ store });
    const r = await pithy.compress("");
    expect(r).toMatchObject({ action: "skipped", reason: "empty", output: "", tokensIn: 0, tokensOut: 0 });
    expect((await store.stats()).entries).toBe(0);
  });

  it("never drops anything in lossless mode", async () => {
    const pithy = await createPithy({ mode: "lossless" });
    const r = await pithy.compress(log);
    expect(r.output.includes("[[pithy:")).toBe(false);
    expect(r.key).toBeUndefined();
  });

  it("passes everything through in mode off", async () => {
    const pithy = await createPithy({ mode: "off" });
    expect(await pithy.compress(log)).toMatchObject({ action: "skipped", reason: "mode_off", output: log });
  });

  it("degrades to lossless output when the store refuses the original", async () => {
    const pithy = await createPithy({ store: new BrokenStore() });
    const r = await pithy.compress(log);
    expect(r.output.includes("[[pithy:")).toBe(false);
    expect(pithy.stats().ccr.failures).toBe(1);
  });

  it("degrades to lossless output while a lazy store has no delegate", async () => {
    const pithy = await createPithy({ store: new LazyStore() });
    const r = await pithy.compress(log);
    expect(r.key).toBeUndefined();
    expect(r.output.includes("[[pithy:")).toBe(false);
  });

  it("degrades to lossless output when an entry is over the store's per-entry cap", async () => {
    const pithy = await createPithy({ store: new MemoryStore({ maxBytes: 1 << 20, maxEntryBytes: 1000 }) });
    const r = await pithy.compress(log);
    expect(r.key).toBeUndefined();
    expect(pithy.stats().ccr.refused).toBe(1);
  });

  it("fails open when a compressor throws, and counts it", async () => {
    const boom: Compressor = {
      name: "boom",
      compress() {
        throw new Error("kaboom");
      },
    };
    const pithy = await createPithy({ chains: { log: [boom] } });
    const r = await pithy.compress(log);
    expect(r).toMatchObject({ action: "skipped", output: log });
    expect(pithy.stats().failOpen.byStrategy.boom.count).toBe(1);
  });

  it("passes through when the guardrail rejects a compressor's output", async () => {
    const liar: Compressor = {
      name: "liar",
      compress: () => ({ output: "[[pithy:" + "f".repeat(32) + " nothing]]", lossy: true }),
    };
    const pithy = await createPithy({ chains: { log: [liar] } });
    const r = await pithy.compress(log);
    expect(r).toMatchObject({ action: "skipped", reason: "guardrail", output: log });
  });

  it("keeps tenants apart: a namespace cannot recall another's keys", async () => {
    const store = new MemoryStore();
    const a = await createPithy({ store, namespace: "tenant-a" });
    const b = await createPithy({ store, namespace: "tenant-b" });
    const r = await a.compress(log);
    expect((await a.recall(r.key!)).found).toBe(true);
    expect(await b.recall(r.key!)).toMatchObject({ found: false, reason: "unknown" });
  });

  it("strips ANSI and CR frames from terminal output and re-routes the clean text", async () => {
    const bar = Array.from({ length: 100 }, (_, i) => `\x1b[32mDownloading\x1b[0m [${"=".repeat(i % 20)}>] ${i}%`).join(
      "\r",
    );
    const text =
      `${bar}\r\n` +
      Array.from({ length: 60 }, (_, i) => `\x1b[33mwarning\x1b[0m: unused variable \`x${i}\` in src/lib.rs:${i}`).join(
        "\r\n",
      ) +
      "\r\n";
    const pithy = await createPithy();
    const r = await pithy.compress(text);
    expect(r.type).toBe("terminal");
    expect(r.strategy.startsWith("terminal")).toBe(true);
    expect(r.output).not.toContain("\x1b[");
    expect((await pithy.recall(r.key!)).found).toBe(true);
  });

  it("counts calls, skips by reason and savings in its stats", async () => {
    const pithy = await createPithy();
    await pithy.compress(log);
    await pithy.compress("tiny");
    const s = pithy.stats();
    expect(s.calls).toBe(2);
    expect(s.compressions).toBe(1);
    expect(s.skipsByReason.too_short).toBe(1);
    expect(s.totals.tokensSaved).toBeGreaterThan(0);
  });

  it("archives content verbatim and returns its key", async () => {
    const pithy = await createPithy();
    const key = await pithy.archive("keep me");
    expect(await pithy.recall(key)).toMatchObject({ found: true, content: "keep me" });
  });

  it("does not run lossy steps without a store", async () => {
    const pithy = await createPithy({ store: null });
    const r = await pithy.compress(log);
    expect(r.key).toBeUndefined();
    expect(await pithy.recall("0".repeat(32))).toMatchObject({ found: false, reason: "unavailable" });
  });
});
