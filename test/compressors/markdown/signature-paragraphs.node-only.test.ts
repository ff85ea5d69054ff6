import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownCompressor } from "../../../src/compressors/markdown.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * API references whose entries are paragraphs opening with the entry's call
 * signature in a code span, not headings. The fixture is ipaddr.js 1.9.1's
 * README as npm installs it (`cat README.md`): `` `toIPv4MappedAddress()`
 * will return… ``, `` `ipaddr.IPvX.isValid(string)` can be used… ``.
 */
const README = readFileSync(new URL("./fixtures/ipaddr.js-1.9.1-README.md", import.meta.url), "utf8");
const SIGNATURE_LINE_RE = /^`[A-Za-z_$][\w$.]*\(.*?\)`/;

describe("markdown: paragraphs that open with a call signature", () => {
  it("keeps every such paragraph's signature while it trims the text around them", () => {
    const out = markdownCompressor.compress(compressorInput(README, { type: "markdown" }))!.output;
    expect(out.length).toBeLessThan(README.length * 0.8);
    const lines = README.split("\n");
    const opening = lines.filter((l, i) => SIGNATURE_LINE_RE.test(l) && (i === 0 || lines[i - 1].trim() === ""));
    expect(opening.length).toBeGreaterThanOrEqual(6);
    for (const line of opening) expect(out).toContain(line.match(SIGNATURE_LINE_RE)![0]);
  });
});
