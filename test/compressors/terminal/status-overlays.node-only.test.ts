import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dropStatusOverlays } from "../../../src/compressors/terminal/status-overlays.js";
import { terminalCompressor } from "../../../src/compressors/terminal.js";
import { stripAnsi } from "../../../src/kernels/ansi.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real pty capture (util-linux script, 100x30) of `apt-get install -y -o Dpkg::Progress-Fancy=1 tree pv figlet`
// on Debian 12: apt redraws its `Progress: [ n%]` bar on the last row (save cursor, move, draw, restore)
// before each line dpkg writes.
const apt = readFileSync(new URL("./fixtures/apt-install-fancy-progress.tty.txt", import.meta.url), "utf8");

function shown(text: string): string[] {
  return stripAnsi(dropStatusOverlays(text)).replace(/\r\n/g, "\n").split("\n");
}

describe("dropStatusOverlays", () => {
  it("gives every line apt writes under its fancy progress bar back as it was written", () => {
    const lines = shown(apt);
    expect(lines).toContain("Setting up figlet (2.2.5-3+b1) ...");
    expect(lines).toContain("Setting up tree (2.1.0-1) ...");
    expect(lines).toContain("Setting up pv (1.6.20-1) ...");
    expect(lines).toContain("Unpacking pv (1.6.20-1) ...");
    expect(lines).toContain("Processing triggers for man-db (2.11.2-2) ...");
    expect(lines.filter((l) => l.includes("Progress:") && /Setting up|Unpacking|Processing/.test(l))).toEqual([]);
  });

  it("keeps the last frame of the bar as a line of its own, where it was drawn", () => {
    const lines = shown(apt);
    const bars = lines.filter((l) => l.startsWith("Progress: ["));
    expect(bars.length).toBe(1);
    expect(bars[0]).toMatch(/^Progress: \[ 92%\] \[#+\.+\] $/);
    expect(lines.indexOf(bars[0])).toBe(lines.indexOf("Setting up pv (1.6.20-1) ...") + 1);
  });

  it("leaves a save and restore without a move (a scroll region being set) as it is", () => {
    const text = "line one\r\n\x1b7\x1b[0;29r\x1b8\x1b[1Aline two\r\n";
    expect(dropStatusOverlays(text)).toBe(text);
  });

  it("leaves text without a save-cursor sequence as it is", () => {
    const text = "plain\r\nlines\r\n";
    expect(dropStatusOverlays(text)).toBe(text);
  });

  it("reads saves that are never restored in linear time", () => {
    const text = "\x1b7\x1b[5;1H".repeat(200_000);
    const started = performance.now();
    expect(dropStatusOverlays(text)).toBe(text);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("hands the log chain apt's package lines, one per line, through the terminal compressor", () => {
    const out = terminalCompressor.compress(compressorInput(apt, { type: "terminal" }));
    expect(out).not.toBeNull();
    const lines = out?.output.split(/\r?\n/) ?? [];
    expect(lines).toContain("Setting up tree (2.1.0-1) ...");
    expect(lines).toContain(
      "update-alternatives: using /usr/bin/figlet-figlet to provide /usr/bin/figlet (figlet) in auto mode",
    );
  });
});
