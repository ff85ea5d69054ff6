import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { RECALL_TOOL_NAME } from "../../../src/messages/recall-tool.js";
import { createPithy, type Pithy } from "../../../src/pipeline.js";
import { openAIChatProvider as provider } from "../../../src/proxy/providers/openai-chat.js";
import { type ChatCall, chatCompletion, chatStream } from "../support/shapes.js";
import { dataOf, splice } from "../support/splice.js";

let pithy: Pithy;
let key: string;
const ORIGINAL = "src/a.ts:1: error TS2304\nsrc/b.ts:9: warning\n";

beforeAll(async () => {
  pithy = await createPithy();
  key = await pithy.archive(ORIGINAL);
});

const recall = (id = "call_r1"): ChatCall => ({ id, name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) });
const bash = (id = "call_b1"): ChatCall => ({ id, name: "Bash", arguments: '{"command":"ls"}' });
const assistantWith = (calls: ChatCall[]) => ({
  role: "assistant",
  content: null,
  tool_calls: calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })),
});

describe("openai-chat: recall calls in the history", () => {
  it("puts the answer in the client's tool message and adds one where the client sent none", async () => {
    const { conversation, answered } = await provider.answerRecallCalls(
      [
        { role: "user", content: "go" },
        assistantWith([recall("call_r1"), bash("call_b1")]),
        { role: "tool", tool_call_id: "call_b1", content: "a b" },
        { role: "user", content: "and?" },
        assistantWith([recall("call_r2")]),
        { role: "tool", tool_call_id: "call_r2", content: "unknown tool" },
        { role: "user", content: "next" },
      ],
      pithy,
    );
    expect(answered).toBe(2);
    expect(conversation.slice(2, 4)).toEqual([
      { role: "tool", tool_call_id: "call_b1", content: "a b" },
      { role: "tool", tool_call_id: "call_r1", content: ORIGINAL },
    ]);
    expect(conversation[6]).toEqual({ role: "tool", tool_call_id: "call_r2", content: ORIGINAL });
    expect(conversation).toHaveLength(8);
  });

  it("leaves a pending call (nothing after it) alone", async () => {
    const input = [{ role: "user", content: "go" }, assistantWith([recall()])];
    expect(await provider.answerRecallCalls(input, pithy)).toEqual({ conversation: input, answered: 0 });
  });
});

describe("openai-chat: whole responses", () => {
  it("finds a completion that calls only the recall tool, and leaves the others", () => {
    const turn = provider.recallTurn(chatCompletion("Checking.", [recall()]));
    expect(turn?.calls).toEqual([
      { id: "call_r1", type: "function", function: { name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) } },
    ]);
    expect(turn?.visible).toEqual(["Checking."]);
    expect(provider.recallTurn(chatCompletion(null, [recall(), bash()]))).toBeNull();
    expect(provider.recallTurn(chatCompletion("plain"))).toBeNull();
    const twoChoices = chatCompletion(null, [recall()]);
    twoChoices.choices = [...(twoChoices.choices as unknown[]), ...(twoChoices.choices as unknown[])];
    expect(provider.recallTurn(twoChoices)).toBeNull();
  });

  it("continues with the assistant message and one tool message per answer", () => {
    const turn = provider.recallTurn(chatCompletion(null, [recall()]))!;
    const body = provider.continueWith({ model: "m", messages: [{ role: "user", content: "q" }] }, turn, [
      { found: true, key, content: ORIGINAL, callId: "call_r1" },
    ]);
    expect(body.messages).toEqual([
      { role: "user", content: "q" },
      { role: "assistant", content: null, tool_calls: turn.calls },
      { role: "tool", tool_call_id: "call_r1", content: ORIGINAL },
    ]);
  });

  it("merges earlier text and usage into the final completion", () => {
    const turn = provider.recallTurn(chatCompletion("First. ", [recall()]))!;
    const merged = provider.mergeResponse(chatCompletion("Second."), [turn]) as {
      choices: { message: { content: string } }[];
      usage: { total_tokens: number };
    };
    expect(merged.choices[0].message.content).toBe("First. Second.");
    expect(merged.usage.total_tokens).toBe(300);
  });

  it("reports its own errors in OpenAI's error shape", () => {
    expect(JSON.parse(provider.errorResponse("upstream_unreachable", "down").body)).toEqual({
      error: { message: "down", type: "server_error", param: null, code: "upstream_unreachable" },
    });
  });
});

describe("openai-chat: stream splicing", () => {
  it("relays a stream without recall calls byte for byte", () => {
    let withCalls = 0;
    fc.assert(
      fc.property(
        fc.string({ maxLength: 50 }),
        fc.array(fc.constantFrom("call_a", "call_b"), { maxLength: 2 }),
        fc.boolean(),
        (content, ids, usage) => {
          if (ids.length > 0) withCalls++;
          const events = chatStream(
            chatCompletion(
              content,
              ids.map((id) => bash(id)),
            ),
            usage,
          );
          const { text, turns } = splice(provider.streamSplicer(), [events]);
          expect(text).toBe(events.join(""));
          expect(turns).toEqual([null]);
        },
      ),
    );
    expect(withCalls).toBeGreaterThan(0);
  });

  it("holds a recall call back and relays the continuation, usage of both rounds in the usage chunk", () => {
    const first = chatStream(chatCompletion("Looking. ", [recall()]), true);
    const second = chatStream(chatCompletion("Found it."), true);
    const { text, turns } = splice(provider.streamSplicer(), [first, second]);
    expect(turns[0]?.assistant).toEqual({ role: "assistant", content: "Looking. ", tool_calls: turns[0]?.calls });
    const chunks = dataOf(text);
    const content = chunks.map((c) => c.choices[0]?.delta?.content ?? "").join("");
    expect(content).toBe("Looking. Found it.");
    expect(JSON.stringify(chunks)).not.toContain(RECALL_TOOL_NAME);
    expect(chunks.filter((c) => c.choices[0]?.finish_reason).map((c) => c.choices[0].finish_reason)).toEqual(["stop"]);
    expect(chunks.at(-1).usage.total_tokens).toBe(300);
    expect(text.match(/\[DONE\]/g)).toHaveLength(1);
  });

  it("releases everything as it was when a client call shows up after the recall call", () => {
    const events = chatStream(chatCompletion(null, [recall(), bash()]));
    const { text, turns } = splice(provider.streamSplicer(), [events], false);
    expect(text).toBe(events.join(""));
    expect(turns).toEqual([null]);
  });
});
