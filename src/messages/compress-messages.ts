/**
 * Compresses the tool results of a whole conversation, in any of the four
 * shapes pithy reads (OpenAI Chat, OpenAI Responses, Anthropic, AI SDK).
 *
 * Only tool-result text is touched: every other message, part and field is
 * the same object as in the input, and the input is never mutated. Each
 * result goes through `pithy.compress` with the tool's name and the call id as
 * its hint, so re-sending the same history gives the same bytes (provider
 * prompt caches keep hitting) and a result that already carries a marker is
 * left alone by pithy's gate. Results of the recall tool itself are never
 * compressed: the model asked for those bytes in full.
 */
import { PithyConfigError } from "../errors.js";
import { createPithy, type Pithy, type PithyOptions } from "../pipeline.js";
import type { CompressResult, SkipReason } from "../types.js";
import { detectShape, isMessageShape, shapeAdapter } from "./detect-shape.js";
import { RECALL_TOOL_NAME } from "./recall-tool.js";
import type { MessageShape, ToolResultSite } from "./shapes/shape.js";

/** Options of {@link compressMessages}. */
export interface CompressMessagesOptions {
  /**
   * The pithy instance to compress with, or options to create one. An options
   * object creates its instance once and reuses it (so its store keeps the
   * originals for recall); pass the same object, or better an instance.
   */
  pithy: Pithy | PithyOptions;
  /** The layout of `messages`; detected from their tool calls and results when omitted. */
  shape?: MessageShape;
  /** What the agent is looking for, passed to every compression as the hint's `query`. */
  query?: string;
  /** Cancels the call: it then rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** Why a tool result was left as it was: pithy's reason, or `recall_result` for the recall tool's own answers. */
export type ToolResultSkipReason = SkipReason | "recall_result";

/** What happened to one tool result. */
export interface ToolResultReport {
  /** Index of the message (or Responses item) that holds the result. */
  index: number;
  toolName?: string;
  callId?: string;
  /** `compressed` when any text of the result was compressed. */
  action: "compressed" | "skipped";
  /** Why the result was left alone (the first text's reason) when skipped. */
  reason?: ToolResultSkipReason;
  /** Estimated tokens of the result's text before and after. */
  tokensIn: number;
  tokensOut: number;
  /** Key of the stored original, when something was dropped. */
  key?: string;
  /** Every key, when the result's several text parts were compressed separately. */
  keys?: string[];
}

/** The outcome of {@link compressMessages}. */
export interface CompressMessagesResult<M = unknown> {
  /** The conversation with compressed tool results: a new array, untouched messages shared. */
  messages: M[];
  /** The shape that was used, or `null` when the messages hold no tool results. */
  shape: MessageShape | null;
  /** One report per tool result, in conversation order. */
  results: ToolResultReport[];
  /** Tokens of all tool-result text before and after (other messages are not counted). */
  tokensIn: number;
  tokensOut: number;
}

const created = new WeakMap<PithyOptions, Promise<Pithy>>();

/**
 * Compresses every tool result in `messages` and reports the savings per result.
 * Never throws for content reasons: on an internal failure the messages come
 * back as they were. Bad options throw {@link PithyConfigError}.
 * @example
 * const { messages: compact, tokensIn, tokensOut } = await compressMessages(messages, { pithy });
 * await openai.chat.completions.create({ model, messages: compact, tools: withRecallTool(tools, compact) });
 */
export async function compressMessages<M>(
  messages: readonly M[],
  options: CompressMessagesOptions,
): Promise<CompressMessagesResult<M>> {
  if (!Array.isArray(messages)) throw new PithyConfigError("messages", "an array of messages", messages);
  if (options === null || typeof options !== "object")
    throw new PithyConfigError("options", "an object with a pithy instance or options", options);
  if (options.shape !== undefined && !isMessageShape(options.shape)) {
    throw new PithyConfigError("shape", "openai-chat, openai-responses, anthropic or ai-sdk", options.shape);
  }
  const pithy = await resolvePithy(options.pithy);
  const shape = options.shape ?? detectShape(messages);
  const unchanged: CompressMessagesResult<M> = {
    messages: messages.slice(),
    shape,
    results: [],
    tokensIn: 0,
    tokensOut: 0,
  };
  if (shape === null) return unchanged;

  const results: ToolResultReport[] = [];
  const query = typeof options.query === "string" && options.query.length > 0 ? options.query : undefined;
  let rewritten: unknown[];
  try {
    rewritten = await shapeAdapter(shape).rewrite(messages, async (site, texts) => {
      const { report, outputs } = await compressToolResult(pithy, site, texts, query, options.signal);
      results.push(report);
      return outputs;
    });
  } catch (error) {
    if (options.signal?.aborted === true) throw error;
    // A shape adapter bug must not cost the caller its request: send the history as it was.
    return unchanged;
  }
  let tokensIn = 0;
  let tokensOut = 0;
  for (const r of results) {
    tokensIn += r.tokensIn;
    tokensOut += r.tokensOut;
  }
  return { messages: rewritten as M[], shape, results, tokensIn, tokensOut };
}

/** Compresses the texts of one tool result and reports on them together. */
async function compressToolResult(
  pithy: Pithy,
  site: ToolResultSite,
  texts: readonly string[],
  query: string | undefined,
  signal: AbortSignal | undefined,
): Promise<{ report: ToolResultReport; outputs: readonly string[] }> {
  const report: ToolResultReport = { index: site.index, action: "skipped", tokensIn: 0, tokensOut: 0 };
  if (site.toolName !== undefined) report.toolName = site.toolName;
  if (site.callId !== undefined) report.callId = site.callId;
  if (site.toolName === RECALL_TOOL_NAME) {
    report.reason = "recall_result";
    return { report, outputs: texts };
  }
  const hint = { tool: site.toolName, callId: site.callId, query };
  const outputs: string[] = [];
  const keys: string[] = [];
  for (const text of texts) {
    const r: CompressResult = await pithy.compress(text, hint, { signal });
    report.tokensIn += r.tokensIn;
    report.tokensOut += r.tokensOut;
    if (r.action === "compressed") {
      report.action = "compressed";
      outputs.push(r.output);
      if (r.key !== undefined && !keys.includes(r.key)) keys.push(r.key);
    } else {
      report.reason ??= r.reason;
      // The very input string, so the shape sees "unchanged" and keeps its object.
      outputs.push(text);
    }
  }
  if (report.action === "compressed") delete report.reason;
  if (keys.length > 0) report.key = keys[0];
  if (keys.length > 1) report.keys = keys;
  return { report, outputs };
}

/** The instance given, or the one created (once) from the options object given. */
export async function resolvePithy(given: Pithy | PithyOptions): Promise<Pithy> {
  if (isPithy(given)) return given;
  if (given === null || typeof given !== "object") {
    throw new PithyConfigError("pithy", "a Pithy instance (from createPithy) or a PithyOptions object", given);
  }
  let pending = created.get(given);
  if (pending === undefined) {
    pending = createPithy(given);
    created.set(given, pending);
  }
  return pending;
}

/** Whether `value` is a {@link Pithy} instance (it compresses and recalls). */
export function isPithy(value: unknown): value is Pithy {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Pithy).compress === "function" &&
    typeof (value as Pithy).recall === "function"
  );
}
