import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/index.js";

// Two real reference pages whose options are a definition list, each term joined to its text once
// the page is read as Markdown (`--leak-check=<no|summary|yes|full> [default: summary]` When enabled…):
// - the Cargo Book's cargo-new(1), from the docs rustup installs (Rust 1.95): 17 `<dt class="option-term">`;
// - Valgrind's Memcheck manual (Debian's valgrind 3.19, from test/corpus): 21 DocBook variable-list terms.
// Such a line opens with an option in a code span, as an API entry opens with its signature: its first
// sentence is the section's outline. Before, a section's share kept 2 of the manual's 21 options.
// The rule was found on a held-out page, the Cargo Book's cargo-build(1) (28 of 47 options kept).
const PAGES = [
  {
    text: readFileSync(new URL("fixtures/cargo-book-cargo-new.html", import.meta.url), "utf8"),
    terms: /<dt class="option-term"[^>]*>(.*?)<\/dt>/gs,
    count: 17,
  },
  {
    text: readFileSync(new URL("../../corpus/cases/html/valgrind-mc-manual.html", import.meta.url), "utf8"),
    terms: /<dt>\s*<a name="opt[^"]*"><\/a>\s*<span class="term">(.*?)<\/span>/gs,
    count: 21,
  },
];

const decode = (s: string) =>
  s
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();

describe("a reference page's options", () => {
  it("stay, every one, with the start of its text", async () => {
    const pithy = await createPithy();
    for (const page of PAGES) {
      const r = await pithy.compress(page.text, { tool: "Read", filename: "page.html" });
      expect(r.action).toBe("compressed");
      const shown = r.output.replace(/`/g, "");
      const terms = [...page.text.matchAll(page.terms)].map((m) => decode(m[1]));
      expect(terms.length).toBe(page.count);
      for (const term of terms) expect(shown).toContain(term.split(/\s/)[0]);
    }
  });
});
