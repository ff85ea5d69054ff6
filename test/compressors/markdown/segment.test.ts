import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { listItemSpans, segmentMarkdown, type SegmentKind } from "../../../src/compressors/markdown/segment.js";

/** Kind of each non-blank segment, in order. */
function kinds(text: string): SegmentKind[] {
  return segmentMarkdown(text)
    .segments.filter((s) => s.kind !== "blank")
    .map((s) => s.kind);
}

/** The segment holding `needle`. */
function segmentOf(text: string, needle: string) {
  const found = segmentMarkdown(text).segments.find((s) => s.text.includes(needle));
  if (found === undefined) throw new Error(`no segment holds ${needle}`);
  return found;
}

describe("segmentMarkdown: fences", () => {
  it("keeps a backtick fence with an info string as one verbatim segment", () => {
    const text = 'Intro.\n\n```js title="x"\nconst a = 1;\n\n# not a heading\n```\n\nAfter.\n';
    expect(kinds(text)).toEqual(["prose", "fence", "prose"]);
    expect(segmentOf(text, "const a").text).toBe('```js title="x"\nconst a = 1;\n\n# not a heading\n```\n');
  });

  it("closes a tilde fence only with tildes at least as long", () => {
    const text = "~~~~\ncode\n~~~\n```\nstill code\n~~~~~\nprose\n";
    expect(kinds(text)).toEqual(["fence", "prose"]);
    expect(segmentOf(text, "still code").text).toBe("~~~~\ncode\n~~~\n```\nstill code\n~~~~~\n");
  });

  it("makes the rest of the document verbatim after an unclosed fence", () => {
    const { segments, stats } = segmentMarkdown("Text.\n\n```\ncode\n\n## Heading\n\nMore prose here.\n");
    expect(stats.unclosedFence).toBe(true);
    expect(segments.filter((s) => s.kind !== "blank").map((s) => s.kind)).toEqual(["prose", "fence"]);
  });

  it("does not open a backtick fence whose info string holds a backtick", () => {
    expect(kinds("```a`b\ntext\n")).toEqual(["prose"]);
  });

  it("starts a new segment for each of two adjacent fences", () => {
    expect(kinds("```\na\n```\n```\nb\n```\n")).toEqual(["fence", "fence"]);
  });
});

describe("segmentMarkdown: headings and breaks", () => {
  it("reads ATX headings with their level and one segment each", () => {
    const { segments } = segmentMarkdown("# One\n## Two\n####### seven\n#nospace\n");
    expect(segments.map((s) => [s.kind, s.level])).toEqual([
      ["heading", 1],
      ["heading", 2],
      ["prose", 0],
    ]);
  });

  it("reads setext headings, the underlined paragraph included", () => {
    const { segments } = segmentMarkdown("Title line\n=====\n\nSub title\n---\n");
    const headings = segments.filter((s) => s.kind === "heading");
    expect(headings.map((s) => [s.text, s.level])).toEqual([
      ["Title line\n=====\n", 1],
      ["Sub title\n---\n", 2],
    ]);
  });

  it("reads the front matter of a page concatenated mid-document as one heading, title and all", () => {
    const text =
      "## Related\n\n- [Docs](/docs)\n---\ntitle: Missing Tool Results Error\ndescription: How to fix it\n---\n\n# Missing Tool Results Error\n";
    const matter = segmentOf(text, "title: Missing");
    expect(matter.kind).toBe("heading");
    expect(matter.text).toBe("---\ntitle: Missing Tool Results Error\ndescription: How to fix it\n---\n");
  });

  it("does not read a --- block holding anything but key: value lines as front matter", () => {
    const text = "Intro.\n\n---\ntitle: x\nsome prose here\n---\n";
    expect(segmentOf(text, "title: x").text).not.toContain("---\ntitle");
  });

  it("reads --- after a blank line as a thematic break, not a heading", () => {
    expect(kinds("Para.\n\n---\n\n***\n")).toEqual(["prose", "thematic_break", "thematic_break"]);
  });
});

describe("segmentMarkdown: indented code and lists", () => {
  it("reads an indented block after a blank line as code", () => {
    expect(kinds("Para.\n\n    code()\n\n    more()\n\nAfter.\n")).toEqual(["prose", "indented_code", "prose"]);
  });

  it("reads an indented line right under a paragraph as its continuation", () => {
    expect(kinds("Para starts\n    and goes on.\n")).toEqual(["prose"]);
  });

  it("keeps indented lines after a blank line inside the list item they continue", () => {
    const text =
      "1. Run this:\n\n    ```console\n    $ kubectl get pods\n    ```\n\n    Result: it runs.\n\n2. Next step.\n\nAfter the list.\n";
    expect(kinds(text)).toEqual(["list", "prose"]);
    expect(segmentOf(text, "kubectl").text).toContain("2. Next step.\n");
  });

  it("keeps a fence inside a list item open across lines that would end the list", () => {
    const text = "- item\n\n  ```\n# comment\nplain\n  ```\nAfter.\n";
    expect(segmentOf(text, "# comment").kind).toBe("list");
  });

  it("claims a lazy continuation line right under an item", () => {
    expect(kinds("- an item that\nwraps here\n\nProse.\n")).toEqual(["list", "prose"]);
  });

  it("ends a list at an unindented line after a blank line", () => {
    expect(kinds("* a\n* b\n\nNot in the list.\n")).toEqual(["list", "prose"]);
  });

  it("splits a list into its items", () => {
    const list = "- one\n  more\n- two\n  - nested\n- three\n";
    expect(listItemSpans(list).map((s) => list.slice(s.start, s.end))).toEqual([
      "- one\n  more\n",
      "- two\n  - nested\n",
      "- three\n",
    ]);
  });
});

