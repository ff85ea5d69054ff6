import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

// vitest --reporter=verbose on pithy (test/corpus/cases/log/): a ✓ line per passing test.
const text = readFileSync(new URL("../../corpus/cases/log/pithy-vitest-fail-verbose.txt", import.meta.url), "utf8");

function compress(input: string): string {
  const result = logCompressor.compress(compressorInput(input, { type: "log" }));
  return result === null ? input : result.output;
}

describe("log compressor: runs of passing tests", () => {
  const out = compress(text);
  const passing = text.split("\n").filter((l) => l.startsWith(" ✓ ") || l.startsWith("✓ "));

  it("names each run's file by its first and last passing test", () => {
    const fileOf = (l: string) => l.slice(0, l.indexOf(" > "));
    for (let k = 0; k < passing.length; k++) {
      const opens = k === 0 || fileOf(passing[k - 1]) !== fileOf(passing[k]);
      const closes = k === passing.length - 1 || fileOf(passing[k + 1]) !== fileOf(passing[k]);
      if (opens || closes) expect(out).toContain(passing[k]);
    }
  });

  it("does not spend the template budget on the passing tests inside a run", () => {
    // unittest -v: every name differs, so each would be a template's first line.
    const names = ["Recv", "Send", "Peek", "Close", "Timeout", "Overflow", "Trunc", "Shorter", "Scatter", "Array"];
    const run: string[] = [];
    for (const a of names)
      for (const b of names) run.push(`test${a}${b} (test.test_socket.RecvmsgTest.test${a}${b}) ... ok`);
    const shown = compress(`${run.join("\n")}\nRan 100 tests in 1.2s\n\nOK\n`);
    expect(run.filter((l) => shown.includes(l))).toEqual([run[0], run[run.length - 1]]);
  });
});
