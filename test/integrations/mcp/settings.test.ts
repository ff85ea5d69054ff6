import { describe, expect, it } from "vitest";
import { PithyConfigError } from "../../../src/errors.js";
import {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_MESSAGE_BYTES,
  resolveMcpSettings,
} from "../../../src/integrations/mcp/settings.js";
import { DEFAULT_MAX_REPLY_BYTES } from "../../../src/integrations/mcp/reply-size.js";

function configError(run: () => unknown): PithyConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof PithyConfigError) return error;
    throw error;
  }
  throw new Error("expected a PithyConfigError");
}

describe("resolveMcpSettings", () => {
  it("serves stdio with a 32 MiB message cap and a 1 MiB reply cap by default", () => {
    expect(resolveMcpSettings({})).toEqual({
      http: null,
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
      maxReplyBytes: DEFAULT_MAX_REPLY_BYTES,
    });
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(32 * 1024 * 1024);
    expect(DEFAULT_MAX_REPLY_BYTES).toBe(1024 * 1024);
  });

  it("binds loopback on the default port with http and nothing else", () => {
    expect(resolveMcpSettings({ http: true }).http).toEqual({ host: DEFAULT_HTTP_HOST, port: DEFAULT_HTTP_PORT });
    expect(DEFAULT_HTTP_HOST).toBe("127.0.0.1");
  });

  it("takes a port as a number or as its decimal digits, 0 included", () => {
    expect(resolveMcpSettings({ http: true, port: 0 }).http?.port).toBe(0);
    expect(resolveMcpSettings({ http: true, port: "8080" }).http?.port).toBe(8080);
  });

  it("refuses ports that are not integers from 0 to 65535, naming the option and echoing the value", () => {
    for (const port of ["", " 80", "0x10", "1e3", "65536", "-1", "abc", 80.5, 70000]) {
      const error = configError(() => resolveMcpSettings({ http: true, port }));
      expect(error.option).toBe("port");
      expect(error.message).toContain(typeof port === "string" ? JSON.stringify(port) : String(port));
    }
  });

  it("takes IPv4, IPv6 (bracketed or not) and host names, and refuses URLs", () => {
    expect(resolveMcpSettings({ http: true, host: "::1" }).http?.host).toBe("::1");
    expect(resolveMcpSettings({ http: true, host: "[::1]" }).http?.host).toBe("::1");
    expect(resolveMcpSettings({ http: true, host: "localhost" }).http?.host).toBe("localhost");
    for (const host of ["http://127.0.0.1", "127.0.0.1:80", "a b", ""]) {
      expect(configError(() => resolveMcpSettings({ http: true, host })).option).toBe("host");
    }
  });

  it("refuses a host or port given without http", () => {
    expect(configError(() => resolveMcpSettings({ port: 80 })).message).toMatch(/"port" must be given only with http/);
    expect(configError(() => resolveMcpSettings({ host: "::1" })).option).toBe("host");
  });

  it("refuses caps outside 1 KiB to 64 MiB", () => {
    expect(configError(() => resolveMcpSettings({ maxMessageBytes: 65 * 1024 * 1024 })).option).toBe("maxMessageBytes");
    expect(configError(() => resolveMcpSettings({ maxReplyBytes: 10 })).option).toBe("maxReplyBytes");
    expect(resolveMcpSettings({ maxMessageBytes: 65536, maxReplyBytes: 2048 })).toMatchObject({
      maxMessageBytes: 65536,
      maxReplyBytes: 2048,
    });
  });
});
