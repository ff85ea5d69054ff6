import { describe, expect, it } from "vitest";
import { formatRequestLog } from "../../src/proxy/request-log.js";

const entry = {
  method: "POST",
  path: "/v1/messages",
  status: 200,
  route: "anthropic",
  stream: true,
  toolResults: 3,
  compressed: 2,
  tokensIn: 52013,
  tokensOut: 1304,
  rounds: 1,
  ms: 812.4,
};

describe("formatRequestLog", () => {
  it("says what happened in one line: route, status, compression, recall rounds, time", () => {
    expect(formatRequestLog(entry)).toBe(
      "pithy proxy: POST /v1/messages 200 anthropic stream tool results 2/3 compressed tokens 52013→1304 recall 1 812ms",
    );
  });

  it("says why a body went unchanged, and little for a forwarded request", () => {
    expect(formatRequestLog({ ...entry, stream: false, compressed: 0, tokensIn: 0, rounds: 0, skip: "not_json" })).toBe(
      "pithy proxy: POST /v1/messages 200 anthropic tool results 0/3 compressed unchanged (not_json) 812ms",
    );
    expect(formatRequestLog({ ...entry, method: "GET", path: "/v1/models", route: "forward", stream: false })).toBe(
      "pithy proxy: GET /v1/models 200 forward 812ms",
    );
  });

  it("cuts a long path", () => {
    expect(formatRequestLog({ ...entry, path: `/${"a".repeat(500)}` }).length).toBeLessThan(400);
  });
});
