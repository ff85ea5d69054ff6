/**
 * `createProxy`: an OpenAI- and Anthropic-compatible HTTP proxy as a
 * `fetch(request) → response` handler, plus `listen()` for a server of its
 * own. Any agent that takes a base URL (`ANTHROPIC_BASE_URL`,
 * `OPENAI_BASE_URL`) can point at it: tool results in its requests are
 * compressed, the recall tool is offered when a marker is present, and the
 * model's recall calls are answered by the proxy itself. This module imports
 * no `node:` module, so the handler runs in a worker runtime too; the server
 * is loaded only by `listen()`.
 */
import { resolvePithy } from "../messages/compress-messages.js";
import type { Pithy } from "../pipeline.js";
import { CompressCache } from "./compress-cache.js";
import { PendingRecalls } from "./pending-recalls.js";
import { clientResponseHeaders, isEventStream, isJsonContentType, upstreamRequestHeaders } from "./headers.js";
import type { Listener, ProxyAddress } from "./listener.js";
import { resolveProxyOptions, type ProxyOptions, type ResolvedProxyOptions } from "./options.js";
import { ProxyStats, type ProxyStatsSnapshot } from "./proxy-stats.js";
import { anthropicProvider } from "./providers/anthropic.js";
import { openAIErrorResponse } from "./providers/openai-error.js";
import type { Provider, ProxyErrorKind, UpstreamName } from "./providers/provider.js";
import { readBody } from "./read-body.js";
import { answerRecallRounds } from "./recall-loop.js";
import { relayBody, isNullBodyStatus } from "./relay-body.js";
import { formatRequestLog, type RequestLogEntry } from "./request-log.js";
import { rewriteRequest } from "./rewrite-request.js";
import { routeOf, upstreamUrl } from "./routes.js";
import { relayWithRecall } from "./stream-relay.js";
import { callUpstream, type UpstreamOutcome } from "./upstream.js";

const now = () => (typeof performance === "undefined" ? Date.now() : performance.now());

/** A proxy: a request handler, and a server around it on demand. */
export interface PithyProxy {
  /** Handles one request (hand it to `Deno.serve`, a worker's `fetch`, or call it directly). */
  fetch(request: Request): Promise<Response>;
  /**
   * Starts a `node:http` server (Node, Deno) on the configured host and port;
   * resolves with its address once it listens. Rejects with
   * `PithyConfigError` when the pithy options are bad.
   */
  listen(): Promise<ProxyAddress>;
  /** Stops the server, letting requests in flight finish within `shutdownGraceMs`. */
  close(): Promise<void>;
  /** A copy of the proxy's counters (what `GET /pithy/stats` serves, without pithy's own). */
  stats(): ProxyStatsSnapshot;
}

/**
 * Creates a proxy. Bad options throw `PithyConfigError` here; bad pithy
 * options (given as an options object) reject `listen()` and answer every
 * request with a 500.
 * @example
 * import { createProxy } from "pithy-ai/proxy";
 * const proxy = createProxy({ port: 8787 });
 * const { url } = await proxy.listen();   // ANTHROPIC_BASE_URL=url, OPENAI_BASE_URL=url + "/v1"
 */
export function createProxy(options: ProxyOptions = {}): PithyProxy {
  const config = resolveProxyOptions(options);
  const stats = new ProxyStats();
  const pithy = resolvePithy(config.pithy);
  // Observed here so a bad option is not an unhandled rejection before the first request.
  pithy.catch(() => {});
  const cache = new CompressCache(config.compressCacheChars, config.compressCacheTtlMs, now);
  let listener: Listener | null = null;
  const state = { config, stats, pithy, cache, pending: new PendingRecalls() };
  const handle = (request: Request) => handleRequest(request, state);
  return {
    fetch: handle,
    async listen() {
      await pithy;
      if (listener !== null) return listener.address;
      const { listenNode } = await import("./node-listener.js");
      listener = await listenNode(handle, config.host, config.port);
      return listener.address;
    },
    async close() {
      const current = listener;
      listener = null;
      await current?.close(config.shutdownGraceMs);
    },
    stats: () => stats.snapshot(cache.stats()),
  };
}

/** What every request of one proxy shares. */
interface ProxyState {
  config: ResolvedProxyOptions;
  stats: ProxyStats;
  pithy: Promise<Pithy>;
  cache: CompressCache;
  pending: PendingRecalls;
}

