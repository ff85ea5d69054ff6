import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

/** A real log captured on this machine (test/compressors/log/fixtures/). */
function fixture(name: string): string {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
}

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

// Issue #13: a kind of record is cut finer by what the format says about it.
describe("log compressor: kinds of record within runs and by their word fields", () => {
  it("shows the first package each run of dpkg configured (a slice of /var/log/dpkg.log)", () => {
    const text = fixture("dpkg-log-runs.log");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length / 2);
    const lines = text.split("\n");
    let runs = 0;
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].endsWith(" startup packages configure")) continue;
      const first = lines.slice(i + 1).find((l) => l.includes(" configure "));
      if (first === undefined) continue;
      runs++;
      expect(out).toContain(first);
    }
    expect(runs).toBe(4);
  });

  it("shows the first client of each command a verbose redis-server closed (cmd=set, cmd=get, …)", () => {
    const text = fixture("redis-server-verbose-cli.log");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length / 2);
    const closed = text.split("\n").filter((l) => l.includes(" - Client closed connection "));
    const commands = new Set(closed.map((l) => /\bcmd=(\S+)/.exec(l)?.[1]));
    expect([...commands].sort()).toEqual(["del", "get", "hset", "incr", "ping", "set"]);
    for (const cmd of commands) expect(out).toContain(closed.find((l) => l.includes(` cmd=${cmd} `)));
  });

  it("shows at most forty records of one kind for their word fields, however many values they take", () => {
    // 400 records whose `op=` value is a different word each time (aa, ab, …).
    const word = (k: number) => String.fromCharCode(97 + Math.floor(k / 26), 97 + (k % 26));
    const text = Array.from(
      { length: 400 },
      (_, k) =>
        `2026-12-02 19:${String(10 + Math.floor(k / 60)).padStart(2, "0")}:${String(k % 60).padStart(2, "0")} worker op=${word(k)} took=${k}ms\n`,
    ).join("");
    const out = compress(text);
    const shown = out.split("\n").filter((l) => l.includes(" worker op=")).length;
    expect(shown).toBeGreaterThanOrEqual(40);
    expect(shown).toBeLessThanOrEqual(44);
  });
});
