// The official OpenAI SDK pointed at a listening proxy (baseURL …/v1), against
// a fake Chat Completions and Responses API on loopback: what the upstream
// receives, what the client gets, streaming and transparent recall included.
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { createPithy } from "../../src/pipeline.js";
import { createProxy, type PithyProxy } from "../../src/proxy/index.js";
import {
  BASH_TOOL_CHAT,
  BASH_TOOL_RESPONSES,
  bigLog,
  chatConversation,
  markerKey,
  responsesInput,
  SYSTEM_PROMPT,
} from "./support/conversations.js";
import { startFakeUpstream, type FakeUpstreamServer } from "./support/fake-upstream-server.js";
import type { Script } from "./support/fake-upstream.js";
import { chatCompletion, chatStream, responsesResponse, responsesStream } from "./support/shapes.js";

let upstream: FakeUpstreamServer | undefined;
let proxy: PithyProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await upstream?.close();
  proxy = undefined;
  upstream = undefined;
});

async function setUp(script: Script) {
  upstream = await startFakeUpstream(script);
  proxy = createProxy({
    pithy: await createPithy({ recallMaxTokens: 1_000_000 }),
    openaiUpstream: upstream.url,
    port: 0,
  });
  const { url } = await proxy.listen();
  const client = new OpenAI({
    apiKey: "sk-test-openai",
    organization: "org-test",
    project: "proj_test",
    baseURL: `${url}/v1`,
    maxRetries: 0,
  });
  return { client, upstream };
}

const chatTools = [BASH_TOOL_CHAT] as OpenAI.Chat.ChatCompletionTool[];
const responsesTools = [BASH_TOOL_RESPONSES] as OpenAI.Responses.FunctionTool[];

describe("the proxy with the OpenAI SDK, Chat Completions", () => {
  it("sends the upstream a compressed tool message, the recall tool last, and the client's headers", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp(() => ({ json: chatCompletion("A peer dependency conflict.") }));
    const completion = await client.chat.completions.create({
      model: "gpt-4.1",
      messages: chatConversation(log) as unknown as OpenAI.Chat.ChatCompletionMessageParam[],
      tools: chatTools,
    });
    expect(completion.choices[0].message.content).toBe("A peer dependency conflict.");
    const received = upstream.requests[0];
    expect(received.path).toBe("/v1/chat/completions");
    expect(received.headers.authorization).toBe("Bearer sk-test-openai");
    expect(received.headers["openai-organization"]).toBe("org-test");
    expect(received.headers["openai-project"]).toBe("proj_test");
    expect(received.json.messages[0]).toEqual({ role: "system", content: SYSTEM_PROMPT });
    const result = received.json.messages[3].content as string;
    expect(result.length).toBeLessThan(log.length / 10);
    expect(markerKey(result)).toMatch(/^[0-9a-f]{32,}$/);
    expect(received.json.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      "Bash",
      RECALL_TOOL_NAME,
    ]);
  });

  it("answers a recall-only turn itself and returns the continued completion", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        const key = markerKey(req.json.messages[3].content);
        return {
          json: chatCompletion(null, [
            { id: "call_recall_1", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
          ]),
        };
      }
      return { json: chatCompletion("ERESOLVE between react versions.") };
    });
    const completion = await client.chat.completions.create({
      model: "gpt-4.1",
      messages: chatConversation(log) as unknown as OpenAI.Chat.ChatCompletionMessageParam[],
      tools: chatTools,
    });
    expect(completion.choices[0].message.content).toBe("ERESOLVE between react versions.");
    expect(completion.choices[0].finish_reason).toBe("stop");
    expect(completion.usage?.prompt_tokens).toBe(240);
    const continued = upstream.requests[1].json.messages;
    expect(continued[4]).toMatchObject({ role: "assistant", tool_calls: [{ id: "call_recall_1" }] });
    expect(continued[5]).toEqual({ role: "tool", tool_call_id: "call_recall_1", content: log });
  });

  it("answers a streamed recall call and streams the continuation, usage of both rounds included", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        const key = markerKey(req.json.messages[3].content);
        const first = chatCompletion("Checking the full log. ", [
          { id: "call_recall_2", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
        ]);
        return { sse: chatStream(first, true) };
      }
      return { sse: chatStream(chatCompletion("It is ERESOLVE."), true) };
    });
    const stream = await client.chat.completions.create({
      model: "gpt-4.1",
      messages: chatConversation(log) as unknown as OpenAI.Chat.ChatCompletionMessageParam[],
      tools: chatTools,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: OpenAI.CompletionUsage | null | undefined;
    const finishes: string[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      if (chunk.choices[0]?.delta.tool_calls) throw new Error("the client saw a recall call");
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe("Checking the full log. It is ERESOLVE.");
    expect(finishes).toEqual(["stop"]);
    expect(usage?.total_tokens).toBe(300);
    expect(upstream.requests[1].json.messages[5]).toEqual({
      role: "tool",
      tool_call_id: "call_recall_2",
      content: log,
    });
  });

  it("hands a turn with a recall call and a client call to the client, stream and all", async () => {
    const log = await bigLog();
    const { client } = await setUp((req) => {
      const key = markerKey(req.json.messages[3].content);
      const both = chatCompletion(null, [
        { id: "call_r", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
        { id: "call_b", name: "Bash", arguments: '{"command":"node -v"}' },
      ]);
      return { sse: chatStream(both) };
    });
    const stream = client.chat.completions.stream({
      model: "gpt-4.1",
      messages: chatConversation(log) as unknown as OpenAI.Chat.ChatCompletionMessageParam[],
      tools: chatTools,
    });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0].message.tool_calls?.map((c) => (c.type === "function" ? c.function.name : c.type))).toEqual(
      [RECALL_TOOL_NAME, "Bash"],
    );
  });
});

