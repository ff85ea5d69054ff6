// The outline of a document survives compression (issue #13): every heading,
// RST and AsciiDoc ones included; a table's header and rows; the code blocks
// of a troubleshooting page, named when cut; the terms of an RST history.
// Each rule is checked on real documents of the own corpus (test/corpus).
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { markdownCompressor, segmentMarkdown } from "../../../src/compressors/markdown.js";
import { waterLevel } from "../../../src/compressors/markdown/plan.js";
import { compactLines } from "../../../src/compressors/markdown/render.js";
import { missingSalient, salientLines } from "../../../src/fidelity/salient.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";
import { openCorpus } from "../../support/corpus.js";

const own = await openCorpus("own").load();
const doc = (id: string): string => {
  const c = own.find((k) => k.id === id);
  if (c === undefined) throw new Error(`no case ${id}`);
  return c.text;
};
const mustKeep = (id: string): string[] => own.find((k) => k.id === id)?.must_keep ?? [];

function compress(text: string): string {
  const result = markdownCompressor.compress(compressorInput(text, { type: "markdown" }));
  return result === null ? text : result.output;
}

const headings = (text: string) => segmentMarkdown(text).segments.filter((s) => s.kind === "heading");

describe("reStructuredText and AsciiDoc headings", () => {
  it("reads every title underlined with ^ in the regex README as a heading", () => {
    const text = doc("markdown-regex-readme-rst");
    const titles = headings(text).map((s) => s.text.split("\n")[0]);
    expect(titles).toContain("Possessive quantifiers");
    expect(titles).toContain("Matching a single grapheme ``\\X``");
    expect(titles).toContain("Added ``\\K`` (`Hg issue 151 <https://github.com/mrabarnett/mrab-regex/issues/151>`_)");
    // Every line over a ^^^ underline at least as long as it.
    const lines = text.split("\n");
    let underlined = 0;
    for (let i = 1; i < lines.length; i++) {
      if (/^\^{3,}$/.test(lines[i]) && lines[i].length >= lines[i - 1].length && lines[i - 1].trim() !== "")
        underlined++;
    }
    expect(underlined).toBeGreaterThan(40);
    expect(headings(text).filter((s) => s.text.split("\n")[1]?.startsWith("^^^")).length).toBe(underlined);
  });

  it("reads an overlined RST title as one heading of three lines", () => {
    const intro = headings(doc("markdown-wcwidth-readme-rst")).find((s) => s.text.includes("Introduction"));
    expect(intro?.text).toBe("============\nIntroduction\n============\n");
  });

  it("keeps every RST heading of the corpus, in order, in the output", () => {
    for (const id of ["markdown-regex-readme-rst", "markdown-wcwidth-readme-rst", "markdown-responses-readme-rst"]) {
      const text = doc(id);
      const out = compress(text);
      let at = 0;
      for (const h of headings(text)) {
        const found = out.indexOf(h.text, at);
        expect(found, `${id}: ${h.text}`).toBeGreaterThanOrEqual(at);
        at = found + h.text.length;
      }
    }
  });

  it("leaves a ~~~ fence under a longer line of prose a fence", () => {
    const kinds = segmentMarkdown("Run this command now:\n~~~\nnpm test\n~~~\n").segments.map((s) => s.kind);
    expect(kinds).toEqual(["prose", "fence"]);
  });

  it("reads AsciiDoc section titles as headings with their level", () => {
    const text = "= Guide\n\nIntro.\n\n== Install\n\nRun it.\n\n=== From source\n\nBuild it.\n";
    expect(headings(text).map((s) => [s.text, s.level])).toEqual([
      ["= Guide\n", 1],
      ["== Install\n", 2],
      ["=== From source\n", 3],
    ]);
  });

  it("routes an RST README by its content to the document path", () => {
    expect(detect(doc("markdown-responses-readme-rst")).type).toBe("markdown");
    expect(detect(doc("markdown-regex-readme-rst")).type).toBe("markdown");
    expect(detect(doc("markdown-wcwidth-readme-rst")).type).toBe("markdown");
  });
});

describe("tables", () => {
  it("keeps every row of the changelog table, cut short, with the header", () => {
    const text = doc("markdown-zod-to-json-schema-changelog-table");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length * 0.5);
    for (const row of text.split("\n").filter((l) => l.startsWith("| ")))
      expect(out).toContain(row.slice(0, 60).trimEnd());
    expect(parseMarkers(out).some((m) => /lines cut to 100 chars/.test(m.summary))).toBe(true);
  });

  it("keeps the options table of an API README whole and every other table's header", () => {
    const id = "markdown-picomatch-readme-options-table";
    const out = compress(doc(id));
    for (const s of mustKeep(id)) expect(out).toContain(s);
  });

  it("keeps the benchmark tables of a README", () => {
    const id = "markdown-hash-wasm-readme-tables";
    const out = compress(doc(id));
    for (const s of mustKeep(id)) expect(out).toContain(s);
  });

  it("cuts a long row at 100 characters and says so", () => {
    const row = `| 1.0.0 | ${"word ".repeat(40)}|\n`;
    const cut = compactLines(row);
    expect(cut.endsWith(" …\n")).toBe(true);
    expect(row.startsWith(cut.slice(0, -3))).toBe(true);
    expect(compactLines("| a | b |\n")).toBe("| a | b |\n");
  });
});

