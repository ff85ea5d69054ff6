// The official Anthropic SDK pointed at a listening proxy, against a fake
// Messages API on loopback: what the upstream receives, what the client gets,
// streaming and transparent recall included.
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { createPithy } from "../../src/pipeline.js";
import { createProxy, type PithyProxy } from "../../src/proxy/index.js";
import { startFakeUpstream, type FakeUpstreamServer } from "./support/fake-upstream-server.js";
import type { Script } from "./support/fake-upstream.js";
import { anthropicMessage, anthropicStream } from "./support/shapes.js";
import {
  anthropicConversation,
  BASH_TOOL_ANTHROPIC,
  bigLog,
  markerKey,
  SYSTEM_PROMPT,
} from "./support/conversations.js";

let upstream: FakeUpstreamServer | undefined;
let proxy: PithyProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await upstream?.close();
  proxy = undefined;
  upstream = undefined;
});

/** Headers of every request the SDK sent to the proxy, as it sent them. */
let sentHeaders: Record<string, string>[] = [];

async function setUp(script: Script) {
  upstream = await startFakeUpstream(script);
  // Recall answers are not cut here: the tests follow the original round trip (bounds: handle-recall.test.ts).
  const pithy = await createPithy({ recallMaxTokens: 1_000_000 });
  proxy = createProxy({ pithy, anthropicUpstream: upstream.url, port: 0 });
  const { url } = await proxy.listen();
  sentHeaders = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    sentHeaders.push(headers);
    return fetch(input, init);
  };
  const client = new Anthropic({
    apiKey: "sk-ant-test-key",
    baseURL: url,
    maxRetries: 0,
    fetch: recordingFetch,
    defaultHeaders: { "anthropic-beta": "prompt-caching-2024-07-31", "x-api-key": "sk-ant-test-key" },
  });
  return { client, pithy, upstream };
}

/** Headers that belong to one hop (or that the runtime's fetch sets itself). */
const HOP_HEADERS = new Set(["host", "connection", "content-length", "accept-encoding", "transfer-encoding"]);

/** The text of the tool_result block the upstream received in its `n`-th request. */
function receivedToolResult(up: FakeUpstreamServer, n = 0): string {
  const messages = up.requests[n].json.messages as { content: unknown }[];
  const blocks = messages[2].content as { type: string; content: string }[];
  return blocks[0].content;
}

