/**
 * Offers the recall tool to the model exactly when it can help: when the
 * conversation carries at least one pithy marker. A conversation without
 * markers gets its tools unchanged (no extra tokens, no cache churn), and a
 * tool list that already has the recall tool is never given a second one.
 * Only markers of pithy's grammar with a valid key count, so another tool's
 * `[[...]]` output never switches the tool on.
 */
import { hasMarker } from "../ccr/marker.js";
import { detectShape } from "./detect-shape.js";
import {
  RECALL_TOOL_NAME,
  recallTool,
  toolDefinitionName,
  type RecallToolByFormat,
  type RecallToolFormat,
} from "./recall-tool.js";
import { isRecord } from "./shapes/shape.js";

/** Most values {@link conversationHasMarkers} visits before giving up (bounds the scan). */
const MAX_VISITS = 1_000_000;

/**
 * Whether any string anywhere in `messages` holds a pithy marker. Walks the
 * structure without recursion (a 10 000-deep prompt must not overflow the
 * stack) and skips binary data.
 */
export function conversationHasMarkers(messages: unknown): boolean {
  const stack: unknown[] = [messages];
  const seen = new Set<object>();
  let visits = 0;
  while (stack.length > 0 && visits++ < MAX_VISITS) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (hasMarker(value)) return true;
    } else if (
      typeof value === "object" &&
      value !== null &&
      !ArrayBuffer.isView(value) &&
      !(value instanceof ArrayBuffer)
    ) {
      if (seen.has(value)) continue;
      seen.add(value);
      if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      else for (const key of Object.keys(value)) stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/** Whether `tools` already declares the recall tool (in any format). */
export function hasRecallTool(tools: readonly unknown[]): boolean {
  return tools.some((t) => toolDefinitionName(t) === RECALL_TOOL_NAME);
}

/**
 * Adds the recall tool to a tool list, or to a request's `tools`, when the
 * conversation carries markers and the tool is not there yet; otherwise
 * returns what it was given, untouched. The format follows the tools already
 * listed, then the conversation's shape; pass `format` to choose.
 *
 * - `withRecallTool(tools, messages, format?)` → a tool list;
 * - `withRecallTool(request, format?)` → a request whose conversation is read
 *   from `messages` (Chat, Anthropic), `input` (Responses) or `prompt` (AI SDK).
 * @example
 * const body = withRecallTool({ model, messages: compact, tools });
 */
export function withRecallTool<T, F extends RecallToolFormat = RecallToolFormat>(
  tools: readonly T[],
  messages: unknown,
  format?: F,
): Array<T | RecallToolByFormat[F]>;
export function withRecallTool<R extends object>(request: R, format?: RecallToolFormat): R;
export function withRecallTool(target: object, second?: unknown, third?: RecallToolFormat): unknown {
  if (Array.isArray(target)) {
    if (!conversationHasMarkers(second) || hasRecallTool(target)) return target;
    const format = third ?? formatOf(target, second);
    return [...target, recallTool(format)];
  }
  const request = target as Record<string, unknown>;
  const explicit = typeof second === "string" ? (second as RecallToolFormat) : undefined;
  const messages = request.messages ?? request.input ?? request.prompt;
  const tools = Array.isArray(request.tools) ? (request.tools as unknown[]) : [];
  if (!conversationHasMarkers(messages) || hasRecallTool(tools)) return target;
  const format = explicit ?? formatOf(tools, messages, request);
  return { ...request, tools: [...tools, recallTool(format)] };
}

/** The tool format that fits the tools already listed, else the conversation, else the request. */
function formatOf(tools: readonly unknown[], messages: unknown, request?: Record<string, unknown>): RecallToolFormat {
  for (const t of tools) {
    if (!isRecord(t)) continue;
    if (isRecord(t.function)) return "openai-chat";
    if (isRecord(t.input_schema)) return "anthropic";
    if (isRecord(t.inputSchema)) return t.type === "function" ? "ai-sdk" : "mcp";
    if (t.type === "function" && isRecord(t.parameters)) return "openai-responses";
  }
  const shape = Array.isArray(messages) ? detectShape(messages) : null;
  if (shape !== null) return shape;
  if (request !== undefined) {
    if (request.input !== undefined) return "openai-responses";
    if (request.prompt !== undefined) return "ai-sdk";
  }
  return "openai-chat";
}
