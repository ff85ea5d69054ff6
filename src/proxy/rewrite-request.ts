/**
 * Rewrites one request body on its way upstream: answers the recall calls the
 * client could not run, compresses the tool results with `compressMessages`
 * (nothing else: system prompts, user text, images, documents and every
 * other field stay as they are), and adds the recall tool when a marker is
 * present. The same history always gives the same bytes (a turn's request is
 * the previous request's bytes plus the new part), so prompt caches keep
 * hitting. Nothing here throws: in doubt, the client's bytes go upstream
 * unchanged, and the reason is counted.
 */
import { compressMessages } from "../messages/compress-messages.js";
import { hasRecallTool, withRecallTool } from "../messages/with-recall-tool.js";
import type { Pithy } from "../pipeline.js";
import type { CompressCache } from "./compress-cache.js";
import type { PendingRecalls } from "./pending-recalls.js";
import { hasUnsafeNumber, parseJsonObject } from "./json.js";
import type { ProxySkipReason } from "./proxy-stats.js";
import type { Provider, RequestBody } from "./providers/provider.js";

/** What the rewrite did. */
export interface RewriteOutcome {
  /** The body to send: the new JSON text, or the client's very bytes. */
  body: string | Uint8Array;
  /** The body as sent, parsed (for a recall continuation), or null when it is not JSON. */
  parsed: RequestBody | null;
  /** Whether the client asked for a stream (`"stream": true`). */
  stream: boolean;
  /** Whether the recall tool the proxy answers is offered (added by the proxy, not the client's own). */
  recallOffered: boolean;
  /** Why the body went unchanged, when it did. */
  skip?: ProxySkipReason;
  /** Tool results seen and compressed, their estimated tokens before and after. */
  toolResults: number;
  compressed: number;
  tokensIn: number;
  tokensOut: number;
  /** Recall calls answered in the history. */
  answered: number;
}

/** Rewrites `bytes` for `provider`, compressing through `cache` when given; never throws. */
export async function rewriteRequest(
  bytes: Uint8Array,
  provider: Provider,
  pithy: Pithy,
  cache?: CompressCache,
  pending?: PendingRecalls,
): Promise<RewriteOutcome> {
  const parsed = parseJsonObject(bytes);
  if (!parsed.ok) return unchanged(bytes, null, parsed.problem);
  const body = parsed.value;
  const conversation = body[provider.conversationField];
  if (!Array.isArray(conversation)) return unchanged(bytes, body, "no_conversation");
  // A client that declares pithy_recall itself answers its calls itself.
  const clientOwnsRecall = Array.isArray(body.tools) && hasRecallTool(body.tools);
  try {
    const answered = clientOwnsRecall
      ? { conversation, answered: 0 }
      : await provider.answerRecallCalls(conversation, pithy);

    // compressMessages sends the history back unchanged when a compression throws: watch for it to count it.
    let threw = false;
    const watched = {
      compress: async (content: string, hint?: Parameters<Pithy["compress"]>[1]) => {
        try {
          return await (cache === undefined ? pithy.compress(content, hint) : cache.compress(pithy, content, hint));
        } catch (error) {
          threw = true;
          throw error;
        }
      },
      recall: (...args: Parameters<Pithy["recall"]>) => pithy.recall(...args),
      recallMaxTokens: pithy.recallMaxTokens,
    } as Pithy;
    const result = await compressMessages(answered.conversation, { pithy: watched, shape: provider.shape });
    if (threw) return unchanged(bytes, body, "compression_failed");
    const compressed = result.results.filter((r) => r.action === "compressed").length;
    let messages: unknown[] = result.messages;
    // A stored response this request continues may hold recall calls the client could not answer.
    // Their answers go in after compression: their calls are not in this request, so nothing
    // would tell compressMessages that these are recall answers, which are never compressed.
    const continued = clientOwnsRecall ? undefined : provider.continuedResponseId?.(body);
    const stored = continued === undefined ? undefined : pending?.callsOf(continued);
    if (stored !== undefined && provider.answerStoredRecallCalls !== undefined) {
      const more = await provider.answerStoredRecallCalls(messages, stored, pithy);
      messages = more.conversation;
      answered.answered += more.answered;
    }
    const rewritten: RequestBody = { ...body, [provider.conversationField]: messages };
    const sent = clientOwnsRecall ? rewritten : withRecallTool(rewritten, provider.toolFormat);
    const recallOffered = !clientOwnsRecall && Array.isArray(sent.tools) && hasRecallTool(sent.tools);
    const counts = {
      toolResults: result.results.length,
      compressed,
      tokensIn: result.tokensIn,
      tokensOut: result.tokensOut,
      answered: answered.answered,
    };
    if (compressed === 0 && answered.answered === 0 && sent === rewritten) {
      return { ...unchanged(bytes, body, "nothing_to_compress"), ...counts, recallOffered };
    }
    // Writing the body back must not change a number the client sent.
    if (hasUnsafeNumber(body)) {
      const { toolResults, tokensIn } = counts;
      return { ...unchanged(bytes, body, "unsafe_number"), toolResults, tokensIn, tokensOut: tokensIn };
    }
    return { body: JSON.stringify(sent), parsed: sent, stream: body.stream === true, recallOffered, ...counts };
  } catch {
    // A bug here (a shape we misread, a structure too deep to write) must not cost the client its request.
    return unchanged(bytes, body, "compression_failed");
  }
}

function unchanged(bytes: Uint8Array, body: RequestBody | null, skip: ProxySkipReason): RewriteOutcome {
  return {
    body: bytes,
    parsed: body,
    stream: body?.stream === true,
    recallOffered: false,
    skip,
    toolResults: 0,
    compressed: 0,
    tokensIn: 0,
    tokensOut: 0,
    answered: 0,
  };
}
