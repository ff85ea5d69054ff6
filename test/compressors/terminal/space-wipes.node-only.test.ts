import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { terminalCompressor } from "../../../src/compressors/terminal.js";
import { dropSpaceWipes } from "../../../src/compressors/terminal/space-wipes.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Frames wiped with spaces. Real outputs: redis-benchmark 7.0.15 (Debian)
 * against a throwaway redis-server on 127.0.0.1, written to a file (not a
 * tty, yet each test redraws its live rps line with bare CRs, wiping it with
 * spaces first): `-q -t ping,hset,sadd,rpop -n 20000` and `-t hset,sadd,mset
 * -n 15000`, and the own corpus's `terminal-redis-benchmark-cr`.
 */
const fixture = (name: string) => readFileSync(`test/compressors/terminal/fixtures/${name}`, "utf8");

describe("frames wiped with spaces", () => {
  it("keeps each quiet-mode result line and none of the live rps frames", () => {
    const text = fixture("redis-benchmark-q.txt");
    const out = terminalCompressor.compress(compressorInput(text, { type: "terminal" }));
    expect(out).not.toBeNull();
    expect(out!.output.length).toBeLessThan(text.length / 2);
    for (const line of text.split("\n")) {
      const result = line.split("\r").pop()!;
      if (result.trim() !== "") expect(out!.output).toContain(`${result}\n`);
    }
    expect(out!.output).not.toContain("avg_msec");
  });

  it("keeps each test's block under its heading, and the cleaned text is smaller than the capture", () => {
    const text = fixture("redis-benchmark-hset-sadd-mset.txt");
    const out = terminalCompressor.compress(compressorInput(text, { type: "terminal" }));
    expect(out!.output.length).toBeLessThan(text.length);
    for (const name of ["HSET", "SADD", "MSET (10 keys)"]) {
      expect(out!.output.split("\n")).toContain(`====== ${name} ======`);
    }
    expect(out!.output).toContain("  15000 requests completed in");
    expect(out!.output).not.toMatch(/^ +$/m);
  });

  it("keeps a frame no run of spaces wiped: a shorter run wipes nothing and is itself covered", () => {
    expect(dropSpaceWipes("50%\r   \rdone\n")).toBe("done\n");
    expect(dropSpaceWipes("progress 50%\r  \rdone\n")).toBe("progress 50%\rdone\n");
    expect(dropSpaceWipes("a\rb\n")).toBe("a\rb\n");
    expect(dropSpaceWipes("plain\ntext\n")).toBe("plain\ntext\n");
  });
});
