import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressHtml } from "../../../src/compressors/html.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real rustdoc page from the docs rustup installs (Rust 1.95), std::num::ParseIntError: each method
// and trait item is headed by `<h4 class="code-header">pub const fn kind(&self) -> &IntErrorKind</h4>`,
// a class whose word "header" read as page furniture, so every signature was dropped. The rule was
// found on a held-out rustdoc page (std's HashMap, 141 headings, 2 of 7 signatures kept).
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

function rendered(html: string): string {
  const result = compressHtml(compressorInput(html, { type: "html" }));
  expect(result).not.toBeNull();
  return result!.output;
}

const decode = (s: string) =>
  s
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe("an HTML page's headings", () => {
  it("keeps every heading whatever its class: rustdoc's code-header signatures", () => {
    const page = fixture("rustdoc-parseinterror.html");
    const out = rendered(page);
    const signatures = [...page.matchAll(/<h4 class="code-header">(.*?)<\/h4>/gs)].map((m) => decode(m[1]));
    expect(signatures.length).toBe(25);
    for (const signature of new Set(signatures)) expect(out).toContain(signature);
  });
});
