import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real `mocha --reporter tap` run (mocha 12.0.3, chai 6.3.0, node 20) of cookie tests written for it:
// three failures whose stacks are alike but for the spec's line (`at Context.<anonymous> (…:11:90)`),
// then 146 passing tests. The rule was found on mocha's TAP output of other specs in a held-out round.
const run = readFileSync(new URL("fixtures/mocha-tap-chai-cookie.txt", import.meta.url), "utf8");

function compressed(text: string): string {
  const result = compressLog(compressorInput(text, { type: "log" }));
  expect(result).not.toBeNull();
  return result!.output;
}

describe("a stack that repeats an earlier one", () => {
  it("keeps its first frame where it names a place no trace showed: each failing test's line", () => {
    const out = compressed(run);
    for (const place of ["9:92", "11:90", "17:85"]) {
      expect(out).toContain(`      at Context.<anonymous> (file:///tmp/hlog2/js/mtest3/cookie.spec.mjs:${place})\n`);
    }
  });

  it("hides the first frame too when an earlier trace showed that very line", () => {
    const trace = (n: number) =>
      [
        `job ${n} failed`,
        "Error: connection reset",
        "    at Socket.onEnd (lib/client.js:88:11)",
        "    at Socket.emit (node:events:519:28)",
        "    at endReadableNT (node:internal/streams/readable:1696:12)",
      ].join("\n");
    const log = [trace(1), "retrying", trace(2), "retrying", trace(3), "giving up"].join("\n");
    const out = compressed(log);
    expect(out.split("\n").filter((l) => l.includes("at Socket.onEnd")).length).toBe(1);
    expect(out).toContain("job 3 failed");
  });
});
