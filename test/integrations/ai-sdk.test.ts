import { beforeAll, describe, expect, it } from "vitest";
import { generateText, stepCountIs, streamText, wrapLanguageModel, type ModelMessage } from "ai";
import { MockLanguageModelV3, convertArrayToReadableStream } from "ai/test";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import { pithyMiddleware, pithyRecallTool } from "../../src/integrations/ai-sdk.js";
import { RECALL_TOOL_NAME, recallTool, recallToolSchema } from "../../src/messages/recall-tool.js";
import type { CompressMessagesResult } from "../../src/messages/compress-messages.js";
import { PithyConfigError } from "../../src/errors.js";
import { aiSdkConversation, corpusToolOutputs, type ToolOutput } from "../messages/conversations.js";

type Params = { prompt: any[]; tools?: any[] };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

let pithy: Pithy;
let outputs: ToolOutput[];
let log: string;

beforeAll(async () => {
  // Recall answers are not cut here: these tests follow the original round trip (bounds: handle-recall.test.ts).
  pithy = await createPithy({ recallMaxTokens: 1_000_000 });
  outputs = await corpusToolOutputs();
  log = outputs[0].text;
});

/** A history where the agent ran `npm install` and got the corpus log back. */
function history(): ModelMessage[] {
  return [
    { role: "user", content: "Why does the install fail?" },
    {
      role: "assistant",
      content: [
        { type: "tool-call", toolCallId: "call_1", toolName: "Bash", input: { command: "npm install --verbose" } },
      ],
    },
    {
      role: "tool",
      content: [{ type: "tool-result", toolCallId: "call_1", toolName: "Bash", output: { type: "text", value: log } }],
    },
  ];
}

/** Tool-result parts of a language-model prompt, in order. */
function toolResults(prompt: any[]): any[] {
  return prompt.filter((m) => m.role === "tool").flatMap((m) => m.content.filter((p: any) => p.type === "tool-result"));
}

/** The first marker key in the prompt's tool results (what a model would copy). */
function firstKey(prompt: any[]): string {
  for (const r of toolResults(prompt)) {
    const found = parseMarkers(JSON.stringify(r.output));
    if (found.length > 0) return found[0].key;
  }
  throw new Error("no marker in the prompt");
}

