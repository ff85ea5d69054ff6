import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownCompressor } from "../../../src/compressors/markdown.js";
import { hasWarning } from "../../../src/compressors/markdown/sections.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Release notes put what breaks under "Caveats" (GCC's changes pages) or
 * "Backward incompatible changes", and say an option became incompatible
 * with another. The fixture is git 2.31.0's release notes as Debian 12
 * ships them (`cat /usr/share/doc/git/RelNotes/2.31.0.txt`, git 2.39.5).
 */
const NOTES = readFileSync(new URL("./fixtures/git-relnotes-2.31.0.txt", import.meta.url), "utf8");

describe("markdown: caveats and incompatible changes are warnings", () => {
  it("reads Caveats and incompatible as warning words", () => {
    expect(hasWarning("Caveats")).toBe(true);
    expect(hasWarning("Backward incompatible and other important changes")).toBe(true);
    expect(hasWarning('"--untracked" options have been marked as mutually incompatible.')).toBe(true);
    expect(hasWarning("A caveman ate it")).toBe(false);
  });

  it("keeps the fix that made two options incompatible while it trims the other fixes", () => {
    const out = markdownCompressor.compress(compressorInput(NOTES, { type: "prose" }))!.output;
    expect(out.length).toBeLessThan(NOTES.length * 0.8);
    expect(out).toContain('   "--untracked" options have been marked as mutually incompatible.\n');
    expect(out).toContain(" * The support for deprecated PCRE1 library has been dropped.\n");
  });
});