describe("the proxy with the OpenAI SDK, Responses", () => {
  it("sends the upstream a compressed function_call_output and the recall tool last", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp(() => ({
      json: responsesResponse([{ type: "message", text: "Conflict." }]),
    }));
    const response = await client.responses.create({
      model: "gpt-4.1",
      instructions: SYSTEM_PROMPT,
      input: responsesInput(log) as unknown as OpenAI.Responses.ResponseInput,
      tools: responsesTools,
    });
    expect(response.output_text).toBe("Conflict.");
    const received = upstream.requests[0];
    expect(received.path).toBe("/v1/responses");
    expect(received.json.instructions).toBe(SYSTEM_PROMPT);
    const output = received.json.input[2].output as string;
    expect(output.length).toBeLessThan(log.length / 10);
    expect(received.json.tools.map((t: { name: string }) => t.name)).toEqual(["Bash", RECALL_TOOL_NAME]);
  });

  it("answers a recall-only response itself", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        const key = markerKey(req.json.input[2].output);
        return {
          json: responsesResponse([
            { type: "function_call", call_id: "call_rr1", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
          ]),
        };
      }
      return { json: responsesResponse([{ type: "message", text: "ERESOLVE." }]) };
    });
    const response = await client.responses.create({
      model: "gpt-4.1",
      input: responsesInput(log) as unknown as OpenAI.Responses.ResponseInput,
      tools: responsesTools,
    });
    expect(response.output_text).toBe("ERESOLVE.");
    expect(response.usage?.input_tokens).toBe(240);
    const continued = upstream.requests[1].json.input;
    expect(continued[3]).toMatchObject({ type: "function_call", call_id: "call_rr1", name: RECALL_TOOL_NAME });
    expect(continued[4]).toEqual({ type: "function_call_output", call_id: "call_rr1", output: log });
  });

  it("answers a streamed recall call and streams the continuation as one response", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        const key = markerKey(req.json.input[2].output);
        return {
          sse: responsesStream(
            responsesResponse([
              { type: "message", text: "Reading the whole log." },
              {
                type: "function_call",
                call_id: "call_rs1",
                name: RECALL_TOOL_NAME,
                arguments: JSON.stringify({ key }),
              },
            ]),
          ),
        };
      }
      return { sse: responsesStream(responsesResponse([{ type: "message", text: "It is ERESOLVE." }])) };
    });
    const stream = client.responses.stream({
      model: "gpt-4.1",
      input: responsesInput(log) as unknown as OpenAI.Responses.ResponseInput,
      tools: responsesTools,
    });
    const types: string[] = [];
    const sequence: number[] = [];
    for await (const event of stream) {
      types.push(event.type);
      sequence.push(event.sequence_number);
    }
    const final = await stream.finalResponse();
    expect(final.output.map((item) => item.type)).toEqual(["message", "message"]);
    expect(final.output_text).toBe("Reading the whole log.It is ERESOLVE.");
    expect(final.usage?.total_tokens).toBe(300);
    expect(types.filter((t) => t === "response.created")).toHaveLength(1);
    expect(types.filter((t) => t === "response.completed")).toHaveLength(1);
    expect(sequence).toEqual(sequence.map((_, i) => i));
    expect(upstream.requests[1].json.input[5]).toEqual({
      type: "function_call_output",
      call_id: "call_rs1",
      output: log,
    });
  });

  it("continues a stored conversation from the response it answered", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        const key = markerKey(req.json.input[2].output);
        return {
          json: responsesResponse([
            { type: "function_call", call_id: "call_rp1", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
          ]),
        };
      }
      return { json: responsesResponse([{ type: "message", text: "Done." }]) };
    });
    await client.responses.create({
      model: "gpt-4.1",
      previous_response_id: "resp_earlier",
      input: responsesInput(log) as unknown as OpenAI.Responses.ResponseInput,
      tools: responsesTools,
    });
    const first = upstream.requests[0];
    const continued = upstream.requests[1].json;
    expect(continued.previous_response_id).toMatch(/^resp_fake/);
    expect(continued.previous_response_id).not.toBe(first.json.previous_response_id);
    expect(continued.input).toEqual([{ type: "function_call_output", call_id: "call_rp1", output: log }]);
  });

  it("answers a recall call of a stored response when the client continues it with its own outputs only", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        const key = markerKey(req.json.input[2].output);
        return {
          json: responsesResponse([
            { type: "function_call", call_id: "call_sr", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) },
            { type: "function_call", call_id: "call_sb", name: "Bash", arguments: '{"command":"node -v"}' },
          ]),
        };
      }
      return { json: responsesResponse([{ type: "message", text: "Done." }]) };
    });
    const first = await client.responses.create({
      model: "gpt-4.1",
      input: responsesInput(log) as unknown as OpenAI.Responses.ResponseInput,
      tools: responsesTools,
    });
    expect(first.output.map((o) => (o.type === "function_call" ? o.name : o.type))).toEqual([RECALL_TOOL_NAME, "Bash"]);
    await client.responses.create({
      model: "gpt-4.1",
      previous_response_id: first.id,
      input: [{ type: "function_call_output", call_id: "call_sb", output: "v20.20.2" }],
      tools: responsesTools,
    });
    expect(upstream.requests[1].json.input).toEqual([
      { type: "function_call_output", call_id: "call_sr", output: log },
      { type: "function_call_output", call_id: "call_sb", output: "v20.20.2" },
    ]);
  });
});
