import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { RECALL_TOOL_NAME } from "../../../src/messages/recall-tool.js";
import { createPithy, type Pithy } from "../../../src/pipeline.js";
import { anthropicProvider as provider } from "../../../src/proxy/providers/anthropic.js";
import { type AnthropicBlock, anthropicMessage, anthropicStream } from "../support/shapes.js";
import { dataOf, splice } from "../support/splice.js";

let pithy: Pithy;
let key: string;
const ORIGINAL = "line 1\nline 2 ERROR\nline 3\n";

beforeAll(async () => {
  pithy = await createPithy();
  key = await pithy.archive(ORIGINAL);
});

const recall = (id = "toolu_r1"): AnthropicBlock => ({ type: "tool_use", id, name: RECALL_TOOL_NAME, input: { key } });
const bash = (id = "toolu_b1"): AnthropicBlock => ({ type: "tool_use", id, name: "Bash", input: { command: "ls" } });
const text = (t: string): AnthropicBlock => ({ type: "text", text: t });

describe("anthropic: recall calls in the history", () => {
  const history = (results: unknown) => [
    { role: "user", content: "go" },
    { role: "assistant", content: [recall("toolu_r1"), bash("toolu_b1")] },
    { role: "user", content: results },
  ];

  it("puts the recall answer in the client's tool_result, keeping its place and cache_control", async () => {
    const { conversation, answered } = await provider.answerRecallCalls(
      history([
        {
          type: "tool_result",
          tool_use_id: "toolu_r1",
          content: "Error: no such tool",
          is_error: true,
          cache_control: { type: "ephemeral" },
        },
        { type: "tool_result", tool_use_id: "toolu_b1", content: "a b" },
      ]),
      pithy,
    );
    expect(answered).toBe(1);
    expect((conversation[2] as { content: unknown[] }).content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_r1", cache_control: { type: "ephemeral" }, content: ORIGINAL },
      { type: "tool_result", tool_use_id: "toolu_b1", content: "a b" },
    ]);
  });

  it("adds the answer after the other tool results when the client sent none", async () => {
    const { conversation } = await provider.answerRecallCalls(
      history([
        { type: "tool_result", tool_use_id: "toolu_b1", content: "a b" },
        { type: "text", text: "continue" },
      ]),
      pithy,
    );
    expect(
      (conversation[2] as { content: { tool_use_id?: string; type: string }[] }).content.map(
        (b) => b.tool_use_id ?? b.type,
      ),
    ).toEqual(["toolu_b1", "toolu_r1", "text"]);
  });

  it("gives the same bytes every time, and leaves a conversation without recall calls as it was", async () => {
    const input = history([{ type: "tool_result", tool_use_id: "toolu_b1", content: "a b" }]);
    const a = await provider.answerRecallCalls(input, pithy);
    const b = await provider.answerRecallCalls(input, pithy);
    expect(JSON.stringify(a.conversation)).toBe(JSON.stringify(b.conversation));
    const plain = [{ role: "user", content: "hi" }];
    expect(await provider.answerRecallCalls(plain, pithy)).toEqual({ conversation: plain, answered: 0 });
  });

  it("answers an unknown key with a plain error result", async () => {
    const { conversation } = await provider.answerRecallCalls(
      [
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t", name: RECALL_TOOL_NAME, input: { key: "0".repeat(32) } }],
        },
        { role: "user", content: [] },
      ],
      pithy,
    );
    const block = (conversation[1] as { content: Record<string, unknown>[] }).content[0];
    expect(block.is_error).toBe(true);
    expect(String(block.content)).toMatch(/pithy/);
  });
});

