// The proxy as a fetch handler, with a fake upstream fetch: runs in Node,
// Chromium and Deno alike, as it would in a worker runtime.
import { beforeAll, describe, expect, it } from "vitest";
import { PithyConfigError } from "../../src/errors.js";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { createProxy, STATS_PATH } from "../../src/proxy/index.js";
import { anthropicConversation, BASH_TOOL_ANTHROPIC, bigLog, markerKey } from "./support/conversations.js";
import { fakeFetch, type Script } from "./support/fake-upstream.js";
import { type AnthropicBlock, anthropicMessage, anthropicStream } from "./support/shapes.js";
import { dataOf } from "./support/splice.js";

let pithy: Pithy;
let log: string;

beforeAll(async () => {
  // Recall answers are not cut here: these tests follow the original round trip (bounds: handle-recall.test.ts).
  pithy = await createPithy({ recallMaxTokens: 1_000_000 });
  log = await bigLog();
});

function setUp(script: Script, options: Record<string, unknown> = {}) {
  const upstream = fakeFetch(script);
  const lines: string[] = [];
  const proxy = createProxy({
    pithy,
    fetch: upstream.fetch,
    anthropicUpstream: "https://anthropic.test",
    openaiUpstream: "https://openai.test",
    log: (line) => lines.push(line),
    ...options,
  });
  return { proxy, upstream, lines };
}

const messagesRequest = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:8787/v1/messages", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": "sk-ant-secret",
      "anthropic-version": "2023-06-01",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const conversation = (stream = false) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 256,
  tools: [BASH_TOOL_ANTHROPIC],
  messages: anthropicConversation(log),
  ...(stream ? { stream: true } : {}),
});

const recallReply = (
  req: { json: { messages: { content: { content: string }[] }[] } },
  id = "toolu_r",
): AnthropicBlock => ({
  type: "tool_use",
  id,
  name: RECALL_TOOL_NAME,
  input: { key: markerKey(req.json.messages[2].content[0].content) },
});

