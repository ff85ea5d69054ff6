import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { searchCompressor } from "../../../src/compressors/search.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Two real `grep -rHn` runs over @types/node's zlib.d.ts (the `Z_*: number`
 * constants, then `@deprecated`): most rows of the file name error codes
 * (`Z_STREAM_ERROR`), which score as error words, while the first match of
 * each search (`Z_NO_FLUSH`, `bytesWritten`) does not.
 */
const ZLIB = readFileSync(new URL("./fixtures/types-node-zlib-grep-constants.txt", import.meta.url), "utf8");

describe("a search result's file keeps its first match in view", () => {
  it("shows the first match of a file even when later rows score higher", () => {
    const out = searchCompressor.compress(compressorInput(ZLIB, { type: "search" }));
    expect(out).not.toBeNull();
    const firstRow = ZLIB.slice(0, ZLIB.indexOf("\n"));
    const text = firstRow.slice(firstRow.indexOf(":") + 1);
    expect(out?.output).toContain(text.slice(text.indexOf(":") + 1));
    // The error-code rows still win the other places (sampled over the file).
    const shown = (out?.output ?? "").split("\n").filter((l) => /:\d+:/.test(l));
    expect(shown.length).toBe(5);
    for (const row of shown.slice(1)) expect(row).toMatch(/Z_[A-Z]+_ERROR/);
  });
});
