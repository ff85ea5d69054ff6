import { beforeAll, describe, expect, it } from "vitest";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import { compressMessages } from "../../src/messages/compress-messages.js";
import { handleRecall, recallToolResult } from "../../src/messages/handle-recall.js";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { withRecallTool } from "../../src/messages/with-recall-tool.js";
import { anthropicConversation, corpusToolOutputs, deepFreeze, type ToolOutput } from "./conversations.js";

type Msg = Record<string, any>;

let pithy: Pithy;
let outputs: ToolOutput[];
let conversation: Msg[];

beforeAll(async () => {
  // Recall answers are not cut here: these tests follow the original round trip (bounds: handle-recall.test.ts).
  pithy = await createPithy({ recallMaxTokens: 1_000_000 });
  outputs = await corpusToolOutputs();
  conversation = deepFreeze(anthropicConversation(outputs)) as Msg[];
});

describe("compressMessages on Anthropic messages", () => {
  it("detects the shape and names each tool_result's tool from its tool_use block", async () => {
    const r = await compressMessages(conversation, { pithy });
    expect(r.shape).toBe("anthropic");
    expect(r.results.map((x) => [x.index, x.toolName, x.callId, x.action])).toEqual([
      [2, "Bash", "call_1", "compressed"],
      [2, "Grep", "call_2", "compressed"],
      [2, "Bash", "call_3", "compressed"],
      [2, "Bash", "call_small", "skipped"],
    ]);
  });

  it("keeps is_error and cache_control, compresses string and block content, passes the image through", async () => {
    const r = await compressMessages(conversation, { pithy });
    const blocks = r.messages[2].content;
    expect(blocks[0].is_error).toBe(true);
    expect(parseMarkers(blocks[0].content).length).toBeGreaterThan(0);
    expect(blocks[1].cache_control).toEqual({ type: "ephemeral" });
    expect(parseMarkers(blocks[1].content[0].text).length).toBeGreaterThan(0);
    expect(blocks[1].content[1]).toBe(conversation[2].content[1].content[1]);
    expect(blocks[3]).toBe(conversation[2].content[3]);
    expect(Object.keys(blocks[1])).toEqual(Object.keys(conversation[2].content[1]));
  });

  it("keeps the assistant's tool_use message as the same object", async () => {
    const r = await compressMessages(conversation, { pithy });
    expect(r.messages[0]).toBe(conversation[0]);
    expect(r.messages[1]).toBe(conversation[1]);
  });

  it("gives the same bytes twice", async () => {
    const a = await compressMessages(conversation, { pithy });
    const b = await compressMessages(conversation, { pithy: await createPithy() });
    expect(JSON.stringify(b.messages)).toBe(JSON.stringify(a.messages));
  });

  it("leaves a user message with string content alone", async () => {
    const r = await compressMessages([{ role: "user", content: outputs[0].text }], { pithy, shape: "anthropic" });
    expect(r.results).toEqual([]);
  });

  it("round-trips: the model's tool_use of the recall tool gets the original bytes back", async () => {
    const r = await compressMessages(conversation, { pithy });
    const request = withRecallTool({
      model: "claude",
      max_tokens: 1024,
      messages: r.messages,
      tools: [{ name: "Bash", input_schema: { type: "object" } }],
    });
    expect(request.tools[1]).toMatchObject({
      name: RECALL_TOOL_NAME,
      input_schema: { properties: { key: { type: "string" } } },
    });
    const blocks = r.messages[2].content;
    for (const [i, o] of outputs.slice(0, 3).entries()) {
      const text = typeof blocks[i].content === "string" ? blocks[i].content : blocks[i].content[0].text;
      const key = parseMarkers(text)[0].key;
      const answer = (await handleRecall(pithy, {
        type: "tool_use",
        id: `toolu_${i}`,
        name: RECALL_TOOL_NAME,
        input: { key },
      }))!;
      expect(answer.content === o.text).toBe(true);
      expect(recallToolResult("anthropic", answer)).toEqual({
        type: "tool_result",
        tool_use_id: `toolu_${i}`,
        content: o.text,
      });
    }
  });
});

describe("compressMessages on Anthropic MCP connector blocks", () => {
  /** The assistant turn the MCP connector returns: mcp_tool_use, then its mcp_tool_result, in one message. */
  const mcpConversation = (): Msg[] =>
    deepFreeze([
      { role: "user", content: "Search the repository for the failing test." },
      {
        role: "assistant",
        content: [
          { type: "mcp_tool_use", id: "mcptoolu_1", name: "search_code", server_name: "github", input: { q: "x" } },
          { type: "mcp_tool_result", tool_use_id: "mcptoolu_1", is_error: false, content: outputs[0].text },
          { type: "mcp_tool_use", id: "mcptoolu_2", name: "get_log", server_name: "ci", input: {} },
          {
            type: "mcp_tool_result",
            tool_use_id: "mcptoolu_2",
            content: [{ type: "text", text: outputs[1].text }],
            cache_control: { type: "ephemeral" },
          },
          { type: "text", text: "Found it." },
        ],
      },
    ]) as Msg[];

  it("detects the shape from MCP blocks alone and compresses mcp_tool_result like a tool_result", async () => {
    const messages = mcpConversation();
    const r = await compressMessages(messages, { pithy });
    expect(r.shape).toBe("anthropic");
    expect(r.results.map((x) => [x.index, x.toolName, x.callId, x.action])).toEqual([
      [1, "mcp__github__search_code", "mcptoolu_1", "compressed"],
      [1, "mcp__ci__get_log", "mcptoolu_2", "compressed"],
    ]);
    const blocks = r.messages[1].content;
    expect(parseMarkers(blocks[1].content).length).toBeGreaterThan(0);
    expect(parseMarkers(blocks[3].content[0].text).length).toBeGreaterThan(0);
    expect(blocks[1].is_error).toBe(false);
    expect(blocks[3].cache_control).toEqual({ type: "ephemeral" });
    expect(blocks[0]).toBe(messages[1].content[0]);
    expect(blocks[4]).toBe(messages[1].content[4]);
  });

  it("recalls the original of an mcp_tool_result byte for byte", async () => {
    const r = await compressMessages(mcpConversation(), { pithy });
    const key = parseMarkers(r.messages[1].content[1].content)[0].key;
    expect(await pithy.recall(key)).toMatchObject({ found: true, content: outputs[0].text });
  });

  it("names MCP tools so an excludeTools glob such as mcp__* leaves them alone", async () => {
    const messages = mcpConversation();
    const r = await compressMessages(messages, { pithy: await createPithy({ excludeTools: ["mcp__*"] }) });
    expect(r.results.map((x) => x.reason)).toEqual(["excluded_tool", "excluded_tool"]);
    expect(r.messages[1]).toBe(messages[1]);
  });

  it("leaves a plain tool_result in an assistant turn alone (only users send those)", async () => {
    const messages = deepFreeze([
      { role: "assistant", content: [{ type: "tool_result", tool_use_id: "t", content: outputs[0].text }] },
    ]) as Msg[];
    const r = await compressMessages(messages, { pithy, shape: "anthropic" });
    expect(r.results).toEqual([]);
    expect(r.messages[0]).toBe(messages[0]);
  });
});
