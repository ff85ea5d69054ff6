import { describe, expect, it } from "vitest";
import { isStampedRecord } from "../../../src/compressors/log/stamps.js";

// Records as the corpus's tools wrote them (test/corpus/cases/log/).
describe("isStampedRecord", () => {
  it.each([
    ["dmesg", "[    0.153643] intel_pstate: CPU model not supported"],
    ["dpkg.log", "2026-12-01 20:28:49 upgrade tree:amd64 2.1.0-1 2.1.0-1"],
    ["vite --debug", "2026-12-01T20:31:46.839Z vite:time 432.81ms /errors.html"],
    ["redis-server", "11224:M 01 Dec 2026 20:30:05.544 - Accepted 127.0.0.1:58740"],
    ["http.server", '127.0.0.1 - - [01/Dec/2026 20:20:07] "HEAD /adduser HTTP/1.1" 301 -'],
    ["postgres", "2026-12-01 20:27:11.436 UTC [9001] LOG:  checkpoint starting: time"],
  ])("reads a %s record as timestamped", (_tool, line) => {
    expect(isStampedRecord(line)).toBe(true);
  });

  it.each([
    ["a numbered source excerpt", "181 |                             'Line %d exceeds the line-length-limit.'%(i+1))"],
    ["a mypy diagnostic", 'docutils/io.py:47: error: Argument 1 to "lookup" has incompatible type'],
    ["a unittest result", "testRecvmsgEOF (test.test_socket.RecvmsgIntoUnixStreamTest.testRecvmsgEOF) ... ok"],
    ["a dev server banner", "  VITE v8.3.8  ready in 1947 ms"],
    ["a clock time late in the line", `${"x".repeat(60)} at 20:28:49`],
  ])("does not read %s as timestamped", (_what, line) => {
    expect(isStampedRecord(line)).toBe(false);
  });
});
