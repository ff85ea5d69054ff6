import { describe, expect, it } from "vitest";
import { PithyConfigError } from "../../src/errors.js";
import {
  DEFAULT_ANTHROPIC_UPSTREAM,
  DEFAULT_HOST,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_RECALL_ROUNDS,
  DEFAULT_OPENAI_UPSTREAM,
  DEFAULT_PORT,
  resolveProxyOptions,
} from "../../src/proxy/options.js";

describe("resolveProxyOptions", () => {
  it("defaults to the public APIs, loopback, 3 recall rounds and a 32 MiB body cap", () => {
    const o = resolveProxyOptions();
    expect(o.upstreams.anthropic.href).toBe(`${DEFAULT_ANTHROPIC_UPSTREAM}/`);
    expect(o.upstreams.openai.href).toBe(`${DEFAULT_OPENAI_UPSTREAM}/`);
    expect(o.host).toBe(DEFAULT_HOST);
    expect(o.host).toBe("127.0.0.1");
    expect(o.port).toBe(DEFAULT_PORT);
    expect(o.maxRecallRounds).toBe(DEFAULT_MAX_RECALL_ROUNDS);
    expect(o.maxRecallRounds).toBe(3);
    expect(o.maxBodyBytes).toBe(DEFAULT_MAX_BODY_BYTES);
    expect(o.log).toBeNull();
  });

  it("names the option and what it allows when a value is bad", () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ anthropicUpstream: "ftp://x" }, "anthropicUpstream"],
      [{ openaiUpstream: "not a url" }, "openaiUpstream"],
      [{ openaiUpstream: "https://api.openai.com/?k=1" }, "openaiUpstream"],
      [{ maxRecallRounds: -1 }, "maxRecallRounds"],
      [{ maxRecallRounds: 1.5 }, "maxRecallRounds"],
      [{ maxBodyBytes: 0 }, "maxBodyBytes"],
      [{ upstreamTimeoutMs: "10s" }, "upstreamTimeoutMs"],
      [{ port: 70000 }, "port"],
      [{ host: "" }, "host"],
      [{ log: "stderr" }, "log"],
      [{ fetch: 42 }, "fetch"],
      [{ pithy: 7 }, "pithy"],
    ];
    for (const [options, option] of bad) {
      const error = (() => {
        try {
          resolveProxyOptions(options as never);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(PithyConfigError);
      expect((error as PithyConfigError).option).toBe(option);
    }
  });

  it("takes an upstream with a base path", () => {
    expect(resolveProxyOptions({ openaiUpstream: "https://gateway.example/llm" }).upstreams.openai.pathname).toBe(
      "/llm",
    );
  });
});
