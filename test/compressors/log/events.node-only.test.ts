import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

/** A real log of the own corpus (test/corpus/cases/log/). */
function corpusLog(name: string): string {
  return readFileSync(new URL(`../../corpus/cases/log/${name}`, import.meta.url), "utf8");
}

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

// Issue #13: every distinct event of a log stays visible with one real instance.
describe("log compressor: distinct events of timestamped logs", () => {
  it("shows every package upgrade of a dpkg.log, a rare action among configure and status records", () => {
    const text = corpusLog("dpkg-log-tail.log");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length / 3);
    const upgrades = text.split("\n").filter((l) => l.includes(" upgrade "));
    expect(upgrades.length).toBe(6);
    for (const line of upgrades) expect(out).toContain(line);
  });

  it("shows each page a dev server rewrote and timed, and its banner set apart by blank lines", () => {
    const out = compress(corpusLog("vite-8.3.8-dev-server-debug.log"));
    for (const s of [
      "VITE v8.3.8  ready in 1947 ms",
      "Local:   http://127.0.0.1:18734/",
      "vite:html-fallback Rewriting GET /missing-page.html to /index.html",
      "vite:html-fallback Rewriting GET /assets/nope.js to /index.html",
      "vite:time 956.39ms /dns.html",
      "vite:time 432.81ms /errors.html",
    ])
      expect(out).toContain(s);
  });

  it("shows the first request of each method and status of an access log", () => {
    const out = compress(corpusLog("python-http-server-access.log"));
    expect(out).toContain('"GET /nodejs/ HTTP/1.1" 200 -');
    expect(out).toContain('"HEAD /adduser HTTP/1.1" 301 -');
  });

  it("shows a repeated record's last instance: the last client a server accepted before shutdown", () => {
    const out = compress(corpusLog("redis-7.0.15-server-verbose.log"));
    expect(out).toContain("- Accepted 127.0.0.1:47840");
    expect(out).toContain("- Accepted 127.0.0.1:58740");
    expect(out).toContain("- Client closed connection id=181 addr=127.0.0.1:58732");
  });

  it("shows kernel messages seen once past the routine template budget", () => {
    const out = compress(corpusLog("dmesg-boot.txt"));
    for (const s of [
      "[    0.153643] intel_pstate: CPU model not supported",
      "[    1.327049] random: crng reseeded due to virtual machine fork",
    ])
      expect(out).toContain(s);
  });

  it("shows a mostly untimed log's timestamped lines as its landmarks, and where it stopped", () => {
    const text = corpusLog("apt-term.log").replace(/\r(?!\n)/g, "\n");
    const out = compress(text);
    const sessions = text.split("\n").filter((l) => l.startsWith("Log started: "));
    expect(sessions.length).toBeGreaterThan(10);
    for (const line of sessions) expect(out).toContain(line);
    expect(out).toContain("Setting up ripgrep (13.0.0-4+b2) ...");
    // Every package set up stays too (installed-packages.node-only.test.ts): 692 of its 3 123 lines.
    expect(out.length).toBeLessThan(text.length / 4);
  });

  it("does not show every numbered source line of a linter's excerpts", () => {
    const text = corpusLog("docutils-0.23-ruff-check.txt");
    const numbered = (t: string) => t.split("\n").filter((l) => /^\d+ \|/.test(l)).length;
    expect(numbered(compress(text))).toBeLessThan(numbered(text) / 2);
  });
});
