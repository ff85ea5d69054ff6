import { beforeAll, describe, expect, it } from "vitest";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import { compressMessages } from "../../src/messages/compress-messages.js";
import { handleRecall } from "../../src/messages/handle-recall.js";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { conversationHasMarkers, withRecallTool } from "../../src/messages/with-recall-tool.js";
import { aiSdkConversation, corpusJson, corpusToolOutputs, deepFreeze, type ToolOutput } from "./conversations.js";

type Msg = Record<string, any>;

let pithy: Pithy;
let outputs: ToolOutput[];
let json: unknown;
let prompt: Msg[];

beforeAll(async () => {
  // Recall answers are not cut here: these tests follow the original round trip (bounds: handle-recall.test.ts).
  pithy = await createPithy({ recallMaxTokens: 1_000_000 });
  outputs = await corpusToolOutputs();
  json = await corpusJson();
  prompt = deepFreeze(aiSdkConversation(outputs, { callId: "call_json", value: json })) as Msg[];
});

const parts = (messages: Msg[]) => messages[3].content as Msg[];

describe("compressMessages on an AI SDK prompt", () => {
  it("detects the shape and takes each tool name from the tool-result part", async () => {
    const r = await compressMessages(prompt, { pithy });
    expect(r.shape).toBe("ai-sdk");
    expect(r.results.map((x) => [x.index, x.toolName, x.callId, x.action])).toEqual([
      [3, "Bash", "call_1", "compressed"],
      [3, "Grep", "call_2", "compressed"],
      [3, "Bash", "call_3", "compressed"],
      [3, "Bash", "call_small", "skipped"],
      [3, "fetch", "call_json", "compressed"],
    ]);
  });

  it("compresses text and error-text outputs, keeping their type", async () => {
    const r = await compressMessages(prompt, { pithy });
    const [text, , errorText] = parts(r.messages);
    expect(text.output.type).toBe("text");
    expect(parseMarkers(text.output.value).length).toBeGreaterThan(0);
    expect(errorText.output.type).toBe("error-text");
    expect(parseMarkers(errorText.output.value).length).toBeGreaterThan(0);
  });

  it("compresses the text of a content output and passes its file part through", async () => {
    const r = await compressMessages(prompt, { pithy });
    const content = parts(r.messages)[1].output;
    expect(content.type).toBe("content");
    expect(parseMarkers(content.value[0].text).length).toBeGreaterThan(0);
    expect(content.value[1]).toBe(parts(prompt)[1].output.value[1]);
  });

  it("compresses a json output into a JSON value that still carries a marker", async () => {
    const r = await compressMessages(prompt, { pithy });
    const out = parts(r.messages)[4].output;
    expect(out.type).toBe("json");
    expect(typeof out.value).toBe("object");
    expect(conversationHasMarkers(out.value)).toBe(true);
    expect(JSON.stringify(out.value).length).toBeLessThan(JSON.stringify(json).length / 2);
  });

  it("reads the AI SDK 5 (LanguageModelV2) content output, passing its media part through", async () => {
    const media = { type: "media", data: "AAAA", mediaType: "image/png" };
    const input = deepFreeze([
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "v2",
            toolName: "Bash",
            output: { type: "content", value: [media, { type: "text", text: outputs[0].text }] },
          },
        ],
      },
    ]) as Msg[];
    const r = await compressMessages(input, { pithy });
    const value = r.messages[0].content[0].output.value;
    expect(value[0]).toBe(media);
    expect(parseMarkers(value[1].text).length).toBeGreaterThan(0);
    expect(r.results[0]).toMatchObject({ toolName: "Bash", callId: "v2", action: "compressed" });
  });

  it("passes execution-denied and unknown output types through as the same objects", async () => {
    const denied = {
      type: "tool-result",
      toolCallId: "d",
      toolName: "Bash",
      output: { type: "execution-denied", reason: "no" },
    };
    const future = {
      type: "tool-result",
      toolCallId: "f",
      toolName: "Bash",
      output: { type: "hologram", value: outputs[0].text },
    };
    const input = [{ role: "tool", content: [denied, future] }];
    const r = await compressMessages(input, { pithy });
    expect(r.messages[0]).toBe(input[0]);
  });

  it("leaves provider-executed results inside assistant messages alone", async () => {
    const input = [
      {
        role: "assistant",
        content: [
          {
            type: "tool-result",
            toolCallId: "w",
            toolName: "web_search",
            output: { type: "text", value: outputs[0].text },
          },
        ],
      },
    ];
    const r = await compressMessages(input, { pithy });
    expect(r.messages[0]).toBe(input[0]);
    expect(r.results).toEqual([]);
  });

  it("gives the same bytes twice and shares the untouched messages", async () => {
    const a = await compressMessages(prompt, { pithy });
    const b = await compressMessages(prompt, { pithy: await createPithy() });
    expect(JSON.stringify(b.messages)).toBe(JSON.stringify(a.messages));
    for (let i = 0; i < 3; i++) expect(a.messages[i]).toBe(prompt[i]);
  });

  it("round-trips: an AI SDK tool call of the recall tool gets the original bytes back", async () => {
    const r = await compressMessages(prompt, { pithy });
    const tools = withRecallTool([] as unknown[], r.messages, "ai-sdk");
    expect(tools).toEqual([
      expect.objectContaining({ type: "function", name: RECALL_TOOL_NAME, inputSchema: expect.any(Object) }),
    ]);
    const texts = [
      parts(r.messages)[0].output.value,
      parts(r.messages)[1].output.value[0].text,
      parts(r.messages)[2].output.value,
    ];
    for (const [i, text] of texts.entries()) {
      const key = parseMarkers(text)[0].key;
      // The provider-level call carries its input as JSON text.
      const answer = (await handleRecall(pithy, {
        type: "tool-call",
        toolCallId: `r${i}`,
        toolName: RECALL_TOOL_NAME,
        input: JSON.stringify({ key }),
      }))!;
      expect(answer.content === outputs[i].text).toBe(true);
    }
    const jsonKey = r.results[4].key!;
    const back = (await handleRecall(pithy, {
      toolCallId: "rj",
      toolName: RECALL_TOOL_NAME,
      input: { key: jsonKey },
    }))!;
    expect(back.content).toBe(JSON.stringify(json));
  });
});
