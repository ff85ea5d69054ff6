import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { searchCompressor } from "../../../src/compressors/search.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * A real `grep -n '@deprecated'` over @types/node 20's crypto.d.ts: one file,
 * so rows carry no path; its first three rows read the same (` * @deprecated`)
 * while the later ones each say since when and what to use instead.
 */
const GREP = readFileSync(new URL("./fixtures/types-node-crypto-grep-n-deprecated.txt", import.meta.url), "utf8");
const rows = GREP.trimEnd().split("\n");
const lineNo = (row: string) => row.slice(0, row.indexOf(":"));

describe("a file's shown search rows", () => {
  const out = searchCompressor.compress(compressorInput(GREP, { type: "search" }));
  const shown = (out?.output ?? "").split("\n").filter((l) => /^\d+:/.test(l));

  it("show each distinct text before any repeat of one already shown", () => {
    expect(out).not.toBeNull();
    const texts = shown.map((l) => l.slice(l.indexOf(":") + 1).trim());
    expect(new Set(texts).size).toBe(texts.length);
    // The first, then the rows of each score sampled evenly over the file, its last included.
    expect(shown.map(lineNo)).toEqual(["77", "189", "726", "730", "1031"]);
  });

  it("still lead with the file's first match", () => {
    expect(shown[0]).toBe(rows[0]);
  });
});
