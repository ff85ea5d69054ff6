import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownCompressor, segmentMarkdown } from "../../../src/compressors/markdown.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * HTML lines that title what follows in Markdown: a `<details>` fold's
 * `<summary>` and `<h1>`…`<h6>`. The fixture is @modelcontextprotocol/sdk
 * 1.32.2's README as npm installs it (`cat README.md`): its table of
 * contents is folded under `<summary>Table of Contents</summary>`.
 */
const README = readFileSync(new URL("./fixtures/mcp-sdk-1.32.2-README.md", import.meta.url), "utf8");

const headingsOf = (text: string) =>
  segmentMarkdown(text)
    .segments.filter((s) => s.kind === "heading")
    .map((s) => ({ text: s.text.trimEnd(), level: s.level }));

describe("markdown: HTML title lines", () => {
  it("reads a <summary> line as a heading one level below the heading above it", () => {
    const headings = headingsOf(README);
    expect(headings[1]).toEqual({ text: "<summary>Table of Contents</summary>", level: 2 });
    expect(headings[2]).toEqual({ text: "## Overview", level: 2 });
  });

  it("keeps the <summary> line of a folded section in the compressed output", () => {
    const out = markdownCompressor.compress(compressorInput(README, { type: "markdown" }))!.output;
    expect(out).toContain("\n<summary>Table of Contents</summary>\n");
    expect(out.length).toBeLessThan(README.length);
  });

  it("reads <h2> and <summary> lines closed on their line, and nothing else, as headings", () => {
    const text = [
      "### API",
      "",
      "<details>",
      '<summary><a id="x"></a><strong>Address4</strong> — an IPv4 address</summary>',
      "",
      "text",
      "",
      '<h2 align="center">Install</h2>',
      "",
      "<summary>",
      "<header>not a heading</header>",
      "<h2></h2>",
      "",
    ].join("\n");
    expect(headingsOf(text)).toEqual([
      { text: "### API", level: 3 },
      { text: '<summary><a id="x"></a><strong>Address4</strong> — an IPv4 address</summary>', level: 4 },
      { text: '<h2 align="center">Install</h2>', level: 2 },
    ]);
  });
});
