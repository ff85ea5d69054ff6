/**
 * A fake upstream API for the proxy's tests: a script answers each request
 * (JSON, an SSE stream, a failure, or no answer at all) and every request is
 * recorded as received (method, path, headers, body). `fakeFetch` runs in
 * every runtime (handed to `createProxy({ fetch })`); the loopback server in
 * fake-upstream-server.ts serves the same scripts over real HTTP.
 */

/** A request as the upstream received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON (whatever the proxy sent), or undefined. */
  json: any;
}

/** How the upstream answers one request. */
export type Reply =
  | { status?: number; headers?: Record<string, string>; json: unknown }
  | { status?: number; headers?: Record<string, string>; sse: string[]; gapMs?: number; breakAfter?: number }
  | { status?: number; headers?: Record<string, string>; text: string }
  | { hang: true };

/** Answers the `n`-th request (0-based). */
export type Script = (request: RecordedRequest, n: number) => Reply | Promise<Reply>;

/** What a fake upstream saw. */
export interface UpstreamLog {
  requests: RecordedRequest[];
  /** Requests whose caller gave up (aborted) before or during the answer. */
  aborted: number;
}

/** Parses a recorded body's JSON, or undefined. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A fetch function that answers with `script`. */
export function fakeFetch(script: Script): UpstreamLog & { fetch: typeof fetch } {
  const log: UpstreamLog = { requests: [], aborted: 0 };
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.body === null ? "" : await request.text();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers,
      text,
      json: jsonOf(text),
    };
    const n = log.requests.push(recorded) - 1;
    const reply = await script(recorded, n);
    const signal = init?.signal ?? null;
    if ("hang" in reply) {
      return new Promise<Response>((_, reject) => {
        const fail = () => {
          log.aborted++;
          reject(new DOMException("aborted", "AbortError"));
        };
        if (signal?.aborted) fail();
        else signal?.addEventListener("abort", fail, { once: true });
      });
    }
    const status = reply.status ?? 200;
    if ("json" in reply) {
      return new Response(JSON.stringify(reply.json), {
        status,
        headers: { "content-type": "application/json", "request-id": `req_fake_${n}`, ...reply.headers },
      });
    }
    if ("text" in reply) return new Response(reply.text, { status, headers: reply.headers });
    const encoder = new TextEncoder();
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (reply.breakAfter !== undefined && i >= reply.breakAfter) {
          controller.error(new TypeError("terminated"));
          return;
        }
        if (i >= reply.sse.length) {
          controller.close();
          return;
        }
        if (reply.gapMs && i > 0) await new Promise((r) => setTimeout(r, reply.gapMs));
        controller.enqueue(encoder.encode(reply.sse[i++]));
      },
      cancel() {
        log.aborted++;
      },
    });
    return new Response(body, {
      status,
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...reply.headers },
    });
  };
  return Object.assign(log, { fetch: fetchImpl as typeof fetch });
}
