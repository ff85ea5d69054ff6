import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { createPithy } from "../../../src/pipeline.js";

const read = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

/** A fragment of HTML as a reader sees it: tags out, the few references these pages use decoded, spaces collapsed. */
const shown = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

// Two real pages whose headings hold code: Node.js's string_decoder API page (Debian's nodejs
// 20.20.2, `<h4><code>stringDecoder.end([buffer])</code>…</h4>`) and a rustdoc struct page (Rust
// 1.95, `<h4 class="code-header">pub const fn kind(&amp;self) -&gt; …</h4>`). A heading names its
// section, so it reads as on the page: before, Node's deprecations page showed
// "DEP0001: `http.OutgoingMessage.prototype.flush`", and a search for the name as written missed.
const HEADING_PAGES = [
  { name: "nodejs-api-string-decoder.html", headings: /<h[2-4][^>]*>(.*?)<\/h[2-4]>/gs, least: 5 },
  { name: "rustdoc-parseinterror.html", headings: /<h4 class="code-header">(.*?)<\/h4>/gs, least: 20 },
];

// Two real mdbook pages of the Cargo Book (Rust 1.95) whose options are a definition list with
// terms like `<code>-j</code> <em>N</em>`: cargo-test(1) and cargo-new(1). Such a term is one
// code span, `-j N`, as the page reads; before, `-j` N left "-j N" and "--jobs N" unfound.
const TERM_PAGES = [
  { name: "cargo-book-cargo-test.html", least: 48 },
  { name: "cargo-book-cargo-new.html", least: 17 },
];

describe("code in an HTML page's headings and option terms", () => {
  it("reads in headings as on the page, without backticks", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    for (const page of HEADING_PAGES) {
      const html = read(page.name);
      const r = await pithy.compress(html, { tool: "Read", filename: page.name });
      expect(r.action).toBe("compressed");
      const headings = [...html.matchAll(page.headings)].map((m) => shown(m[1]));
      expect(headings.length).toBeGreaterThanOrEqual(page.least);
      const lines = r.output.split("\n").filter((l) => l.startsWith("#"));
      for (const heading of headings) expect(lines.some((l) => l.includes(heading))).toBe(true);
    }
  });

  it("makes each option term one code span that reads as on the page", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    for (const page of TERM_PAGES) {
      const html = read(page.name);
      const r = await pithy.compress(html, { tool: "Read", filename: page.name });
      expect(r.action).toBe("compressed");
      const terms = [...html.matchAll(/<dt class="option-term"[^>]*>(.*?)<\/dt>/gs)].map((m) => shown(m[1]));
      expect(terms.length).toBeGreaterThanOrEqual(page.least);
      for (const term of terms) expect(r.output).toContain(`\`${term}\``);
    }
  });

  // cargo-test(1)'s EXIT STATUS (`<li><code>101</code>: Cargo failed to complete.</li>`) and the Cargo
  // Book's environment-variables page (`<li><code>CARGO_HOME</code> — Cargo maintains…`, 130 such
  // items): an item that opens with code and a separator is a definition written inline, and its
  // key reads as on the page; before, "101: Cargo failed to complete." was not found.
  it("reads the key of a list item that opens with code and a separator as on the page", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    for (const page of [
      { name: "cargo-book-cargo-test.html", least: 2, sample: "- 101: Cargo failed to complete." },
      { name: "cargo-book-environment-variables.html", least: 100, sample: "- CARGO_HOME — Cargo maintains" },
    ]) {
      const html = read(page.name);
      const r = await pithy.compress(html, { tool: "Read", filename: page.name });
      expect(r.action).toBe("compressed");
      const keys = [...html.matchAll(/<li><code>([^<`]{1,60})<\/code>( ?(?::|[-\u2013\u2014] |&mdash; ))/g)];
      expect(keys.length).toBeGreaterThanOrEqual(page.least);
      expect(r.output).toContain(page.sample);
      let bare = 0;
      for (const [, key, sep] of keys) {
        const separator = sep.replace("&mdash;", "\u2014");
        expect(r.output).not.toContain(`\`${shown(key)}\`${separator}`);
        if (r.output.includes(`- ${shown(key)}${separator}`)) bare++;
      }
      // Items of a trimmed section may be cut (cargo-test shows 4 of its 9); those shown have their key bare.
      expect(bare).toBeGreaterThanOrEqual(Math.ceil(keys.length * 0.4));
    }
  });
});
