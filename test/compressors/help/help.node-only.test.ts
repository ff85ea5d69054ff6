// Real help texts of programs on this machine. Before the help compressor they read as prose, and the
// Markdown section budget cut whole runs of options (`rustc -C help`: 90 % of it, options included).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}.txt`, import.meta.url), "utf8");

const HELP_TEXTS = [
  "valgrind-help", // `valgrind --help`: options at 4 spaces, descriptions on their line, sections by `:` headings
  "biome-lint-help", // `biome lint --help`: options at 2 spaces, descriptions wrapped at 10
  "vitest-help", // `vitest --help` (cac): one line per option, a default in brackets
  "esbuild-help", // `esbuild --help`: descriptions wrapped at 24, examples between the sections
  "rustc-C-help", // `rustc -C help`: every option at 4 spaces as `-C  name=val -- text`
  "python3-help", // `python3 --help`: short, options at column 0
];

/** An option line as the format puts it: `-` then a letter, a digit or `-`, indented at most 8 columns. */
const OPTION_LINE_RE = /^[ \t]{0,8}-[-\w?]/;

describe("help texts", () => {
  for (const name of HELP_TEXTS) {
    it(`keeps every option line and heading of ${name} verbatim, and recalls the original`, async () => {
      const text = fixture(name);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Bash" });
      const shown = new Set(r.output.split("\n"));
      const lines = text.split("\n");
      const options = lines.filter((l) => OPTION_LINE_RE.test(l) && !/^\s*---/.test(l));
      expect(options.length).toBeGreaterThanOrEqual(12);
      for (const line of options) expect(shown.has(line), line).toBe(true);
      for (const line of lines.filter((l) => /^\S.*:\s*$/.test(l))) expect(shown.has(line), line).toBe(true);
      expect(r.tokensOut).toBeLessThanOrEqual(r.tokensIn);
      if (r.key !== undefined) expect(await pithy.recall(r.key)).toMatchObject({ found: true, content: text });
      expect((await pithy.compress(r.output, { tool: "Bash" })).output).toBe(r.output);
    });
  }

  it("cuts the later lines of long descriptions behind a marker naming the section and its lines", async () => {
    const text = fixture("valgrind-help");
    const r = await (await createPithy()).compress(text, { tool: "Bash" });
    expect(r.strategy).toBe("help");
    expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.9);
    expect(r.output).toMatch(/\[\[pithy:[0-9a-f]+ L\d+[-,L\d]* [^\]]*: \d+ more lines of option descriptions\]\]/);
  });

  it("keeps a description line that gives a default or the allowed values", async () => {
    const text = fixture("biome-lint-help");
    const r = await (await createPithy()).compress(text, { tool: "Bash" });
    const valueLines = text.split("\n").filter((l) => /^\s{9,}\S/.test(l) && /default|one of|possible values/i.test(l));
    expect(valueLines.length).toBeGreaterThan(0);
    for (const line of valueLines) expect(r.output).toContain(line);
  });

  it("leaves a short help text whole rather than cut a little", async () => {
    for (const name of ["python3-help", "rustc-C-help"]) {
      const text = fixture(name);
      expect((await (await createPithy()).compress(text, { tool: "Bash" })).output).toBe(text);
    }
  });
});
