import { beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  FakeToolCallingModel,
  HumanMessage,
  type StructuredTool,
  tool,
  ToolMessage,
  type BaseMessage,
} from "langchain";
import { computeKey } from "../../src/ccr/key.js";
import { compressToolMessage, pithyMiddleware, type PithyArtifact } from "../../src/integrations/langchain.js";
import { RECALL_TOOL_NAME } from "../../src/messages/recall-tool.js";
import { createPithy, type Pithy } from "../../src/pipeline.js";
import { corpusCases, readCase, type CorpusCase } from "../support/corpus.js";

let pytest: CorpusCase & { text: string };

beforeAll(async () => {
  const found = (await corpusCases()).find((c) => c.id === "log-requests-pytest-fail");
  if (found === undefined) throw new Error("corpus case log-requests-pytest-fail is missing");
  pytest = { ...found, text: await readCase(found) };
});

const emptySchema = { type: "object", properties: {} } as const;

/** A tool that returns the pytest corpus file, as a shell tool would. */
function runTests() {
  return tool(async () => pytest.text, { name: "run_tests", description: "Runs the test suite.", schema: emptySchema });
}

/**
 * An agent driven by LangChain's fake tool-calling model: each entry of
 * `turns` is the tool calls of one model turn; the last turn calls none, so
 * the agent stops.
 */
async function runAgent(
  turns: Array<Array<{ name: string; args: Record<string, unknown>; id: string }>>,
  pithy: Pithy,
  tools: StructuredTool[] = [runTests()],
) {
  const model = new FakeToolCallingModel({ toolCalls: [...turns, []] });
  const agent = createAgent({ model, tools, middleware: [pithyMiddleware({ pithy })] });
  const { messages } = await agent.invoke({ messages: [new HumanMessage("Why do the tests fail?")] });
  return messages as BaseMessage[];
}

function toolMessage(messages: BaseMessage[], callId: string): ToolMessage {
  const found = messages.find((m): m is ToolMessage => ToolMessage.isInstance(m) && m.tool_call_id === callId);
  if (found === undefined) throw new Error(`no ToolMessage answers ${callId}`);
  return found;
}

