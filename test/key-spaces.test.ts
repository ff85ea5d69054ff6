// Keys that cannot collide: call-id aliases in a space of their own, content
// keys injective on UTF-16, and a store entry that does not hash to its key
// never answering for it.
import { describe, expect, it } from "vitest";
import { computeKey } from "../src/ccr/key.js";
import { MemoryStore } from "../src/ccr/memory-store.js";
import { withNamespace } from "../src/ccr/store.js";
import { PithyConfigError } from "../src/errors.js";
import { createPithy } from "../src/pipeline.js";

const log = (tail: string) =>
  Array.from({ length: 400 }, (_, i) => `2024-05-01T10:00:00Z INFO request ${i} served`).join("\n") +
  `\nERROR ${tail}\n`;

describe("key spaces", () => {
  it("keeps call-id aliases where no content key reaches: the old alias key recalls nothing", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(log("boom"), { tool: "Bash", callId: "call_1" });
    expect(r.key).toBeDefined();
    expect(await pithy.recall("call_1")).toMatchObject({ found: true, key: r.key });
    // Before, the alias sat under the content key of this very text, so that key recalled a bare key.
    const oldAliasKey = computeKey("pithy-call-id:call_1");
    expect(await pithy.recall(oldAliasKey)).toMatchObject({ found: false, reason: "unknown" });
  });

  it("stores a text ending in a cut emoji and its U+FFFD twin apart, each recalling itself", async () => {
    const pithy = await createPithy();
    const cut = log("🚀").slice(0, -2);
    const twin = `${cut}\ufffd`;
    const a = await pithy.compress(cut, { tool: "Bash" });
    const b = await pithy.compress(twin, { tool: "Bash" });
    expect(a.key).not.toBe(b.key);
    expect(await pithy.recall(a.key!)).toMatchObject({ found: true, content: cut });
    expect(await pithy.recall(b.key!)).toMatchObject({ found: true, content: twin });
  });

  it("answers unknown, never with other content, for an entry that does not hash to its key", async () => {
    const store = new MemoryStore();
    const pithy = await createPithy({ store });
    // What an older pithy left: a lone-surrogate text under the key of its U+FFFD twin.
    const text = "old entry \ud800";
    await store.put(computeKey("old entry \ufffd"), text);
    expect(await pithy.recall(computeKey("old entry \ufffd"))).toMatchObject({ found: false, reason: "unknown" });
  });

  it("refuses to name a namespace after the alias space", () => {
    expect(() => withNamespace(new MemoryStore(), "pithy-alias")).toThrow(PithyConfigError);
  });

  it("keeps aliases inside the caller's namespace", async () => {
    const store = new MemoryStore();
    const a = await createPithy({ store, namespace: "tenant-a" });
    const b = await createPithy({ store, namespace: "tenant-b" });
    await a.compress(log("x"), { tool: "Bash", callId: "call_9" });
    expect((await a.recall("call_9")).found).toBe(true);
    expect((await b.recall("call_9")).found).toBe(false);
  });
});
