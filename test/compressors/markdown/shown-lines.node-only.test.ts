import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hasMarker } from "../../../src/ccr/marker.js";
import { markdownCompressor } from "../../../src/compressors/markdown.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Real text that reaches the prose path without being Markdown: a C header
 * read with no filename, `diff -c` output, Debian plain-text docs, pydoc.
 * (zlib.h 1.2.13, glibc's aio.h under `diff -c`, zip's WHATSNEW, unzip's BUGS,
 * `python3 -m pydoc textwrap`, kept with the manual fixtures; none holds a link or an image.)
 */
const FIXTURES = [
  "zlib-h-head.h",
  "diff-c-aio-h.txt",
  "zip-whatsnew.txt",
  "unzip-bugs.txt",
  "../../manual/fixtures/pydoc-textwrap.txt",
];

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

function compressed(text: string, scale = 1): string {
  return markdownCompressor.compress(compressorInput(text, { type: "prose", scale }))?.output ?? text;
}

/** Output lines that are neither a line of `source` nor a marker nor a sentence excerpt (pieces of a line around `…`). */
function rewrittenLines(source: string, output: string): string[] {
  const lines = new Set(source.split("\n"));
  return output.split("\n").filter((line) => {
    if (lines.has(line) || hasMarker(line)) return false;
    const pieces = line.split("…").map((p) => p.trim());
    const isExcerpt = pieces.length > 1 && pieces.every((p) => p.length === 0 || source.includes(p));
    return !isExcerpt;
  });
}

describe("markdown compressor: the lines it shows", () => {
  for (const name of FIXTURES) {
    for (const scale of [0.5, 1]) {
      it(`shows every kept line of ${name} byte for byte at scale ${scale}`, () => {
        const text = fixture(name);
        expect(rewrittenLines(text, compressed(text, scale))).toEqual([]);
      });
    }
  }

  it("drops something from the fixtures, so the property above is tested on lossy output", () => {
    const lossy = FIXTURES.filter((name) => compressed(fixture(name), 0.5) !== fixture(name));
    expect(lossy.length).toBeGreaterThanOrEqual(3);
  });

  it("keeps the aligned spaces of a #define it shows", () => {
    const text = fixture("zlib-h-head.h");
    const out = markdownCompressor.compress(compressorInput(text, { type: "prose", hint: { query: "Z_DATA_ERROR" } }));
    expect(out?.lossy).toBe(true);
    expect(out?.output).toContain("\n#define Z_DATA_ERROR   (-3)\n");
  });

  it("keeps the tab after a diff -c file header and the tab indentation of a changed line", () => {
    const text = fixture("diff-c-aio-h.txt");
    const out = compressed(text);
    const header = text.split("\n").find((l) => l.startsWith("*** a/x.h\t"));
    const changed = text.split("\n").find((l) => l.startsWith("! ") && l.includes(";\t/*"));
    expect(header).toContain("\t");
    expect(changed).toBeDefined();
    expect(out).toContain(header);
    expect(out).toContain(changed);
  });

  it("keeps a prose line's doubled spaces and indentation", () => {
    const text = "# T\n\n  warranty.  In no event will the authors\n\n\n\nEnd.\n";
    expect(compressed(text)).toBe("# T\n\n  warranty.  In no event will the authors\n\nEnd.\n");
  });
});
