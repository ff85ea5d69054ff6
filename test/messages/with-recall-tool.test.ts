import { describe, expect, it } from "vitest";
import { formatMarker } from "../../src/ccr/marker.js";
import { RECALL_TOOL_NAME, recallTool } from "../../src/messages/recall-tool.js";
import { conversationHasMarkers, hasRecallTool, withRecallTool } from "../../src/messages/with-recall-tool.js";

const key = "0123456789abcdef0123456789abcdef";
const marked = `head\n${formatMarker(key, "40 lines omitted")}\ntail`;
const chatTools = [{ type: "function", function: { name: "Bash", parameters: { type: "object" } } }];
const chat = (content: string) => [
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "c1", type: "function", function: { name: "Bash", arguments: "{}" } }],
  },
  { role: "tool", tool_call_id: "c1", content },
];

describe("conversationHasMarkers", () => {
  it("finds a marker in any string, however deep", () => {
    expect(conversationHasMarkers(chat(marked))).toBe(true);
    expect(conversationHasMarkers([{ a: [{ b: { c: [marked] } }] }])).toBe(true);
  });

  it("ignores markers of other tools and pithy-looking text with an invalid key", () => {
    const others = [
      "[[ref:abc]]",
      "[[pithy:KEY what was omitted]]",
      "[[pithy:0123]]",
      `[[pithy:${"g".repeat(32)}]]`,
      "[[toolu_01 omitted]]",
    ];
    expect(conversationHasMarkers(chat(others.join("\n")))).toBe(false);
  });

  it("walks a 10 000-deep structure and a cycle without failing", () => {
    let deep: unknown = marked;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(conversationHasMarkers(deep)).toBe(true);
    const cyclic: Record<string, unknown> = { text: "plain" };
    cyclic.self = cyclic;
    expect(conversationHasMarkers([cyclic])).toBe(false);
  });

  it("skips binary data", () => {
    expect(conversationHasMarkers([{ type: "file", data: new Uint8Array(1 << 16) }])).toBe(false);
  });
});

describe("withRecallTool", () => {
  it("adds the tool when the conversation carries a marker", () => {
    const tools = withRecallTool(chatTools, chat(marked));
    expect(tools).toHaveLength(2);
    expect(tools[1]).toEqual(recallTool("openai-chat"));
    expect(chatTools).toHaveLength(1);
  });

  it("returns the very same tools when there is no marker", () => {
    expect(withRecallTool(chatTools, chat("plain output"))).toBe(chatTools);
  });

  it("never adds the tool twice", () => {
    const once = withRecallTool(chatTools, chat(marked));
    expect(withRecallTool(once, chat(marked))).toBe(once);
    expect(hasRecallTool(once)).toBe(true);
  });

  it("follows the format of the tools already listed", () => {
    expect(withRecallTool([{ name: "Bash", input_schema: {} }], chat(marked))[1]).toHaveProperty("input_schema");
    expect(withRecallTool([{ type: "function", name: "Bash", parameters: {} }], chat(marked))[1]).toHaveProperty(
      "parameters",
    );
    expect(withRecallTool([{ name: "Bash", inputSchema: {} }], chat(marked))[1]).toEqual(recallTool("mcp"));
  });

  it("follows the conversation's shape when there are no tools yet", () => {
    const anthropic = [
      { role: "assistant", content: [{ type: "tool_use", id: "t", name: "Bash", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: marked }] },
    ];
    expect(withRecallTool([], anthropic)).toEqual([recallTool("anthropic")]);
    expect(withRecallTool([], chat(marked))).toEqual([recallTool("openai-chat")]);
  });

  it("takes a whole request: messages, input or prompt, and returns a new request", () => {
    const request = { model: "m", messages: chat(marked), tools: chatTools };
    const out = withRecallTool(request);
    expect(out).not.toBe(request);
    expect(out.tools.map((t: any) => t.function.name)).toEqual(["Bash", RECALL_TOOL_NAME]);
    expect(request.tools).toHaveLength(1);
    const responses = withRecallTool({
      model: "m",
      input: [{ type: "function_call_output", call_id: "c", output: marked }],
    });
    expect((responses as any).tools).toEqual([recallTool("openai-responses")]);
    const plain = { model: "m", messages: chat("plain") };
    expect(withRecallTool(plain)).toBe(plain);
  });

  it("uses the format it is given", () => {
    expect(withRecallTool({ messages: chat(marked) }, "anthropic")).toMatchObject({ tools: [recallTool("anthropic")] });
    expect(withRecallTool([], chat(marked), "mcp")).toEqual([recallTool("mcp")]);
  });
});
