import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { PithyConfigError } from "../../src/errors.js";
import type { CompressResult, Hint } from "../../src/types.js";
import { compressMessages, resolvePithy } from "../../src/messages/compress-messages.js";
import { detectShape } from "../../src/messages/detect-shape.js";
import {
  aiSdkConversation,
  anthropicConversation,
  corpusToolOutputs,
  deepFreeze,
  openAIChatConversation,
  openAIResponsesConversation,
  type ToolOutput,
} from "./conversations.js";

let pithy: Pithy;
let outputs: ToolOutput[];

beforeAll(async () => {
  pithy = await createPithy();
  outputs = await corpusToolOutputs();
});

/** A Pithy that records the hints it is given and changes nothing. */
function recordingPithy(hints: Hint[]): Pithy {
  return {
    async compress(content: string, hint?: Hint): Promise<CompressResult> {
      hints.push(hint ?? {});
      return {
        output: content,
        action: "skipped",
        reason: "no_gain",
        type: "unknown",
        strategy: "none",
        bytesIn: 0,
        bytesOut: 0,
        tokensIn: 1,
        tokensOut: 1,
        detail: {},
      };
    },
    recall: pithy.recall.bind(pithy),
  } as unknown as Pithy;
}

describe("detectShape", () => {
  it("tells the four shapes apart", () => {
    const o = [{ tool: "Bash", callId: "c", text: "x" }];
    expect(detectShape(openAIChatConversation(o))).toBe("openai-chat");
    expect(detectShape(openAIResponsesConversation(o))).toBe("openai-responses");
    expect(detectShape(anthropicConversation(o))).toBe("anthropic");
    expect(detectShape(aiSdkConversation(o))).toBe("ai-sdk");
  });

  it("finds no shape in a conversation without tool calls or results", () => {
    expect(
      detectShape([
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ]),
    ).toBeNull();
    expect(detectShape([])).toBeNull();
  });
});

describe("compressMessages", () => {
  it("returns a copy of a conversation without tool results, with no results", async () => {
    const messages = [{ role: "user", content: outputs[0].text }];
    const r = await compressMessages(messages, { pithy });
    expect(r).toEqual({ messages, shape: null, results: [], tokensIn: 0, tokensOut: 0 });
    expect(r.messages).not.toBe(messages);
    expect(r.messages[0]).toBe(messages[0]);
  });

  it("passes each result's tool name, call id and the query as the hint", async () => {
    const hints: Hint[] = [];
    await compressMessages(openAIChatConversation(outputs.slice(0, 2)), {
      pithy: recordingPithy(hints),
      query: "ERESOLVE",
    });
    expect(hints).toEqual([
      { tool: "Bash", callId: "call_1", query: "ERESOLVE" },
      { tool: "Grep", callId: "call_2", query: "ERESOLVE" },
    ]);
  });

  it("honours pithy's excluded tools through the tool-name hint", async () => {
    const strict = await createPithy({ excludeTools: ["Gr*"] });
    const r = await compressMessages(openAIChatConversation(outputs.slice(0, 2)), { pithy: strict });
    expect(r.results.map((x) => [x.toolName, x.action, x.reason])).toEqual([
      ["Bash", "compressed", undefined],
      ["Grep", "skipped", "excluded_tool"],
    ]);
  });

  it("uses the shape it is told, even when detection would choose another", async () => {
    const r = await compressMessages(openAIChatConversation(outputs.slice(0, 1)), { pithy, shape: "anthropic" });
    expect(r.shape).toBe("anthropic");
    expect(r.results).toEqual([]);
  });

  it("reports every key of a result whose text parts were compressed separately", async () => {
    const messages = [
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c", type: "function", function: { name: "Bash", arguments: "{}" } }],
      },
      {
        role: "tool",
        tool_call_id: "c",
        content: [
          { type: "text", text: outputs[0].text },
          { type: "text", text: outputs[2].text },
        ],
      },
    ];
    const r = await compressMessages(messages, { pithy });
    expect(r.results).toHaveLength(1);
    expect(r.results[0].keys).toHaveLength(2);
    expect(r.results[0].key).toBe(r.results[0].keys![0]);
    expect(r.tokensIn).toBe(r.results[0].tokensIn);
  });

  it("creates one instance per options object, so recall finds what an earlier call stored", async () => {
    const options = { minTokens: 100 };
    const r = await compressMessages(openAIChatConversation(outputs.slice(0, 1)), { pithy: options });
    const same = await resolvePithy(options);
    expect(same).toBe(await resolvePithy(options));
    expect(await same.recall(r.results[0].key!)).toMatchObject({ found: true, content: outputs[0].text });
  });

  it("throws a PithyConfigError for bad messages, options, shape or pithy", async () => {
    await expect(compressMessages("hi" as never, { pithy })).rejects.toThrow(PithyConfigError);
    await expect(compressMessages([], null as never)).rejects.toThrow(/option "options"/);
    await expect(compressMessages([], { pithy, shape: "gemini" as never })).rejects.toThrow(/option "shape"/);
    await expect(compressMessages([], { pithy: 42 as never })).rejects.toThrow(/option "pithy"/);
  });

  it("sends the conversation as it was when compressing fails", async () => {
    const broken = {
      ...pithy,
      compress: async () => {
        throw new Error("boom");
      },
      recall: pithy.recall,
    } as unknown as Pithy;
    const messages = openAIChatConversation(outputs.slice(0, 1));
    const r = await compressMessages(messages, { pithy: broken });
    expect(r.messages).toEqual(messages);
    expect(r.results).toEqual([]);
  });

  it("compresses the same conversation to identical JSON in every shape", async () => {
    const json = {
      callId: "cj",
      value: { rows: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `pkg-${i}`, ok: true })) },
    };
    for (const build of [
      openAIChatConversation,
      openAIResponsesConversation,
      anthropicConversation,
      (o: ToolOutput[]) => aiSdkConversation(o, json),
    ]) {
      const conversation = build(outputs);
      const a = JSON.stringify((await compressMessages(conversation, { pithy })).messages);
      const b = JSON.stringify((await compressMessages(conversation, { pithy: await createPithy() })).messages);
      expect(b).toBe(a);
    }
  });

  it("never throws or mutates on arbitrary message-like input", async () => {
    const part = fc.oneof(
      fc.record(
        {
          type: fc.constantFrom("text", "tool_result", "tool-result", "input_text", "image"),
          text: fc.string(),
          content: fc.anything(),
          output: fc.anything(),
          tool_use_id: fc.string(),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    const message = fc.oneof(
      fc.record(
        {
          role: fc.constantFrom("user", "assistant", "tool", "function"),
          content: fc.oneof(fc.string(), fc.array(part)),
          tool_call_id: fc.string(),
          tool_calls: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          type: fc.constantFrom("function_call", "function_call_output"),
          call_id: fc.string(),
          output: fc.oneof(fc.string(), fc.array(part)),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(message, { maxLength: 6 }), async (messages) => {
        deepFreeze(messages);
        const r = await compressMessages(messages, { pithy });
        expect(r.messages).toHaveLength(messages.length);
      }),
      { numRuns: 150 },
    );
  });
});
