// Limits and faults of a listening proxy, seen by the official SDKs: a body
// over the cap, an upstream that times out or cannot be reached, upstream
// errors relayed verbatim, a client that goes away, a compression that fails,
// and 100 requests in flight at once.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { createProxy, type PithyProxy, type ProxyOptions } from "../../src/proxy/index.js";
import { corpusCases, readCase } from "../support/corpus.js";
import {
  anthropicConversation,
  BASH_TOOL_ANTHROPIC,
  bigLog,
  chatConversation,
  markerKey,
} from "./support/conversations.js";
import { startFakeUpstream, type FakeUpstreamServer } from "./support/fake-upstream-server.js";
import type { Script } from "./support/fake-upstream.js";
import { anthropicMessage, anthropicStream, chatCompletion } from "./support/shapes.js";

let upstream: FakeUpstreamServer | undefined;
let proxy: PithyProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await upstream?.close();
  proxy = undefined;
  upstream = undefined;
});

async function setUp(script: Script, options: ProxyOptions = {}) {
  upstream = await startFakeUpstream(script);
  proxy = createProxy({
    pithy: await createPithy({ recallMaxTokens: 1_000_000 }),
    anthropicUpstream: upstream.url,
    openaiUpstream: upstream.url,
    port: 0,
    ...options,
  });
  const { url } = await proxy.listen();
  return {
    anthropic: new Anthropic({ apiKey: "sk-ant-test", baseURL: url, maxRetries: 0 }),
    openai: new OpenAI({ apiKey: "sk-test", baseURL: `${url}/v1`, maxRetries: 0 }),
    upstream,
    url,
  };
}

const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

function params(content: string, stream = false): Anthropic.MessageCreateParams {
  return {
    model: "claude-sonnet-4-5",
    max_tokens: 256,
    stream,
    tools: [BASH_TOOL_ANTHROPIC] as Anthropic.Tool[],
    messages: anthropicConversation(content) as unknown as Anthropic.MessageParam[],
  };
}

