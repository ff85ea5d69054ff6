import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { stripAnsi } from "../../../src/kernels/ansi.js";
import { dropErasedLines } from "../../../src/compressors/terminal/erased-lines.js";

// Real pty captures of vitest 4.1.12 (util-linux script): its live block is erased line by line
// (`ESC[K ESC[1A` …) and printed again. The small one was captured on this machine for this test.
const small = readFileSync(new URL("./fixtures/vitest-two-files.tty.txt", import.meta.url), "utf8");
const corpus = readFileSync(new URL("../../corpus/cases/terminal/pithy-vitest-fail.tty.txt", import.meta.url), "utf8");

function shown(text: string): string[] {
  return stripAnsi(dropErasedLines(text)).replace(/\r\n/g, "\n").split("\n");
}

describe("dropErasedLines", () => {
  it("keeps only the last frame of a live status block, and every result printed above it", () => {
    const lines = shown(small);
    expect(lines.some((l) => l.includes("[queued]"))).toBe(false);
    expect(lines.filter((l) => l.includes("Test Files"))).toEqual([" Test Files  2 passed (2)"]);
    expect(lines.filter((l) => l.includes("✓  node  test/compressors/log/stamps.test.ts (11 tests)")).length).toBe(1);
    expect(lines.filter((l) => l.includes("✓  node  test/compressors/log/event-kinds.test.ts (4 tests)")).length).toBe(
      1,
    );
  });

  it("keeps every test file's result and the final summary of a long run", () => {
    const lines = shown(corpus);
    expect(lines.filter((l) => l.includes("Test Files"))).toEqual([" Test Files  3 failed | 10 passed (13)"]);
    expect(lines).toContain("     × rewrites a link nested in a collapsed reference in one pass 60ms");
    expect(lines.filter((l) => l.startsWith(" ✓  node  test/")).length).toBe(10);
  });

  it("leaves a cursor-up that erases nothing alone (a renderer rewriting one line in place)", () => {
    const text = "layer a: waiting\nlayer b: waiting\n\x1b[1Alayer b: done\n";
    expect(dropErasedLines(text)).toBe(text);
  });

  it("returns text without cursor-up sequences as it is", () => {
    const text = "plain\r\nlines\r\n";
    expect(dropErasedLines(text)).toBe(text);
  });
});

describe("dropErasedLines on hostile input", () => {
  // Each erase touches only what it removes (a quadratic version ran for minutes on these).
  it("handles 200 000 erase runs, and runs that erase more lines than there are", () => {
    const many = "frame line\n\x1b[K\x1b[1A\x1b[K".repeat(200_000);
    expect(dropErasedLines(many)).toBe("");
    expect(dropErasedLines(`a\nb\n${"\x1b[1A\x1b[K".repeat(500_000)}c\n`)).toBe("c\n");
    expect(dropErasedLines(`${"\x1b[1A".repeat(300_000)}x`)).toBe(`${"\x1b[1A".repeat(300_000)}x`);
  });
});
