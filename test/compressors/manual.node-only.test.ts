import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../src/ccr/marker.js";
import { manualCompressor } from "../../src/compressors/manual.js";
import { parseManual } from "../../src/compressors/manual/page.js";
import { tableRanges } from "../../src/compressors/manual/table.js";
import { LineIndex } from "../../src/kernels/lines.js";
import { openCorpus } from "../support/corpus.js";
import { compressorInput } from "../support/compressor-input.js";

const fixture = (name: string) => readFileSync(new URL(`./manual/fixtures/${name}.txt`, import.meta.url), "utf8");
const own = openCorpus("own");

async function xargsPage(): Promise<string> {
  const c = (await own.cases()).find((x) => x.id === "markdown-man-xargs")!;
  return own.readCase(c);
}

function compress(text: string, scale = 1) {
  return manualCompressor.compress(compressorInput(text, { type: "markdown", scale }));
}

/** The output's lines, as a set: kept lines must be there verbatim. */
const linesOf = (text: string) => new Set(text.split("\n"));

describe("manualCompressor", () => {
  const pages = ["ls", "sed", "scp"].map((name) => ({ name, text: fixture(name) }));

  for (const { name, text } of pages) {
    it(`keeps every heading, the title and the footer of ${name}(1) verbatim`, () => {
      const out = compress(text)!;
      expect(out).not.toBeNull();
      const kept = linesOf(out.output);
      const lines = text.trimEnd().split("\n");
      expect(kept.has(lines[0])).toBe(true);
      expect(kept.has(lines[lines.length - 1])).toBe(true);
      for (const line of lines) if (/^[A-Za-z]/.test(line)) expect(kept.has(line), line).toBe(true);
    });

    it(`keeps every option line of ${name}(1) with its indentation`, () => {
      const kept = linesOf(compress(text)!.output);
      // An option's tag: at the paragraph indent (7, or 5 for mdoc), after a blank line.
      const lines = text.split("\n");
      for (let i = 1; i < lines.length; i++) {
        if (lines[i - 1] === "" && /^ {5}(?: {2})?-\S/.test(lines[i])) expect(kept.has(lines[i]), lines[i]).toBe(true);
      }
    });

    it(`names ${name}(1)'s sections and line ranges in its markers, every range recallable`, () => {
      const out = compress(text)!;
      const markers = parseMarkers(out.output);
      expect(markers.length).toBeGreaterThan(0);
      const original = text.split("\n");
      for (const m of markers) {
        expect(m.summary).toMatch(/^[A-Z][^:]*: \d+ of \d+ lines cut$/);
        for (const [from, to] of m.lines!) {
          expect(from).toBeGreaterThan(1);
          expect(to).toBeLessThanOrEqual(original.length);
        }
      }
    });
  }

  it("keeps NAME and SYNOPSIS whole", () => {
    const text = fixture("sed");
    const out = compress(text)!.output;
    const synopsis = text.slice(text.indexOf("NAME\n"), text.indexOf("\nDESCRIPTION\n"));
    expect(out).toContain(synopsis);
  });

  it("keeps a subsection heading at its three spaces", () => {
    const out = compress(fixture("sed"))!.output;
    expect(out).toContain("\n   Zero- or One- address commands\n");
  });

  it("keeps every must_keep line of the xargs page, EXIT STATUS whole", async () => {
    const text = await xargsPage();
    const out = compress(text)!.output;
    expect(out).toContain("       -a file, --arg-file=file");
    expect(out).toContain("SEE ALSO\n       find(1), kill(1)");
    expect(out).toContain(text.slice(text.indexOf("EXIT STATUS\n"), text.indexOf("\nSTANDARDS CONFORMANCE")));
  });

  it("keeps the lines about errors and failures", () => {
    const text = fixture("ls");
    const out = compress(text)!.output;
    for (const line of text.split("\n")) if (/\b(?:trouble|error|fail)/i.test(line)) expect(out).toContain(line);
  });

  it("keeps less at the aggressive profile, and more at the conservative one", () => {
    const text = fixture("ls");
    const sizes = [0.5, 1, 2].map((scale) => compress(text, scale)?.output.length ?? text.length);
    expect(sizes[0]).toBeLessThanOrEqual(sizes[1]);
    expect(sizes[1]).toBeLessThanOrEqual(sizes[2]);
    expect(sizes[2]).toBeLessThanOrEqual(text.length);
  });

  it("leaves its own output alone", () => {
    const out = compress(fixture("ls"))!.output;
    expect(compress(out)).toBeNull();
  });

  it("keeps the input's end of line and final newline", () => {
    const text = fixture("scp");
    expect(compress(text)!.output.endsWith("BSD\n")).toBe(true);
    const crlf = compress(text.replaceAll("\n", "\r\n"))!.output;
    expect(crlf.endsWith("\r\n")).toBe(true);
    expect(crlf.replaceAll("\r\n", "")).not.toContain("\n");
  });

  it("leaves text that is no manual page alone", () => {
    expect(compress("# Title\n\nNAME\n       something\n\nMORE\n       text\n")).toBeNull();
    expect(compress("LS(1) but no page\n\nNAME\n       x\n")).toBeNull();
    // A title, then text at column 0 before any heading: no page.
    expect(compress("LS(1)    Manual    LS(1)\n\n#include <x.h>\nNAME\n       x\nB\n       y\n")).toBeNull();
  });

  it("returns null when it may not drop", () => {
    const input = compressorInput(fixture("ls"), { type: "markdown", canDrop: false });
    expect(manualCompressor.compress(input)).toBeNull();
  });
});

