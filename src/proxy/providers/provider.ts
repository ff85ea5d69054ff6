/**
 * What the proxy needs to know about one API's wire format. Each provider
 * file holds everything about its API (where the conversation sits, what a
 * recall-only turn looks like, how a turn is continued, its error shape, how
 * its event stream is spliced), so nothing about Anthropic lives anywhere
 * but `anthropic.ts`. The generic parts (rewriting, the recall loops, the
 * relay) only go through this interface.
 */
import type { Pithy } from "../../pipeline.js";
import type { RecallAnswer, RecallResultFormat } from "../../messages/handle-recall.js";
import type { RecallToolFormat } from "../../messages/recall-tool.js";
import type { MessageShape } from "../../messages/shapes/shape.js";
import type { SseEvent } from "../sse.js";

/** The APIs whose requests the proxy rewrites. */
export type ProviderName = "anthropic" | "openai-chat" | "openai-responses";

/** The upstreams the proxy knows; each has its own base URL. */
export type UpstreamName = "anthropic" | "openai";

/** A request body as parsed JSON. */
export type RequestBody = Record<string, unknown>;

/** A model turn that called the recall tool and no tool of the client's. */
export interface RecallTurn {
  /** The recall calls, in a form `handleRecall` reads (each with its call id). */
  calls: unknown[];
  /** What the model said, to append to the conversation before the answers. */
  assistant: unknown;
  /** What the client has been or will be shown of this turn (what came before the first recall call). */
  visible: unknown[];
  /** The turn's usage counters, to be added to the final response's. */
  usage: unknown;
  /** The response's id, for APIs that continue a stored response (`previous_response_id`). */
  responseId?: string;
}

/** The answer of the upstream, or an error the proxy makes in the provider's shape. */
export interface ProviderError {
  status: number;
  body: string;
}

/** Error kinds the proxy itself reports, mapped to each provider's error types. */
export type ProxyErrorKind = "request_too_large" | "upstream_timeout" | "upstream_unreachable" | "internal";

/**
 * Splices the event streams of a transparent recall into one stream for the
 * client. Round 0 is the client's own request; rounds 1… are the proxy's
 * continuations. Events are relayed as they come until the model starts a
 * recall call; from there they are held. If the turn ends as a recall-only
 * turn, the held events are dropped and the next round's events follow, made
 * to read as the same message (indexes, sequence numbers and usage carried
 * over); otherwise `release` gives the held events to send as they were.
 */
export interface StreamSplicer {
  /** Starts a round: held events of the previous round are dropped. */
  beginRound(round: number): void;
  /** One upstream event: the text to send the client now (may be empty). */
  onEvent(event: SseEvent): string;
  /** The round's stream is over: the recall turn to answer, or null. */
  endRound(): RecallTurn | null;
  /** Everything held back, for when the proxy does not answer after all. */
  release(): string;
  /** The last round's whole response, where the stream carries one (Responses' closing event). */
  lastResponse?(): unknown;
}

/** Recall calls a stored response handed to the client, to answer when a request continues it. */
export interface StoredRecallCalls {
  responseId: string;
  calls: unknown[];
}

/** One API's wire format. */
export interface Provider {
  readonly name: ProviderName;
  readonly upstream: UpstreamName;
  /** The conversation layout `compressMessages` reads. */
  readonly shape: MessageShape;
  /** The recall tool's definition format in this API. */
  readonly toolFormat: RecallToolFormat;
  /** The tool-result format of a recall answer in this API. */
  readonly resultFormat: RecallResultFormat;
  /** The body field that holds the conversation. */
  readonly conversationField: "messages" | "input";
  /**
   * Answers recall calls that the model made next to the client's own tools
   * (the client got that turn whole and could not run pithy_recall): each
   * one's tool result becomes the recall answer, added where the client sent
   * none. Deterministic, so later turns resend the same bytes.
   */
  answerRecallCalls(
    conversation: readonly unknown[],
    pithy: Pithy,
  ): Promise<{ conversation: unknown[]; answered: number }>;
  /**
   * For APIs that keep the conversation upstream (Responses' `previous_response_id`): the recall
   * calls a response gives the client, which a request continuing it will not send back.
   */
  storedRecallCalls?(response: unknown): StoredRecallCalls | null;
  /** The id of the stored response a request continues, if any. */
  continuedResponseId?(body: RequestBody): string | undefined;
  /** The conversation with the answers to a continued response's recall calls, where the client sent none. */
  answerStoredRecallCalls?(
    conversation: readonly unknown[],
    calls: readonly unknown[],
    pithy: Pithy,
  ): Promise<{ conversation: unknown[]; answered: number }>;
  /** A non-streaming response's recall-only turn, or null. */
  recallTurn(response: unknown): RecallTurn | null;
  /** The request that continues `body` after `turn` with the recall answers. */
  continueWith(body: RequestBody, turn: RecallTurn, answers: readonly RecallAnswer[]): RequestBody;
  /** The final non-streaming response, with what earlier rounds showed and their usage added. */
  mergeResponse(final: Record<string, unknown>, earlier: readonly RecallTurn[]): Record<string, unknown>;
  /** An error of the proxy's own, in this API's error shape. */
  errorResponse(kind: ProxyErrorKind, message: string): ProviderError;
  /** A fresh splicer for one streaming request. */
  streamSplicer(): StreamSplicer;
}

/** HTTP status of each error kind of the proxy's own. */
export const ERROR_STATUS: Readonly<Record<ProxyErrorKind, number>> = {
  request_too_large: 413,
  upstream_timeout: 504,
  upstream_unreachable: 502,
  internal: 500,
};