describe("proxy limits and faults", () => {
  it("refuses a body over the cap with a 413 in Anthropic's error shape", async () => {
    const log = await bigLog();
    const { anthropic, upstream } = await setUp(() => ({ json: anthropicMessage([{ type: "text", text: "x" }]) }), {
      maxBodyBytes: 64 * 1024,
    });
    const error = await anthropic.messages
      .create(params(log) as Anthropic.MessageCreateParamsNonStreaming)
      .catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.status).toBe(413);
    expect(error.error).toMatchObject({ type: "error", error: { type: "request_too_large" } });
    expect(upstream.requests).toHaveLength(0);
    expect(proxy!.stats().errors.body_too_large).toBe(1);
  });

  it("refuses a body over the cap with a 413 in OpenAI's error shape", async () => {
    const log = await bigLog();
    const { openai } = await setUp(() => ({ json: chatCompletion("x") }), { maxBodyBytes: 64 * 1024 });
    const error = await openai.chat.completions
      .create({
        model: "gpt-4.1",
        messages: chatConversation(log) as unknown as OpenAI.Chat.ChatCompletionMessageParam[],
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.status).toBe(413);
    expect(error.code).toBe("request_too_large");
  });

  it("maps an upstream that does not answer in time to a 504 timeout_error and drops the call", async () => {
    const { anthropic, upstream } = await setUp(() => ({ hang: true }), { upstreamTimeoutMs: 150 });
    const error = await anthropic.messages
      .create(params("short") as Anthropic.MessageCreateParamsNonStreaming)
      .catch((e) => e);
    expect(error.status).toBe(504);
    expect(error.error).toMatchObject({ type: "error", error: { type: "timeout_error" } });
    await until(() => upstream.aborted === 1);
    expect(proxy!.stats().errors.upstream_timeout).toBe(1);
  });

  it("maps an upstream that cannot be reached to a 502 in OpenAI's error shape", async () => {
    const closed = await startFakeUpstream(() => ({ json: {} }));
    const deadUrl = closed.url;
    await closed.close();
    const { openai } = await setUp(() => ({ json: {} }), { openaiUpstream: deadUrl });
    const error = await openai.chat.completions
      .create({ model: "gpt-4.1", messages: [{ role: "user", content: "hi" }] })
      .catch((e) => e);
    expect(error.status).toBe(502);
    expect(error.code).toBe("upstream_unreachable");
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("relays an upstream error verbatim, with its status and headers", async () => {
    const body = {
      type: "error",
      error: { type: "rate_limit_error", message: "Number of requests has exceeded your rate limit." },
    };
    const { url } = await setUp(() => ({ status: 429, json: body, headers: { "retry-after": "7" } }));
    const response = await fetch(`${url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "m", max_tokens: 1, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(await response.json()).toEqual(body);
  });

  it("cancels the upstream call when the client goes away while it waits", async () => {
    const { anthropic, upstream } = await setUp(() => ({ hang: true }));
    const abort = new AbortController();
    const pending = anthropic.messages
      .create(params("short") as Anthropic.MessageCreateParamsNonStreaming, { signal: abort.signal })
      .catch((e) => e);
    await until(() => upstream.requests.length === 1);
    abort.abort();
    expect(await pending).toBeInstanceOf(Anthropic.APIUserAbortError);
    await until(() => upstream.aborted === 1);
    await until(() => proxy!.stats().errors.client_aborted === 1);
  });

  it("cancels the upstream stream when the client goes away in the middle of it", async () => {
    const long = anthropicMessage([{ type: "text", text: "word ".repeat(400) }]);
    const { anthropic, upstream } = await setUp(() => ({ sse: anthropicStream(long), gapMs: 20 }));
    const stream = await anthropic.messages.create(params("short", true) as Anthropic.MessageCreateParamsStreaming);
    let events = 0;
    for await (const _event of stream) if (++events === 5) break;
    await until(() => upstream.aborted === 1);
    await until(() => proxy!.stats().errors.client_aborted === 1);
    expect(events).toBe(5);
  });

  it("forwards the client's bytes when a compression throws, and counts it", async () => {
    const log = await bigLog();
    const real = await createPithy();
    const failing = {
      ...real,
      compress: async () => {
        throw new Error("boom");
      },
      recall: (key: string) => real.recall(key),
    } as unknown as Pithy;
    const { anthropic, upstream } = await setUp(() => ({ json: anthropicMessage([{ type: "text", text: "ok" }]) }), {
      pithy: failing,
    });
    const message = await anthropic.messages.create(params(log) as Anthropic.MessageCreateParamsNonStreaming);
    expect(message.content).toEqual([{ type: "text", text: "ok" }]);
    expect(upstream.requests[0].json.messages[2].content[0].content).toBe(log);
    expect(upstream.requests[0].json.tools).toHaveLength(1);
    expect(proxy!.stats().errors.compression).toBe(1);
    expect(proxy!.stats().skips.compression_failed).toBe(1);
  });

  it("serves 100 requests in flight at once, each with its own answer", async () => {
    const cases = (await corpusCases()).filter((c) => ["log", "json", "search", "diff"].includes(c.class));
    const outputs = await Promise.all(cases.map(readCase));
    const recalled = new Set<number>();
    const { anthropic, upstream } = await setUp(async (req) => {
      const id: string = req.json.messages[1].content[1].id;
      // Answer in a shuffled order: later requests may finish first.
      await new Promise((r) => setTimeout(r, (Number(id.split("_")[1]) * 7919) % 40));
      const n = Number(id.split("_")[1]);
      if (n % 4 === 1 && req.json.messages.length === 3 && req.json.tools.length === 2) {
        // Every fourth request (with a marker) gets a recall round the proxy answers itself.
        recalled.add(n);
        const key = markerKey(JSON.stringify(req.json.messages[2].content[0].content));
        const turn = anthropicMessage([
          { type: "tool_use", id: `toolu_recall_${n}`, name: RECALL_TOOL_NAME, input: { key } },
        ]);
        return req.json.stream ? { sse: anthropicStream(turn) } : { json: turn };
      }
      const answer =
        req.json.messages.length === 5 ? ` recalled ${req.json.messages[4].content[0].content.length}` : "";
      const reply = anthropicMessage([{ type: "text", text: `answer to ${id}${answer}` }]);
      return req.json.stream ? { sse: anthropicStream(reply) } : { json: reply };
    });
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, n) => {
        const output = outputs[n % outputs.length];
        const body = {
          ...params(output),
          messages: anthropicConversation(output, `toolu_${n}`) as unknown as Anthropic.MessageParam[],
        };
        const message =
          n % 2 === 0
            ? await anthropic.messages.create({ ...body, stream: false } as Anthropic.MessageCreateParamsNonStreaming)
            : await anthropic.messages
                .stream({ ...body, stream: undefined } as Anthropic.MessageStreamParams)
                .finalMessage();
        return { n, output, text: message.content.map((b) => (b.type === "text" ? b.text : "")).join("") };
      }),
    );
    for (const { n, output, text } of results) {
      expect(text).toBe(recalled.has(n) ? `answer to toolu_${n} recalled ${output.length}` : `answer to toolu_${n}`);
    }
    expect(recalled.size).toBeGreaterThan(10);
    expect(proxy!.stats().recall.rounds).toBe(recalled.size);
    await until(() => proxy!.stats().requests.inFlight === 0);
    expect(upstream.requests.length).toBe(100 + recalled.size);
  }, 60_000);
});