describe("tables in a manual page (tbl)", () => {
  it("reads ascii(7)'s two tables from their headers over the rule to their last rows", () => {
    const text = fixture("ascii-7");
    const lines = LineIndex.of(text);
    const all = text.split("\n");
    const ranges = tableRanges(lines, 0, lines.count);
    expect(ranges.length).toBe(2);
    const [from, to] = ranges[0];
    expect(all.slice(from, to)).toContain(
      "       Oct   Dec   Hex   Char                      │ Oct   Dec   Hex   Char",
    );
    expect(all[to - 1]).toBe("       077   63    3F    ?                         │ 177   127   7F    DEL");
    expect(all.slice(from, to).filter((l) => /^ {7}\d{3} /.test(l)).length).toBe(64);
    // The compact table: a `-` rule under a header of column numbers, its rows 0: to F:.
    const [top, end] = ranges[1];
    expect(all[top]).toBe("          2 3 4 5 6 7       30 40 50 60 70 80 90 100 110 120");
    expect(all[end - 1]).toBe("       F: / ? O _ o DEL");
  });

  it("goes on across tbl's blank lines while rows fit the columns, and stops at the text after it", () => {
    const header = "       Term                 Avoid using              Notes";
    const rows = [
      "       bit mask             bitmask",
      "",
      "       Epoch                epoch                    For the UNIX",
      "                                                     Epoch (00:00:00,",
      "       zeros                zeroes",
    ];
    const after = ["", "       See also the discussion Hyphenation of attributive compounds below.", ""];
    const text = [header, `       ${"─".repeat(60)}`, "", ...rows, ...after].join("\n");
    const lines = LineIndex.of(text);
    expect(tableRanges(lines, 0, lines.count)).toEqual([[0, 2 + 1 + rows.length]]);
  });

  it("keeps every row of a table while it cuts the text around it", () => {
    const text = fixture("ls").replace(
      "\nDESCRIPTION\n",
      `\nDESCRIPTION\n       Signal      Standard   Action   Comment\n       ${"─".repeat(60)}\n${Array.from({ length: 30 }, (_, i) => `       SIG${String(i).padEnd(9)}P1990      Term    Signal number ${i}`).join("\n")}\n\n`,
    );
    const out = compress(text)!.output;
    for (let i = 0; i < 30; i++)
      expect(out).toContain(`SIG${String(i).padEnd(9)}P1990      Term    Signal number ${i}\n`);
    expect(out.length).toBeLessThan(text.length);
    expect(parseMarkers(out).length).toBeGreaterThan(0);
  });
});

