import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { splitSentences } from "../../../src/compressors/markdown/sentences.js";

const sentences = (text: string) => splitSentences(text).map((s) => text.slice(s.start, s.end));

describe("splitSentences", () => {
  it("splits at sentence ends followed by a capital", () => {
    expect(sentences("One here. Two there! Three? Four.")).toEqual(["One here.", "Two there!", "Three?", "Four."]);
  });

  it("keeps abbreviations and initials inside a sentence", () => {
    expect(sentences("Use e.g. Redis or J. Smith's tool. Next.")).toEqual([
      "Use e.g. Redis or J. Smith's tool.",
      "Next.",
    ]);
  });

  it("does not split inside code spans, link brackets or version numbers", () => {
    expect(sentences("Call `a. B` now. See [v. Two](x) and 1.5 too. End.")).toEqual([
      "Call `a. B` now.",
      "See [v. Two](x) and 1.5 too.",
      "End.",
    ]);
  });

  it("does not split before a lowercase word", () => {
    expect(sentences("The value is 3. and more text")).toEqual(["The value is 3. and more text"]);
  });

  it("crosses line breaks inside a paragraph", () => {
    expect(sentences("First line\ngoes on. Second\nsentence.")).toEqual(["First line\ngoes on.", "Second\nsentence."]);
  });

  it("covers every non-space character exactly once, in order", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const spans = splitSentences(text);
        let at = 0;
        for (const s of spans) {
          expect(text.slice(at, s.start).trim()).toBe("");
          expect(s.end).toBeGreaterThan(s.start);
          at = s.end;
        }
        expect(text.slice(at).trim()).toBe("");
      }),
      { numRuns: 500 },
    );
  });
});
