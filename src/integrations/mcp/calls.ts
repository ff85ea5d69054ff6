/**
 * Answers the MCP server's tool calls with a {@link Pithy}: arguments come
 * from a model, so they are checked here and every problem becomes a plain
 * `isError` answer the model can read, never a thrown error or a stack trace.
 *
 * No answer carries more than `maxReplyBytes` of text (see reply-size.ts):
 * an output that would is replaced by a short note with a marker of the
 * stored original, and a recall that would is cut, saying where.
 */
import type { CallOptions } from "../../ccr/abort.js";
import { formatMarker } from "../../ccr/marker.js";
import { handleRecall } from "../../messages/handle-recall.js";
import { utf8Length } from "../../ccr/wtf8.js";
import type { Pithy } from "../../pipeline.js";
import type { StoreStats } from "../../ccr/store.js";
import type { TelemetrySnapshot } from "../../telemetry.js";
import type { CompressResult, Hint } from "../../types.js";
import { formatMiB } from "./jsonrpc-errors.js";
import { DEFAULT_MAX_REPLY_BYTES, jsonPrefixLength, jsonTextBytes } from "./reply-size.js";
import { COMPRESS_TOOL, RECALL_TOOL, STATS_TOOL } from "./tools.js";

/** A `tools/call` result: text blocks, optional structured content, and whether it is an error. */
export interface ToolAnswer {
  [field: string]: unknown;
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * The fields of a compression a client may act on, without the output itself.
 * `capped` is set when the output was too large to send and a note with a
 * marker of the stored original was sent instead (`key` names it).
 */
export type CompressFields = Omit<CompressResult, "output" | "detail"> & { capped?: true };

/** Limits of {@link answerToolCall}'s answers. */
export interface AnswerLimits {
  /** Most text one answer carries, in UTF-8 bytes of its JSON form. Default 1 MiB. */
  maxReplyBytes?: number;
}

/** What `pithy_stats` returns: this process's counters and the store's. */
export interface StatsReport {
  telemetry: TelemetrySnapshot;
  store: StoreStats | { unavailable: string } | null;
}

const HINT_FIELDS = ["tool", "filename", "query"] as const;

/**
 * Answers a call of one of pithy's tools, or returns `null` when `name` is
 * not one of them (the server turns that into a protocol error).
 */
export async function answerToolCall(
  pithy: Pithy,
  name: string,
  args: unknown,
  limits: AnswerLimits = {},
  options: CallOptions = {},
): Promise<ToolAnswer | null> {
  const maxReplyBytes = limits.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
  switch (name) {
    case COMPRESS_TOOL:
      return answerCompress(pithy, args, maxReplyBytes, options);
    case RECALL_TOOL:
      return answerRecall(pithy, args, maxReplyBytes, options);
    case STATS_TOOL:
      return answerStats(pithy);
    default:
      return null;
  }
}

/**
 * The compressed output as the first text block (byte for byte what the
 * pipeline returned), and the result fields as structured content, repeated
 * as one JSON line in a second block for clients that ignore structured
 * content (the MCP spec asks for that mirror).
 */
async function answerCompress(
  pithy: Pithy,
  args: unknown,
  maxReplyBytes: number,
  options: CallOptions,
): Promise<ToolAnswer> {
  const fields = asObject(args);
  if (fields === null || typeof fields.content !== "string") {
    return failure(`${COMPRESS_TOOL} needs "content", the tool output to compress, as a string.`);
  }
  const hint: Hint = {};
  for (const field of HINT_FIELDS) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") return failure(`${COMPRESS_TOOL}: "${field}" must be a string when given.`);
    hint[field] = value;
  }
  const result = await pithy.compress(fields.content, hint, options);
  if (jsonTextBytes(result.output, maxReplyBytes) > maxReplyBytes) {
    return answerTooLarge(pithy, fields.content, result, maxReplyBytes, options);
  }
  return compressAnswer(result.output, compressFields(result));
}

function compressAnswer(text: string, summary: CompressFields): ToolAnswer {
  return {
    content: [
      { type: "text", text },
      { type: "text", text: JSON.stringify(summary) },
    ],
    structuredContent: { ...summary },
  };
}

/**
 * An output too large to send (content the gate passes through whole, or a
 * huge compression): the original goes to the store if it is not there yet,
 * and the model reads where it is and how to get it instead of the output.
 */