describe("Pod rendered as text (pod2text, perldoc -T)", () => {
  const text = fixture("pod2text-perlintro");

  it("reads a page with no title line: NAME opens it, =head2 titles sit at two spaces", () => {
    const page = parseManual(LineIndex.of(text))!;
    expect(page).not.toBeNull();
    expect(page.footer).toBe(-1);
    const headings = page.units.map((u) => text.split("\n")[u.heading]);
    expect(headings).toContain("NAME");
    expect(headings).toContain("  Running Perl programs");
    expect(headings).toContain("  OO Perl");
    expect(headings[headings.length - 1]).toBe("AUTHOR");
  });

  it("keeps NAME whole and every title verbatim, and cuts the text under them", () => {
    const out = compress(text)!;
    expect(out.output.length).toBeLessThan(text.length * 0.7);
    expect(out.output).toContain("NAME\n    perlintro - a brief introduction and overview of Perl\n");
    const kept = linesOf(out.output);
    for (const line of text.split("\n"))
      if (/^(?:[A-Z]| {2}[A-Za-z])/.test(line)) expect(kept.has(line), line).toBe(true);
    const markers = parseMarkers(out.output);
    expect(markers.some((m) => m.summary.startsWith("DESCRIPTION › Basic syntax overview:"))).toBe(true);
  });

  it("leaves a NAME line over text at column 0 alone", () => {
    expect(compress("NAME\nfoo - bar\n\nDESCRIPTION\n    text\n")).toBeNull();
  });
});

describe("a manual page through the pipeline", () => {
  it("is outlined by the manual compressor, each marker's lines recalling the original's", async () => {
    const { createPithy } = await import("../../src/pipeline.js");
    const pithy = await createPithy();
    const text = fixture("ls");
    const once = await pithy.compress(text, { tool: "Bash" });
    expect(once.strategy).toBe("manual");
    const original = text.split("\n");
    for (const m of parseMarkers(once.output)) {
      const whole = await pithy.recall(m.key);
      expect(whole.found && whole.content).toBe(text);
      const [from, to] = m.lines![0];
      const part = await pithy.recall(m.key, { lines: `${from}-${to}` });
      if (!part.found) throw new Error(`no recall for ${m.key}`);
      const want = original.slice(from - 1, to).join("\n");
      // A long range comes back cut to the recall's token bound, from its first line on.
      if (part.truncated) expect(want.startsWith(part.content.trimEnd())).toBe(true);
      else expect(part.content.replace(/\n$/, "")).toBe(want);
    }
    const twice = await pithy.compress(once.output, { tool: "Bash" });
    expect(twice.output).toBe(once.output);
  });
});

