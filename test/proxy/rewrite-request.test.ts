import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { RECALL_TOOL_NAME, recallTool } from "../../src/messages/recall-tool.js";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { anthropicProvider } from "../../src/proxy/providers/anthropic.js";
import { openAIChatProvider } from "../../src/proxy/providers/openai-chat.js";
import { openAIResponsesProvider } from "../../src/proxy/providers/openai-responses.js";
import { rewriteRequest } from "../../src/proxy/rewrite-request.js";
import {
  anthropicConversation,
  BASH_TOOL_ANTHROPIC,
  BASH_TOOL_CHAT,
  BASH_TOOL_RESPONSES,
  bigLog,
  chatConversation,
  markerKey,
  responsesInput,
  SYSTEM_PROMPT,
} from "./support/conversations.js";

const encode = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
let pithy: Pithy;
let log: string;

beforeAll(async () => {
  pithy = await createPithy();
  log = await bigLog();
});

describe("rewriteRequest", () => {
  it("compresses the tool result, adds the recall tool last and changes nothing else (Anthropic)", async () => {
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: [{ type: "text", text: SYSTEM_PROMPT, cache_control: { type: "ephemeral" } }],
      tools: [BASH_TOOL_ANTHROPIC],
      messages: anthropicConversation(log),
      stream: true,
    };
    const out = await rewriteRequest(encode(body), anthropicProvider, pithy);
    expect(out.skip).toBeUndefined();
    expect(out.stream).toBe(true);
    expect(out.recallOffered).toBe(true);
    expect(out.compressed).toBe(1);
    expect(out.tokensOut).toBeLessThan(out.tokensIn / 10);
    const sent = JSON.parse(out.body as string);
    expect(Object.keys(sent)).toEqual(Object.keys(body));
    expect(sent.system).toEqual(body.system);
    expect(sent.messages.slice(0, 2)).toEqual(body.messages.slice(0, 2));
    expect((await pithy.recall(markerKey(sent.messages[2].content[0].content))).found).toBe(true);
    expect(sent.tools).toEqual([BASH_TOOL_ANTHROPIC, recallTool("anthropic")]);
  });

  it("adds the recall tool in each OpenAI API's own format", async () => {
    const chat = await rewriteRequest(
      encode({ model: "m", tools: [BASH_TOOL_CHAT], messages: chatConversation(log) }),
      openAIChatProvider,
      pithy,
    );
    expect(JSON.parse(chat.body as string).tools).toEqual([BASH_TOOL_CHAT, recallTool("openai-chat")]);
    const responses = await rewriteRequest(
      encode({ model: "m", tools: [BASH_TOOL_RESPONSES], input: responsesInput(log) }),
      openAIResponsesProvider,
      pithy,
    );
    expect(JSON.parse(responses.body as string).tools).toEqual([BASH_TOOL_RESPONSES, recallTool("openai-responses")]);
  });

  it("sends the client's very bytes when there is nothing to compress", async () => {
    const bytes = encode('{ "model": "m",   "messages": [{"role":"user","content":"hi"}] }');
    const out = await rewriteRequest(bytes, anthropicProvider, pithy);
    expect(out.body).toBe(bytes);
    expect(out.skip).toBe("nothing_to_compress");
    expect(out.recallOffered).toBe(false);
  });

  it("sends the client's very bytes for a body that is not UTF-8 JSON, or has no conversation", async () => {
    const cases: [Uint8Array, string][] = [
      [new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]), "not_utf8"],
      [encode("{not json"), "not_json"],
      [encode({ model: "m", input: "just a string" }), "no_conversation"],
    ];
    for (const [bytes, skip] of cases) {
      const out = await rewriteRequest(bytes, openAIResponsesProvider, pithy);
      expect([out.body, out.skip]).toEqual([bytes, skip]);
    }
  });

  it("sends the client's very bytes when writing the body back would change a number", async () => {
    const text = JSON.stringify({ model: "m", messages: chatConversation(log) }).replace(
      '"model":"m"',
      '"model":"m","seed":12345678901234567890',
    );
    const out = await rewriteRequest(encode(text), openAIChatProvider, pithy);
    expect(out.skip).toBe("unsafe_number");
    expect(new TextDecoder().decode(out.body as Uint8Array)).toBe(text);
  });

  it("leaves recall to a client that declares the recall tool itself", async () => {
    const key = await pithy.archive("the original");
    const messages = [
      ...anthropicConversation(log),
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_own", name: RECALL_TOOL_NAME, input: { key } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_own", content: "answered by the client" }] },
    ];
    const tools = [BASH_TOOL_ANTHROPIC, recallTool("anthropic")];
    const out = await rewriteRequest(encode({ model: "m", tools, messages }), anthropicProvider, pithy);
    const sent = JSON.parse(out.body as string);
    expect(out.recallOffered).toBe(false);
    expect(out.answered).toBe(0);
    expect(sent.tools).toEqual(tools);
    expect(sent.messages[4].content[0].content).toBe("answered by the client");
  });

  it("gives the same bytes for the same history, and a longer history's bytes start with them", async () => {
    const outputs = [log, log.slice(0, 60_000), "small output\n", log.slice(50_000, 150_000)];
    let compressedTurns = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: outputs.length - 1 }), { minLength: 2, maxLength: 5 }), async (picks) => {
        const messages: Record<string, unknown>[] = [{ role: "user", content: "start" }];
        const sent: string[] = [];
        for (let turn = 0; turn < picks.length; turn++) {
          const id = `toolu_${turn}`;
          messages.push({ role: "assistant", content: [{ type: "tool_use", id, name: "Bash", input: { n: turn } }] });
          messages.push({
            role: "user",
            content: [{ type: "tool_result", tool_use_id: id, content: outputs[picks[turn]] }],
          });
          const out = await rewriteRequest(
            encode({ model: "m", tools: [BASH_TOOL_ANTHROPIC], messages }),
            anthropicProvider,
            pithy,
          );
          const again = await rewriteRequest(
            encode({ model: "m", tools: [BASH_TOOL_ANTHROPIC], messages }),
            anthropicProvider,
            pithy,
          );
          expect(new TextDecoder().decode(encode(again.body))).toBe(new TextDecoder().decode(encode(out.body)));
          if (out.compressed > 0) compressedTurns++;
          sent.push(typeof out.body === "string" ? out.body : new TextDecoder().decode(out.body));
        }
        for (let i = 1; i < sent.length; i++) {
          const before = JSON.parse(sent[i - 1]).messages as unknown[];
          const now = JSON.parse(sent[i]).messages as unknown[];
          expect(now.slice(0, before.length).map((m) => JSON.stringify(m))).toEqual(
            before.map((m) => JSON.stringify(m)),
          );
        }
      }),
      { numRuns: 15 },
    );
    expect(compressedTurns).toBeGreaterThan(0);
  });
});
