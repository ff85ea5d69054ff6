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

  it("keeps the enumeration label that opens a paragraph with the sentence it numbers", () => {
    // bash's NEWS: lettered items `a.` … `zz.` (one letter is an initial already).
    expect(sentences("nn. Shells running as root no longer inherit PS4. This closes a hole.")).toEqual([
      "nn. Shells running as root no longer inherit PS4.",
      "This closes a hole.",
    ]);
    expect(sentences("12. Twelve. Then more.")).toEqual(["12. Twelve.", "Then more."]);
    expect(sentences("Done. Next one.")).toEqual(["Done.", "Next one."]);
  });

  it("splits bracket-heavy text as the char-by-char scan it replaced did", () => {
    const piece = fc.constantFrom("[", "]", "[[[[", "]]]]", "`", ". ", "! ", "? ", ".) ", "e.g. ", "A", "x", " ", "\n");
    const run = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom("[", "]")).map(([n, c]) => c.repeat(n));
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, run), { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        expect(splitSentences(text), text).toEqual(splitSentencesByChar(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a megabyte run of brackets as one sentence, then splits after it closes", () => {
    const open = "[".repeat(1_048_576);
    expect(sentences(`${open}. Next.`)).toEqual([`${open}. Next.`]);
    const closed = `${open}${"]".repeat(1_048_576)}`;
    expect(sentences(`${closed}. Next.`)).toEqual([`${closed}.`, "Next."]);
  });
});

/** The scan splitSentences made before it skipped runs of brackets: one char at a time. */
function splitSentencesByChar(text: string): { start: number; end: number }[] {
  const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
  const opens = (c: number) =>
    (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || [34, 39, 96, 91, 40, 42, 95].includes(c) || c > 0xbf;
  const abbreviation = (dot: number) => {
    let start = dot;
    while (start > 0 && !isSpace(text.charCodeAt(start - 1)) && text.charCodeAt(start - 1) !== 40) start--;
    const word = text.slice(start, dot).toLowerCase();
    return (word.length === 1 && /[a-z]/.test(word)) || word === "e.g";
  };
  // An enumeration label that opens the paragraph (`nn.`) is no sentence.
  const label = (first: number, dot: number) => /^[a-z0-9]{1,3}$/i.test(text.slice(first, dot));
  const spans: { start: number; end: number }[] = [];
  const n = text.length;
  let start = 0;
  while (start < n && isSpace(text.charCodeAt(start))) start++;
  const first = start;
  let depth = 0;
  let inCode = false;
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 96) {
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    if (c === 91) depth++;
    else if (c === 93 && depth > 0) depth--;
    if (depth > 0 || (c !== 46 && c !== 33 && c !== 63)) continue;
    let end = i + 1;
    while (end < n && [34, 39, 41, 42].includes(text.charCodeAt(end))) end++;
    if (end >= n || !isSpace(text.charCodeAt(end))) continue;
    let next = end;
    while (next < n && isSpace(text.charCodeAt(next))) next++;
    if (next >= n || !opens(text.charCodeAt(next))) continue;
    if (c === 46 && (abbreviation(i) || label(first, i))) continue;
    spans.push({ start, end });
    start = next;
    i = next - 1;
  }
  let end = n;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (end > start) spans.push({ start, end });
  return spans;
}