describe("anthropic: whole responses", () => {
  it("finds a turn that calls only the recall tool", () => {
    const turn = provider.recallTurn(anthropicMessage([text("Let me see."), recall()]));
    expect(turn?.calls).toEqual([{ type: "tool_use", id: "toolu_r1", name: RECALL_TOOL_NAME, input: { key } }]);
    expect(turn?.visible).toEqual([{ type: "text", text: "Let me see." }]);
  });

  it("leaves a turn with a client tool, or with no tool, to the client", () => {
    expect(provider.recallTurn(anthropicMessage([recall(), bash()]))).toBeNull();
    expect(provider.recallTurn(anthropicMessage([text("done")]))).toBeNull();
    expect(provider.recallTurn({ type: "error", error: {} })).toBeNull();
  });

  it("continues the conversation with the assistant turn and one user message of answers", () => {
    const response = anthropicMessage([recall()]);
    const turn = provider.recallTurn(response)!;
    const body = provider.continueWith({ model: "m", messages: [{ role: "user", content: "q" }] }, turn, [
      { found: true, key, content: ORIGINAL, callId: "toolu_r1" },
    ]);
    expect(body.messages).toEqual([
      { role: "user", content: "q" },
      { role: "assistant", content: response.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_r1", content: ORIGINAL }] },
    ]);
    expect(body.model).toBe("m");
  });

  it("merges what earlier rounds said and their usage into the final message", () => {
    const turn = provider.recallTurn(
      anthropicMessage([text("First."), recall()], "tool_use", { input_tokens: 100, output_tokens: 10 }),
    )!;
    const merged = provider.mergeResponse(
      anthropicMessage([text("Second.")], "end_turn", { input_tokens: 200, output_tokens: 20 }),
      [turn],
    );
    expect(merged.content).toEqual([text("First."), text("Second.")]);
    expect(merged.usage).toMatchObject({ input_tokens: 300, output_tokens: 30 });
  });

  it("reports its own errors in Anthropic's error shape", () => {
    expect(provider.errorResponse("upstream_timeout", "slow")).toEqual({
      status: 504,
      body: JSON.stringify({ type: "error", error: { type: "timeout_error", message: "slow" } }),
    });
    expect(provider.errorResponse("request_too_large", "big").status).toBe(413);
  });
});

describe("anthropic: stream splicing", () => {
  it("relays a stream without recall calls byte for byte", () => {
    const blocks = fc.array(
      fc.oneof(
        fc.string({ maxLength: 40 }).map(text),
        fc
          .record({ id: fc.constantFrom("toolu_x", "toolu_y"), command: fc.string({ maxLength: 20 }) })
          .map(({ id, command }): AnthropicBlock => ({ type: "tool_use", id, name: "Bash", input: { command } })),
      ),
      { maxLength: 4 },
    );
    let withTools = 0;
    fc.assert(
      fc.property(blocks, (content) => {
        if (content.some((b) => b.type === "tool_use")) withTools++;
        const events = anthropicStream(anthropicMessage(content));
        const { text: out, turns } = splice(provider.streamSplicer(), [events]);
        expect(out).toBe(events.join(""));
        expect(turns).toEqual([null]);
      }),
    );
    expect(withTools).toBeGreaterThan(0);
  });

  it("holds a recall call back and splices the continuation in as the same message", () => {
    const first = anthropicStream(
      anthropicMessage([text("Let me check."), recall()], "tool_use", { input_tokens: 100, output_tokens: 10 }),
    );
    const second = anthropicStream(
      anthropicMessage([text("It is ERROR on line 2."), bash("toolu_b2")], "tool_use", {
        input_tokens: 150,
        output_tokens: 20,
      }),
    );
    const splicer = provider.streamSplicer();
    const { text: out, turns } = splice(splicer, [first, second]);
    expect(turns[0]?.calls).toHaveLength(1);
    expect(turns[0]?.assistant).toEqual({ role: "assistant", content: [text("Let me check."), recall()] });
    expect(turns[1]).toBeNull();
    const events = dataOf(out).filter((e) => e.type !== "ping");
    expect(events.map((e) => e.type).filter((t) => t !== "content_block_delta")).toEqual([
      "message_start",
      ...["content_block_start", "content_block_stop"],
      ...["content_block_start", "content_block_stop"],
      ...["content_block_start", "content_block_stop"],
      "message_delta",
      "message_stop",
    ]);
    const starts = events.filter((e) => e.type === "content_block_start");
    expect(starts.map((e) => [e.index, e.content_block.type])).toEqual([
      [0, "text"],
      [1, "text"],
      [2, "tool_use"],
    ]);
    expect(JSON.stringify(events)).not.toContain(RECALL_TOOL_NAME);
    expect(events.at(-2).usage).toMatchObject({ input_tokens: 250, output_tokens: 30 });
  });

  it("releases the held events as they were when a client tool follows the recall call", () => {
    const events = anthropicStream(anthropicMessage([recall(), bash()]));
    const { text: out, turns } = splice(provider.streamSplicer(), [events], false);
    expect(out).toBe(events.join(""));
    expect(turns).toEqual([null]);
  });

  it("never holds a recall call that comes after a client tool", () => {
    const splicer = provider.streamSplicer();
    splicer.beginRound(0);
    const events = anthropicStream(anthropicMessage([bash(), recall()]));
    const { text: out } = splice(splicer, [events], false);
    expect(out).toBe(events.join(""));
  });

  it("gives back the recall call's events as they were when the proxy does not answer", () => {
    const events = anthropicStream(anthropicMessage([text("x"), recall()]));
    const { text: out, turns } = splice(provider.streamSplicer(), [events]);
    expect(turns[0]).not.toBeNull();
    expect(out).toBe(events.join(""));
  });

  it("does not answer a turn it cannot rebuild (an unknown delta)", () => {
    const events = anthropicStream(anthropicMessage([recall()]));
    const odd = events.map((e) => e.replace('"input_json_delta"', '"future_delta"'));
    const { text: out, turns } = splice(provider.streamSplicer(), [odd]);
    expect(turns).toEqual([null]);
    expect(out).toBe(odd.join(""));
  });

  it("releases what it held, then the error, when the stream reports an error", () => {
    const events = anthropicStream(anthropicMessage([recall()])).slice(0, 4);
    const error = 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const { text: out, turns } = splice(provider.streamSplicer(), [[...events, error]], false);
    expect(out).toBe(events.join("") + error);
    expect(turns).toEqual([null]);
  });
});
