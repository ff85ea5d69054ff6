import { describe, expect, it } from "vitest";
import { PithyConfigError } from "../../src/errors.js";
import {
  RECALL_TOOL_DESCRIPTION,
  RECALL_TOOL_NAME,
  recallTool,
  recallToolSchema,
  toolDefinitionName,
} from "../../src/messages/recall-tool.js";

const schema = {
  type: "object",
  properties: {
    key: { type: "string", description: expect.any(String) },
    lines: { type: "string", description: expect.any(String) },
    grep: { type: "string", description: expect.any(String) },
    context: { type: "integer", description: expect.any(String), minimum: 0, maximum: 20 },
    path: { type: "string", description: expect.any(String) },
  },
  required: ["key"],
  additionalProperties: false,
};

describe("recallTool", () => {
  it("is named pithy_recall and tells the model to use it only for a [[pithy:KEY …]] marker", () => {
    expect(RECALL_TOOL_NAME).toBe("pithy_recall");
    expect(RECALL_TOOL_DESCRIPTION).toContain("[[pithy:KEY");
    expect(RECALL_TOOL_DESCRIPTION).toMatch(/only when/i);
    expect(recallToolSchema()).toEqual(schema);
  });

  it("says in its description how to ask for a part: lines as the marker names them, grep, or a JSON path", () => {
    for (const word of ["lines", "grep", "path", "120-180"]) expect(RECALL_TOOL_DESCRIPTION).toContain(word);
  });

  it("emits the OpenAI Chat form", () => {
    expect(recallTool("openai-chat")).toEqual({
      type: "function",
      function: { name: RECALL_TOOL_NAME, description: RECALL_TOOL_DESCRIPTION, parameters: schema },
    });
  });

  it("emits the OpenAI Responses form", () => {
    expect(recallTool("openai-responses")).toEqual({
      type: "function",
      name: RECALL_TOOL_NAME,
      description: RECALL_TOOL_DESCRIPTION,
      parameters: schema,
      strict: false,
    });
  });

  it("emits the Anthropic form", () => {
    expect(recallTool("anthropic")).toEqual({
      name: RECALL_TOOL_NAME,
      description: RECALL_TOOL_DESCRIPTION,
      input_schema: schema,
    });
  });

  it("emits the MCP form", () => {
    expect(recallTool("mcp")).toEqual({
      name: RECALL_TOOL_NAME,
      description: RECALL_TOOL_DESCRIPTION,
      inputSchema: schema,
    });
  });

  it("emits the AI SDK language-model form", () => {
    expect(recallTool("ai-sdk")).toEqual({
      type: "function",
      name: RECALL_TOOL_NAME,
      description: RECALL_TOOL_DESCRIPTION,
      inputSchema: schema,
    });
  });

  it("returns a fresh object each time, so a caller's edit never leaks into the next request", () => {
    const a = recallTool("anthropic");
    a.input_schema.required.push("other" as never);
    expect(recallTool("anthropic").input_schema.required).toEqual(["key"]);
  });

  it("rejects an unknown format with a PithyConfigError naming the allowed ones", () => {
    expect(() => recallTool("gemini" as never)).toThrow(PithyConfigError);
    expect(() => recallTool("constructor" as never)).toThrow(/openai-chat, openai-responses, anthropic, mcp or ai-sdk/);
  });

  it("reads a tool definition's name in every format", () => {
    for (const f of ["openai-chat", "openai-responses", "anthropic", "mcp", "ai-sdk"] as const) {
      expect(toolDefinitionName(recallTool(f))).toBe(RECALL_TOOL_NAME);
    }
    expect(toolDefinitionName(null)).toBeUndefined();
    expect(toolDefinitionName({ function: null })).toBeUndefined();
  });
});
