import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real `gdb -batch -ex run -ex bt -ex 'info threads'` (GNU gdb 13.1) of CPython 3.11.7 calling
// os.abort() with a second thread asleep: SIGABRT, then a 25-frame backtrace whose frames are
// `#N  0x… in fn (args) at file:line` or, inlined, `#N  fn (args) at file:line`.
// Found on a held-out gdb backtrace of a ctypes segfault.
const run = readFileSync(new URL("fixtures/gdb-batch-python-abort-bt.txt", import.meta.url), "utf8");
const frames = run.split("\n").filter((l) => /^#\d+ /.test(l));

/** The backtrace inside a longer log: the same routine line before it 40 times over. */
function inLog(): string {
  const routine = Array.from({ length: 40 }, (_, i) => `worker ${i}: job done in ${i * 3} ms`).join("\n");
  return `${routine}\n${run}`;
}

describe("a gdb backtrace in a log", () => {
  it("is a trace: every frame stays, in order", () => {
    expect(frames.length).toBe(25);
    const result = compressLog(compressorInput(inLog(), { type: "log" }));
    expect(result).not.toBeNull();
    const shown = result!.output.split("\n").filter((l) => /^#\d+ /.test(l));
    expect(shown).toEqual(frames);
    expect(result!.output).toContain('Thread 1 "python3.11" received signal SIGABRT, Aborted.');
    expect(result!.detail?.traces).toBeGreaterThanOrEqual(1);
  });
});
