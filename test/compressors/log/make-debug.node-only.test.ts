import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real `make -d` traces: a seven-line Makefile whose link needs an object with no source
// (1 008 lines of implicit-rule search, then the stop), and cmake's generated makefiles building
// one static library (recursive makes, each with its banner); and a pattern rule (`%.html: %.md`)
// whose source is missing for one of two pages (1 286 lines, the stop on the last).
const runs = {
  stop: readFileSync(new URL("fixtures/make-d-ringstat-no-rule.txt", import.meta.url), "utf8"),
  cmake: readFileSync(new URL("fixtures/make-d-cmake-ring.txt", import.meta.url), "utf8"),
  docs: readFileSync(new URL("fixtures/make-d-docs-no-rule.txt", import.meta.url), "utf8"),
};

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("make's debug trace", () => {
  it("routes as a log", () => {
    for (const [name, text] of Object.entries(runs)) expect(detect(text).type, name).toBe("log");
  });

  it("keeps the commands make ran and where it stopped, its rule search behind markers", () => {
    const stop = compress(runs.stop);
    expect(stop.length).toBeLessThan(runs.stop.length / 4);
    for (const line of [
      "cc -Wall -O2 -g -c main.c",
      "cc -Wall -O2 -g -c ring.c",
      "cc -Wall -O2 -g -c stats.c",
      "make: *** No rule to make target 'dump.o', needed by 'ringstat'.  Stop.",
    ]) {
      expect(stop).toContain(line);
    }
    const cmake = compress(runs.cmake);
    for (const line of [
      "[ 50%] Building C object CMakeFiles/ring.dir/ring.c.o",
      "[100%] Linking C static library libring.a",
      "[100%] Built target ring",
    ]) {
      expect(cmake).toContain(line);
    }
  });

  it("keeps every conclusion about a target make had to remake: built, or no rule found for it", () => {
    const stop = compress(runs.stop);
    for (const line of [
      "  Must remake target 'main.o'.",
      "  Successfully remade target file 'main.o'.",
      "   No implicit rule found for 'dump.o'.",
      "  Must remake target 'dump.o'.",
    ]) {
      expect(stop).toContain(line);
    }
    // A source make needed nothing for says nothing: its own conclusion stays routine.
    expect(stop).not.toContain("No implicit rule found for 'ring.h'.");
    const docs = compress(runs.docs);
    expect(docs.length).toBeLessThan(runs.docs.length / 4);
    for (const line of [
      "  Must remake target 'index.html'.",
      "  Successfully remade target file 'index.html'.",
      "   No implicit rule found for 'manual.html'.",
      "  Must remake target 'manual.html'.",
      "make: *** No rule to make target 'manual.html', needed by 'all'.  Stop.",
    ]) {
      expect(docs).toContain(line);
    }
  });
});
