import { describe, expect, it } from "vitest";
import { routeOf, STATS_PATH, upstreamUrl } from "../../src/proxy/routes.js";

const none = new Headers();

describe("routeOf", () => {
  it("rewrites POSTs to the three conversation endpoints", () => {
    const name = (path: string) => {
      const r = routeOf("POST", path, none);
      return r.kind === "rewrite" ? r.provider.name : r.kind;
    };
    expect(name("/v1/messages")).toBe("anthropic");
    expect(name("/v1/chat/completions")).toBe("openai-chat");
    expect(name("/v1/responses")).toBe("openai-responses");
    expect(name("/openai/deployments/gpt4/chat/completions")).toBe("openai-chat");
  });

  it("forwards count_tokens, other paths and other methods untouched", () => {
    expect(routeOf("POST", "/v1/messages/count_tokens", none)).toEqual({ kind: "forward", upstream: "anthropic" });
    expect(routeOf("GET", "/v1/messages/batches", none)).toEqual({ kind: "forward", upstream: "anthropic" });
    expect(routeOf("GET", "/v1/models", none)).toEqual({ kind: "forward", upstream: "openai" });
    expect(routeOf("GET", "/v1/responses/resp_1", none)).toEqual({ kind: "forward", upstream: "openai" });
    expect(routeOf("GET", "/v1/chat/completions", none)).toMatchObject({ kind: "forward" });
  });

  it("sends other paths to Anthropic when the client speaks Anthropic", () => {
    expect(routeOf("GET", "/v1/models", new Headers({ "anthropic-version": "2023-06-01" }))).toEqual({
      kind: "forward",
      upstream: "anthropic",
    });
    expect(routeOf("GET", "/v1/models", new Headers({ "x-api-key": "k" }))).toMatchObject({ upstream: "anthropic" });
  });

  it("serves its own counters", () => {
    expect(routeOf("GET", STATS_PATH, none)).toEqual({ kind: "stats" });
    expect(routeOf("POST", STATS_PATH, none)).toMatchObject({ kind: "forward" });
  });
});

describe("upstreamUrl", () => {
  it("appends the request's path and query to the upstream's base, its path kept", () => {
    const request = new URL("http://127.0.0.1:8787/v1/chat/completions?api-version=2024-10-21");
    expect(upstreamUrl(new URL("https://api.openai.com"), request)).toBe(
      "https://api.openai.com/v1/chat/completions?api-version=2024-10-21",
    );
    expect(upstreamUrl(new URL("https://gateway.example/llm/"), request)).toBe(
      "https://gateway.example/llm/v1/chat/completions?api-version=2024-10-21",
    );
  });

  it("never lets the request change the upstream's host", () => {
    const url = upstreamUrl(new URL("https://api.anthropic.com"), new URL("http://x//evil.example/v1/messages"));
    expect(new URL(url).host).toBe("api.anthropic.com");
  });
});
