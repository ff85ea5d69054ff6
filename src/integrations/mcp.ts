/**
 * pithy as an MCP server, over stdio or Streamable HTTP (Node ≥ 20, Deno ≥ 2),
 * behind the `pithy-ai/integrations/mcp` subpath export; `pithy mcp` runs it.
 *
 * It lists three tools — `pithy_compress`, `pithy_recall`, `pithy_stats` —
 * and keeps originals in an {@link FsStore} by default, so a key handed out
 * before a restart still recalls after it, and several servers (one per
 * editor window, say) pointed at the same directory share their originals.
 *
 * The MCP SDK (`@modelcontextprotocol/sdk`, an optional peer dependency) is
 * imported by the modules under `mcp/` that need it, and those are loaded
 * with a dynamic `import()` when a server starts: importing this module, its
 * tool definitions or its types never loads the SDK, and without the SDK
 * installed only starting a server fails, with {@link McpSdkMissingError}.
 */
import process from "node:process";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { PithyError } from "../errors.js";
import { createPithy, type Pithy, type PithyOptions } from "../pipeline.js";
import { FsStore } from "../stores/fs.js";
import type { AnswerLimits } from "./mcp/calls.js";
import { type McpSettingsOptions, resolveMcpSettings } from "./mcp/settings.js";

export { COMPRESS_TOOL, RECALL_TOOL, STATS_TOOL, MCP_TOOLS, MCP_SERVER_INFO, MCP_INSTRUCTIONS } from "./mcp/tools.js";
export type { McpToolDefinition } from "./mcp/tools.js";
export type { AnswerLimits, CompressFields, StatsReport, ToolAnswer } from "./mcp/calls.js";
export { DEFAULT_MAX_REPLY_BYTES } from "./mcp/reply-size.js";
export {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_MESSAGE_BYTES,
  MAX_MESSAGE_BYTES_LIMIT,
} from "./mcp/settings.js";

/** Options of {@link runMcpServer}: every {@link PithyOptions} field, the transport, its caps, and where the default store lives. */
export interface McpServerOptions extends PithyOptions, McpSettingsOptions {
  /**
   * Directory of the default {@link FsStore} (ignored when `store` is given).
   * Default: the FsStore default, `$XDG_CACHE_HOME/pithy` or `~/.cache/pithy`.
   */
  storeDir?: string;
  /**
   * Where one-line notices go: the address an HTTP server listens on, a store
   * that fell back to memory. Default: stderr (stdout is the protocol's).
   */
  warn?: (line: string) => void;
  /** Serve Streamable HTTP instead of stdio. Default false. */
  http?: boolean;
  /** Address to listen on with `http` (default `127.0.0.1`, loopback). */
  host?: string;
  /** Port to listen on with `http` (default 8765; 0 picks a free one). Digits as given on a command line are accepted. */
  port?: number | string;
  /** Largest message read, a stdio line or an HTTP body, in bytes: 32 MiB by default, at most 64 MiB. */
  maxMessageBytes?: number;
  /** Most text one tool answer carries, in UTF-8 bytes of its JSON form: 1 MiB by default. */
  maxReplyBytes?: number;
}

/** A running server: stop it with `close()`, or wait for it to end with `closed`. */
export interface McpServerHandle {
  readonly pithy: Pithy;
  /** The Streamable HTTP endpoint (`http://HOST:PORT/mcp`), or null on stdio. */
  readonly url: string | null;
  /** Resolves once the server has stopped: the stdio client hung up, or `close()` was called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** `@modelcontextprotocol/sdk` is not installed: say how to install it. */
export class McpSdkMissingError extends PithyError {
  override name = "McpSdkMissingError";
  constructor(cause: unknown) {
    super(
      "pithy: the MCP server needs @modelcontextprotocol/sdk, an optional peer dependency that is not installed. " +
        "Install it next to pithy-ai (npm i @modelcontextprotocol/sdk), or run " +
        "npx -y -p pithy-ai -p @modelcontextprotocol/sdk pithy mcp",
      { cause },
    );
  }
}

/**
 * An MCP server (not yet connected) whose tools are answered by `pithy`.
 * Connect it to any transport of the SDK; {@link runMcpServer} serves it on
 * stdio or Streamable HTTP.
 * @example
 * const server = await createMcpServer(await createPithy({ store: await FsStore.open() }));
 * await server.connect(transport);
 */
export async function createMcpServer(pithy: Pithy, limits: AnswerLimits = {}): Promise<Server> {
  const { createToolServer } = await loadServing();
  return createToolServer(pithy, limits);
}

/**
 * Serves pithy on this process's stdin and stdout until the client closes
 * stdin, or with `http: true` on Streamable HTTP until `close()`. Originals go
 * to an {@link FsStore} unless `options.store` says otherwise (`null`: no
 * store, lossless only). Bad options throw `PithyConfigError` before
 * anything is opened or read.
 * @example
 * // pithy-mcp.mjs — what `pithy mcp` does
 * import { runMcpServer } from "pithy-ai/integrations/mcp";
 * const { closed } = await runMcpServer({ storeDir: "/var/cache/pithy" });
 * await closed;
 */
export async function runMcpServer(options: McpServerOptions = {}): Promise<McpServerHandle> {
  const { storeDir, warn, http, host, port, maxMessageBytes, maxReplyBytes, ...pithyOptions } = options;
  const settings = resolveMcpSettings({ http, host, port, maxMessageBytes, maxReplyBytes });
  const say = warn ?? ((line: string) => void process.stderr.write(line + "\n"));
  const serving = await loadServing();
  if (pithyOptions.store === undefined) {
    const store = await FsStore.open({ dir: storeDir });
    const { fallback } = await store.stats();
    if (fallback !== undefined)
      say(`pithy mcp: originals are kept in memory only (recall will not survive a restart): ${fallback}`);
    pithyOptions.store = store;
  }
  const pithy = await createPithy(pithyOptions);
  const limits = { maxReplyBytes: settings.maxReplyBytes };
  if (settings.http !== null) {
    const listener = await serving.listenStreamableHttp(pithy, {
      ...settings.http,
      ...limits,
      maxMessageBytes: settings.maxMessageBytes,
    });
    say(`pithy mcp listening on ${listener.url}`);
    return { pithy, url: listener.url, closed: listener.closed, close: listener.close };
  }
  const server = serving.createToolServer(pithy, limits);
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  server.onclose = markClosed;
  const transport = new serving.LineStdioServerTransport(process.stdin, process.stdout, {
    maxMessageBytes: settings.maxMessageBytes,
  });
  await server.connect(transport);
  return { pithy, url: null, closed, close: () => server.close() };
}

/** The modules that import the SDK, loaded on first use; a missing SDK becomes {@link McpSdkMissingError}. */
async function loadServing(): Promise<typeof import("./mcp/serving.js")> {
  try {
    return await import("./mcp/serving.js");
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("@modelcontextprotocol/sdk")) {
      throw new McpSdkMissingError(error);
    }
    throw error;
  }
}
