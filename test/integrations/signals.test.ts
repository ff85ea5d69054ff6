/**
 * Every integration hands its framework's cancellation signal to the
 * pipeline: an aborted MCP call or LangChain run stores nothing and rejects
 * with the standard AbortError instead of compressing on regardless.
 */
import { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/ccr/memory-store.js";
import { compressToolMessage, pithyRecallTool } from "../../src/integrations/langchain.js";
import { answerToolCall } from "../../src/integrations/mcp/calls.js";
import { createPithy } from "../../src/pipeline.js";

const log =
  Array.from({ length: 400 }, (_, i) => `2024-05-01T10:00:00Z INFO request ${i} served`).join("\n") + "\nERROR x\n";
const isAbortError = (e: unknown) => e instanceof Error && e.name === "AbortError";

async function pithyWithStore() {
  const store = new MemoryStore();
  return { store, pithy: await createPithy({ store }) };
}

describe("MCP tool calls", () => {
  it("reject a compress call whose request was cancelled, and store nothing", async () => {
    const { store, pithy } = await pithyWithStore();
    const call = answerToolCall(pithy, "pithy_compress", { content: log }, {}, { signal: AbortSignal.abort() });
    await expect(call).rejects.toSatisfy(isAbortError);
    expect((await store.stats()).entries).toBe(0);
  });

  it("reject a cancelled recall, and answer the same recall when not cancelled", async () => {
    const { pithy } = await pithyWithStore();
    const { key } = await pithy.compress(log);
    expect(key).toBeDefined();
    const cancelled = answerToolCall(pithy, "pithy_recall", { key }, {}, { signal: AbortSignal.abort() });
    await expect(cancelled).rejects.toSatisfy(isAbortError);
    const answer = await answerToolCall(pithy, "pithy_recall", { key }, {}, { signal: new AbortController().signal });
    expect(answer?.isError).toBeUndefined();
    expect(answer?.content[0]).toMatchObject({ type: "text" });
  });
});

describe("LangChain", () => {
  it("compressToolMessage rejects on an aborted run and stores nothing", async () => {
    const { store, pithy } = await pithyWithStore();
    const message = new ToolMessage({ content: log, tool_call_id: "call_1" });
    await expect(compressToolMessage(pithy, message, {}, { signal: AbortSignal.abort() })).rejects.toSatisfy(
      isAbortError,
    );
    expect((await store.stats()).entries).toBe(0);
    const done = await compressToolMessage(pithy, message, {}, { signal: new AbortController().signal });
    expect(done.content.length).toBeLessThan(log.length);
  });

  it("the recall tool hands the run's signal to the recall", async () => {
    const { pithy } = await pithyWithStore();
    const { key } = await pithy.compress(log);
    const recall = pithyRecallTool(pithy);
    await expect(recall.invoke({ key }, { signal: AbortSignal.abort() })).rejects.toSatisfy(isAbortError);
    expect(await recall.invoke({ key, grep: "request 399 " })).toContain("request 399 served");
  });
});
