/**
 * Answers a model's call of the recall tool. The call arrives in whatever
 * form the provider gives it (OpenAI `function.arguments` as a JSON string,
 * Responses `arguments`, Anthropic `input`, AI SDK `input`/`args`, MCP
 * `arguments`, or the bare `{ key }` input); the answer is the part it asks
 * for (`lines`, `grep`, `path`), or the original, bounded in tokens: past the
 * bound it is the first part, a few lines of the rest that stand out, and
 * how to ask for the next part. A miss is one plain sentence saying why.
 * Everything here comes from a model, so nothing throws and every string is
 * bounded before it is parsed.
 */
import { parseMarkers } from "../ccr/marker.js";
import type { RecallSelector } from "../ccr/recall-view.js";
import { RECALL_MAX_TOKENS } from "../pipeline/options.js";
import type { Pithy, RecallResult } from "../pipeline.js";
import { RECALL_TOOL_NAME } from "./recall-tool.js";
import { isRecord as isObject } from "./shapes/shape.js";

/** The answer to one recall call. */
export interface RecallAnswer {
  /** Whether the original was found; `content` is the original exactly when so. */
  found: boolean;
  /** The original, or a model-readable sentence saying why it cannot be had. */
  content: string;
  /** The key that was looked up, when the call named one. */
  key?: string;
  /** The id of the call being answered (to link the tool result), when it has one. */
  callId?: string;
}

/** What a recall call asked for, whatever form it came in. */
export interface RecallRequest {
  /** The tool name the call gives, when it gives one. */
  toolName?: string;
  callId?: string;
  /** The `key` argument, or undefined when the arguments hold none. */
  key?: string;
  /** The part asked for: `lines`, `grep` (with `context`) or `path`, as given. */
  selector?: RecallSelector;
}

