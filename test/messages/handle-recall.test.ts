import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { formatMarker } from "../../src/ccr/marker.js";
import { handleRecall, readRecallCall, recallToolResult } from "../../src/messages/handle-recall.js";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { estimateTokens } from "../../src/kernels/tokens.js";

const original =
  Array.from(
    { length: 1500 },
    (_, i) => `2024-05-01T10:00:${String(i % 60).padStart(2, "0")}Z INFO worker-${i % 4} served request ${i}`,
  ).join("\n") + "\n";
let pithy: Pithy;
let key: string;

beforeAll(async () => {
  // The call shapes are what these tests are about: answers are not cut here (see "recall answers a model reads").
  pithy = await createPithy({ recallMaxTokens: 1_000_000 });
  const r = await pithy.compress(original, { tool: "Bash", callId: "call_log" });
  expect(r.key).toBeDefined();
  key = r.key!;
});

describe("handleRecall", () => {
  it("answers an OpenAI Chat call (arguments as a JSON string) with the original", async () => {
    const answer = await handleRecall(pithy, {
      id: "c1",
      type: "function",
      function: { name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
    });
    expect(answer).toEqual({ found: true, content: original, key, callId: "c1" });
  });

  it("answers an OpenAI Responses function_call item", async () => {
    const answer = await handleRecall(pithy, {
      type: "function_call",
      call_id: "fc1",
      name: RECALL_TOOL_NAME,
      arguments: `{"key":"${key}"}`,
    });
    expect(answer).toMatchObject({ found: true, content: original, callId: "fc1" });
  });

  it("answers an Anthropic tool_use block (input as an object)", async () => {
    const answer = await handleRecall(pithy, { type: "tool_use", id: "tu1", name: RECALL_TOOL_NAME, input: { key } });
    expect(answer).toMatchObject({ found: true, content: original, callId: "tu1" });
  });

  it("answers AI SDK calls with input or legacy args", async () => {
    expect(await handleRecall(pithy, { toolCallId: "a1", toolName: RECALL_TOOL_NAME, input: { key } })).toMatchObject({
      found: true,
      callId: "a1",
    });
    expect(await handleRecall(pithy, { toolCallId: "a2", toolName: RECALL_TOOL_NAME, args: { key } })).toMatchObject({
      found: true,
      callId: "a2",
    });
  });

  it("answers an MCP tools/call request and a bare { key } input", async () => {
    const mcp = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: RECALL_TOOL_NAME, arguments: { key } } };
    expect(await handleRecall(pithy, mcp)).toMatchObject({ found: true, content: original });
    expect(await handleRecall(pithy, { key })).toMatchObject({ found: true, content: original });
  });

  it("accepts an uppercase key, a pasted marker, a pithy: prefix and the call id", async () => {
    for (const k of [key.toUpperCase(), formatMarker(key, "1500 lines omitted"), `pithy:${key}`, "call_log"]) {
      expect(await handleRecall(pithy, { name: RECALL_TOOL_NAME, input: { key: k } })).toMatchObject({
        found: true,
        content: original,
      });
    }
  });

  it("returns null for a call of another tool", async () => {
    expect(await handleRecall(pithy, { id: "c", function: { name: "Bash", arguments: "{}" } })).toBeNull();
    expect(await handleRecall(pithy, { type: "tool_use", id: "t", name: "read_file", input: { key } })).toBeNull();
  });

  it("says plainly that an unknown key is unknown or expired", async () => {
    const answer = (await handleRecall(pithy, { name: RECALL_TOOL_NAME, input: { key: "0".repeat(32) } }))!;
    expect(answer.found).toBe(false);
    expect(answer.content).toMatch(/unknown or has expired/);
  });

  it("says plainly that an invalid key or a missing key argument cannot be recalled", async () => {
    const invalid = (await handleRecall(pithy, { name: RECALL_TOOL_NAME, input: { key: "../../etc/passwd" } }))!;
    expect(invalid).toMatchObject({ found: false });
    expect(invalid.content).toMatch(/^pithy: /);
    const missing = (await handleRecall(pithy, {
      id: "m",
      function: { name: RECALL_TOOL_NAME, arguments: "{not json" },
    }))!;
    expect(missing).toMatchObject({ found: false, callId: "m" });
    expect(missing.content).toContain('{"key": "KEY"}');
  });

  it("never throws on whatever a model or a tool sends", async () => {
    let reached = 0;
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (call) => {
        const answer = await handleRecall(pithy, call);
        if (answer !== null) {
          reached++;
          expect(typeof answer.content).toBe("string");
        }
      }),
      { numRuns: 200 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("answers in words when the store itself throws", async () => {
    const broken = {
      ...pithy,
      recall: async () => {
        throw new Error("redis down");
      },
    } as unknown as Pithy;
    const answer = (await handleRecall(broken, { name: RECALL_TOOL_NAME, input: { key } }))!;
    expect(answer).toMatchObject({ found: false });
    expect(answer.content).toContain("redis down");
  });
});

describe("readRecallCall", () => {
  it("reads name, call id and key from each provider's form", () => {
    expect(readRecallCall({ id: "1", function: { name: "pithy_recall", arguments: '{"key":"k"}' } })).toEqual({
      toolName: "pithy_recall",
      callId: "1",
      key: "k",
    });
    expect(readRecallCall({ call_id: "2", name: "pithy_recall", arguments: '{"key":"k"}' })).toEqual({
      toolName: "pithy_recall",
      callId: "2",
      key: "k",
    });
    expect(readRecallCall({ id: "3", name: "pithy_recall", input: { key: "k" } })).toEqual({
      toolName: "pithy_recall",
      callId: "3",
      key: "k",
    });
    expect(readRecallCall({ toolCallId: "4", toolName: "pithy_recall", input: { key: "k" } })).toEqual({
      toolName: "pithy_recall",
      callId: "4",
      key: "k",
    });
  });

  it("does not parse arguments larger than 64 KiB", () => {
    expect(readRecallCall({ name: "pithy_recall", arguments: `{"key":"${"a".repeat(70_000)}"}` }).key).toBeUndefined();
  });
});

describe("recallToolResult", () => {
  const hit = { found: true, content: "orig", key: "k", callId: "id1" };
  const miss = { found: false, content: "pithy: unknown", callId: "id2" };

  it("writes the answer as each provider's tool result", () => {
    expect(recallToolResult("openai-chat", hit)).toEqual({ role: "tool", tool_call_id: "id1", content: "orig" });
    expect(recallToolResult("openai-responses", hit)).toEqual({
      type: "function_call_output",
      call_id: "id1",
      output: "orig",
    });
    expect(recallToolResult("anthropic", hit)).toEqual({ type: "tool_result", tool_use_id: "id1", content: "orig" });
    expect(recallToolResult("mcp", hit)).toEqual({ content: [{ type: "text", text: "orig" }], isError: false });
  });

  it("flags a miss as an error where the format can say so", () => {
    expect(recallToolResult("anthropic", miss)).toMatchObject({ is_error: true });
    expect(recallToolResult("mcp", miss)).toMatchObject({ isError: true });
  });
});

describe("recall answers a model reads", () => {
  let bounded: Pithy;
  let boundedKey: string;
  const lineOf = (n: number) => original.split("\n")[n - 1];
  beforeAll(async () => {
    bounded = await createPithy({ recallMaxTokens: 1000 });
    boundedKey = (await bounded.compress(original, { tool: "Bash" })).key!;
  });

  it("returns exactly the lines a marker names, with their line ends", async () => {
    const answer = await handleRecall(bounded, { name: RECALL_TOOL_NAME, input: { key: boundedKey, lines: "10-12" } });
    expect(answer?.content).toBe(`${lineOf(10)}\n${lineOf(11)}\n${lineOf(12)}\n`);
  });

  it("reads a pasted marker's place as the lines to return", async () => {
    const marker = formatMarker(boundedKey, "3 lines omitted", { lines: [[20, 22]] });
    const answer = await handleRecall(bounded, { name: RECALL_TOOL_NAME, input: { key: marker } });
    expect(answer?.content).toBe(`${lineOf(20)}\n${lineOf(21)}\n${lineOf(22)}\n`);
  });

  it("greps with line numbers and context", async () => {
    const answer = await handleRecall(bounded, {
      name: RECALL_TOOL_NAME,
      input: { key: boundedKey, grep: "served request 777", context: 1 },
    });
    expect(answer?.content).toBe(`777-${lineOf(777)}\n778:${lineOf(778)}\n779-${lineOf(779)}\n`);
  });

  it("cuts a long answer within its bound and says how to ask for the next part", async () => {
    const answer = (await handleRecall(bounded, { name: RECALL_TOOL_NAME, input: { key: boundedKey } }))!;
    expect(answer.found).toBe(true);
    // The whole answer, note and outline of what follows included, not only the lines shown.
    expect(estimateTokens(answer.content)).toBeLessThanOrEqual(1000);
    expect(original.startsWith(answer.content.slice(0, answer.content.indexOf("[pithy:") - 1))).toBe(true);
    expect(answer.content).toMatch(/Next part: pithy_recall \{"key": "[0-9a-f]{32}", "lines": "\d+-\d+"\}/);
  });

  it("gives the whole original back in bounded parts that join to it exactly", async () => {
    const parts: string[] = [];
    let lines: string | undefined = "1-1500";
    for (let round = 0; lines !== undefined && round < 100; round++) {
      const result = await bounded.recall(boundedKey, { lines, maxTokens: 1000 });
      if (!result.found) throw new Error(result.message);
      expect(estimateTokens(result.content)).toBeLessThanOrEqual(1000);
      parts.push(result.content);
      lines = result.next === undefined ? undefined : `${result.next.split("-")[0]}-1500`;
    }
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join("")).toBe(original);
  });

  it("says what is wrong with a selector instead of answering with the whole", async () => {
    for (const input of [{ lines: "9000" }, { lines: "abc" }, { path: "$.x" }, { lines: "1-2", grep: "x" }]) {
      const answer = await handleRecall(bounded, { name: RECALL_TOOL_NAME, input: { key: boundedKey, ...input } });
      expect(answer?.found).toBe(false);
      expect(answer?.content).toMatch(/^pithy: /);
    }
  });
});
