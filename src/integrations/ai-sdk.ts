/**
 * pithy for the AI SDK (`ai` 6 and 7): a language-model middleware that
 * compresses the tool results of every prompt, and the recall tool as an AI
 * SDK tool. Both are plain objects typed structurally, so this file never
 * imports `ai` (an optional peer) and works with whichever version the
 * application brings.
 *
 * The middleware compresses on every call rather than once per result: the
 * application keeps the full history, and pithy's determinism makes the
 * compressed prompt the same bytes each turn, so provider prompt caches hit.
 */
import { PithyConfigError } from "../errors.js";
import { compressMessages, isPithy, resolvePithy, type CompressMessagesResult } from "../messages/compress-messages.js";
import { handleRecall } from "../messages/handle-recall.js";
import {
  RECALL_TOOL_DESCRIPTION,
  recallTool,
  recallToolSchema,
  type RecallToolSchema,
} from "../messages/recall-tool.js";
import { conversationHasMarkers, hasRecallTool } from "../messages/with-recall-tool.js";
import type { Pithy, PithyOptions } from "../pipeline.js";

/** Options of {@link pithyMiddleware}. */
export interface PithyMiddlewareOptions {
  /** The pithy instance to compress with (share it with {@link pithyRecallTool}), or options to create one. */
  pithy: Pithy | PithyOptions;
  /**
   * Add the recall tool to `params.tools` when the prompt carries markers and
   * the tool is not there yet. Default true. Register {@link pithyRecallTool}
   * under the name `pithy_recall` in `generateText`/`streamText` so its calls
   * are executed.
   */
  recallTool?: boolean;
  /** Called with each call's savings (per tool result), e.g. for logging. */
  onCompress?: (result: CompressMessagesResult) => void;
}

/** The parts of the AI SDK's call options the middleware reads and writes. */
export interface AiSdkCallParams {
  prompt: readonly unknown[];
  tools?: readonly unknown[];
  /** The call's cancellation, handed on to the compression. */
  abortSignal?: AbortSignal;
}

/**
 * A language-model middleware for `wrapLanguageModel`, typed structurally: it
 * fits `LanguageModelV3Middleware` (AI SDK 6) and `LanguageModelMiddleware`
 * (AI SDK 7).
 */
export interface PithyLanguageModelMiddleware {
  readonly specificationVersion: "v3";
  transformParams<P extends AiSdkCallParams>(options: {
    type: "generate" | "stream";
    params: P;
    model?: unknown;
  }): Promise<P>;
}

/**
 * A middleware that compresses the tool results in `params.prompt` and,
 * when the prompt then carries markers, offers the recall tool.
 * @example
 * const pithy = await createPithy();
 * const model = wrapLanguageModel({ model: openai("gpt-4.1"), middleware: pithyMiddleware({ pithy }) });
 * await generateText({ model, messages, tools: { ...tools, pithy_recall: pithyRecallTool(pithy) } });
 */
export function pithyMiddleware(options: PithyMiddlewareOptions): PithyLanguageModelMiddleware {
  if (options === null || typeof options !== "object")
    throw new PithyConfigError("options", "an object with a pithy instance or options", options);
  if (!isPithy(options.pithy) && (options.pithy === null || typeof options.pithy !== "object")) {
    throw new PithyConfigError("pithy", "a Pithy instance (from createPithy) or a PithyOptions object", options.pithy);
  }
  const offerRecall = options.recallTool !== false;
  const onCompress = options.onCompress;
  const pithy = resolvePithy(options.pithy);
  // An options object must not turn into an unhandled rejection before the first call.
  pithy.catch(() => undefined);
  return {
    specificationVersion: "v3",
    async transformParams({ params }) {
      if (!Array.isArray(params.prompt)) return params;
      const signal = params.abortSignal;
      const result = await compressMessages(params.prompt, { pithy: await pithy, shape: "ai-sdk", signal });
      onCompress?.(result);
      let next = result.results.some((r) => r.action === "compressed")
        ? { ...params, prompt: result.messages }
        : params;
      const tools = Array.isArray(next.tools) ? next.tools : [];
      if (offerRecall && !hasRecallTool(tools) && conversationHasMarkers(next.prompt)) {
        next = { ...next, tools: [...tools, recallTool("ai-sdk")] };
      }
      return next;
    },
  };
}

/** The recall tool's input: the key, and optionally the part wanted (see `RecallSelector`). */
export interface RecallToolInput {
  key: string;
  lines?: string;
  grep?: string;
  context?: number;
  path?: string;
}

/**
 * The input schema of {@link pithyRecallTool}: an AI SDK schema at run time
 * (the `vercel.ai.schema` mark, `jsonSchema`, `validate`) and a Standard
 * Schema with a JSON Schema converter for the type checker, so it fits the
 * AI SDK's `FlexibleSchema` without naming its types.
 */
export interface RecallToolInputSchema {
  readonly jsonSchema: RecallToolSchema;
  validate(value: unknown): { success: true; value: RecallToolInput };
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "pithy";
    readonly validate: (value: unknown) => { value: RecallToolInput };
    readonly jsonSchema: {
      readonly input: (options: unknown) => Record<string, unknown>;
      readonly output: (options: unknown) => Record<string, unknown>;
    };
  };
}

/** An AI SDK `tool()`-compatible recall tool. */
export interface PithyRecallAiTool {
  description: string;
  inputSchema: RecallToolInputSchema;
  execute(input: RecallToolInput, options?: unknown): Promise<string>;
}

/**
 * The recall tool for `generateText` / `streamText` (register it as
 * `pithy_recall`): executing it answers with the part the model asks for (or
 * the original, in bounded parts), or a plain sentence when the key is
 * unknown, expired or invalid.
 * @example
 * tools: { ...tools, pithy_recall: pithyRecallTool(pithy) }
 */
export function pithyRecallTool(pithy: Pithy): PithyRecallAiTool {
  if (!isPithy(pithy)) throw new PithyConfigError("pithy", "a Pithy instance (from createPithy)", pithy);
  // Every input is accepted: handleRecall answers a malformed one in words the
  // model can act on, which beats the SDK's generic validation error.
  const accept = (value: unknown) => value as RecallToolInput;
  const inputSchema = {
    [Symbol.for("vercel.ai.schema")]: true,
    jsonSchema: recallToolSchema(),
    validate: (value: unknown) => ({ success: true as const, value: accept(value) }),
    "~standard": {
      version: 1 as const,
      vendor: "pithy" as const,
      validate: (value: unknown) => ({ value: accept(value) }),
      jsonSchema: {
        input: () => recallToolSchema() as unknown as Record<string, unknown>,
        output: () => recallToolSchema() as unknown as Record<string, unknown>,
      },
    },
  };
  return {
    description: RECALL_TOOL_DESCRIPTION,
    inputSchema,
    async execute(input, options) {
      const signal = (options as { abortSignal?: AbortSignal } | undefined)?.abortSignal;
      const answer = await handleRecall(pithy, { name: "pithy_recall", input }, { signal });
      return answer === null ? "" : answer.content;
    },
  };
}