describe("the proxy with the Anthropic SDK", () => {
  it("sends the upstream a compressed tool result, the recall tool last, and the client's headers", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp(() => ({
      json: anthropicMessage([{ type: "text", text: "A peer dependency conflict." }]),
    }));
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      system: SYSTEM_PROMPT,
      tools: [BASH_TOOL_ANTHROPIC] as Anthropic.Tool[],
      messages: anthropicConversation(log) as unknown as Anthropic.MessageParam[],
    });
    expect(message.content).toEqual([{ type: "text", text: "A peer dependency conflict." }]);
    const received = upstream.requests[0];
    expect(received.path).toBe("/v1/messages");
    expect(received.headers["x-api-key"]).toBe("sk-ant-test-key");
    expect(received.headers.authorization).toBe("Bearer sk-ant-test-key");
    expect(received.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(received.headers["anthropic-beta"]).toBe("prompt-caching-2024-07-31");
    for (const [name, value] of Object.entries(sentHeaders[0])) {
      if (!HOP_HEADERS.has(name)) expect([name, received.headers[name]]).toEqual([name, value]);
    }
    expect(received.json.system).toBe(SYSTEM_PROMPT);
    expect(received.json.messages[0]).toEqual({ role: "user", content: "Why does `npm install` fail here?" });
    const result = receivedToolResult(upstream);
    expect(result.length).toBeLessThan(log.length / 10);
    expect(markerKey(result)).toMatch(/^[0-9a-f]{32,}$/);
    expect(received.json.tools.map((t: { name: string }) => t.name)).toEqual(["Bash", RECALL_TOOL_NAME]);
  });

  it("answers a recall-only turn itself and returns the continued message", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        const key = markerKey(req.json.messages[2].content[0].content);
        return {
          json: anthropicMessage([
            { type: "text", text: "I need the full log." },
            { type: "tool_use", id: "toolu_recall_1", name: RECALL_TOOL_NAME, input: { key } },
          ]),
        };
      }
      return { json: anthropicMessage([{ type: "text", text: "The install fails on ERESOLVE." }]) };
    });
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      tools: [BASH_TOOL_ANTHROPIC] as Anthropic.Tool[],
      messages: anthropicConversation(log) as unknown as Anthropic.MessageParam[],
    });
    expect(message.stop_reason).toBe("end_turn");
    expect(message.content).toEqual([
      { type: "text", text: "I need the full log." },
      { type: "text", text: "The install fails on ERESOLVE." },
    ]);
    expect(message.usage.input_tokens).toBe(240);
    expect(upstream.requests).toHaveLength(2);
    const continued = upstream.requests[1].json.messages;
    expect(continued).toHaveLength(5);
    expect(continued[3].role).toBe("assistant");
    expect(continued[3].content[1]).toMatchObject({ type: "tool_use", name: RECALL_TOOL_NAME });
    expect(continued[4].content[0]).toEqual({ type: "tool_result", tool_use_id: "toolu_recall_1", content: log });
    // The continuation resends the first request's compressed history byte for byte.
    expect(JSON.stringify(continued.slice(0, 3))).toBe(JSON.stringify(upstream.requests[0].json.messages));
  });

  it("relays a stream the SDK assembles into the same message", async () => {
    const log = await bigLog();
    const reply = anthropicMessage([{ type: "text", text: "A peer dependency conflict between react versions." }]);
    const { client } = await setUp(() => ({ sse: anthropicStream(reply) }));
    const stream = client.messages.stream({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      tools: [BASH_TOOL_ANTHROPIC] as Anthropic.Tool[],
      messages: anthropicConversation(log) as unknown as Anthropic.MessageParam[],
    });
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: "text", text: "A peer dependency conflict between react versions." }]);
    expect(final.stop_reason).toBe("end_turn");
  });

  it("answers a streamed recall call and streams the continuation as one message", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        const key = markerKey(req.json.messages[2].content[0].content);
        return {
          sse: anthropicStream(
            anthropicMessage([
              { type: "text", text: "Let me look at the whole log." },
              { type: "tool_use", id: "toolu_recall_2", name: RECALL_TOOL_NAME, input: { key } },
            ]),
          ),
        };
      }
      return {
        sse: anthropicStream(
          anthropicMessage([
            { type: "text", text: "ERESOLVE: react@18 vs react@17." },
            { type: "tool_use", id: "toolu_bash_2", name: "Bash", input: { command: "npm ls react" } },
          ]),
        ),
      };
    });
    const stream = client.messages.stream({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      tools: [BASH_TOOL_ANTHROPIC] as Anthropic.Tool[],
      messages: anthropicConversation(log) as unknown as Anthropic.MessageParam[],
    });
    const events: string[] = [];
    stream.on("streamEvent", (e) => events.push(e.type));
    const final = await stream.finalMessage();
    expect(final.content).toEqual([
      { type: "text", text: "Let me look at the whole log." },
      { type: "text", text: "ERESOLVE: react@18 vs react@17." },
      { type: "tool_use", id: "toolu_bash_2", name: "Bash", input: { command: "npm ls react" } },
    ]);
    expect(final.stop_reason).toBe("tool_use");
    expect(final.usage.output_tokens).toBe(60);
    expect(events.filter((t) => t === "message_start")).toHaveLength(1);
    expect(events.filter((t) => t === "message_stop")).toHaveLength(1);
    expect(upstream.requests[1].json.messages[4].content[0].content).toBe(log);
    expect(upstream.requests[1].json.stream).toBe(true);
  });

  it("hands a turn that calls recall and a client tool to the client, and answers the recall in the next request", async () => {
    const log = await bigLog();
    let key = "";
    const { client, upstream } = await setUp((req, n) => {
      if (n === 0) {
        key = markerKey(req.json.messages[2].content[0].content);
        return {
          json: anthropicMessage([
            { type: "tool_use", id: "toolu_r3", name: RECALL_TOOL_NAME, input: { key } },
            { type: "tool_use", id: "toolu_b3", name: "Bash", input: { command: "node -v" } },
          ]),
        };
      }
      return { json: anthropicMessage([{ type: "text", text: "Done." }]) };
    });
    const messages = anthropicConversation(log) as unknown as Anthropic.MessageParam[];
    const first = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      tools: [BASH_TOOL_ANTHROPIC] as Anthropic.Tool[],
      messages,
    });
    expect(first.content.map((b) => (b.type === "tool_use" ? b.name : b.type))).toEqual([RECALL_TOOL_NAME, "Bash"]);
    // The client runs its own tool and reports the unknown one as an error, as agents do.
    await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      tools: [BASH_TOOL_ANTHROPIC] as Anthropic.Tool[],
      messages: [
        ...messages,
        { role: "assistant", content: first.content as Anthropic.ContentBlockParam[] },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_r3", content: "Error: No such tool available", is_error: true },
            { type: "tool_result", tool_use_id: "toolu_b3", content: "v20.20.2" },
          ],
        },
      ],
    });
    const sent = upstream.requests[1].json.messages[4].content;
    expect(sent[0]).toEqual({ type: "tool_result", tool_use_id: "toolu_r3", content: log });
    expect(sent[1]).toEqual({ type: "tool_result", tool_use_id: "toolu_b3", content: "v20.20.2" });
    expect(proxy!.stats().recall.answeredInHistory).toBe(1);
  });

  it("passes count_tokens through untouched", async () => {
    const log = await bigLog();
    const { client, upstream } = await setUp(() => ({ json: { input_tokens: 61234 } }));
    const counted = await client.messages.countTokens({
      model: "claude-sonnet-4-5",
      messages: anthropicConversation(log) as unknown as Anthropic.MessageParam[],
    });
    expect(counted.input_tokens).toBe(61234);
    expect(upstream.requests[0].path).toBe("/v1/messages/count_tokens");
    expect(upstream.requests[0].json.messages[2].content[0].content).toBe(log);
  });
});