async function handleRequest(request: Request, state: ProxyState): Promise<Response> {
  const { config, stats, cache, pending } = state;
  const pithyPromise = state.pithy;
  const url = new URL(request.url);
  const route = routeOf(request.method, url.pathname, request.headers);
  if (route.kind === "stats") return statsResponse(request, stats, pithyPromise, cache);
  const started = now();
  const entry: RequestLogEntry = {
    method: request.method,
    path: url.pathname,
    status: 0,
    route: route.kind === "rewrite" ? route.provider.name : "forward",
    stream: false,
    toolResults: 0,
    compressed: 0,
    tokensIn: 0,
    tokensOut: 0,
    rounds: 0,
    ms: 0,
  };
  stats.started(entry.route);
  let done = false;
  const finish = (status: number, rounds = 0) => {
    if (done) return;
    done = true;
    entry.status = status;
    entry.rounds = rounds;
    entry.ms = now() - started;
    stats.finished(status);
    if (request.signal.aborted) stats.failed("client_aborted");
    config.log?.(formatRequestLog(entry));
  };
  const provider = route.kind === "rewrite" ? route.provider : null;
  const errorOf = (kind: ProxyErrorKind, message: string) => {
    const error = provider?.errorResponse(kind, message) ?? errorShapeOf(route.upstream)(kind, message);
    finish(error.status);
    return new Response(error.body, { status: error.status, headers: { "content-type": "application/json" } });
  };
  const target = upstreamUrl(config.upstreams[route.upstream], url);
  const headers = upstreamRequestHeaders(request.headers);
  const send = (body: Uint8Array | string | ReadableStream<Uint8Array> | null) =>
    callUpstream(
      config.fetch,
      { url: target, method: request.method, headers, body },
      request.signal,
      config.upstreamTimeoutMs,
    );
  try {
    if (provider === null) {
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      return relay(await send(hasBody ? request.body : null), finish, errorOf, stats);
    }
    const read = await readBody(request, config.maxBodyBytes);
    if (!read.ok) {
      if (read.reason === "unreadable") {
        finish(499);
        return new Response(null, { status: 400 });
      }
      stats.failed("body_too_large");
      return errorOf("request_too_large", `pithy proxy: the request body is over ${config.maxBodyBytes} bytes`);
    }
    const pithy = await pithyPromise;
    const rewrite = await rewriteRequest(read.bytes, provider, pithy, cache, pending);
    stats.rewrote(rewrite.toolResults, rewrite.compressed, rewrite.tokensIn, rewrite.tokensOut, rewrite.answered);
    if (rewrite.skip !== undefined) stats.skipped(rewrite.skip);
    if (rewrite.skip === "compression_failed") stats.failed("compression");
    Object.assign(entry, {
      stream: rewrite.stream,
      toolResults: rewrite.toolResults,
      compressed: rewrite.compressed,
      tokensIn: rewrite.tokensIn,
      tokensOut: rewrite.tokensOut,
      skip: rewrite.skip,
    });
    const outcome = await send(rewrite.body);
    // With the recall tool offered, the response goes through the recall loops even when they may answer
    // no round (maxRecallRounds 0): they also note the calls a stored response hands the client.
    const answersRecall = rewrite.recallOffered && rewrite.parsed !== null;
    const remember = (response: unknown) => {
      const stored = response === undefined ? null : (provider.storedRecallCalls?.(response) ?? null);
      if (stored !== null) pending.remember(stored);
    };
    if (!outcome.ok || outcome.response.status !== 200 || !answersRecall || rewrite.parsed === null) {
      return relay(outcome, finish, errorOf, stats);
    }
    const exchange = {
      provider,
      pithy,
      body: rewrite.parsed,
      send: (body: Record<string, unknown>) => send(JSON.stringify(body)),
      maxRounds: config.maxRecallRounds,
      stats,
    };
    const response = outcome.response;
    const type = response.headers.get("content-type");
    if (rewrite.stream && isEventStream(type)) {
      const body = relayWithRecall(response, exchange, (rounds, last) => {
        remember(last);
        finish(200, rounds);
      });
      return new Response(body, {
        status: 200,
        statusText: response.statusText,
        headers: clientResponseHeaders(response.headers),
      });
    }
    if (!rewrite.stream && isJsonContentType(type)) {
      const result = await answerRecallRounds(response, exchange);
      remember(result.final);
      finish(result.response.status, result.rounds);
      return result.response;
    }
    return relay(outcome, finish, errorOf, stats);
  } catch (error) {
    if (request.signal.aborted) {
      finish(499);
      return new Response(null, { status: 499 });
    }
    return errorOf("internal", `pithy proxy: internal error (${error instanceof Error ? error.name : "error"})`);
  }
}

/** The upstream's response as it comes, or the provider's error for a failed call. */
function relay(
  outcome: UpstreamOutcome,
  finish: (status: number) => void,
  errorOf: (kind: ProxyErrorKind, message: string) => Response,
  stats: ProxyStats,
): Response {
  if (!outcome.ok) {
    if (outcome.kind === "aborted") {
      finish(499);
      return new Response(null, { status: 499 });
    }
    stats.failed(outcome.kind === "timeout" ? "upstream_timeout" : "upstream_unreachable");
    return errorOf(
      outcome.kind === "timeout" ? "upstream_timeout" : "upstream_unreachable",
      `pithy proxy: ${outcome.message}`,
    );
  }
  const { response } = outcome;
  const body = isNullBodyStatus(response.status) ? null : response.body;
  if (body === null) response.body?.cancel().catch(() => {});
  return new Response(
    relayBody(body, () => finish(response.status)),
    { status: response.status, statusText: response.statusText, headers: clientResponseHeaders(response.headers) },
  );
}

function errorShapeOf(upstream: UpstreamName): Provider["errorResponse"] {
  return upstream === "anthropic" ? anthropicProvider.errorResponse : openAIErrorResponse;
}

async function statsResponse(
  request: Request,
  stats: ProxyStats,
  pithyPromise: Promise<Pithy>,
  cache: CompressCache,
): Promise<Response> {
  let pithy: Record<string, unknown> | null = null;
  try {
    const snapshot = (await pithyPromise).stats();
    pithy = {
      totals: snapshot.totals,
      ccr: snapshot.ccr,
      recalls: snapshot.recalls,
      skipsByReason: snapshot.skipsByReason,
    };
  } catch {
    pithy = null;
  }
  const body = JSON.stringify({ proxy: stats.snapshot(cache.stats()), pithy }, null, 2);
  return new Response(request.method === "HEAD" ? null : body, {
    status: 200,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}