/** Options of {@link handleRecall}. */
export interface HandleRecallOptions {
  /** The most tokens an answer may hold (default: the instance's `recallMaxTokens`, else 4000). */
  maxTokens?: number;
  /** Cancels the recall: it then rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** Longest arguments text parsed (a key plus JSON punctuation is far below this). */
const MAX_ARGUMENTS_CHARS = 64 * 1024;
const MISSING_KEY =
  'pithy: the recall call needs {"key": "KEY"}, where KEY is the hex key of a [[pithy:KEY …]] marker in a tool result.';

/**
 * Answers a recall call with the original, or with a plain message for an
 * unknown, expired or invalid key. Returns `null` when the call names another
 * tool, so an agent loop can route every call through it.
 * @example
 * const answer = await handleRecall(pithy, toolCall);
 * if (answer) messages.push(recallToolResult("openai-chat", answer));
 */
export async function handleRecall(
  pithy: Pithy,
  toolCall: unknown,
  options: HandleRecallOptions = {},
): Promise<RecallAnswer | null> {
  const request = readRecallCall(toolCall);
  if (request.toolName !== undefined && request.toolName !== RECALL_TOOL_NAME) return null;
  const { callId } = request;
  if (request.key === undefined) return withCallId({ found: false, content: MISSING_KEY }, callId);
  const maxTokens = options.maxTokens ?? pithy.recallMaxTokens ?? RECALL_MAX_TOKENS;
  let result: RecallResult;
  try {
    result = await pithy.recall(request.key, { ...request.selector, maxTokens }, { signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted === true) throw error;
    // pithy.recall does not throw; a hand-made Pithy might, and the model still needs an answer.
    const why = error instanceof Error ? error.message : String(error);
    return withCallId({ found: false, content: `pithy: the recall failed (${why.slice(0, 200)}).` }, callId);
  }
  const answer: RecallAnswer = result.found
    ? { found: true, content: withContinuation(result), key: result.key }
    : { found: false, content: result.message, ...(result.key === undefined ? {} : { key: result.key }) };
  return withCallId(answer, callId);
}

/** A cut answer followed by what stands out in the rest and how to ask for the next part. */
function withContinuation(result: Extract<RecallResult, { found: true }>): string {
  if (!result.truncated) return result.content;
  const lines = [
    result.content,
    result.content.endsWith("\n") ? "" : "\n",
    `[pithy: this is only the first part${result.range === undefined ? "" : ` of ${result.range}`}.`,
  ];
  if (result.outline !== undefined && result.outline.length > 0) {
    lines.push(" Lines of the rest that stand out:\n" + result.outline.join("\n") + "\n");
  }
  lines.push(
    result.next !== undefined
      ? ` Next part: pithy_recall {"key": "${result.key}", "lines": "${result.next}"}; or use "grep" to find what you need.]`
      : ` Ask for less: pithy_recall with "lines", "grep" or a deeper "path".]`,
  );
  return lines.join("") + "\n";
}

/**
 * Reads a tool call in any provider's form: the tool name, the call id and
 * the `key` argument. A whole marker pasted as the key is reduced to its key.
 */
export function readRecallCall(toolCall: unknown): RecallRequest {
  if (typeof toolCall === "string") {
    const { key, selector } = parseArguments(toolCall);
    return { ...(key === undefined ? {} : { key }), ...(selector === undefined ? {} : { selector }) };
  }
  if (!isObject(toolCall)) return {};
  // MCP requests nest the call in `params`.
  const call = isObject(toolCall.params) && toolCall.method === "tools/call" ? toolCall.params : toolCall;
  const fn = isObject(call.function) ? call.function : undefined;
  const toolName = firstString(fn?.name, call.name, call.toolName);
  const callId = firstString(call.id, call.call_id, call.toolCallId);
  const args = fn !== undefined ? fn.arguments : firstDefined(call.input, call.arguments, call.args);
  const parsed = parseArguments(args !== undefined ? args : call);
  const request: RecallRequest = {};
  if (toolName !== undefined) request.toolName = toolName;
  if (callId !== undefined) request.callId = callId;
  if (parsed.key !== undefined) request.key = parsed.key;
  if (parsed.selector !== undefined) request.selector = parsed.selector;
  return request;
}

/** Tool-result forms an answer can be written in. */
export type RecallResultFormat = "openai-chat" | "openai-responses" | "anthropic" | "mcp";

/**
 * The tool result that carries `answer` back to the model, in one provider's
 * form: an OpenAI Chat `tool` message, a Responses `function_call_output`
 * item, an Anthropic `tool_result` block (put it in a user message) or an MCP
 * `CallToolResult`. A miss is flagged as an error where the format can say so.
 */
export function recallToolResult(format: RecallResultFormat, answer: RecallAnswer): Record<string, unknown> {
  const callId = answer.callId ?? "";
  switch (format) {
    case "openai-chat":
      return { role: "tool", tool_call_id: callId, content: answer.content };
    case "openai-responses":
      return { type: "function_call_output", call_id: callId, output: answer.content };
    case "anthropic":
      return answer.found
        ? { type: "tool_result", tool_use_id: callId, content: answer.content }
        : { type: "tool_result", tool_use_id: callId, content: answer.content, is_error: true };
    case "mcp":
      return { content: [{ type: "text", text: answer.content }], isError: !answer.found };
    default:
      return { content: answer.content };
  }
}

/** The `key` and the selector in arguments given as an object or as JSON text (or a bare key / marker). */
function parseArguments(args: unknown): { key?: string; selector?: RecallSelector } {
  if (typeof args === "string") {
    if (args.length > MAX_ARGUMENTS_CHARS) return {};
    const trimmed = args.trim();
    if (trimmed.startsWith("{")) {
      try {
        return parseArguments(JSON.parse(trimmed) as unknown);
      } catch {
        return {};
      }
    }
    return keyAndPlace(trimmed);
  }
  if (!isObject(args) || typeof args.key !== "string" || args.key.length > MAX_ARGUMENTS_CHARS) return {};
  const selector: RecallSelector = {};
  for (const name of ["lines", "grep", "path"] as const) {
    const value = args[name];
    if (typeof value === "string" && value.length > 0 && value.length <= MAX_ARGUMENTS_CHARS) selector[name] = value;
    // A model may send a range as a number (`"lines": 12`).
    else if (name === "lines" && typeof value === "number" && Number.isInteger(value)) selector.lines = String(value);
  }
  if (typeof args.context === "number" && Number.isFinite(args.context)) selector.context = args.context;
  const pasted = keyAndPlace(args.key);
  const asked = Object.keys(selector).length > 0 ? selector : pasted.selector;
  return { key: pasted.key, ...(asked === undefined ? {} : { selector: asked }) };
}

/** The key a model meant, and, for a whole marker pasted as the key, the place it names. */
function keyAndPlace(raw: string): { key?: string; selector?: RecallSelector } {
  const marker = parseMarkers(raw)[0];
  if (marker === undefined) return { key: cleanKey(raw) };
  if (marker.lines !== undefined) {
    return {
      key: marker.key,
      selector: { lines: marker.lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(",") },
    };
  }
  return { key: marker.key, ...(marker.path === undefined ? {} : { selector: { path: marker.path } }) };
}

/** The key a model meant: a pasted marker gives its key; a `pithy:` prefix is dropped. */
function cleanKey(raw: string): string | undefined {
  const markers = parseMarkers(raw);
  if (markers.length > 0) return markers[0].key;
  const text = raw.trim();
  const key = text.toLowerCase().startsWith("pithy:") ? text.slice(6).trim() : text;
  return key.length > 0 ? key : undefined;
}

function withCallId(answer: RecallAnswer, callId: string | undefined): RecallAnswer {
  return callId === undefined ? answer : { ...answer, callId };
}

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === "string" && v.length > 0) return v;
  return undefined;
}

function firstDefined(...values: unknown[]): unknown {
  for (const v of values) if (v !== undefined) return v;
  return undefined;
}