async function answerTooLarge(
  pithy: Pithy,
  content: string,
  result: CompressResult,
  maxReplyBytes: number,
  options: CallOptions,
): Promise<ToolAnswer> {
  const cap = `more than one answer may carry (${formatMiB(maxReplyBytes)})`;
  const what =
    result.action === "compressed"
      ? `the compressed output is ${result.bytesOut} bytes, ${cap}`
      : `the content was left whole (${result.reason}) and is ${result.bytesOut} bytes, ${cap}`;
  let key = result.key;
  if (key === undefined) {
    try {
      key = await pithy.archive(content, options);
    } catch (error) {
      const why = error instanceof Error ? error.message.replace(/^pithy: /, "") : String(error);
      return failure(
        `pithy: ${what}, and it could not be stored for recall (${why.slice(0, 200)}). ` + "Pass it in smaller parts.",
      );
    }
  }
  const marker = formatMarker(key, `${result.bytesIn} bytes of original not shown`);
  const text =
    `pithy: ${what}, so it is not shown. The original is stored: ${marker}. ` +
    `Call ${RECALL_TOOL} with {"key": "${key}"} to read it in parts, or with "lines" or "grep" to read just what you need.`;
  return compressAnswer(text, { ...compressFields(result), key, capped: true });
}

/**
 * Answered by the recall handler every provider shares, so the model reads
 * the same words for a miss; an original over the cap is cut at a line end
 * and says so, so the connection survives the answer.
 */
async function answerRecall(
  pithy: Pithy,
  args: unknown,
  maxReplyBytes: number,
  options: CallOptions,
): Promise<ToolAnswer> {
  const answer = await handleRecall(pithy, { name: RECALL_TOOL, arguments: args }, { signal: options.signal });
  if (answer === null || !answer.found)
    return failure(answer?.content ?? `pithy: ${RECALL_TOOL} could not be answered.`);
  const original = answer.content;
  if (jsonTextBytes(original, maxReplyBytes) <= maxReplyBytes) return { content: [{ type: "text", text: original }] };
  return { content: [{ type: "text", text: cutRecall(original, maxReplyBytes) }] };
}

/** Room kept under the cap for the note that ends a cut recall. */
const CUT_NOTE_BYTES = 400;

/** The head of an original that fits the cap, ending at a line end where one is near, and a note saying what is shown. */
function cutRecall(original: string, maxReplyBytes: number): string {
  let end = jsonPrefixLength(original, Math.max(0, maxReplyBytes - CUT_NOTE_BYTES));
  const lineEnd = original.lastIndexOf("\n", end - 1);
  if (lineEnd >= end * 0.75) end = lineEnd + 1;
  const head = original.slice(0, end);
  const shownLines = countLines(head);
  const totalLines = countLines(original);
  const totalBytes = utf8Length(original);
  const note =
    `${head.endsWith("\n") ? "" : "\n"}… pithy: the original is cut here, at the ${formatMiB(maxReplyBytes)} ` +
    `an answer may carry: its first ${utf8Length(head)} of ${totalBytes} bytes (lines 1-${shownLines} of ${totalLines}) are shown above.`;
  return head + note;
}

function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < text.length - 1; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

async function answerStats(pithy: Pithy): Promise<ToolAnswer> {
  const report: StatsReport = { telemetry: pithy.stats(), store: null };
  if (pithy.store !== null) {
    try {
      report.store = await pithy.store.stats();
    } catch (error) {
      report.store = { unavailable: error instanceof Error ? error.message : String(error) };
    }
  }
  return { content: [{ type: "text", text: JSON.stringify(report) }], structuredContent: { ...report } };
}

/** The result fields worth reporting, in a fixed order; absent optional ones are left out. */
export function compressFields(result: CompressResult): CompressFields {
  const fields: CompressFields = {
    action: result.action,
    type: result.type,
    strategy: result.strategy,
    bytesIn: result.bytesIn,
    bytesOut: result.bytesOut,
    tokensIn: result.tokensIn,
    tokensOut: result.tokensOut,
  };
  if (result.reason !== undefined) fields.reason = result.reason;
  if (result.key !== undefined) fields.key = result.key;
  return fields;
}

function failure(message: string): ToolAnswer {
  return { content: [{ type: "text", text: message }], isError: true };
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
