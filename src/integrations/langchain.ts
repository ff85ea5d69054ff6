/**
 * pithy as a LangChain.js agent middleware (langchain ≥ 1, `createAgent`),
 * behind the `pithy/integrations/langchain` subpath export.
 *
 * Its `wrapToolCall` hook compresses the `ToolMessage` every tool returns
 * before the model reads it, and keeps the uncompressed content in the
 * message's `artifact` (LangChain's place for what a tool returns but the
 * model does not see). It also gives the agent the `pithy_recall` tool, so the
 * model can turn a `[[pithy:KEY …]]` marker back into the original.
 *
 * `langchain` is an optional peer dependency: only this entry imports it.
 */
import { createMiddleware, tool, ToolMessage } from "langchain";
import { handleRecall } from "../messages/handle-recall.js";
import type { CallOptions } from "../ccr/abort.js";
import { RECALL_TOOL_DESCRIPTION, RECALL_TOOL_NAME, recallToolSchema } from "../messages/recall-tool.js";
import { createPithy, type Pithy } from "../pipeline.js";
import type { CompressResult, Hint } from "../types.js";

/** Options of {@link pithyMiddleware}. */
export interface PithyMiddlewareOptions {
  /**
   * The pithy that compresses (its store keeps the originals, its `stats()`
   * counts the savings). Default: `createPithy()` on first use, which keeps
   * originals in memory for the life of the process.
   */
  pithy?: Pithy;
  /** Gives the agent the `pithy_recall` tool. Default true; without it, markers cannot be followed. */
  recallTool?: boolean;
}

/** What the middleware puts under `artifact.pithy` of a ToolMessage it compressed. */
export interface PithyArtifact {
  /** The content the tool returned, exactly as it returned it. */
  original: ToolMessage["content"];
  /** One result per text compressed (the content, or each text block of it), without the output. */
  compressions: Array<Omit<CompressResult, "output">>;
}

/** A text content block, the only kind of block compressed. */
interface TextBlock {
  type: "text";
  text: string;
}

/**
 * A LangChain agent middleware that compresses what tools return, keeps the
 * originals in the ToolMessage's `artifact.pithy` and in pithy's store, and
 * adds the `pithy_recall` tool.
 * @example
 * import { createAgent } from "langchain";
 * import { pithyMiddleware } from "pithy-ai/integrations/langchain";
 * const agent = createAgent({ model, tools, middleware: [pithyMiddleware()] });
 */
export function pithyMiddleware(options: PithyMiddlewareOptions = {}) {
  const { recallTool = true } = options;
  let instance: Promise<Pithy> | undefined = options.pithy === undefined ? undefined : Promise.resolve(options.pithy);
  const pithy = () => (instance ??= createPithy());
  return createMiddleware({
    name: "PithyMiddleware",
    tools: recallTool ? [pithyRecallTool(pithy)] : [],
    wrapToolCall: async (request, handler) => {
      const result = await handler(request);
      // A Command steers the graph and a recall answer is the original the model asked for: both pass as they are.
      if (!ToolMessage.isInstance(result) || request.toolCall.name === RECALL_TOOL_NAME) return result;
      return compressToolMessage(await pithy(), result, { tool: request.toolCall.name }, runSignal(request.runtime));
    },
  });
}

/**
 * The `pithy_recall` tool for a LangChain agent: same name, description and
 * schema as for every other provider. `pithy` is the instance (or a getter of
 * it) whose store holds the originals.
 */
export function pithyRecallTool(pithy: Pithy | (() => Promise<Pithy>)) {
  const resolve = typeof pithy === "function" ? pithy : () => Promise.resolve(pithy);
  return tool(
    async (input: unknown, config?: { signal?: AbortSignal }) => {
      const answer = await handleRecall(
        await resolve(),
        { name: RECALL_TOOL_NAME, arguments: input },
        { signal: config?.signal },
      );
      return answer?.content ?? `pithy: ${RECALL_TOOL_NAME} could not be answered.`;
    },
    { name: RECALL_TOOL_NAME, description: RECALL_TOOL_DESCRIPTION, schema: recallToolSchema() },
  );
}

/**
 * Compresses a ToolMessage's content (a string, or each text block of an
 * array), returning a new message with the original under `artifact.pithy`,
 * or the same message when nothing got smaller. Never throws for content.
 *
 * The artifact becomes `{ pithy }` when the tool gave none, and gains a
 * `pithy` field when it is a plain object; any other artifact the tool gave is
 * left as it is (the original stays recallable through its key).
 */
export async function compressToolMessage(
  pithy: Pithy,
  message: ToolMessage,
  hint: Hint = {},
  options: CallOptions = {},
): Promise<ToolMessage> {
  const { content } = message;
  const callId = message.tool_call_id || undefined;
  const compressions: CompressResult[] = [];
  let compressed: ToolMessage["content"];
  if (typeof content === "string") {
    const result = await pithy.compress(content, { ...hint, callId }, options);
    compressions.push(result);
    compressed = result.output;
  } else if (Array.isArray(content)) {
    const texts = content.filter(isTextBlock).length;
    const blocks = [];
    for (const block of content) {
      if (!isTextBlock(block)) {
        blocks.push(block);
        continue;
      }
      // A call id names one original: only a lone text block can claim it.
      const result = await pithy.compress(block.text, texts === 1 ? { ...hint, callId } : hint, options);
      compressions.push(result);
      blocks.push(result.action === "compressed" ? { ...block, text: result.output } : block);
    }
    compressed = blocks as ToolMessage["content"];
  } else {
    return message;
  }
  const done = compressions.filter((r) => r.action === "compressed");
  if (done.length === 0) return message;
  const record: PithyArtifact = {
    original: content,
    compressions: done.map(({ output: _output, ...fields }) => fields),
  };
  return new ToolMessage({
    content: compressed,
    tool_call_id: message.tool_call_id,
    name: message.name,
    id: message.id,
    status: message.status,
    artifact: withPithy(message.artifact, record),
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    metadata: message.metadata,
  });
}

function withPithy(artifact: unknown, record: PithyArtifact): unknown {
  if (artifact === undefined || artifact === null) return { pithy: record };
  if (isPlainObject(artifact)) return { ...artifact, pithy: record };
  return artifact;
}

function isTextBlock(block: unknown): block is TextBlock {
  return isPlainObject(block) && block.type === "text" && typeof block.text === "string";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The agent run's signal, read structurally: LangGraph's runtime carries it
 * when the caller passed `signal` to `invoke`, so aborting the run cancels
 * the compression (and its store write) too.
 */
function runSignal(runtime: unknown): CallOptions {
  const signal = (runtime as { signal?: unknown } | undefined)?.signal;
  return signal instanceof AbortSignal ? { signal } : {};
}
