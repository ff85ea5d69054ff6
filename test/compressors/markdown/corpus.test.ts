import { describe, expect, it } from "vitest";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { markdownCompressor, segmentMarkdown } from "../../../src/compressors/markdown.js";
import { hasMarker, parseMarkers } from "../../../src/ccr/marker.js";
import { loadCorpus } from "../../support/corpus.js";
import { compressorInput } from "../../support/compressor-input.js";

const KEY = "0".repeat(32);
const encoder = new Tiktoken(o200k);
const tokens = (text: string) => encoder.encode(text).length;

const cases = (await loadCorpus()).filter((c) => c.class === "markdown");

function compress(text: string, query?: string): string {
  const result = markdownCompressor.compress(compressorInput(text, { type: "markdown", hint: { query } }));
  return result === null ? text : result.output;
}

describe("markdown compressor on the corpus", () => {
  it("has the three Markdown cases", () => {
    expect(cases.map((c) => c.id).sort()).toEqual([
      "markdown-k8s-guestbook-go-readme",
      "markdown-retrofit-changelog",
      "markdown-undici-docs-dispatcher",
    ]);
  });

  for (const c of cases) {
    describe(c.id, () => {
      const out = compress(c.text);

      it("keeps every must_keep string visible", () => {
        for (const s of c.must_keep) expect(out).toContain(s);
      });

      it("saves at least 25 % of o200k tokens without a query", () => {
        expect(tokens(out)).toBeLessThanOrEqual(tokens(c.text) * 0.75);
      });

      it("writes every verbatim block it keeps byte for byte", () => {
        // Code and tables: what must never be rewritten (a kept list may run into trimmed prose).
        for (const s of segmentMarkdown(out).segments) {
          if ((s.kind !== "fence" && s.kind !== "table" && s.kind !== "indented_code") || hasMarker(s.text)) continue;
          // Kept units are separated by "…" lines (or a marker): each stretch is whole, but for
          // table rows cut short (a prefix of their row) and prose around a dropped sentence ("… ").
          for (const stretch of s.text.split(/^…\r?\n/m)) {
            for (const line of stretch.split("\n")) {
              const shown = line.endsWith(" …") ? line.slice(0, -2) : line;
              for (const piece of shown.split("… ")) expect(c.text).toContain(piece);
            }
          }
        }
      });

      it("keeps every heading of the original", () => {
        for (const s of segmentMarkdown(c.text).segments) if (s.kind === "heading") expect(out).toContain(s.text);
      });

      it("names one and the same stored original in every marker", () => {
        const keys = new Set(parseMarkers(out).map((m) => m.key));
        expect([...keys]).toEqual([KEY]);
      });

      it("keeps the must_keep strings and saves tokens with a query too", () => {
        const withQuery = compress(c.text, "error handling and cleanup");
        for (const s of c.must_keep) expect(withQuery).toContain(s);
        expect(tokens(withQuery)).toBeLessThan(tokens(c.text));
      });

      it("finds nothing more to do on its own output", () => {
        expect(compress(out)).toBe(out);
      });
    });
  }

  it("keeps the query's section of the API reference whole", () => {
    const doc = cases.find((c) => c.id === "markdown-undici-docs-dispatcher")!;
    const start = doc.text.indexOf("### `dispatcher.upgrade(");
    const section = doc.text.slice(start, doc.text.indexOf("### `dispatcher.compose("));
    const blocks = segmentMarkdown(section).segments.filter((s) => s.verbatim && s.kind !== "html");
    expect(blocks.length).toBeGreaterThan(2);
    const without = compress(doc.text);
    const withQuery = compress(doc.text, "upgrade protocol");
    expect(blocks.every((b) => without.includes(b.text))).toBe(false);
    for (const b of blocks) expect(withQuery).toContain(b.text);
  });
});
