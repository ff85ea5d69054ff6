/**
 * The options of `createProxy`, checked once at construction: a bad value
 * throws `PithyConfigError` naming the option and what it allows, so a typo
 * fails at start-up rather than on the first request.
 */
import { PithyConfigError } from "../errors.js";
import type { Pithy, PithyOptions } from "../pipeline.js";
import { isPithy } from "../messages/compress-messages.js";

/** Default upstream of the Anthropic routes. */
export const DEFAULT_ANTHROPIC_UPSTREAM = "https://api.anthropic.com";
/** Default upstream of the OpenAI routes. */
export const DEFAULT_OPENAI_UPSTREAM = "https://api.openai.com";
/** Largest request body read (Anthropic's own limit for the Messages API). */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Recall rounds the proxy answers itself per client request. */
export const DEFAULT_MAX_RECALL_ROUNDS = 3;
/** Longest wait for the upstream's response headers: long generations without streaming take minutes. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10 * 60 * 1000;
/** How long `close()` lets requests in flight finish before cutting them. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** Characters of tool results (and their compressed forms) remembered across requests. */
export const DEFAULT_COMPRESS_CACHE_CHARS = 16 * 1024 * 1024;
/** How long a remembered compression is reused before it is computed (and its original stored) again. */
export const DEFAULT_COMPRESS_CACHE_TTL_MS = 5 * 60 * 1000;
/** Address and port `listen()` binds by default: loopback only. */
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 8787;

/** Options of `createProxy`. Every one is optional. */
export interface ProxyOptions {
  /**
   * The pithy instance that compresses and keeps originals, or options to
   * create one. Default: `createPithy()` (a memory store; recall works as long
   * as the process lives).
   */
  pithy?: Pithy | PithyOptions;
  /** Base URL of the Anthropic API. Default `https://api.anthropic.com`. */
  anthropicUpstream?: string;
  /** Base URL of the OpenAI API (without `/v1`: the client's path is appended). Default `https://api.openai.com`. */
  openaiUpstream?: string;
  /** Recall rounds answered by the proxy per request (0: the client gets every recall call). Default 3. */
  maxRecallRounds?: number;
  /** Largest request body accepted on the rewritten routes, in bytes; larger ones get a 413. Default 32 MiB. */
  maxBodyBytes?: number;
  /** Longest wait for an upstream's response headers, in ms; then a 504. Default 10 minutes. */
  upstreamTimeoutMs?: number;
  /** The fetch used to reach the upstreams. Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Receives one line per request (no content, no header values). Default: no log. */
  log?: ((line: string) => void) | null;
  /**
   * Characters of tool results whose compression is remembered, since every
   * request resends the history (0: compress every result every time).
   * Default 16 Mi (about 32 MB of strings).
   */
  compressCacheChars?: number;
  /** How long a remembered compression is reused, in ms, before it is computed again. Default 5 minutes. */
  compressCacheTtlMs?: number;
  /** Address `listen()` binds. Default `127.0.0.1`. */
  host?: string;
  /** Port `listen()` binds; 0 picks a free one. Default 8787. */
  port?: number;
  /** How long `close()` waits for requests in flight, in ms. Default 10 000. */
  shutdownGraceMs?: number;
}

/** The options with every default filled in. */
export interface ResolvedProxyOptions {
  pithy: Pithy | PithyOptions;
  upstreams: { anthropic: URL; openai: URL };
  maxRecallRounds: number;
  maxBodyBytes: number;
  upstreamTimeoutMs: number;
  fetch: typeof fetch;
  log: ((line: string) => void) | null;
  compressCacheChars: number;
  compressCacheTtlMs: number;
  host: string;
  port: number;
  shutdownGraceMs: number;
}

/** Checks the options and fills in the defaults; throws {@link PithyConfigError}. */
export function resolveProxyOptions(options: ProxyOptions = {}): ResolvedProxyOptions {
  if (options === null || typeof options !== "object") throw new PithyConfigError("options", "an object", options);
  const pithy = options.pithy ?? {};
  if (!isPithy(pithy) && (typeof pithy !== "object" || pithy === null)) {
    throw new PithyConfigError("pithy", "a Pithy instance (from createPithy) or a PithyOptions object", pithy);
  }
  const fetchImpl = options.fetch ?? (globalThis.fetch as typeof fetch | undefined);
  if (typeof fetchImpl !== "function") throw new PithyConfigError("fetch", "a fetch function", fetchImpl);
  const log = options.log ?? null;
  if (log !== null && typeof log !== "function") throw new PithyConfigError("log", "a function or null", log);
  const host = options.host ?? DEFAULT_HOST;
  if (typeof host !== "string" || host.length === 0) throw new PithyConfigError("host", "a host name or address", host);
  return {
    pithy,
    upstreams: {
      anthropic: upstreamBase(options.anthropicUpstream ?? DEFAULT_ANTHROPIC_UPSTREAM, "anthropicUpstream"),
      openai: upstreamBase(options.openaiUpstream ?? DEFAULT_OPENAI_UPSTREAM, "openaiUpstream"),
    },
    maxRecallRounds: count(options.maxRecallRounds ?? DEFAULT_MAX_RECALL_ROUNDS, "maxRecallRounds", 0, 100),
    maxBodyBytes: count(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, "maxBodyBytes", 1, 2 ** 31),
    upstreamTimeoutMs: count(options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS, "upstreamTimeoutMs", 1, 2 ** 31),
    fetch: fetchImpl,
    log,
    compressCacheChars: count(
      options.compressCacheChars ?? DEFAULT_COMPRESS_CACHE_CHARS,
      "compressCacheChars",
      0,
      2 ** 31,
    ),
    compressCacheTtlMs: count(
      options.compressCacheTtlMs ?? DEFAULT_COMPRESS_CACHE_TTL_MS,
      "compressCacheTtlMs",
      0,
      2 ** 31,
    ),
    host,
    port: count(options.port ?? DEFAULT_PORT, "port", 0, 65535),
    shutdownGraceMs: count(options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, "shutdownGraceMs", 0, 2 ** 31),
  };
}

function upstreamBase(value: unknown, option: string): URL {
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
    throw new PithyConfigError(option, "an http:// or https:// URL without query or fragment", value);
  }
  return url;
}

function count(value: unknown, option: string, min: number, max: number): number {
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return value;
  throw new PithyConfigError(option, `an integer from ${min} to ${max}`, value);
}
