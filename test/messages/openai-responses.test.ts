import { beforeAll, describe, expect, it } from "vitest";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import { compressMessages } from "../../src/messages/compress-messages.js";
import { handleRecall, recallToolResult } from "../../src/messages/handle-recall.js";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { withRecallTool } from "../../src/messages/with-recall-tool.js";
import {
  IMAGE_BASE64,
  corpusToolOutputs,
  deepFreeze,
  openAIResponsesConversation,
  type ToolOutput,
} from "./conversations.js";

type Item = Record<string, any>;

let pithy: Pithy;
let outputs: ToolOutput[];
let items: Item[];

beforeAll(async () => {
  // Recall answers are not cut here: these tests follow the original round trip (bounds: handle-recall.test.ts).
  pithy = await createPithy({ recallMaxTokens: 1_000_000 });
  outputs = await corpusToolOutputs();
  items = deepFreeze(openAIResponsesConversation(outputs)) as Item[];
});

describe("compressMessages on OpenAI Responses input items", () => {
  it("detects the shape and names each output's tool from its function_call item", async () => {
    const r = await compressMessages(items, { pithy });
    expect(r.shape).toBe("openai-responses");
    expect(r.results.map((x) => [x.index, x.toolName, x.callId, x.action])).toEqual([
      [5, "Bash", "call_1", "compressed"],
      [6, "Grep", "call_2", "compressed"],
      [7, "Bash", "call_3", "compressed"],
      [8, "Bash", "call_small", "skipped"],
    ]);
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
  });

  it("compresses input_text parts and passes the image part through as the same object", async () => {
    const r = await compressMessages(items, { pithy });
    const out = r.messages[6].output;
    expect(out).toHaveLength(2);
    expect(parseMarkers(out[0].text).length).toBeGreaterThan(0);
    expect(out[1]).toBe(items[6].output[1]);
    expect(out[1].image_url).toContain(IMAGE_BASE64);
  });

  it("keeps the function_call items and the user message as the same objects", async () => {
    const r = await compressMessages(items, { pithy });
    for (let i = 0; i <= 4; i++) expect(r.messages[i]).toBe(items[i]);
    expect(r.messages[8]).toBe(items[8]);
  });

  it("gives the same bytes twice", async () => {
    const a = await compressMessages(items, { pithy });
    const b = await compressMessages(items, { pithy: await createPithy() });
    expect(JSON.stringify(b.messages)).toBe(JSON.stringify(a.messages));
  });

  it("reads custom_tool_call_output items too", async () => {
    const r = await compressMessages(
      [
        { type: "custom_tool_call", call_id: "c1", name: "shell", input: "npm i" },
        { type: "custom_tool_call_output", call_id: "c1", output: outputs[0].text },
      ],
      { pithy },
    );
    expect(r.results[0]).toMatchObject({ index: 1, toolName: "shell", callId: "c1", action: "compressed" });
  });

  it("round-trips: the model's function_call to the recall tool gets the original bytes back", async () => {
    const r = await compressMessages(items, { pithy });
    const tools = withRecallTool([{ type: "function", name: "Bash", parameters: {} }], r.messages);
    expect(tools[1]).toMatchObject({ type: "function", name: RECALL_TOOL_NAME, parameters: { required: ["key"] } });
    for (const [i, o] of outputs.slice(0, 3).entries()) {
      const out = r.messages[5 + i].output;
      const text = typeof out === "string" ? out : out[0].text;
      const key = parseMarkers(text)[0].key;
      const call = {
        type: "function_call",
        call_id: `fc_${i}`,
        name: RECALL_TOOL_NAME,
        arguments: JSON.stringify({ key }),
      };
      const answer = (await handleRecall(pithy, call))!;
      expect(answer.found).toBe(true);
      expect(answer.content === o.text).toBe(true);
      expect(recallToolResult("openai-responses", answer)).toEqual({
        type: "function_call_output",
        call_id: `fc_${i}`,
        output: o.text,
      });
    }
  });
});
