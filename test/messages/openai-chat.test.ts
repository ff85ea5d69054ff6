import { beforeAll, describe, expect, it } from "vitest";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import { compressMessages } from "../../src/messages/compress-messages.js";
import { handleRecall, recallToolResult } from "../../src/messages/handle-recall.js";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { withRecallTool } from "../../src/messages/with-recall-tool.js";
import { corpusToolOutputs, deepFreeze, openAIChatConversation, type ToolOutput } from "./conversations.js";

type Msg = Record<string, any>;

let pithy: Pithy;
let outputs: ToolOutput[];
let conversation: Msg[];

beforeAll(async () => {
  // Recall answers are not cut here: these tests follow the original round trip (bounds: handle-recall.test.ts).
  pithy = await createPithy({ recallMaxTokens: 1_000_000 });
  outputs = await corpusToolOutputs();
  conversation = deepFreeze(openAIChatConversation(outputs)) as Msg[];
});

describe("compressMessages on OpenAI Chat messages", () => {
  it("detects the shape and compresses the big tool results, string and text-part content alike", async () => {
    const r = await compressMessages(conversation, { pithy });
    expect(r.shape).toBe("openai-chat");
    const tools = r.messages.filter((m) => m.role === "tool");
    expect(typeof tools[0].content).toBe("string");
    expect(parseMarkers(tools[0].content).length).toBeGreaterThan(0);
    expect(tools[1].content).toHaveLength(1);
    expect(tools[1].content[0].type).toBe("text");
    expect(parseMarkers(tools[1].content[0].text).length).toBeGreaterThan(0);
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
  });

  it("names each result's tool from the assistant's tool_calls and reports its savings", async () => {
    const r = await compressMessages(conversation, { pithy });
    expect(r.results.map((x) => [x.index, x.toolName, x.callId, x.action])).toEqual([
      [3, "Bash", "call_1", "compressed"],
      [4, "Grep", "call_2", "compressed"],
      [5, "Bash", "call_3", "compressed"],
      [6, "Bash", "call_small", "skipped"],
    ]);
    for (const x of r.results.slice(0, 3)) {
      expect(x.key).toMatch(/^[0-9a-f]{32}$/);
      expect(x.tokensOut).toBeLessThan(x.tokensIn);
    }
    expect(r.results[3].reason).toBe("too_short");
    expect(r.results[3].key).toBeUndefined();
  });

  it("leaves the input untouched and shares every message it did not change", async () => {
    const before = JSON.stringify(conversation);
    const r = await compressMessages(conversation, { pithy });
    expect(JSON.stringify(conversation)).toBe(before);
    expect(r.messages).not.toBe(conversation);
    for (const i of [0, 1, 2, 6]) expect(r.messages[i]).toBe(conversation[i]);
  });

  it("gives the same bytes twice, and leaves its own output alone", async () => {
    const a = await compressMessages(conversation, { pithy });
    const b = await compressMessages(conversation, { pithy: await createPithy() });
    expect(JSON.stringify(b.messages)).toBe(JSON.stringify(a.messages));
    const again = await compressMessages(a.messages, { pithy });
    expect(JSON.stringify(again.messages)).toBe(JSON.stringify(a.messages));
    expect(again.results.every((x) => x.action === "skipped")).toBe(true);
  });

  it("reads the legacy role: function message, naming the tool from the message", async () => {
    const r = await compressMessages([{ role: "function", name: "Bash", content: outputs[0].text }], {
      pithy,
      shape: "openai-chat",
    });
    expect(r.results[0]).toMatchObject({ index: 0, toolName: "Bash", action: "compressed" });
  });

  it("round-trips: the model's recall call gets the original bytes back", async () => {
    const r = await compressMessages(conversation, { pithy });
    const tools = withRecallTool([{ type: "function", function: { name: "Bash", parameters: {} } }], r.messages);
    expect(tools.map((t: any) => t.function.name)).toEqual(["Bash", RECALL_TOOL_NAME]);
    for (const [i, o] of outputs.slice(0, 3).entries()) {
      const m = r.messages[3 + i];
      const text = typeof m.content === "string" ? m.content : m.content[0].text;
      const key = parseMarkers(text)[0].key;
      const call = {
        id: `call_r${i}`,
        type: "function",
        function: { name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
      };
      const answer = await handleRecall(pithy, call);
      expect(answer).toMatchObject({ found: true, callId: `call_r${i}` });
      expect(answer!.content === o.text).toBe(true);
      const reply = recallToolResult("openai-chat", answer!);
      expect(reply).toEqual({ role: "tool", tool_call_id: `call_r${i}`, content: o.text });
    }
  });

  it("never compresses the recall tool's own answer on the next turn", async () => {
    const r = await compressMessages(conversation, { pithy });
    const key = r.results[0].key!;
    const next = [
      ...r.messages,
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_r", type: "function", function: { name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) } },
        ],
      },
      recallToolResult(
        "openai-chat",
        (await handleRecall(pithy, {
          id: "call_r",
          function: { name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
        }))!,
      ),
    ];
    const again = await compressMessages(next, { pithy });
    const last = again.results.at(-1)!;
    expect(last).toMatchObject({ toolName: RECALL_TOOL_NAME, action: "skipped", reason: "recall_result" });
    expect(again.messages.at(-1)).toBe(next.at(-1));
    expect((again.messages.at(-1) as Msg).content === outputs[0].text).toBe(true);
  });
});
