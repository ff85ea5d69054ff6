/**
 * Answers the MCP server's tool calls with a {@link Pithy}: arguments come
 * from a model, so they are checked here and every problem becomes a plain
 * `isError` answer the model can read, never a thrown error or a stack trace.
 */
import { handleRecall } from "../../messages/handle-recall.js";
import type { Pithy } from "../../pipeline.js";
import type { StoreStats } from "../../ccr/store.js";
import type { TelemetrySnapshot } from "../../telemetry.js";
import type { CompressResult, Hint } from "../../types.js";
import { COMPRESS_TOOL, RECALL_TOOL, STATS_TOOL } from "./tools.js";

/** A `tools/call` result: text blocks, optional structured content, and whether it is an error. */
export interface ToolAnswer {
  [field: string]: unknown;
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The fields of a compression a client may act on, without the output itself. */
export type CompressFields = Omit<CompressResult, "output" | "detail">;

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
export async function answerToolCall(pithy: Pithy, name: string, args: unknown): Promise<ToolAnswer | null> {
  switch (name) {
    case COMPRESS_TOOL:
      return answerCompress(pithy, args);
    case RECALL_TOOL:
      return answerRecall(pithy, args);
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
async function answerCompress(pithy: Pithy, args: unknown): Promise<ToolAnswer> {
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
  const result = await pithy.compress(fields.content, hint);
  const summary = compressFields(result);
  return {
    content: [
      { type: "text", text: result.output },
      { type: "text", text: JSON.stringify(summary) },
    ],
    structuredContent: { ...summary },
  };
}

/** Answered by the recall handler every provider shares, so the model reads the same words for a miss. */
async function answerRecall(pithy: Pithy, args: unknown): Promise<ToolAnswer> {
  const answer = await handleRecall(pithy, { name: RECALL_TOOL, arguments: args });
  if (answer === null || !answer.found)
    return failure(answer?.content ?? `pithy: ${RECALL_TOOL} could not be answered.`);
  return { content: [{ type: "text", text: answer.content }] };
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
