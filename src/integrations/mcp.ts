/**
 * pithy as an MCP server over stdio (Node ≥ 20, Deno ≥ 2), behind the
 * `pithy/integrations/mcp` subpath export; `pithy mcp` runs it.
 *
 * It lists three tools — `pithy_compress`, `pithy_recall`, `pithy_stats` —
 * and keeps originals in an {@link FsStore} by default, so a key handed out
 * before a restart still recalls after it, and several servers (one per
 * editor window, say) pointed at the same directory share their originals.
 *
 * Built on the SDK's low-level `Server` rather than `McpServer`: the tools are
 * plain JSON Schema (shared with the other providers' tool definitions), and
 * `McpServer.registerTool` would make zod a dependency of ours only to
 * translate them back. The arguments are checked in `mcp/calls.ts`.
 */
import process from "node:process";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { createPithy, type Pithy, type PithyOptions } from "../pipeline.js";
import { FsStore } from "../stores/fs.js";
import { answerToolCall } from "./mcp/calls.js";
import { MCP_TOOLS } from "./mcp/tools.js";

export { COMPRESS_TOOL, RECALL_TOOL, STATS_TOOL, MCP_TOOLS } from "./mcp/tools.js";
export type { McpToolDefinition } from "./mcp/tools.js";
export type { CompressFields, StatsReport, ToolAnswer } from "./mcp/calls.js";

/** Name and version the server reports in its `initialize` answer (kept equal to package.json's by a test). */
export const MCP_SERVER_INFO = { name: "pithy", version: "0.1.0" } as const;

/**
 * Largest JSON-RPC message read from stdin. The SDK's default (10 MiB) would
 * close the connection on a `pithy_compress` of content the gate still takes
 * (8 Mi characters, up to 3 bytes each, JSON-escaped); this keeps memory
 * bounded all the same.
 */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const INSTRUCTIONS =
  "pithy compresses long tool outputs reversibly. Pass a long output to pithy_compress and read its answer instead; " +
  "where something was left out, a [[pithy:KEY …]] marker says what, and pithy_recall(KEY) returns the original.";

/** Options of {@link runMcpServer}: every {@link PithyOptions} field, and where the default store lives. */
export interface McpServerOptions extends PithyOptions {
  /**
   * Directory of the default {@link FsStore} (ignored when `store` is given).
   * Default: the FsStore default, `$XDG_CACHE_HOME/pithy` or `~/.cache/pithy`.
   */
  storeDir?: string;
  /** Where a one-line warning goes (a store that fell back to memory). Default: stderr. */
  warn?: (line: string) => void;
}

/** A running server: stop it with `close()`, or wait for the client to hang up with `closed`. */
export interface McpServerHandle {
  readonly server: Server;
  readonly pithy: Pithy;
  /** Resolves once the connection is closed, by either side. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * An MCP server (not yet connected) whose tools are answered by `pithy`.
 * Connect it to any transport; {@link runMcpServer} connects it to stdio.
 * @example
 * const server = createMcpServer(await createPithy({ store: await FsStore.open() }));
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(pithy: Pithy): Server {
  const server = new Server({ ...MCP_SERVER_INFO }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: MCP_TOOLS.map((tool) => structuredClone(tool)) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    let answer: Awaited<ReturnType<typeof answerToolCall>>;
    try {
      answer = await answerToolCall(pithy, name, args ?? {});
    } catch (error) {
      // The pipeline fails open and the answers catch their own failures; this is the last fence.
      const why = error instanceof Error ? error.message : String(error);
      return { content: [{ type: "text" as const, text: `pithy: ${name} failed: ${why}` }], isError: true };
    }
    if (answer === null) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${JSON.stringify(name.slice(0, 80))}; pithy has ${MCP_TOOLS.map((t) => t.name).join(", ")}.`,
      );
    }
    return answer;
  });
  return server;
}

/**
 * Serves pithy over this process's stdin and stdout until the client closes
 * stdin. Originals go to an {@link FsStore} unless `options.store` says
 * otherwise (`null`: no store, lossless only). Bad options throw
 * `PithyConfigError` before anything is read.
 * @example
 * // pithy-mcp.mjs — what `pithy mcp` does
 * import { runMcpServer } from "pithy-ai/integrations/mcp";
 * const { closed } = await runMcpServer({ storeDir: "/var/cache/pithy" });
 * await closed;
 */
export async function runMcpServer(options: McpServerOptions = {}): Promise<McpServerHandle> {
  const { storeDir, warn, ...pithyOptions } = options;
  const say = warn ?? ((line: string) => void process.stderr.write(line + "\n"));
  if (pithyOptions.store === undefined) {
    const store = await FsStore.open({ dir: storeDir });
    const { fallback } = await store.stats();
    if (fallback !== undefined)
      say(`pithy mcp: originals are kept in memory only (recall will not survive a restart): ${fallback}`);
    pithyOptions.store = store;
  }
  const pithy = await createPithy(pithyOptions);
  const server = createMcpServer(pithy);
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  // The SDK's stdio transport does not notice the client hanging up: close the server then, so `closed` settles.
  const onEnd = () => void server.close();
  process.stdin.once("end", onEnd);
  server.onclose = () => {
    process.stdin.off("end", onEnd);
    markClosed();
  };
  await server.connect(new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: MAX_MESSAGE_BYTES }));
  return { server, pithy, closed, close: () => server.close() };
}
