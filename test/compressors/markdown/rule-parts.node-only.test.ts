import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownCompressor, segmentMarkdown } from "../../../src/compressors/markdown.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Plain-text NEWS files that divide themselves into releases by rules of
 * dashes. The fixture is GNU sed 4.9's NEWS as Debian 12 ships it
 * (`zcat /usr/share/doc/sed/NEWS.gz`): its older releases each open with a
 * `Sed 4.2.1` line right under a rule, and its items report errors in
 * prose (`error. [Bug present at least since sed-3.02]`).
 */
const NEWS = readFileSync(new URL("./fixtures/sed-4.9-NEWS.txt", import.meta.url), "utf8");
const releaseLines = NEWS.split("\n").filter((l) => /^Sed \d/.test(l));

describe("markdown: parts divided by rules", () => {
  it("reads the first line of the document and of each part under a rule as a heading", () => {
    const headings = segmentMarkdown(NEWS)
      .segments.filter((s) => s.kind === "heading")
      .map((s) => s.text.trimEnd());
    expect(releaseLines.length).toBeGreaterThan(20);
    expect(headings).toEqual([NEWS.slice(0, NEWS.indexOf("\n")), ...releaseLines]);
  });

  it("keeps every release line in the compressed output", () => {
    const out = markdownCompressor.compress(compressorInput(NEWS, { type: "prose" }))!.output;
    expect(out.length).toBeLessThan(NEWS.length * 0.8);
    for (const line of releaseLines) expect(out).toContain(`\n${line}\n`);
  });

  it("shows a line that reports an error whole or not at all", () => {
    const out = markdownCompressor.compress(compressorInput(NEWS, { type: "prose" }))!.output;
    const lines = new Set(NEWS.split("\n").map((l) => l.trim()));
    for (const line of out.split("\n")) {
      if (!/\berror\b/i.test(line)) continue;
      const pieces = line
        .split("…")
        .map((p) => p.trim())
        .filter((p) => /\berror\b/i.test(p));
      for (const piece of pieces) expect(lines.has(piece), piece).toBe(true);
    }
  });

  it("leaves a document that titles its parts itself (a setext title under each rule) as it marks them", () => {
    const text = "Intro line\n\n---\nFirst part\n----------\n\ntext\n\n---\nSecond part\n-----------\n\ntext\n";
    const headings = segmentMarkdown(text).segments.filter((s) => s.kind === "heading");
    expect(headings.map((h) => h.text.split("\n")[0])).toEqual(["First part", "Second part"]);
  });

  it("takes no sentence ending in a period for a part's title", () => {
    expect(segmentMarkdown("Para.\n\n---\n\nMore.\n\n---\n").segments.some((s) => s.kind === "heading")).toBe(false);
  });
});
