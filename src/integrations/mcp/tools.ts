/**
 * What pithy's MCP server says about itself: its name and instructions, and
 * the three tools it lists, as MCP tool definitions: a name,
 * a description written for the model, and JSON Schemas. Plain JSON Schema
 * (not zod) so the same shapes can be emitted for other providers and the
 * server needs no schema library of its own.
 */
import { RECALL_TOOL_NAME, recallTool } from "../../messages/recall-tool.js";

/** An MCP tool definition (`tools/list` entry). */
export interface McpToolDefinition {
  name: string;
  description: string;
  inputSchema: {
    type: "object";
    properties: Record<string, object>;
    required?: string[];
    additionalProperties?: boolean;
  };
  outputSchema?: { type: "object"; properties: Record<string, object>; required?: string[] };
}

/** Name of the tool that compresses a tool output. */
export const COMPRESS_TOOL = "pithy_compress";
/** Name of the tool that returns the original behind a marker's key (the one recall tool of every provider). */
export const RECALL_TOOL = RECALL_TOOL_NAME;
/** Name of the tool that reports pithy's counters. */
export const STATS_TOOL = "pithy_stats";

const compressTool: McpToolDefinition = {
  name: COMPRESS_TOOL,
  description:
    "Compress a long tool output (logs, JSON, search results, diffs, terminal output, Markdown/HTML) before reading it. " +
    "Returns the compressed text; whatever was left out is replaced by a [[pithy:KEY …]] marker, and " +
    `${RECALL_TOOL} with that KEY returns the original byte for byte.`,
  inputSchema: {
    type: "object",
    properties: {
      content: { type: "string", description: "The tool output to compress." },
      tool: {
        type: "string",
        description: "Name of the tool that produced it (Bash, rg, read_file…): a hint for the content type.",
      },
      filename: { type: "string", description: "File it was read from, if any: its extension is a hint." },
      query: { type: "string", description: "What you are looking for: matching lines and records are kept first." },
    },
    required: ["content"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      action: { type: "string", enum: ["compressed", "skipped"] },
      reason: { type: "string", description: "Why the content was left as it was (skipped only)." },
      type: { type: "string", description: "The content type pithy detected." },
      strategy: { type: "string", description: "The compressors that ran, joined by +, or none." },
      key: { type: "string", description: "The key of the original, when something was left out." },
      bytesIn: { type: "number" },
      bytesOut: { type: "number" },
      tokensIn: { type: "number" },
      tokensOut: { type: "number" },
      capped: {
        type: "boolean",
        description: "Set when the output was too large to return: a note with the original's marker came instead.",
      },
    },
    required: ["action", "type", "strategy", "bytesIn", "bytesOut", "tokensIn", "tokensOut"],
  },
};

/** The recall tool as every provider sees it (src/messages/recall-tool.ts): same name, words and schema. */
const recallToolForMcp: McpToolDefinition = recallTool("mcp");

const statsTool: McpToolDefinition = {
  name: STATS_TOOL,
  description:
    "Report what pithy has done in this server process: calls, tokens saved per strategy, skips, recalls, and the store.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
};

/** Name and version the server reports in its `initialize` answer (kept equal to package.json's by a test). */
export const MCP_SERVER_INFO = { name: "pithy", version: "0.1.0" } as const;

/** What the server tells the client about itself in its `initialize` answer. */
export const MCP_INSTRUCTIONS =
  "pithy compresses long tool outputs reversibly. Pass a long output to pithy_compress and read its answer instead; " +
  "where something was left out, a [[pithy:KEY …]] marker says what, and pithy_recall(KEY) returns the original.";

/** The tools the server lists, in a fixed order. */
export const MCP_TOOLS: readonly McpToolDefinition[] = [compressTool, recallToolForMcp, statsTool];
