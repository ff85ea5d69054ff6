/**
 * The fake upstream of fake-upstream.ts over real HTTP on loopback, for the
 * tests that run the official SDKs against a listening proxy (Node, Deno).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { jsonOf, type RecordedRequest, type Script, type UpstreamLog } from "./fake-upstream.js";

/** A running fake upstream. */
export interface FakeUpstreamServer extends UpstreamLog {
  url: string;
  close(): Promise<void>;
}

/** Starts a fake upstream answering with `script`. */
export async function startFakeUpstream(script: Script): Promise<FakeUpstreamServer> {
  const log: UpstreamLog = { requests: [], aborted: 0 };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://upstream");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      path: url.pathname,
      search: url.search,
      headers,
      text,
      json: jsonOf(text),
    };
    const n = log.requests.push(recorded) - 1;
    let gone = false;
    res.on("close", () => {
      if (!res.writableFinished) {
        gone = true;
        log.aborted++;
      }
    });
    const reply = await script(recorded, n);
    if ("hang" in reply) return; // never answers; the close handler counts the caller giving up
    const status = reply.status ?? 200;
    if ("json" in reply) {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_fake_${n}`, ...reply.headers });
      res.end(JSON.stringify(reply.json));
      return;
    }
    if ("text" in reply) {
      res.writeHead(status, reply.headers ?? {});
      res.end(reply.text);
      return;
    }
    res.writeHead(status, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      ...reply.headers,
    });
    res.flushHeaders();
    for (let i = 0; i < reply.sse.length && !gone; i++) {
      if (reply.breakAfter !== undefined && i >= reply.breakAfter) {
        res.destroy();
        return;
      }
      if (reply.gapMs && i > 0) await new Promise((r) => setTimeout(r, reply.gapMs));
      res.write(reply.sse[i]);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(log, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
