/**
 * Serves a `fetch`-style handler over `node:http` (Node ≥ 20 and Deno ≥ 2,
 * which both provide it). Requests become web `Request`s with a signal that
 * aborts when the client goes away; `Response` bodies are written chunk by
 * chunk as they come, with backpressure, so a stream reaches the client
 * event by event. Loaded only by `listen()`: nothing else of the proxy needs
 * `node:` modules.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Readable } from "node:stream";
import type { Listener, ProxyAddress, RequestHandler } from "./listener.js";

/** Starts a server on `host:port` (0: a free port); resolves once it listens. */
export async function listenNode(handler: RequestHandler, host: string, port: number): Promise<Listener> {
  // Requests in progress per connection: on close, a connection with none is ended at once (Node's own
  // closeIdleConnections leaves a connection that never sent a request open until its timeout).
  const inProgress = new Map<Socket, number>();
  let closing = false;
  const endIfIdle = (socket: Socket) => {
    if (closing && (inProgress.get(socket) ?? 0) === 0) socket.end();
  };
  const server = createServer({ noDelay: true, keepAlive: true }, (req, res) => {
    const socket = req.socket;
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    res.once("close", () => {
      inProgress.set(socket, (inProgress.get(socket) ?? 1) - 1);
      endIfIdle(socket);
    });
    serve(handler, host, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.destroy();
    });
  });
  server.on("connection", (socket: Socket) => {
    inProgress.set(socket, 0);
    socket.once("close", () => inProgress.delete(socket));
    endIfIdle(socket);
  });
  // Long streams and slow upstreams are normal here: no socket timeout of the server's own.
  server.requestTimeout = 0;
  server.timeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const info = server.address() as AddressInfo;
  const shown = info.address.includes(":") ? `[${info.address}]` : info.address;
  const address: ProxyAddress = { host: info.address, port: info.port, url: `http://${shown}:${info.port}` };
  return {
    address,
    close(graceMs: number) {
      return new Promise<void>((resolve) => {
        closing = true;
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        for (const socket of inProgress.keys()) endIfIdle(socket);
      });
    },
  };
}

async function serve(handler: RequestHandler, host: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const aborted = new AbortController();
  // "close" on the response before it finished: the client went away.
  res.once("close", () => {
    if (!res.writableFinished) aborted.abort(new Error("client disconnected"));
  });
  const response = await handler(toRequest(req, host, aborted.signal));
  const headers: string[] = [];
  // A response sent before the request body was read (a 413): the connection cannot be reused.
  if (!req.complete) headers.push("connection", "close");
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push("set-cookie", cookie);
  res.writeHead(response.status, response.statusText, headers);
  if (response.body === null || req.method === "HEAD") {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = response.body.getReader();
  aborted.signal.addEventListener("abort", () => reader.cancel(aborted.signal.reason).catch(() => {}), { once: true });
  const isStream = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  // A stream's headers go out now, as the upstream's did: the client sees the response start before its
  // first event (which may be a while). Any other response goes out with its body, in as few writes as it can.
  if (isStream) res.flushHeaders();
  try {
    let pending: Uint8Array | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!isStream && pending === undefined) {
        // Held until the next read says whether it is the whole body (then one write, with its length).
        pending = value;
        continue;
      }
      if (pending !== undefined) {
        res.write(pending);
        pending = undefined;
      }
      if (!res.write(value)) await drained(res, aborted.signal);
    }
    res.end(pending);
  } catch {
    // The body failed midway (the upstream broke off): cut the connection so the client sees it.
    res.destroy();
  }
}

function toRequest(req: IncomingMessage, host: string, signal: AbortSignal): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  // The path as sent, on a fixed origin: the Host header picks nothing here (the upstreams are fixed).
  const target = req.url ?? "/";
  const query = target.indexOf("?");
  const url = new URL(`http://${host.includes(":") ? `[${host}]` : host}`);
  url.pathname = query === -1 ? target : target.slice(0, query);
  if (query !== -1) url.search = target.slice(query);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (hasBody) {
    init.body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url, init);
}

function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}
