/**
 * Serves a `fetch`-style handler over `node:http` (Node ≥ 20 and Deno ≥ 2,
 * which both provide it). Requests become web `Request`s with a signal that
 * aborts when the client goes away; `Response` bodies are written chunk by
 * chunk as they come, with backpressure, so a stream reaches the client
 * event by event. Loaded only by `listen()`: nothing else of the proxy needs
 * `node:` modules.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { Listener, ProxyAddress, RequestHandler } from "./listener.js";

/** Starts a server on `host:port` (0: a free port); resolves once it listens. */
export async function listenNode(handler: RequestHandler, host: string, port: number): Promise<Listener> {
  const server = createServer({ noDelay: true, keepAlive: true }, (req, res) => {
    serve(handler, host, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.destroy();
    });
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
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
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
  // Headers go out now: a client waiting on a stream sees the response start before its first event.
  res.flushHeaders();
  const reader = response.body.getReader();
  aborted.signal.addEventListener("abort", () => reader.cancel(aborted.signal.reason).catch(() => {}), { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res, aborted.signal);
    }
    res.end();
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
