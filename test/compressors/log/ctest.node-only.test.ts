import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real ctest runs and their own logs (Testing/Temporary/LastTest.log): 46 ring-buffer tests
// with failures, a segfault and a timeout; 26 checks over zlib's example sources (grep for a
// licence, for tabs; a test whose executable does not exist), run with -j2.
const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const runs = { ring: fixture("ctest-ring-failures.txt"), docs: fixture("ctest-docs-checks.txt") };
const logs = { ring: fixture("ctest-ring-LastTest.log"), docs: fixture("ctest-docs-LastTest.log") };

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("ctest", () => {
  it("routes a run and its LastTest.log as logs", () => {
    for (const [name, text] of Object.entries({
      ...runs,
      ...Object.fromEntries(Object.entries(logs).map(([k, v]) => [`${k} log`, v])),
    })) {
      expect(detect(text).type, name).toBe("log");
    }
  });

  it("keeps every test that did not pass and the summary of a run, passing tests behind markers", () => {
    for (const text of Object.values(runs)) {
      const out = compress(text);
      expect(out.length).toBeLessThan(text.length * 0.75);
      const lines = text.split("\n");
      const failed = lines.filter((l) => /\.\*\*\*\w/.test(l));
      expect(failed.length).toBeGreaterThan(2);
      for (const line of failed) expect(out).toContain(line);
      for (const line of lines.filter((l) => /^\t +\d+ - /.test(l) || /tests passed, \d+ tests? failed/.test(l))) {
        expect(out).toContain(line);
      }
    }
  });

  it("keeps each failed test's block in LastTest.log: name, command, output and verdict", () => {
    const ring = compress(logs.ring);
    expect(ring.length).toBeLessThan(logs.ring.length * 0.75);
    for (const line of [
      "3/46 Test: ring_cap2_n7",
      'Command: "/tmp/hl4/ct/build/t_ring" "2" "7"',
      "FAIL: pushed 1 of 7 (cap 2)",
      "6/46 Test: ring_cap3_n0",
      "FAIL: pushed 15 of 100 (cap 16)",
      "46/46 Test: ring_slow",
    ]) {
      expect(ring).toContain(line);
    }
    const docs = compress(logs.docs);
    expect(docs.length).toBeLessThan(logs.docs.length * 0.5);
    for (const line of [
      "5/26 Test: license_fitblk",
      'Command: "/usr/bin/grep" "-q" "Copyright" "/usr/share/doc/zlib1g-dev/examples/fitblk.c"',
      "21/26 Test: license_zpipe",
      "Unable to find executable: /usr/bin/does-not-exist",
    ]) {
      expect(docs).toContain(line);
    }
    // A passing test's block is routine but for the line naming it with its time.
    expect(docs).not.toContain("3/26 Test: license_example");
    expect(docs).toContain('"license_example" time elapsed: 00:00:00');
  });
});
