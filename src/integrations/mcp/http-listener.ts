/**
 * pithy's tools over MCP Streamable HTTP, with the official SDK's
 * `StreamableHTTPServerTransport`, on a `node:http` server (Node and Deno).
 *
 * **Stateless**: every POST gets a fresh SDK `Server` and transport, sharing
 * one {@link Pithy} (and so one store and one set of counters). The tools keep
 * no per-client state — a key recalls from the store whoever asks — so a
 * session would only be memory the server has to bound and expire, and a
 * stateless endpoint works behind any proxy or load balancer. What it gives
 * up, server-initiated messages on a GET stream, pithy never sends (a GET is
 * answered 405, which the SDK client expects from a stateless server).
 *
 * The endpoint is `/mcp`. It binds loopback by default, and a request whose
 * `Host` or `Origin` is not a loopback name (or the host it was bound to) is
 * refused with 403: a web page the user visits must not reach it by DNS
 * rebinding. Bodies are capped like stdio messages (413 beyond), and at most
 * {@link MAX_REQUESTS_AT_ONCE} requests are read and answered at once; the
 * others wait in their sockets, unread, so memory stays bounded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Pithy } from "../../pipeline.js";
import type { AnswerLimits } from "./calls.js";
import { errorResponse, JSONRPC_ERROR } from "./jsonrpc-errors.js";
import { createToolServer } from "./tool-server.js";

/** Where and how {@link listenStreamableHttp} serves. */
export interface HttpListenOptions extends AnswerLimits {
  host: string;
  /** 0 picks a free port; the URL says which. */
  port: number;
  /** Largest request body, in bytes. */
  maxMessageBytes: number;
}

/** A listening endpoint. */
export interface HttpListener {
  /** `http://HOST:PORT/mcp`, with the port actually bound. */
  readonly url: string;
  /** Resolves once the listener is closed. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Requests read and answered at the same time; more wait in their sockets. */
export const MAX_REQUESTS_AT_ONCE = 32;

/** The path of the MCP endpoint. */
export const MCP_HTTP_PATH = "/mcp";

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * Starts serving; resolves once the port is bound.
 * @example
 * const { url, close } = await listenStreamableHttp(pithy, { host: "127.0.0.1", port: 0, maxMessageBytes: 32 << 20 });
 */
export async function listenStreamableHttp(pithy: Pithy, options: HttpListenOptions): Promise<HttpListener> {
  const allowedNames = new Set([...LOOPBACK_NAMES, urlHost(options.host).toLowerCase()]);
  const isLoopbackOnly = isLoopback(options.host);
  const slots = new Slots(MAX_REQUESTS_AT_ONCE);
  const http = createServer((req, res) => {
    // Listened for on arrival: a client may hang up while its request waits for a slot.
    const done = new Promise<void>((resolve) => res.once("close", resolve));
    void slots.run(async () => {
      if (!req.destroyed) await serve(pithy, options, req, res, isLoopbackOnly ? allowedNames : null, done);
      await done;
    });
  });
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) =>
      reject(new Error(`pithy mcp: cannot listen on ${options.host}:${options.port} (${error.message})`));
    http.once("error", fail);
    http.listen(options.port, options.host, () => {
      http.off("error", fail);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  http.once("close", () => markClosed());
  return {
    url: `http://${urlHost(options.host)}:${port}${MCP_HTTP_PATH}`,
    closed,
    close: async () => {
      http.close();
      http.closeAllConnections?.();
      await closed;
    },
  };
}

/**
 * One HTTP request: checked here, then handed to a fresh SDK server and
 * transport, closed once the response is (`done`).
 */
async function serve(
  pithy: Pithy,
  options: HttpListenOptions,
  req: IncomingMessage,
  res: ServerResponse,
  allowedNames: Set<string> | null,
  done: Promise<void>,
): Promise<void> {
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  if (path !== MCP_HTTP_PATH) return refuse(res, 404, `Not found: pithy serves MCP at ${MCP_HTTP_PATH}`);
  if (allowedNames !== null && !isAllowedOrigin(req, allowedNames)) {
    return refuse(res, 403, "Forbidden: this endpoint answers loopback hosts and origins only");
  }
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    return refuse(res, 405, "Method not allowed: this stateless endpoint takes POST only");
  }
  const server = createToolServer(pithy, { maxReplyBytes: options.maxReplyBytes });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: options.maxMessageBytes,
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res);
  } catch (error) {
    if (!res.headersSent) refuse(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await done;
    await server.close().catch(() => {});
  }
}

/** Whether the `Host` (and `Origin`, when a browser sends one) name this machine's loopback or the bound host. */
function isAllowedOrigin(req: IncomingMessage, allowedNames: Set<string>): boolean {
  const host = hostnameOf(req.headers.host === undefined ? undefined : `http://${req.headers.host}`);
  if (host === null || !allowedNames.has(host)) return false;
  // Clients other than browsers send no Origin; a browser's must be loopback too ("null" is not).
  const origin = req.headers.origin;
  return origin === undefined || allowedNames.has(hostnameOf(origin) ?? "");
}

/** The host name in a URL, lowercased, IPv6 in brackets; null when it is not a URL. */
function hostnameOf(url: string | undefined): string | null {
  if (url === undefined || url.length > 2048) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function refuse(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify(
    errorResponse(null, status === 500 ? JSONRPC_ERROR.internalError : JSONRPC_ERROR.serverError, message),
  );
  res.writeHead(status, { "Content-Type": "application/json" }).end(body);
}

/** A host as it appears in a URL: IPv6 addresses in brackets. */
function urlHost(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  return name === "localhost" || name === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** A counting semaphore: at most `size` tasks run; the rest wait their turn in order. */
class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run(task: () => Promise<void>): Promise<void> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      await task();
    } catch {
      // serve() answers its own failures; nothing is left to report here.
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
