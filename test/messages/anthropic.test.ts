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
  pithy = await createPithy();
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
