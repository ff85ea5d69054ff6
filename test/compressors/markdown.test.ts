import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { markdownCompressor, segmentMarkdown } from "../../src/compressors/markdown.js";
import type { CompressorInput } from "../../src/compressors/types.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import { compressorInput } from "../support/compressor-input.js";

const _KEY = "0".repeat(32);

function input(text: string, extra: Partial<CompressorInput> = {}): CompressorInput {
  return compressorInput(text, { type: "markdown", ...extra });
}

function compress(text: string, extra: Partial<CompressorInput> = {}): string {
  return markdownCompressor.compress(input(text, extra))?.output ?? text;
}

/** A paragraph of `n` distinct sentences about `topic`. */
function paragraph(topic: string, n: number, from = 0): string {
  const out: string[] = [];
  for (let i = from; i < from + n; i++)
    out.push(`The ${topic} note number ${i} explains how part ${i} of the ${topic} system behaves under load.`);
  return out.join(" ");
}

/** A long document: `sections` sections of prose, each with a fenced example. */
function longDoc(sections: number, title = "Topic"): string {
  const parts = ["# Manual", "", paragraph("intro", 4), ""];
  for (let s = 0; s < sections; s++) {
    parts.push(
      `## ${title} ${s}`,
      "",
      paragraph(`${title.toLowerCase()}${s}`, 12),
      "",
      "```js",
      `run(${s});`,
      "```",
      "",
    );
  }
  return parts.join("\n");
}

describe("markdown compressor: noise", () => {
  it("turns images into alt text and links into text with the URL once", () => {
    const lines = Array.from(
      { length: 12 },
      (_, i) =>
        `Step ${i}: see ![diagram ${i}](img/flow-${i}.png) and [the docs](https://e.com/docs "Docs") or [step ${i}](#step-${i}).`,
    );
    const out = compress("# Doc\n\n" + lines.join("\n\n") + "\n");
    expect(out).toContain("Step 0: see diagram 0 and the docs (https://e.com/docs) or step 0.");
    expect(out).toContain("Step 11: see diagram 11 and the docs or step 11.");
    expect(out).not.toContain("img/flow-");
    expect(out.split("https://e.com/docs").length - 1).toBe(1);
  });

  it("drops navigation lines and exact repeats of boilerplate", () => {
    const banner =
      "This site uses cookies to give you the best experience possible, as explained in our cookie policy.";
    const parts = ["Skip to content", "", "# Page", ""];
    for (let i = 0; i < 8; i++) parts.push(banner, "", paragraph(`body${i}`, 1), "");
    const result = markdownCompressor.compress(input(parts.join("\n")));
    expect(result).not.toBeNull();
    expect(result!.output).not.toContain("Skip to content");
    expect(result!.output.split(banner).length - 1).toBe(1);
    expect(result!.detail?.boilerplateLines).toBe(8);
  });

  it("does not drop noise worth less than the marker it would need", () => {
    const text = "# Doc\n\n\n\nSee  [top](#top).\n";
    expect(markdownCompressor.compress(input(text))).toEqual({
      output: "# Doc\n\nSee  [top](#top).\n",
      lossy: false,
      detail: { sections: 1 },
    });
  });

  it("collapses blank runs but keeps the whitespace inside prose lines", () => {
    const text = "# T\n\n\n\n\nSome   prose   with    gaps.   \n\n\n\nMore.\n";
    expect(compress(text)).toBe("# T\n\nSome   prose   with    gaps.   \n\nMore.\n");
  });

  it("never rewrites code, tables, lists or quotes", () => {
    const verbatim =
      "```\n[a](b)   spaced\n```\n\n| [x](y) | ![i](p) |\n|---|---|\n| 1 | 2 |\n\n- [item](https://e.com)   two\n\n> [quote](q)   here\n";
    const text = `# T\n\n${verbatim}`;
    const out = compress(text);
    for (const s of segmentMarkdown(verbatim).segments.filter((s) => s.verbatim)) expect(out).toContain(s.text);
  });

  it("changes only blank runs when it may not drop anything", () => {
    const text = "# T\n\nSee  [docs](https://e.com)   now.\n\n\n\nEnd.\n";
    const result = markdownCompressor.compress(input(text, { canDrop: false }));
    expect(result).toEqual({
      output: "# T\n\nSee  [docs](https://e.com)   now.\n\nEnd.\n",
      lossy: false,
      detail: { sections: 1 },
    });
  });

  it("keeps CRLF line endings in the lines it writes", () => {
    const text = "# T\r\n\r\n\r\n\r\nSome   prose.\r\n";
    expect(compress(text)).toBe("# T\r\n\r\nSome   prose.\r\n");
  });
});