describe("createProxy().fetch", () => {
  it("serves its counters and pithy's at /pithy/stats without calling the upstream", async () => {
    const { proxy, upstream } = setUp(() => ({ json: {} }));
    const response = await proxy.fetch(new Request(`http://127.0.0.1:8787${STATS_PATH}`));
    expect(response.status).toBe(200);
    const stats = await response.json();
    expect(stats.proxy.requests.total).toBe(0);
    expect(stats.pithy.totals).toBeDefined();
    expect(upstream.requests).toHaveLength(0);
  });

  it("forwards other paths to the upstream with their query, and relays the answer as it is", async () => {
    const { proxy, upstream } = setUp(() => ({
      status: 200,
      json: { data: [{ id: "gpt-4.1" }] },
      headers: { "x-request-id": "r1" },
    }));
    const response = await proxy.fetch(
      new Request("http://127.0.0.1:8787/v1/models?limit=5", { headers: { authorization: "Bearer sk-secret" } }),
    );
    expect(await response.json()).toEqual({ data: [{ id: "gpt-4.1" }] });
    expect(response.headers.get("x-request-id")).toBe("r1");
    expect(upstream.requests[0]).toMatchObject({ method: "GET", path: "/v1/models", search: "?limit=5" });
    expect(upstream.requests[0].headers.authorization).toBe("Bearer sk-secret");
  });

  it("forwards a body it cannot read as JSON byte for byte, and counts why", async () => {
    const { proxy, upstream } = setUp(() => ({
      status: 400,
      json: { type: "error", error: { type: "invalid_request_error", message: "bad" } },
    }));
    const response = await proxy.fetch(messagesRequest("{ this is not json"));
    expect(response.status).toBe(400);
    expect(upstream.requests[0].text).toBe("{ this is not json");
    expect(proxy.stats().skips.not_json).toBe(1);
  });

  it("logs one line per request with no header value, query or content", async () => {
    const { proxy, lines } = setUp(() => ({ json: anthropicMessage([{ type: "text", text: "ok" }]) }));
    await (await proxy.fetch(messagesRequest(conversation()))).text();
    await (await proxy.fetch(new Request("http://127.0.0.1:8787/v1/models?key=sk-query-secret"))).text();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^pithy proxy: POST \/v1\/messages 200 anthropic tool results 1\/1 compressed tokens \d+→\d+ \d+ms$/,
    );
    expect(lines[1]).toMatch(/^pithy proxy: GET \/v1\/models 200 forward \d+ms$/);
    const all = lines.join("\n");
    for (const secret of ["sk-ant-secret", "sk-query-secret", "npm", "ERR"]) expect(all).not.toContain(secret);
  });

  it("answers a streamed recall call and streams the continuation in its place", async () => {
    const { proxy, upstream } = setUp((req, n) =>
      n === 0
        ? { sse: anthropicStream(anthropicMessage([{ type: "text", text: "Checking." }, recallReply(req)])) }
        : { sse: anthropicStream(anthropicMessage([{ type: "text", text: "It is ERESOLVE." }])) },
    );
    const response = await proxy.fetch(messagesRequest(conversation(true)));
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = dataOf(await response.text());
    const text = events
      .filter((e) => e.type === "content_block_delta")
      .map((e) => e.delta.text)
      .join("");
    expect(text).toBe("Checking.It is ERESOLVE.");
    expect(upstream.requests[1].json.messages[4].content[0].content).toBe(log);
    expect(proxy.stats().recall.rounds).toBe(1);
  });

  it("answers at most maxRecallRounds rounds, then hands the client the recall call", async () => {
    const { proxy, upstream } = setUp(
      (req) => ({ json: anthropicMessage([recallReply(req, `toolu_r${Math.random()}`)]) }),
      {
        maxRecallRounds: 2,
      },
    );
    const message = await (await proxy.fetch(messagesRequest(conversation()))).json();
    expect(message.content[0].name).toBe(RECALL_TOOL_NAME);
    expect(upstream.requests).toHaveLength(3);
    expect(proxy.stats().recall).toMatchObject({ rounds: 2, limitReached: 1 });
  });

  it("hands the client every recall call when maxRecallRounds is 0", async () => {
    const { proxy, upstream } = setUp((req) => ({ sse: anthropicStream(anthropicMessage([recallReply(req)])) }), {
      maxRecallRounds: 0,
    });
    const events = dataOf(await (await proxy.fetch(messagesRequest(conversation(true)))).text());
    expect(events.find((e) => e.type === "content_block_start").content_block.name).toBe(RECALL_TOOL_NAME);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0].json.tools.at(-1).name).toBe(RECALL_TOOL_NAME);
  });

  it("gives the client the model's own turn when a continuation fails", async () => {
    const { proxy } = setUp((req, n) =>
      n === 0
        ? { json: anthropicMessage([{ type: "text", text: "Need it." }, recallReply(req)]) }
        : { status: 529, json: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } } },
    );
    const message = await (await proxy.fetch(messagesRequest(conversation()))).json();
    expect(message.content.map((b: { type: string }) => b.type)).toEqual(["text", "tool_use"]);
    expect(proxy.stats().errors.recall_continuation).toBe(1);
  });

  it("breaks the client's stream off where the upstream's broke off", async () => {
    const events = anthropicStream(anthropicMessage([{ type: "text", text: "a long answer ".repeat(20) }]));
    const { proxy } = setUp(() => ({ sse: events, breakAfter: 4 }));
    const response = await proxy.fetch(messagesRequest(conversation(true)));
    await expect(response.text()).rejects.toThrow();
  });

  it("breaks the client's stream off too when it was splicing a recall", async () => {
    const { proxy } = setUp((req) => ({ sse: anthropicStream(anthropicMessage([recallReply(req)])), breakAfter: 5 }));
    const response = await proxy.fetch(messagesRequest(conversation(true)));
    await expect(response.text()).rejects.toThrow();
    expect(proxy.stats().errors.upstream_stream).toBe(1);
  });

  it("cancels the upstream stream when the client stops reading a stream it splices", async () => {
    const { proxy, upstream } = setUp(() => ({
      sse: anthropicStream(anthropicMessage([{ type: "text", text: "word ".repeat(200) }])),
      gapMs: 5,
    }));
    const response = await proxy.fetch(messagesRequest(conversation(true)));
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    for (let i = 0; i < 100 && upstream.aborted === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(upstream.aborted).toBe(1);
    expect(upstream.requests[0].json.tools.at(-1).name).toBe(RECALL_TOOL_NAME);
  });

  it("throws PithyConfigError for a bad option, and rejects listen() for bad pithy options", async () => {
    expect(() => createProxy({ maxRecallRounds: -2 })).toThrow(PithyConfigError);
    const proxy = createProxy({ pithy: { mode: "fast" as never } });
    await expect(proxy.listen()).rejects.toThrow(PithyConfigError);
    const response = await proxy.fetch(messagesRequest(conversation()));
    expect(response.status).toBe(500);
    expect((await response.json()).type).toBe("error");
  });
});
