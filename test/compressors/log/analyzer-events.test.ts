import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { conclusionEvents } from "../../../src/compressors/log/analyzer-events.js";
import { openCorpus } from "../../support/corpus.js";
import { compressorInput } from "../../support/compressor-input.js";

const own = new Map((await openCorpus("own").load()).map((c) => [c.id, c]));

describe("analyzer event paths", () => {
  it("finds the highest-numbered event of each path under a diagnostic head, wherever the drawing prints it", () => {
    const lines = [
      "cache.c:24:5: warning: use of uninitialized value ‘*e.next’ [-Wanalyzer-use-of-uninitialized-value]",
      "    |      |     (1) entry to ‘main’",
      "    |      |    (3) use of uninitialized value ‘*e.next’ here",
      "    |      |    (2) following ‘true’ branch...",
      "cache.c:35:14: warning: use after ‘free’ of ‘head’ [CWE-416]",
      "    |      |   (1) entry to ‘main’",
      "    |      |   (2) use after ‘free’ of ‘head’; freed at (1)",
    ];
    expect(conclusionEvents(lines)).toEqual([2, 6]);
  });

  it("reads no path outside a diagnostic, nor a path of one event", () => {
    expect(conclusionEvents(["  (1) first step", "  (2) second step"])).toEqual([]);
    expect(conclusionEvents(["f.c:1:1: warning: x", "  (1) only event"])).toEqual([]);
  });

  it("keeps the conclusion of every path of a real gcc -fanalyzer run", () => {
    const text = own.get("log-gcc-fanalyzer-cache-paths")!.text;
    const result = compressLog(compressorInput(text, { type: "log" }));
    expect(result?.output).toContain("(34) use after ‘free’ of ‘head’; freed at (33)");
    const lines = text.split("\n");
    for (const i of conclusionEvents(lines)) expect(result?.output).toContain(lines[i]);
  });
});
