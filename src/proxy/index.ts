// The `pithy-ai/proxy` subpath: the OpenAI- and Anthropic-compatible HTTP
// proxy. Every export is named here one by one.

export { createProxy } from "./create-proxy.js";
export type { PithyProxy } from "./create-proxy.js";
export {
  DEFAULT_ANTHROPIC_UPSTREAM,
  DEFAULT_OPENAI_UPSTREAM,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_RECALL_ROUNDS,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_COMPRESS_CACHE_CHARS,
  DEFAULT_COMPRESS_CACHE_TTL_MS,
} from "./options.js";
export type { ProxyOptions } from "./options.js";
export type { ProxyAddress } from "./listener.js";
export type { ProxyStatsSnapshot, ProxySkipReason, ProxyErrorName } from "./proxy-stats.js";
export type { CompressCacheStats } from "./compress-cache.js";
export { STATS_PATH } from "./routes.js";
