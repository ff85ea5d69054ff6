/**
 * Which requests the proxy rewrites and where every request goes. Only three
 * endpoints are rewritten (matched on the end of the path, so a base path in
 * front, such as Azure's `/openai/deployments/NAME`, still matches); every
 * other request, `count_tokens` included, is forwarded untouched to the
 * upstream it belongs to.
 */
import { anthropicProvider } from "./providers/anthropic.js";
import { openAIChatProvider } from "./providers/openai-chat.js";
import { openAIResponsesProvider } from "./providers/openai-responses.js";
import type { Provider, UpstreamName } from "./providers/provider.js";

/** The path of the proxy's own counters. */
export const STATS_PATH = "/pithy/stats";

/** Where one request goes and how it is handled. */
export type Route =
  | { kind: "stats" }
  | { kind: "rewrite"; provider: Provider; upstream: UpstreamName }
  | { kind: "forward"; upstream: UpstreamName };

/** The route of a request, from its method, path and headers. */
export function routeOf(method: string, pathname: string, headers: Headers): Route {
  if (pathname === STATS_PATH && (method === "GET" || method === "HEAD")) return { kind: "stats" };
  if (method === "POST") {
    const provider = rewrittenAt(pathname);
    if (provider !== null) return { kind: "rewrite", provider, upstream: provider.upstream };
  }
  return { kind: "forward", upstream: upstreamOf(pathname, headers) };
}

function rewrittenAt(pathname: string): Provider | null {
  const path = pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  if (path.endsWith("/v1/messages")) return anthropicProvider;
  if (path.endsWith("/chat/completions")) return openAIChatProvider;
  if (path.endsWith("/responses")) return openAIResponsesProvider;
  return null;
}

/** Anthropic's paths and SDK headers go to Anthropic; everything else to OpenAI. */
function upstreamOf(pathname: string, headers: Headers): UpstreamName {
  if (/\/v1\/(?:messages|complete)(?:\/|$)/.test(pathname)) return "anthropic";
  if (headers.has("anthropic-version") || headers.has("x-api-key")) return "anthropic";
  return "openai";
}

/** The upstream URL of a request: the upstream's base (its path kept) plus the request's path and query. */
export function upstreamUrl(base: URL, request: URL): string {
  const url = new URL(base.href);
  const basePath = url.pathname.endsWith("/") ? url.pathname.slice(0, -1) : url.pathname;
  url.pathname = basePath + request.pathname;
  url.search = request.search;
  return url.href;
}
