// Prompt-cache safety over a 20-turn agent loop run by the official Anthropic
// SDK through a listening proxy: each request the upstream receives is the
// previous one's bytes plus the new turn, cache_control blocks stay where the
// client put them, and tool definitions keep their order, the recall tool last.
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { createPithy } from "../../src/pipeline.js";
import { createProxy, type PithyProxy } from "../../src/proxy/index.js";
import { corpusCases, readCase } from "../support/corpus.js";
import { BASH_TOOL_ANTHROPIC } from "./support/conversations.js";
import { startFakeUpstream, type FakeUpstreamServer } from "./support/fake-upstream-server.js";
import { anthropicMessage } from "./support/shapes.js";

const TURNS = 20;
const READ_TOOL = {
  name: "Read",
  description: "Reads a file.",
  input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  cache_control: { type: "ephemeral" },
};

let upstream: FakeUpstreamServer;
let proxy: PithyProxy;
/** What the client sent and what the upstream received, per turn. */
const clientBodies: Anthropic.MessageCreateParamsNonStreaming[] = [];

beforeAll(async () => {
  const cases = (await corpusCases()).filter((c) => ["log", "search", "json", "diff", "tabular"].includes(c.class));
  // Turn 0 reads a small output (no marker yet); every later turn a real tool output from the corpus.
  const outputs = ["total 0\n", ...(await Promise.all(cases.slice(0, TURNS - 1).map(readCase)))];
  upstream = await startFakeUpstream((_req, n) =>
    n + 1 < TURNS
      ? {
          json: anthropicMessage([
            { type: "text", text: `Step ${n + 1}.` },
            { type: "tool_use", id: `toolu_${n + 1}`, name: "Bash", input: { command: `step ${n + 1}` } },
          ]),
        }
      : { json: anthropicMessage([{ type: "text", text: "All done." }]) },
  );
  proxy = createProxy({ pithy: await createPithy(), anthropicUpstream: upstream.url, port: 0 });
  const { url } = await proxy.listen();
  const client = new Anthropic({ apiKey: "sk-ant-test", baseURL: url, maxRetries: 0 });
  const messages: Anthropic.MessageParam[] = [
    { role: "user", content: [{ type: "text", text: "Fix the build.", cache_control: { type: "ephemeral" } }] },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "toolu_0", name: "Bash", input: { command: "ls" } }],
    },
  ];
  for (let turn = 0; turn < TURNS; turn++) {
    const result: Anthropic.ToolResultBlockParam = {
      type: "tool_result",
      tool_use_id: `toolu_${turn}`,
      content: outputs[turn],
    };
    if (turn === 5) result.cache_control = { type: "ephemeral" };
    messages.push({ role: "user", content: [result] });
    const body: Anthropic.MessageCreateParamsNonStreaming = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: [{ type: "text", text: "You are a build engineer.", cache_control: { type: "ephemeral" } }],
      tools: [BASH_TOOL_ANTHROPIC, READ_TOOL] as Anthropic.Tool[],
      messages: structuredClone(messages),
    };
    clientBodies.push(body);
    const reply = await client.messages.create(body);
    messages.push({ role: "assistant", content: reply.content as Anthropic.ContentBlockParam[] });
  }
}, 120_000);

afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

describe("prompt-cache safety over 20 turns", () => {
  it("ran 20 turns, most of them with compressed tool results", () => {
    expect(upstream.requests).toHaveLength(TURNS);
    const compressedTurns = upstream.requests.filter((r) => JSON.stringify(r.json.messages).includes("[[pithy:"));
    expect(compressedTurns.length).toBeGreaterThanOrEqual(TURNS - 2);
    expect(proxy.stats().toolResults.compressed).toBeGreaterThan(TURNS);
  });

  it("sends every turn's messages as the previous turn's bytes plus the new ones", () => {
    for (let turn = 1; turn < TURNS; turn++) {
      const before = upstream.requests[turn - 1].json.messages as unknown[];
      const now = upstream.requests[turn].json.messages as unknown[];
      for (let i = 0; i < before.length; i++) expect(JSON.stringify(now[i])).toBe(JSON.stringify(before[i]));
    }
  });

  it("sends each request as the previous request's raw bytes plus the new turn, once the recall tool is there", () => {
    let checked = 0;
    for (let turn = 2; turn < TURNS; turn++) {
      const before = upstream.requests[turn - 1].text;
      const now = upstream.requests[turn].text;
      // The body ends with the messages array: all but its closing `]}` is a prefix of the next body.
      expect(before.endsWith("]}")).toBe(true);
      expect(now.startsWith(`${before.slice(0, -2)},`)).toBe(true);
      checked++;
    }
    expect(checked).toBe(TURNS - 2);
  });

  it("keeps the tool definitions in the client's order, with the recall tool appended after them", () => {
    expect(upstream.requests[0].json.tools).toEqual(clientBodies[0].tools);
    for (let turn = 1; turn < TURNS; turn++) {
      const tools = upstream.requests[turn].json.tools as { name: string }[];
      expect(tools.slice(0, 2)).toEqual(clientBodies[turn].tools);
      expect(tools.map((t) => t.name)).toEqual(["Bash", "Read", RECALL_TOOL_NAME]);
    }
  });

  it("keeps every cache_control block where the client put it", () => {
    const positions = (messages: unknown): string[] => {
      const found: string[] = [];
      (messages as { content: unknown }[]).forEach((m, i) => {
        if (!Array.isArray(m.content)) return;
        m.content.forEach((block: Record<string, unknown>, b: number) => {
          if (block.cache_control !== undefined) found.push(`${i}.${b}:${JSON.stringify(block.cache_control)}`);
        });
      });
      return found;
    };
    for (let turn = 0; turn < TURNS; turn++) {
      const sent = upstream.requests[turn].json;
      expect(positions(sent.messages)).toEqual(positions(clientBodies[turn].messages));
      expect(sent.system).toEqual(clientBodies[turn].system);
    }
    expect(positions(upstream.requests[TURNS - 1].json.messages)).toContain('0.0:{"type":"ephemeral"}');
  });
});