describe("pithyMiddleware in a LangChain agent", () => {
  it("compresses a tool's output before the model reads it, keeping every failure visible", async () => {
    const pithy = await createPithy();
    const messages = await runAgent([[{ name: "run_tests", args: {}, id: "call_tests" }]], pithy);
    const answer = toolMessage(messages, "call_tests");
    expect(typeof answer.content).toBe("string");
    const seen = answer.content as string;
    expect(seen.length).toBeLessThan(pytest.text.length / 2);
    for (const kept of pytest.must_keep) expect(seen).toContain(kept);
    expect(seen).toContain(`[[pithy:${computeKey(pytest.text)}`);
    // The fake model echoes everything it was given: the original never reached it.
    const last = messages[messages.length - 1];
    expect(last.type).toBe("ai");
    expect(last.content).toContain(seen);
    expect(last.content).not.toContain(pytest.text);
  });

  it("keeps the exact original and the compression's figures in the ToolMessage artifact", async () => {
    const pithy = await createPithy();
    const answer = toolMessage(
      await runAgent([[{ name: "run_tests", args: {}, id: "call_tests" }]], pithy),
      "call_tests",
    );
    const record = (answer.artifact as { pithy: PithyArtifact }).pithy;
    expect(record.original).toBe(pytest.text);
    expect(record.compressions).toHaveLength(1);
    expect(record.compressions[0]).toMatchObject({ action: "compressed", type: "log", key: computeKey(pytest.text) });
    expect(record.compressions[0]).not.toHaveProperty("output");
    expect(answer).toMatchObject({ name: "run_tests", tool_call_id: "call_tests" });
  });

  it("lets the model get the original back by calling pithy_recall with the marker's key", async () => {
    const pithy = await createPithy();
    const key = computeKey(pytest.text);
    const messages = await runAgent(
      [
        [{ name: "run_tests", args: {}, id: "call_tests" }],
        [{ name: RECALL_TOOL_NAME, args: { key }, id: "call_recall" }],
      ],
      pithy,
    );
    const recalled = toolMessage(messages, "call_recall");
    expect(recalled.content).toBe(pytest.text);
    expect(recalled.artifact).toBeUndefined();
    expect(pithy.stats().recalls).toMatchObject({ hits: 1, misses: 0 });
  });

  it("lets the model recall an original by the id of the tool call that produced it", async () => {
    const pithy = await createPithy();
    const messages = await runAgent(
      [
        [{ name: "run_tests", args: {}, id: "call_tests" }],
        [{ name: RECALL_TOOL_NAME, args: { key: "call_tests" }, id: "call_recall" }],
      ],
      pithy,
    );
    expect(toolMessage(messages, "call_recall").content).toBe(pytest.text);
  });

  it("answers pithy_recall of an unknown key with a plain sentence", async () => {
    const pithy = await createPithy();
    const messages = await runAgent(
      [[{ name: RECALL_TOOL_NAME, args: { key: "f".repeat(32) }, id: "call_recall" }]],
      pithy,
    );
    expect(toolMessage(messages, "call_recall").content).toMatch(/^pithy: key f{32} is unknown or has expired/);
  });

  it("hands a short tool output to the model as it was, with no artifact", async () => {
    const pithy = await createPithy();
    const short = tool(async () => "3 passed", {
      name: "run_tests",
      description: "Runs the test suite.",
      schema: emptySchema,
    });
    const answer = toolMessage(
      await runAgent([[{ name: "run_tests", args: {}, id: "call_tests" }]], pithy, [short]),
      "call_tests",
    );
    expect(answer.content).toBe("3 passed");
    expect(answer.artifact).toBeUndefined();
    expect(pithy.stats()).toMatchObject({ calls: 1, compressions: 0 });
  });

  it("keeps the artifact a tool returned and adds pithy's record beside its fields", async () => {
    const pithy = await createPithy();
    const withArtifact = tool(async () => [pytest.text, { exitCode: 1 }], {
      name: "run_tests",
      description: "Runs the test suite.",
      schema: emptySchema,
      responseFormat: "content_and_artifact",
    });
    const answer = toolMessage(
      await runAgent([[{ name: "run_tests", args: {}, id: "call_tests" }]], pithy, [withArtifact]),
      "call_tests",
    );
    expect(answer.artifact.exitCode).toBe(1);
    expect((answer.artifact.pithy as PithyArtifact).original).toBe(pytest.text);
  });

  it("adds pithy_recall to the agent's tools unless told not to", () => {
    expect(pithyMiddleware().tools?.map((t) => (t as { name: string }).name)).toEqual([RECALL_TOOL_NAME]);
    expect(pithyMiddleware({ recallTool: false }).tools).toEqual([]);
  });
});

describe("compressToolMessage", () => {
  it("compresses each text block of an array content and leaves other blocks alone", async () => {
    const pithy = await createPithy();
    const image = { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } };
    const message = new ToolMessage({
      content: [{ type: "text", text: pytest.text }, image, { type: "text", text: "short note" }],
      tool_call_id: "call_mixed",
    });
    const out = await compressToolMessage(pithy, message, { tool: "Bash" });
    const blocks = out.content as Array<{ type: string; text?: string }>;
    expect(blocks).toHaveLength(3);
    expect(blocks[0].text?.length).toBeLessThan(pytest.text.length);
    expect(blocks[1]).toEqual(image);
    expect(blocks[2]).toEqual({ type: "text", text: "short note" });
    expect((out.artifact.pithy as PithyArtifact).original).toEqual(message.content);
  });

  it("returns the very same message when nothing got smaller", async () => {
    const pithy = await createPithy();
    const message = new ToolMessage({ content: "ok", tool_call_id: "call_ok" });
    expect(await compressToolMessage(pithy, message)).toBe(message);
  });
});
