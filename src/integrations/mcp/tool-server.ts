/**
 * The SDK `Server` that answers pithy's tools, whatever the transport.
 *
 * Built on the SDK's low-level `Server` rather than `McpServer`: the tools
 * are plain JSON Schema (shared with the other providers' tool definitions),
 * and `McpServer.registerTool` would make zod a dependency of ours only to
 * translate them back. The arguments are checked in calls.ts.
 *
 * `tools/call` is answered by the server's fallback handler rather than a
 * handler registered for `CallToolRequestSchema`: the SDK validates a
 * registered `tools/call` against its schema first and answers a non-string
 * tool name with the whole zod report; here the check is ours and the answer
 * one sentence. This module imports the SDK, so it is only ever loaded by a
 * dynamic `import()` (see ../mcp.ts).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallOptions } from "../../ccr/abort.js";
import type { Pithy } from "../../pipeline.js";
import { type AnswerLimits, answerToolCall, type ToolAnswer } from "./calls.js";
import { JSONRPC_ERROR, JsonRpcError } from "./jsonrpc-errors.js";
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO, MCP_TOOLS } from "./tools.js";

const TOOL_NAMES = MCP_TOOLS.map((tool) => tool.name).join(", ");

/**
 * An MCP server, not yet connected, whose tools are answered by `pithy`.
 * @example
 * const server = createToolServer(pithy, { maxReplyBytes: 1024 * 1024 });
 * await server.connect(new LineStdioServerTransport());
 */
export function createToolServer(pithy: Pithy, limits: AnswerLimits = {}): Server {
  const server = new Server({ ...MCP_SERVER_INFO }, { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: MCP_TOOLS.map((tool) => structuredClone(tool)) }));
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== "tools/call") throw new JsonRpcError(JSONRPC_ERROR.methodNotFound, "Method not found");
    // The SDK aborts `extra.signal` when the client cancels the request (notifications/cancelled).
    return answerCall(pithy, request.params, limits, { signal: extra.signal });
  };
  return server;
}

/** One `tools/call`: a malformed call is a short protocol error, a failure inside an `isError` answer. */
async function answerCall(
  pithy: Pithy,
  params: unknown,
  limits: AnswerLimits,
  options: CallOptions,
): Promise<ToolAnswer> {
  const call = (params ?? {}) as { name?: unknown; arguments?: unknown };
  const { name } = call;
  if (typeof name !== "string") {
    throw new JsonRpcError(
      JSONRPC_ERROR.invalidParams,
      `Invalid params: tools/call needs "name", the tool to call, as a string; pithy has ${TOOL_NAMES}.`,
    );
  }
  let answer: ToolAnswer | null;
  try {
    answer = await answerToolCall(pithy, name, call.arguments ?? {}, limits, options);
  } catch (error) {
    // The pipeline fails open and the answers catch their own failures; this is the last fence.
    const why = error instanceof Error ? error.message : String(error);
    return { content: [{ type: "text", text: `pithy: ${name.slice(0, 80)} failed: ${why}` }], isError: true };
  }
  if (answer === null) {
    throw new JsonRpcError(
      JSONRPC_ERROR.invalidParams,
      `Unknown tool ${JSON.stringify(name.slice(0, 80))}; pithy has ${TOOL_NAMES}.`,
    );
  }
  return answer;
}
