/**
 * The error shape both OpenAI APIs answer with,
 * `{ "error": { "message", "type", "param", "code" } }`, for errors the
 * proxy reports itself (a body too large, an upstream that timed out or
 * could not be reached).
 */
import { ERROR_STATUS, type ProviderError, type ProxyErrorKind } from "./provider.js";

const ERROR_TYPES: Readonly<Record<ProxyErrorKind, { type: string; code: string | null }>> = {
  request_too_large: { type: "invalid_request_error", code: "request_too_large" },
  upstream_timeout: { type: "server_error", code: "upstream_timeout" },
  upstream_unreachable: { type: "server_error", code: "upstream_unreachable" },
  internal: { type: "server_error", code: null },
};

/** An error of the proxy's own in OpenAI's shape. */
export function openAIErrorResponse(kind: ProxyErrorKind, message: string): ProviderError {
  const { type, code } = ERROR_TYPES[kind];
  return { status: ERROR_STATUS[kind], body: JSON.stringify({ error: { message, type, param: null, code } }) };
}
