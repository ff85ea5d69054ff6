import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownCompressor, segmentMarkdown } from "../../../src/compressors/markdown.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * git 2.30.0's release notes as Debian's git package ships them
 * (/usr/share/doc/git/RelNotes/2.30.0.txt): `===` and `---` underlined
 * titles, then sub-headings marked by position alone (a column-0 line
 * between blank lines) over ` * ` items indented one space.
 */
const RELNOTES = readFileSync(new URL("./fixtures/git-relnotes-2.30.0.txt", import.meta.url), "utf8");
const SUB_HEADINGS = ["UI, Workflows & Features", "Performance, Internal Implementation, Development Support etc."];

function compress(text: string): string {
  const result = markdownCompressor.compress(compressorInput(text, { type: "markdown" }));
  return result === null ? text : result.output;
}

describe("unmarked titles of a plain-text document with an indented body", () => {
  it("reads each column-0 line between blank lines as a heading under the underlined one", () => {
    const headings = segmentMarkdown(RELNOTES).segments.filter((s) => s.kind === "heading");
    const texts = headings.map((h) => h.text.split("\n")[0]);
    for (const title of SUB_HEADINGS) {
      const at = texts.indexOf(title);
      expect(at, title).toBeGreaterThan(0);
      expect(headings[at].level).toBe(3);
    }
    expect(headings[texts.indexOf("Updates since v2.29")].level).toBe(2);
  });

  it("keeps every sub-heading in the compressed output, while cutting items", () => {
    const out = compress(RELNOTES);
    expect(out.length).toBeLessThan(RELNOTES.length * 0.8);
    const lines = new Set(out.split("\n"));
    for (const title of SUB_HEADINGS) expect(lines.has(title), title).toBe(true);
  });

  it("reads no label ending with a colon, no sentence over column-0 text, and nothing where no title is marked", () => {
    const indented = "   holder one\n   holder two\n   holder three\n   holder four\n";
    const underlined = `Notes\n=====\n\nCopyright:\n\n${indented}\nIt was downloaded here.\n\nNext label\n\n${indented}${indented}`;
    const titles = segmentMarkdown(underlined)
      .segments.filter((s) => s.kind === "heading")
      .map((h) => h.text.split("\n")[0]);
    expect(titles).toEqual(["Notes", "Next label"]);
    const unmarked = `Copyright Holders\n\n${indented}${indented}\nLicense\n\n${indented}${indented}`;
    expect(segmentMarkdown(unmarked).segments.filter((s) => s.kind === "heading")).toHaveLength(0);
  });

  it("leaves a Markdown document's column-0 paragraphs alone", () => {
    const md = "# T\n\nFirst paragraph.\n\nShort line\n\n- item one\n- item two\n\nAnother paragraph.\n";
    expect(segmentMarkdown(md).segments.filter((s) => s.kind === "heading")).toHaveLength(1);
  });
});
