import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { enteredRegions } from "../../../src/compressors/log/git-trace2.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real `GIT_TRACE2_PERF=1` runs of git 2.39.5 (stderr) in a clone of this repository:
// `git status` and `git diff --stat HEAD~2`.
const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const runs = { status: fixture("git-trace2-perf-status.txt"), diff: fixture("git-trace2-perf-diff.txt") };

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("git's trace2 perf rows", () => {
  it("route as a log", () => {
    for (const [name, text] of Object.entries(runs)) expect(detect(text).type, name).toBe("log");
  });

  it("find each region's enter row whose leave row follows, and only those", () => {
    for (const text of Object.values(runs)) {
      const lines = text.split("\n");
      const enters = lines.filter((l) => l.includes("| region_enter |"));
      const found = enteredRegions(lines).map((i) => lines[i]);
      expect(found.length).toBeGreaterThan(3);
      expect(found).toEqual(enters);
    }
  });

  it("keep every leave row with its time, the command and its exit; the enters go", () => {
    const out = compress(runs.status);
    expect(out.length).toBeLessThan(runs.status.length * 0.8);
    for (const part of [
      "|              | git status",
      "| region_leave |     |  0.091293 |  0.049940 | index        | label:refresh",
      "label:do_write_index /tmp/hl6/repo/.git/index.lock",
      "| exit         |     |  0.098005 |           |              | code:0",
    ]) {
      expect(out).toContain(part);
    }
    expect(out).not.toContain("| region_enter |");
    expect(compress(runs.diff)).toContain("label:unpack_trees");
  });
});