describe("pithyMiddleware", () => {
  it("compresses the tool results of params.prompt and offers the recall tool once", async () => {
    const prompt = aiSdkConversation(outputs);
    const seen: CompressMessagesResult[] = [];
    const middleware = pithyMiddleware({ pithy, onCompress: (r) => seen.push(r) });
    const params = {
      prompt,
      tools: [{ type: "function", name: "Bash", inputSchema: { type: "object" } }],
      temperature: 0,
    };
    const out = await middleware.transformParams({ type: "generate", params });
    expect(out.temperature).toBe(0);
    expect(out.prompt).not.toBe(prompt);
    expect(parseMarkers(toolResults(out.prompt)[0].output.value).length).toBeGreaterThan(0);
    expect(out.tools!.map((t: any) => t.name)).toEqual(["Bash", RECALL_TOOL_NAME]);
    expect(out.tools![1]).toEqual(recallTool("ai-sdk"));
    expect(seen[0].tokensOut).toBeLessThan(seen[0].tokensIn / 2);
    const again = await middleware.transformParams({ type: "stream", params: out });
    expect(again.tools).toHaveLength(2);
  });

  it("leaves params as they were when nothing is compressed", async () => {
    const params = { prompt: aiSdkConversation([{ tool: "Bash", callId: "c", text: "ok\n" }]) };
    const out = await pithyMiddleware({ pithy }).transformParams({ type: "generate", params });
    expect(out).toBe(params);
  });

  it("does not add the recall tool when told not to", async () => {
    const out = await pithyMiddleware({ pithy, recallTool: false }).transformParams({
      type: "generate",
      params: { prompt: aiSdkConversation(outputs) },
    });
    expect((out as Params).tools).toBeUndefined();
  });

  it("gives the same prompt bytes on every call, so prompt caches hit", async () => {
    const middleware = pithyMiddleware({ pithy: { minTokens: 200 } });
    const params = { prompt: aiSdkConversation(outputs) };
    const a = await middleware.transformParams({ type: "generate", params });
    const b = await middleware.transformParams({ type: "generate", params });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it("rejects a missing pithy at construction", () => {
    expect(() => pithyMiddleware({ pithy: null as never })).toThrow(PithyConfigError);
    expect(() => pithyRecallTool({} as never)).toThrow(PithyConfigError);
  });
});

describe("pithyRecallTool", () => {
  it("executes a recall: the original for a known key, a plain answer for an unknown one", async () => {
    const r = await pithy.compress(log, { tool: "Bash" });
    const t = pithyRecallTool(pithy);
    expect(await t.execute({ key: r.key! })).toBe(log);
    expect(await t.execute({ key: "f".repeat(32) })).toMatch(/unknown or has expired/);
    expect(await t.execute({} as never)).toMatch(/needs \{"key": "KEY"\}/);
  });
});

describe("the AI SDK with pithy", () => {
  it("generateText: the model sees compressed results, calls pithy_recall and gets the original back", async () => {
    const calls: Params[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        calls.push(options as unknown as Params);
        if (calls.length === 1) {
          const input = JSON.stringify({ key: firstKey(options.prompt) });
          return {
            content: [{ type: "tool-call", toolCallId: "r1", toolName: RECALL_TOOL_NAME, input }],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: "text", text: "done" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: pithyMiddleware({ pithy }) }),
      messages: history(),
      tools: { pithy_recall: pithyRecallTool(pithy) },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("done");
    expect(calls).toHaveLength(2);

    const [first] = toolResults(calls[0].prompt);
    expect(first.output.type).toBe("text");
    expect(first.output.value.length).toBeLessThan(log.length / 5);
    expect(calls[0].tools!.filter((t) => t.name === RECALL_TOOL_NAME)).toHaveLength(1);
    expect(calls[0].tools![0].inputSchema).toEqual(recallToolSchema());

    const second = toolResults(calls[1].prompt);
    expect(second[0]).toEqual(first);
    expect(second[1]).toMatchObject({ toolCallId: "r1", toolName: RECALL_TOOL_NAME, output: { type: "text" } });
    expect(second[1].output.value === log).toBe(true);
    expect(result.steps[0].toolResults[0].output === log).toBe(true);
  });

  it("streamText: the same round trip through a streaming model", async () => {
    const calls: Params[] = [];
    const model = new MockLanguageModelV3({
      doStream: async (options) => {
        calls.push(options as unknown as Params);
        const parts: any[] =
          calls.length === 1
            ? [
                { type: "stream-start", warnings: [] },
                {
                  type: "tool-call",
                  toolCallId: "r1",
                  toolName: RECALL_TOOL_NAME,
                  input: JSON.stringify({ key: firstKey(options.prompt) }),
                },
                { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
              ]
            : [
                { type: "stream-start", warnings: [] },
                { type: "text-start", id: "t" },
                { type: "text-delta", id: "t", delta: "done" },
                { type: "text-end", id: "t" },
                { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
              ];
        return { stream: convertArrayToReadableStream(parts) };
      },
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: pithyMiddleware({ pithy }) }),
      messages: history(),
      tools: { pithy_recall: pithyRecallTool(pithy) },
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe("done");
    expect(calls).toHaveLength(2);
    expect(parseMarkers(toolResults(calls[0].prompt)[0].output.value).length).toBeGreaterThan(0);
    const recalled = toolResults(calls[1].prompt)[1];
    expect(recalled.toolName).toBe(RECALL_TOOL_NAME);
    expect(recalled.output.value === log).toBe(true);
  });

  it("a recall of an unknown key reaches the model as a plain sentence", async () => {
    const calls: Params[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        calls.push(options as unknown as Params);
        if (calls.length === 1) {
          const input = JSON.stringify({ key: "0".repeat(32) });
          return {
            content: [{ type: "tool-call", toolCallId: "r1", toolName: RECALL_TOOL_NAME, input }],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: "text", text: "ok" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    await generateText({
      model: wrapLanguageModel({ model, middleware: pithyMiddleware({ pithy }) }),
      messages: history(),
      tools: { pithy_recall: pithyRecallTool(pithy) },
      stopWhen: stepCountIs(3),
    });
    expect(toolResults(calls[1].prompt)[1].output.value).toMatch(/^pithy: key 0{32} is unknown or has expired/);
  });
});

describe("recall across a handoff", () => {
  it("a second agent handed the first one's compressed history gets the recall tool and recalls a marker's lines", async () => {
    // Agent one: its model sees the compressed log and answers at once.
    let handedOff: any[] = [];
    const first = new MockLanguageModelV3({
      doGenerate: async (options) => {
        handedOff = (options as unknown as Params).prompt;
        return {
          content: [{ type: "text", text: "over to you" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    await generateText({
      model: wrapLanguageModel({ model: first, middleware: pithyMiddleware({ pithy }) }),
      messages: history(),
    });
    const marker = parseMarkers(JSON.stringify(toolResults(handedOff)[0].output)).find((m) => m.lines !== undefined)!;
    expect(marker).toBeDefined();

    // Agent two gets that prompt as its history (a sub-agent, or after compaction): no tools of its own.
    const calls: Params[] = [];
    const second = new MockLanguageModelV3({
      doGenerate: async (options) => {
        calls.push(options as unknown as Params);
        if (calls.length === 1) {
          const lines = marker.lines!.map(([a, b]) => `${a}-${b}`).join(",");
          return {
            content: [
              {
                type: "tool-call",
                toolCallId: "r2",
                toolName: RECALL_TOOL_NAME,
                input: JSON.stringify({ key: marker.key, lines }),
              },
            ],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: "text", text: "found it" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    const messages = handedOff.filter((m) => m.role !== "system") as ModelMessage[];
    const result = await generateText({
      model: wrapLanguageModel({ model: second, middleware: pithyMiddleware({ pithy }) }),
      messages,
      tools: { pithy_recall: pithyRecallTool(pithy) },
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("found it");
    // The middleware offered the recall tool because the handed-off history holds markers.
    expect(calls[0].tools!.some((t) => t.name === RECALL_TOOL_NAME)).toBe(true);
    const [from, to] = marker.lines![0];
    const recalled = toolResults(calls[1].prompt).find((r) => r.toolCallId === "r2");
    expect(recalled.output.value).toBe(
      log
        .split(/(?<=\n)/)
        .slice(from - 1, to)
        .join(""),
    );
  });
});
