// JUnit XML reports: the totals, every suite and every failing case stay
// whole; runs of passing cases keep their first and a note naming the rest.
// Real vitest 4.1.12 `--reporter=junit` outputs: one all passing, one where
// nine suites fail to load (a clone of this repository whose src/ is older
// than its tests).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressJunit, parseJunit } from "../../../src/compressors/html/junit.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const REPORTS = ["vitest-junit-passing-listing-stanzas.xml", "vitest-junit-failing-diff-listing.xml"];

describe("JUnit XML reports", () => {
  for (const name of REPORTS) {
    it(`routes ${name} as html, keeps every suite and failure and names every passing case`, () => {
      const text = fixture(name);
      expect(detect(text)).toMatchObject({ type: "html" });
      const cases = parseJunit(LineIndex.of(text)) ?? [];
      expect(cases.length).toBeGreaterThan(20);
      const out = compressJunit(compressorInput(text, { type: "html" }));
      expect(out).not.toBeNull();
      const output = out?.output ?? "";
      expect(output.length).toBeLessThan(text.length * 0.8);
      const lines = text.split("\n");
      for (const line of lines) {
        const t = line.trimStart();
        if (t.startsWith("<testsuite") || t.startsWith("</testsuite") || t.startsWith("<?xml"))
          expect(output).toContain(`${line}\n`);
      }
      for (const c of cases) {
        if (!c.isPassing) for (const line of lines.slice(c.from, c.to)) expect(output).toContain(`${line}\n`);
        else expect(output.includes(`${lines[c.from]}\n`) || output.includes(c.name), c.name).toBe(true);
      }
    });
  }

  it("keeps the failing report's messages and its passing cases' names", () => {
    const output = compressJunit(compressorInput(fixture(REPORTS[1]), { type: "html" }))?.output ?? "";
    expect(output).toContain('<testsuites name="vitest tests" tests="77" failures="9" errors="0"');
    expect(output).toContain("Cannot find module &apos;../../../src/compressors/diff/side-by-side.js&apos;");
    expect(output).toContain("Serialized Error: { code: &apos;ERR_MODULE_NOT_FOUND&apos; }");
    expect(output).toMatch(/\n {8}… \d+ of \d+ passing testcases L\d+-\d+: /);
  });

  it("compresses through the pipeline, recalls the original and leaves its own output alone", async () => {
    for (const name of REPORTS) {
      const text = fixture(name);
      const pithy = await createPithy();
      const first = await pithy.compress(text, { tool: "Bash" });
      expect(first, name).toMatchObject({ action: "compressed", type: "html", strategy: "html" });
      expect(await pithy.recall(first.key as string)).toMatchObject({ found: true, content: text });
      const second = await pithy.compress(first.output, { tool: "Bash" });
      expect(second.output).toBe(first.output);
    }
  });

  it("reads a report on one line, as pytest writes it, as none", () => {
    const one =
      '<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest"><testcase name="a"/><testcase name="b"/></testsuite></testsuites>';
    expect(parseJunit(LineIndex.of(one))).toBeNull();
  });
});