describe("manualCompressor on hostile input", () => {
  it("reads a page of 20 000 sections and lone surrogates without trouble", () => {
    const body = Array.from(
      { length: 20_000 },
      (_, i) =>
        `S${i}\n       \ud800 one\n${"       the text of a paragraph, long enough to be worth a marker\n".repeat(4)}`,
    );
    const text = `X(1)   Manual   X(1)\n\n${body.join("\n")}\n       X 1.0   2026   X(1)\n`;
    const out = compress(text)!.output;
    // Past the line budget paragraphs keep only their headings (the outline is never cut).
    expect(out).toContain("\nS0\n       [[pithy:");
    expect(out).toContain("\nS19999\n");
    expect(out.length).toBeLessThan(text.length);
  });

  it("keeps every line that says a keyword is obsolete (ifconfig(8))", () => {
    const text = fixture("ifconfig");
    const out = compress(text)!;
    expect(out).not.toBeNull();
    const kept = linesOf(out.output);
    const obsolete = text.split("\n").filter((line) => /obsolete|deprecat/i.test(line));
    expect(obsolete).toHaveLength(2);
    for (const line of obsolete) expect(kept.has(line), line).toBe(true);
  });

  it("keeps a unit whole when its cut would save less than a marker costs", () => {
    const body = Array.from({ length: 30 }, (_, i) => `S${i}\n       a\n       b\n       c\n       d\n       e\n`);
    expect(compress(`X(1)   Manual   X(1)\n\n${body.join("\n")}`)).toBeNull();
  });

  it("takes a title of words with parentheses for no title unless both ends match", () => {
    expect(
      compress("f(1)  a  g(1)\n\nA\n       1\n       2\n       3\n       4\n       5\n\nB\n       x\n"),
    ).toBeNull();
  });
});

describe("parseManual", () => {
  it("reads a page's title, footer, sections and subsections", () => {
    const page = parseManual(LineIndex.of(fixture("sed")))!;
    expect(page.title).toBe(0);
    expect(page.footer).toBe(305);
    const subsections = page.units.filter((u) => u.isSubsection);
    expect(subsections.map((u) => u.section)).toEqual(["COMMAND SYNOPSIS", "COMMAND SYNOPSIS", "COMMAND SYNOPSIS"]);
    expect(page.units.filter((u) => !u.isSubsection).map((u) => u.section)).toEqual([
      "NAME",
      "SYNOPSIS",
      "DESCRIPTION",
      "COMMAND SYNOPSIS",
      "Addresses",
      "REGULAR EXPRESSIONS",
      "BUGS",
      "AUTHOR",
      "SEE ALSO",
    ]);
  });

  it("reads a BSD mdoc page, its footer at column 0", () => {
    const text = fixture("scp");
    const page = parseManual(LineIndex.of(text))!;
    const lines = text.trimEnd().split("\n");
    expect(page.footer).toBe(lines.length - 1);
    // The footer (`BSD  date  BSD`) is no heading: the last unit ends where it starts.
    expect(page.units[page.units.length - 1].end).toBe(page.footer);
  });
});

describe("manualCompressor on pydoc output", () => {
  const pages = ["pydoc-textwrap", "pydoc-queue", "pydoc-help-dict"].map((name) => ({ name, text: fixture(name) }));

  for (const { name, text } of pages) {
    it(`keeps the title, every section, class line and method signature of ${name} verbatim`, () => {
      const out = compress(text);
      expect(out?.lossy).toBe(true);
      const kept = linesOf(out!.output);
      const outline = text.split("\n").filter(
        // A section (`CLASSES`), a class (`    class Queue(builtins.object)`) or a signature in its gutter
        // that a docstring follows (`     |  get(self, block=True, timeout=None)`).
        (line, i, all) =>
          /^[A-Z]/.test(line) ||
          /^ {4}class /.test(line) ||
          (/^ {1,5}\| {2}\w+\(.*\)$/.test(line) && /^ {1,5}\| {6}\S/.test(all[i + 1] ?? "")),
      );
      expect(outline.length).toBeGreaterThan(5);
      for (const line of outline) expect(kept.has(line), line).toBe(true);
    });

    it(`drops docstring lines of ${name} behind markers that name their section`, () => {
      const out = compress(text)!;
      expect(out.output.length).toBeLessThan(text.length);
      const markers = parseMarkers(out.output);
      expect(markers.length).toBeGreaterThan(0);
      const sections = new Set(text.split("\n").filter((line) => /^[A-Za-z]/.test(line)));
      for (const m of markers)
        expect(sections.has(m.summary.replace(/: \d+ of \d+ lines cut$/, "")), m.summary).toBe(true);
    });
  }
});
