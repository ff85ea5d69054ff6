import { describe, expect, it } from "vitest";
import { eventKind } from "../../../src/compressors/log/event-kinds.js";

describe("eventKind", () => {
  it("names a dpkg.log record by its action, whatever the package", () => {
    const a = eventKind("2026-12-01 20:28:49 upgrade tree:amd64 2.1.0-1 2.1.0-1");
    expect(a).toBe(eventKind("2026-05-20 16:27:25 upgrade libpq5:amd64 15.16-0+deb12u1 15.18-0+deb12u1"));
    expect(a).not.toBe(eventKind("2026-10-16 23:03:59 configure libarchive13:amd64 3.6.2-1+deb12u5 <none>"));
  });

  it("names a kernel message by its subsystem, past the bracketed uptime", () => {
    expect(eventKind("[    0.153643] intel_pstate: CPU model not supported")).toBe("intel_pstate: 4");
  });

  it("names a dev server's debug line by its namespace", () => {
    expect(eventKind("2026-12-01T20:31:46.839Z vite:time 432.81ms /errors.html")).toBe(
      eventKind("2026-12-01T20:31:44.561Z vite:time 693.10ms /index.html"),
    );
  });

  it("names an access-log request by its method and status, not its path", () => {
    const head = eventKind('127.0.0.1 - - [01/Dec/2026 20:20:07] "HEAD /adduser HTTP/1.1" 301 -');
    expect(head).toBe("http HEAD 301");
    expect(eventKind('127.0.0.1 - - [01/Dec/2026 20:20:07] "GET /nodejs/ HTTP/1.1" 200 -')).toBe("http GET 200");
    expect(eventKind('127.0.0.1 - - [01/Dec/2026 20:20:09] "HEAD /apt HTTP/1.1" 301 -')).toBe(head);
  });
});
