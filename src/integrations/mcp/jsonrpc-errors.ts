/**
 * The JSON-RPC error answers pithy's MCP server gives before a message
 * reaches the SDK: a line that is not JSON, JSON that is not a JSON-RPC
 * message, a message over the size cap, a `tools/call` without a tool name.
 * Each is one short sentence a person or a model can act on; none echoes the
 * input back or dumps a schema validation report.
 */
import type { JsonRpcId } from "./request-id-scanner.js";

/** JSON-RPC 2.0 error codes used here. */
export const JSONRPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** First of the codes JSON-RPC leaves to the server; the SDK uses it for HTTP-level refusals. */
  serverError: -32000,
} as const;

/** A JSON-RPC 2.0 error response; `id` is null when the request's id cannot be known. */
export interface JsonRpcErrorResponse {
  jsonrpc: "2.0";
  id: JsonRpcId | null;
  error: { code: number; message: string; data?: Record<string, unknown> };
}

/**
 * An error a request handler throws to have the SDK answer with this code
 * and exactly this message (the SDK's `McpError` prefixes "MCP error N:" to
 * the message, which the client's `McpError` then prefixes again).
 */
export class JsonRpcError extends Error {
  override name = "JsonRpcError";
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const MAX_DETAIL_CHARS = 160;

/** The answer to a line that is not JSON (`-32700`, id null, as JSON-RPC prescribes). */
export function parseErrorResponse(error: unknown): JsonRpcErrorResponse {
  const detail = error instanceof Error ? error.message : String(error);
  return errorResponse(
    null,
    JSONRPC_ERROR.parseError,
    `Parse error: the message is not valid JSON (${detail.slice(0, MAX_DETAIL_CHARS)}).`,
  );
}

/** The answer to JSON that is not one JSON-RPC 2.0 message (`-32600`). */
export function invalidRequestResponse(value: unknown): JsonRpcErrorResponse {
  const why = Array.isArray(value)
    ? "batches (JSON arrays) are not supported; send one message per line"
    : 'a message needs "jsonrpc": "2.0" and either a string "method" (with a string or integer "id" for a request) or a "result" or "error"';
  return errorResponse(idOf(value), JSONRPC_ERROR.invalidRequest, `Invalid Request: ${why}.`);
}

/** The answer to a message over the size cap, which was discarded without being read. */
export function oversizedMessageResponse(
  id: JsonRpcId | null,
  bytes: number,
  maxMessageBytes: number,
): JsonRpcErrorResponse {
  return errorResponse(
    id,
    JSONRPC_ERROR.invalidRequest,
    `Invalid Request: the message has ${bytes} bytes, over pithy's limit of ${maxMessageBytes} (${formatMiB(maxMessageBytes)}); ` +
      "it was discarded unread. Pass the content in smaller parts.",
    { bytes, maxMessageBytes },
  );
}

/** A JSON-RPC error response. */
export function errorResponse(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: Record<string, unknown>,
): JsonRpcErrorResponse {
  return { jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } };
}

/** `1 MiB`, `32 MiB`, `512 KiB`: a byte cap the way people say it. */
export function formatMiB(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (mib >= 1 && Number.isInteger(mib)) return `${mib} MiB`;
  const kib = bytes / 1024;
  return Number.isInteger(kib) ? `${kib} KiB` : `${bytes} bytes`;
}

/** The id of a message that failed validation, when it has a usable one. */
function idOf(value: unknown): JsonRpcId | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  if (typeof id === "string") return id;
  return typeof id === "number" && Number.isFinite(id) ? id : null;
}