describe("code blocks and markers", () => {
  it("keeps the configuration fixes of a troubleshooting page and names every cut", () => {
    const id = "markdown-ai-sdk-troubleshooting";
    const text = doc(id);
    const out = compress(text);
    // The Vercel page's fixes: a JSON setting, an export, the plan limit beside them.
    for (const s of mustKeep(id).slice(3, 6)) expect(out).toContain(s);
    const markers = parseMarkers(out).filter((m) => !m.summary.startsWith("original"));
    expect(markers.length).toBeGreaterThan(0);
    for (const m of markers) {
      // Named by their section's title, and placed: recallable by lines.
      expect(m.summary).toMatch(/^(?:section ".+" trimmed|body of ".+|bodies of \d+ sections ".+" … ".+)/);
      expect(m.lines?.length ?? 0).toBeGreaterThan(0);
    }
    // The fix of the last page too: the code under a "Solution" heading is its section's outline.
    for (const s of mustKeep(id)) expect(out).toContain(s);
  });

  it("keeps the whole code block under a Solution heading and its subsections, trimming the prose", () => {
    const filler = (k: number) => `Paragraph ${k} explains the background at some length, in words. `.repeat(12);
    const pages: string[] = [];
    for (let p = 0; p < 30; p++) {
      const code = ["```ts", ...Array.from({ length: 40 }, (_, k) => `  option${p}_${k}: ${k},`), "```"].join("\n");
      pages.push(
        `# Page ${p}\n\n## Issue\n\n${filler(p)}\n\n${filler(p + 1)}\n\n## Solution\n\n${filler(p + 2)}\n\n### With Next.js\n\n${code}\n`,
      );
    }
    const text = pages.join("\n");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length * 0.8);
    for (let p = 0; p < 30; p++) expect(out).toContain(`  option${p}_30: 30,`);
  });

  it("keeps a short Issue body whole when past its first sentence it reports the error", () => {
    const text = doc("markdown-ai-sdk-troubleshooting");
    const out = compress(text);
    expect(missingSalient(salientLines(text), out)).toEqual([]);
  });

  it("shows the lines of a code example that show an outcome (a traceback, an error)", () => {
    const out = compress(doc("markdown-wcwidth-readme-rst"));
    expect(out).toContain("ValueError: Vertical movement character 0xa at position 0");
  });

  it("keeps the version terms of an RST history as its outline", () => {
    const id = "markdown-wcwidth-readme-rst";
    const out = compress(doc(id));
    for (const s of mustKeep(id)) expect(out).toContain(s);
  });
});

describe("what the compressor keeps itself (no fidelity re-render needed)", () => {
  const ids = [
    "markdown-nodejs-api-test-md",
    "markdown-responses-readme-rst",
    "markdown-regex-readme-rst",
    "markdown-picomatch-readme-options-table",
    "markdown-wcwidth-readme-rst",
    "markdown-hash-wasm-readme-tables",
  ];
  for (const id of ids) {
    it(`shows every salient line of ${id}: headings, tracebacks, assertions in its examples`, () => {
      const text = doc(id);
      const out = compress(text);
      expect(out.length).toBeLessThan(text.length * 0.7);
      expect(missingSalient(salientLines(text), out)).toEqual([]);
    });
  }

  it("reads an RST literal block after a directive as code, at any indent", () => {
    const text =
      ".. sourcecode:: python\n\n  >>> regex.match(r'(?r)a', 'a')\n  Traceback (most recent call last):\n\nAfter.\n";
    expect(segmentMarkdown(text).segments.map((s) => s.kind)).toEqual([
      "prose",
      "blank",
      "indented_code",
      "blank",
      "prose",
    ]);
  });

  it("keeps every entry of a list of bare names (a directory listing) as its outline", () => {
    const names = Array.from({ length: 400 }, (_, i) => `- package-${i}/`);
    const text = `# Directory listing for /\n\n${names.join("\n")}\n\n## Notes\n\n${"Some prose about the listing. ".repeat(300)}\n`;
    const out = compress(text);
    for (const n of names) expect(out).toContain(n);
  });
});

describe("sharing the budget", () => {
  it("gives small bodies all they need and large ones one level", () => {
    expect(waterLevel([100, 100, 1000, 1000], 1200)).toBe(500);
    expect(waterLevel([100, 200], 1000)).toBe(Number.POSITIVE_INFINITY);
    expect(waterLevel([50, 5000], 0)).toBe(0);
  });

  it("drops no more whole bodies than the level needs, and stays fast on 20 000 sections", () => {
    const parts: string[] = [];
    for (let i = 0; i < 20_000; i++) parts.push(`## Section ${i}\n\n${"word ".repeat(40 + (i % 90))}\n`);
    const text = parts.join("\n");
    const started = performance.now();
    const out = compress(text);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(out.length).toBeLessThan(text.length);
    for (const i of [0, 9999, 19_999]) expect(out).toContain(`## Section ${i}\n`);
  });

  it("shows a piece of every section of a long API reference", () => {
    const text = doc("markdown-nodejs-api-test-md");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length * 0.4);
    for (const h of headings(text)) expect(out).toContain(h.text);
  });
});
