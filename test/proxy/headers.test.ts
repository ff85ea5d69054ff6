import { describe, expect, it } from "vitest";
import {
  clientResponseHeaders,
  isEventStream,
  isJsonContentType,
  upstreamRequestHeaders,
} from "../../src/proxy/headers.js";

describe("upstreamRequestHeaders", () => {
  it("forwards credentials and API headers exactly", () => {
    const client = new Headers({
      authorization: "Bearer sk-secret",
      "x-api-key": "sk-ant-secret",
      "anthropic-version": "2023-06-01",
      "anthropic-beta": "prompt-caching-2024-07-31,context-1m-2025-08-07",
      "openai-organization": "org-1",
      "x-stainless-lang": "js",
      "content-type": "application/json",
    });
    const sent = upstreamRequestHeaders(client);
    client.forEach((value, name) => {
      expect(sent.get(name)).toBe(value);
    });
  });

  it("drops hop-by-hop headers, those named in Connection, and those the runtime sets", () => {
    const sent = upstreamRequestHeaders(
      new Headers({
        host: "127.0.0.1:8787",
        connection: "keep-alive, x-hop",
        "keep-alive": "timeout=5",
        "x-hop": "1",
        "content-length": "42",
        "accept-encoding": "br",
        "proxy-authorization": "Basic abc",
        "x-kept": "yes",
      }),
    );
    const names: string[] = [];
    sent.forEach((_, name) => {
      names.push(name);
    });
    expect(names).toEqual(["x-kept"]);
  });
});

describe("clientResponseHeaders", () => {
  it("drops content-encoding and content-length of a body fetch already decoded", () => {
    const out = clientResponseHeaders(
      new Headers({
        "content-encoding": "gzip",
        "content-length": "10",
        "content-type": "application/json",
        "request-id": "req_1",
      }),
    );
    expect(out.get("content-encoding")).toBeNull();
    expect(out.get("content-length")).toBeNull();
    expect(out.get("content-type")).toBe("application/json");
    expect(out.get("request-id")).toBe("req_1");
  });

  it("keeps each set-cookie header apart", () => {
    const upstream = new Headers();
    upstream.append("set-cookie", "a=1; Path=/");
    upstream.append("set-cookie", "b=2; Path=/");
    expect(clientResponseHeaders(upstream).getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });
});

describe("content types", () => {
  it("tells JSON and event streams by their media type, parameters aside", () => {
    expect(isJsonContentType("application/json; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/problem+json")).toBe(true);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
    expect(isEventStream("text/event-stream; charset=utf-8")).toBe(true);
    expect(isEventStream("application/json")).toBe(false);
  });
});