describe("segmentMarkdown: other verbatim blocks", () => {
  it("reads a pipe table with its delimiter row", () => {
    expect(kinds("Intro.\n\nName | Value\n--- | ---\na | 1\n\nAfter.\n")).toEqual(["prose", "table", "prose"]);
  });

  it("reads blockquotes with their lazy lines", () => {
    expect(kinds("> quoted\nlazy line\n\nProse.\n")).toEqual(["blockquote", "prose"]);
  });

  it("reads link reference definitions, HTML and image lines as verbatim", () => {
    expect(kinds("[ref]: https://example.com\n\n<div>\nhtml\n</div>\n\n![alt](a.png)\n\n<!--\ncomment\n-->\n")).toEqual(
      ["link_def", "html", "image", "html"],
    );
  });

  it("reads YAML front matter as verbatim", () => {
    expect(kinds("---\ntitle: x\n---\n# Doc\n")).toEqual(["front_matter", "heading"]);
  });
});

describe("segmentMarkdown: config and scripts", () => {
  it("marks config-looking lines outside fences verbatim and counts them", () => {
    const { segments, stats } = segmentMarkdown(
      "Set these:\n\nFOO=1\nport: 8080\n$ npm start\n\nThen read on, as usual.\nThe server listens.\nIt logs each request.\n",
    );
    expect(segments.filter((s) => s.kind === "config").map((s) => s.text)).toEqual([
      "FOO=1\nport: 8080\n$ npm start\n",
    ]);
    expect(stats.configLines).toBe(3);
    expect(stats.configDominated).toBe(false);
  });

  it("calls a document dominated by config lines config", () => {
    const { stats } = segmentMarkdown("name: app\nversion: 2\nreplicas: 3\nimage: redis\nA note on it.\n");
    expect(stats.configDominated).toBe(true);
  });

  it("does not count config inside fences", () => {
    const { stats } = segmentMarkdown("Prose here.\n\n```\na: 1\nb: 2\nc: 3\n```\n");
    expect(stats.configLines).toBe(0);
  });

  it("treats a lowercase label before a long sentence as prose", () => {
    expect(kinds("note: this is a sentence that runs on and on well past any config value we know\n")).toEqual([
      "prose",
    ]);
  });

  it("vetoes prose for a script with a shebang", () => {
    const { segments, stats } = segmentMarkdown("#!/bin/sh\n# Heading-like comment\n\nSome words here.\n");
    expect(stats.shebang).toBe(true);
    expect(segments.every((s) => s.kind === "script" && s.verbatim)).toBe(true);
  });
});

describe("segmentMarkdown: properties", () => {
  const markdownish = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          "# H",
          "## H2",
          "```",
          "~~~",
          "```js",
          "    code",
          "- item",
          "1. one",
          "> quote",
          "| a | b |",
          "|---|---|",
          "---",
          "===",
          "[x]: http://e",
          "<div>",
          "<!--",
          "-->",
          "![i](p)",
          "",
          "   ",
          "\t",
          "Prose sentence. Another one.",
          "key: value",
          "FOO=1",
          "#!/bin/sh",
          "\r",
        ),
        fc.string({ maxLength: 30 }),
      ),
      { maxLength: 60 },
    )
    .map((lines) => lines.join("\n"));

  it("gives the input back when its segments are concatenated", () => {
    fc.assert(
      fc.property(fc.oneof(markdownish, fc.string({ maxLength: 400 })), (text) => {
        const { segments } = segmentMarkdown(text);
        expect(segments.map((s) => s.text).join("")).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it("covers every line exactly once, in order", () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const { segments, stats } = segmentMarkdown(text);
        let next = 0;
        for (const s of segments) {
          expect(s.startLine).toBe(next);
          expect(s.endLine).toBeGreaterThan(s.startLine);
          next = s.endLine;
        }
        expect(next).toBe(stats.lines);
        expect(stats.blankLines + stats.proseLines + stats.verbatimLines).toBe(stats.lines);
      }),
      { numRuns: 300 },
    );
  });
});