describe("markdown compressor: budget", () => {
  it("keeps every heading of a long document", () => {
    const text = longDoc(30);
    const out = compress(text);
    for (let s = 0; s < 30; s++) expect(out).toContain(`## Topic ${s}\n`);
    expect(out.length).toBeLessThan(text.length * 0.7);
  });

  it("gives every section a fair share, code blocks intact or absent, each marker naming its section", () => {
    const text = longDoc(30);
    const out = compress(text);
    const markers = parseMarkers(out);
    expect(markers.length).toBeGreaterThan(0);
    for (let s = 0; s < 30; s++) expect(out).toContain(`The topic${s} note number 0 `);
    expect(
      markers.every((m) => /^section "Topic \d+" trimmed: /.test(m.summary) || m.summary.startsWith("original")),
    ).toBe(true);
    for (let s = 0; s < 30; s++) {
      const code = "```js\nrun(" + s + ");\n```\n";
      const kept = out.includes(code);
      expect(kept || !out.includes(`run(${s});`)).toBe(true);
    }
    expect(out).toContain("```js\nrun(0);\n```\n");
  });

  it("trims an over-long section to its head and tail around one marker", () => {
    const text = "# Only\n\n" + Array.from({ length: 40 }, (_, i) => paragraph(`part${i}`, 3)).join("\n\n") + "\n";
    const out = compress(text);
    expect(out).toContain("The part0 note number 0");
    expect(out).toContain("part39 system");
    expect(out).not.toContain("part20 system");
    expect(parseMarkers(out).map((m) => m.summary)).toEqual([
      expect.stringMatching(/^section "Only" trimmed: .*sentences omitted$/),
    ]);
  });

  it("keeps sentences carrying warning words first when trimming", () => {
    const body = Array.from({ length: 40 }, (_, i) => paragraph(`part${i}`, 3));
    body[20] = "This option is deprecated and will be removed in the next major release.";
    const out = compress("# Only\n\n" + body.join("\n\n") + "\n");
    expect(out).toContain("This option is deprecated and will be removed in the next major release.");
  });

  it("shows a collapsed section's strongest warning items byte for byte", () => {
    const sections = ["# Change Log", ""];
    for (let v = 40; v > 0; v--) {
      sections.push(`## [1.${v}.0]`, "", `**Fixed**`, "");
      for (let k = 0; k < 6; k++)
        sections.push(` - Fix number ${k} of release ${v} in the request pipeline and its handlers.`);
      if (v === 3) sections.push(" - Breaking: the `legacy` converter was removed.");
      sections.push("");
    }
    const out = compress(sections.join("\n"));
    expect(out).toContain(" - Breaking: the `legacy` converter was removed.\n");
    expect(out).toContain(" - Fix number 0 of release 40");
    expect(out).not.toContain(" - Fix number 0 of release 3 ");
    expect(out).toContain("## [1.1.0]");
  });

  it("serves a section whose heading carries a warning word before others", () => {
    const text = longDoc(30).replace("## Topic 25\n", "## Deprecated APIs\n");
    const out = compress(text);
    expect(out).toContain("The topic25 note number 0");
  });

  it("keeps more at the conservative profile and less at the aggressive one", () => {
    const text = longDoc(30);
    const conservative = compress(text, { scale: 2 }).length;
    const normal = compress(text).length;
    const aggressive = compress(text, { scale: 0.5 }).length;
    expect(conservative).toBeGreaterThan(normal);
    expect(normal).toBeGreaterThan(aggressive);
  });

  it("leaves a short clean document alone", () => {
    expect(markdownCompressor.compress(input("# Title\n\nA short note.\n"))).toBeNull();
  });
});

describe("markdown compressor: query", () => {
  it("keeps the sections most relevant to the query", () => {
    const text = longDoc(30);
    const withQuery = compress(text, { hint: { query: "topic27 system" } });
    const without = compress(text);
    const whole = paragraph("topic27", 12);
    expect(without).not.toContain(whole);
    expect(withQuery).toContain(whole);
  });

  it("keeps the sentences that match the query inside a trimmed section", () => {
    const body = Array.from({ length: 40 }, (_, i) => paragraph(`part${i}`, 3));
    body[22] = "Retries use exponential backoff with jitter, capped at thirty seconds.";
    const text = "# Only\n\n" + body.join("\n\n") + "\n";
    expect(compress(text)).not.toContain("exponential backoff");
    expect(compress(text, { hint: { query: "backoff jitter" } })).toContain(
      "Retries use exponential backoff with jitter",
    );
  });
});

