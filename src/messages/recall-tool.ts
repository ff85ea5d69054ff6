/**
 * The recall tool: one name, one description, one JSON schema, emitted in
 * each provider's tool format. A model that sees a `[[pithy:KEY …]]` marker
 * in a tool result calls it with `{ key: KEY }` and gets the original back
 * (see handle-recall.ts). Every form is built from the same three constants,
 * so the model reads the same words whichever provider carries them.
 */
import { PithyConfigError } from "../errors.js";

/** The recall tool's name in every provider format. */
export const RECALL_TOOL_NAME = "pithy_recall";

/** Tells the model when (and only when) to call the recall tool. */
export const RECALL_TOOL_DESCRIPTION =
  "Returns what was left out of an earlier, shortened tool result. Such a result holds markers like " +
  "[[pithy:KEY L120-180 what was omitted]]. Call this only when you need the omitted part to continue. " +
  'Pass KEY (the hex digits after "pithy:") and, to get just that part, lines as the marker names them ' +
  '("120-180"); or grep to find lines holding a text; or path for a JSON marker ($.items[20:30]). ' +
  "Long answers come in parts and say how to ask for the next one.";

/**
 * The JSON schema of the recall tool's input: `{ key: string }`. The index
 * signature lets it stand where the SDKs type a schema as an open record
 * (openai's `FunctionParameters`, Anthropic's `Tool.InputSchema`).
 */
export interface RecallToolSchema {
  type: "object";
  properties: {
    key: { type: "string"; description: string };
    lines: { type: "string"; description: string };
    grep: { type: "string"; description: string };
    context: { type: "integer"; description: string; minimum: 0; maximum: 20 };
    path: { type: "string"; description: string };
  };
  required: ["key"];
  additionalProperties: false;
  [keyword: string]: unknown;
}

/** Tool formats the recall tool is emitted in. */
export type RecallToolFormat = "openai-chat" | "openai-responses" | "anthropic" | "mcp" | "ai-sdk";

/** OpenAI Chat Completions: `{ type: "function", function: { name, description, parameters } }`. */
export interface OpenAIChatRecallTool {
  type: "function";
  function: { name: string; description: string; parameters: RecallToolSchema };
}
/**
 * OpenAI Responses: `{ type: "function", name, description, parameters, strict }`.
 * `strict` is required by the SDK's `FunctionTool` and defaults to true in
 * the API; it is false because strict mode rejects a schema with optional
 * properties, and the recall tool's selectors (`lines`, `grep`, `path`) are.
 */
export interface OpenAIResponsesRecallTool {
  type: "function";
  name: string;
  description: string;
  parameters: RecallToolSchema;
  strict: false;
}
/** Anthropic Messages: `{ name, description, input_schema }`. */
export interface AnthropicRecallTool {
  name: string;
  description: string;
  input_schema: RecallToolSchema;
}
/** MCP `tools/list` entry: `{ name, description, inputSchema }`. */
export interface McpRecallTool {
  name: string;
  description: string;
  inputSchema: RecallToolSchema;
}
/** AI SDK language-model function tool (`params.tools` of a middleware): `{ type: "function", name, description, inputSchema }`. */
export interface AiSdkRecallTool {
  type: "function";
  name: string;
  description: string;
  inputSchema: RecallToolSchema;
}

/** The recall tool definition in each format. */
export interface RecallToolByFormat {
  "openai-chat": OpenAIChatRecallTool;
  "openai-responses": OpenAIResponsesRecallTool;
  anthropic: AnthropicRecallTool;
  mcp: McpRecallTool;
  "ai-sdk": AiSdkRecallTool;
}

/** A fresh copy of the recall tool's input schema (callers and SDKs may mutate what they get). */
export function recallToolSchema(): RecallToolSchema {
  return {
    type: "object",
    properties: {
      key: { type: "string", description: "The KEY of a [[pithy:KEY …]] marker (32 or more hex digits)." },
      lines: { type: "string", description: 'Lines of the original to return, as the marker names them: "120-180".' },
      grep: {
        type: "string",
        description: "Return only the lines holding this text (case-insensitive; a|b for either).",
      },
      context: { type: "integer", description: "Lines to show around each grep match.", minimum: 0, maximum: 20 },
      path: { type: "string", description: "For a JSON marker: the path it names, like $.items[20:30]." },
    },
    required: ["key"],
    additionalProperties: false,
  };
}

/**
 * The recall tool's definition in one provider's format, as a fresh object.
 * @example
 * const tools = [...myTools, recallTool("anthropic")];
 */
export function recallTool<F extends RecallToolFormat>(format: F): RecallToolByFormat[F] {
  const name = RECALL_TOOL_NAME;
  const description = RECALL_TOOL_DESCRIPTION;
  const schema = recallToolSchema();
  // Own-property lookup: a format like "constructor" must not reach Object.prototype.
  const forms: { [K in RecallToolFormat]: () => RecallToolByFormat[K] } = {
    "openai-chat": () => ({ type: "function", function: { name, description, parameters: schema } }),
    "openai-responses": () => ({ type: "function", name, description, parameters: schema, strict: false }),
    anthropic: () => ({ name, description, input_schema: schema }),
    mcp: () => ({ name, description, inputSchema: schema }),
    "ai-sdk": () => ({ type: "function", name, description, inputSchema: schema }),
  };
  const make = Object.hasOwn(forms, format) ? forms[format] : undefined;
  if (make === undefined)
    throw new PithyConfigError("format", "openai-chat, openai-responses, anthropic, mcp or ai-sdk", format);
  return make();
}

/** The name a tool definition declares, in any of the formats above (or undefined). */
export function toolDefinitionName(tool: unknown): string | undefined {
  if (typeof tool !== "object" || tool === null) return undefined;
  const t = tool as { name?: unknown; function?: { name?: unknown } };
  if (typeof t.name === "string") return t.name;
  if (typeof t.function === "object" && t.function !== null && typeof t.function.name === "string")
    return t.function.name;
  return undefined;
}