describe("markdown compressor: what it leaves alone", () => {
  it("leaves a script with a shebang alone", () => {
    expect(markdownCompressor.compress(input("#!/bin/sh\n" + "echo   hello   world\n".repeat(200)))).toBeNull();
  });

  it("leaves a config-dominated document alone", () => {
    const yaml = Array.from({ length: 200 }, (_, i) => `key${i}: value   ${i}`).join("\n");
    expect(markdownCompressor.compress(input(yaml))).toBeNull();
  });

  it("leaves output that already holds a marker alone", () => {
    const out = compress(longDoc(30));
    expect(markdownCompressor.compress(input(out))).toBeNull();
  });
});

describe("markdown compressor: properties", () => {
  const pieces = fc.constantFrom(
    "# Heading",
    "## Sub",
    "```",
    "~~~",
    "    indented",
    "- item",
    "1. step",
    "> quote",
    "| a | b |",
    "|---|---|",
    "---",
    "===",
    "",
    "[ref]: https://e.com",
    "<div>",
    "![img](p.png)",
    "See [link](https://e.com/x) now.",
    "Skip to content",
    "#!/bin/sh",
    "key: value",
    paragraph("prop", 3),
    "Deprecated: this goes away.",
    "\r",
    "`code [x](y)`",
    "[",
    "](",
    "\u0000",
    "\ud800",
    // reStructuredText and AsciiDoc shapes (issue #13).
    "Title",
    "^^^^^",
    "~~~~~~~~",
    "*****",
    "== Section",
    ".. code-block:: python",
    "Example::",
    "  >>> run()",
    "  Traceback (most recent call last):",
    "0.3.1 *2026-01-22*",
    "  assert x == 1",
    "| 1.0.0 | " + "long cell ".repeat(20) + "|",
    "- name/",
  );
  const doc = fc
    .array(fc.oneof({ weight: 4, arbitrary: pieces }, { weight: 1, arbitrary: fc.string({ maxLength: 40 }) }), {
      maxLength: 120,
    })
    .map((lines) => lines.join("\n"));
  const options = fc.record({
    scale: fc.constantFrom(0.5, 1, 2),
    canDrop: fc.boolean(),
    query: fc.option(fc.constantFrom("prop system", "link", "heading"), { nil: undefined }),
  });

  it("never throws and is deterministic", () => {
    fc.assert(
      fc.property(doc, options, (text, o) => {
        const a = markdownCompressor.compress(
          input(text, { scale: o.scale, canDrop: o.canDrop, hint: { query: o.query } }),
        );
        const b = markdownCompressor.compress(
          input(text, { scale: o.scale, canDrop: o.canDrop, hint: { query: o.query } }),
        );
        expect(a).toEqual(b);
      }),
      { numRuns: 300 },
    );
  });

  it("is idempotent: its output compresses to nothing more", () => {
    let reached = 0;
    fc.assert(
      fc.property(doc, options, (text, o) => {
        const extra = { scale: o.scale, canDrop: o.canDrop, hint: { query: o.query } };
        const once = markdownCompressor.compress(input(text, extra));
        if (once === null) return;
        reached++;
        const twice = markdownCompressor.compress(input(once.output, extra));
        expect(twice === null || twice.output === once.output).toBe(true);
      }),
      { numRuns: 300 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("never drops without a marker and keeps every heading", () => {
    let reached = 0;
    fc.assert(
      fc.property(doc, (text) => {
        const result = markdownCompressor.compress(input(text));
        if (result === null) return;
        reached++;
        if (result.lossy) expect(parseMarkers(result.output).length).toBeGreaterThan(0);
        for (const s of segmentMarkdown(text).segments)
          if (s.kind === "heading") expect(result.output).toContain(s.text.replace(/\r?\n$/, ""));
      }),
      { numRuns: 300 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("survives truncated documents", () => {
    const text = longDoc(20) + "\n```js\nunclosed(";
    for (let cut = 0; cut < text.length; cut += 97) {
      expect(() => markdownCompressor.compress(input(text.slice(0, cut)))).not.toThrow();
    }
  });
});
