import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { errorShape } from "../../../src/compressors/log/error-shapes.js";
import { Outline, outlineKind } from "../../../src/compressors/log/outline.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real pytest runs (`--tb=short`, pytest 9.0.3 under CPython 3.11.7) of CPython 3.13's own tests:
// - email: test_email/test_generator.py, whose mixin base class pytest collects as a test case, so
//   30 failures raise `AttributeError: 'TestGeneratorBase' object has no attribute 'typ'` (or
//   `'subTest'`), among real 3.11-vs-3.13 assertion failures with their diffs;
// - fractions: test_fractions.py with `--maxfail=40`, 36 subtests failing with one TypeError under
//   a parametrised header too wide for the terminal (`_ FractionTest.test_x (fraction=…) _`).
const runs = {
  email: readFileSync(new URL("fixtures/pytest-email-generator-mixins.txt", import.meta.url), "utf8"),
  fractions: readFileSync(new URL("fixtures/pytest-fractions-maxfail40.txt", import.meta.url), "utf8"),
};

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

const lines = (text: string): string[] => text.split("\n");

describe("errorShape", () => {
  it("reads errors that differ in their quoted names as one shape", () => {
    expect(errorShape("E   AttributeError: 'TestDecode' object has no attribute 'loads'")).toBe(
      errorShape("E   AttributeError: 'TestDump' object has no attribute 'assertEqual'"),
    );
    expect(errorShape('error: cannot find module "pkg/a-b.js"')).toBe(errorShape('error: cannot find module "x"'));
  });

  it("keeps quoted values apart: white space, escapes or a long quote are data, not a name", () => {
    expect(errorShape("E   AssertionError: 'a b' != 'c'")).not.toBe(errorShape("E   AssertionError: 'd e' != 'c'"));
    expect(errorShape("E   AssertionError: 'one\\n' != 'x'")).not.toBe(
      errorShape("E   AssertionError: 'two\\n' != 'x'"),
    );
    const long = "y".repeat(100);
    expect(errorShape(`Error: '${long}' failed`)).not.toBe(errorShape(`Error: '${long}z' failed`));
  });

  it("masks digits as the light key does, and leaves an unclosed quote as text", () => {
    expect(errorShape("Error: job 12 failed")).toBe(errorShape("Error: job 345 failed"));
    expect(errorShape("Error: it's 'x")).toBe("Error: it's 'x");
  });
});

describe("pytest's failure headers", () => {
  it("are outline, centred runs of underscores around a name, one-underscore runs on a full-width line", () => {
    for (const [name, text] of Object.entries(runs)) {
      const heads = lines(text).filter((l) => /^_+ .+ _+$/.test(l));
      expect(heads.length, name).toBeGreaterThan(30);
      for (const head of heads) expect(outlineKind(head), head).toBe(Outline.TestName);
    }
    expect(outlineKind("_ x _")).toBe(Outline.None);
    expect(outlineKind("___ lopsided _")).toBe(Outline.None);
    expect(outlineKind("__init__")).toBe(Outline.None);
  });
});

describe("repeated kinds of error in a test run", () => {
  it("route as logs", () => {
    for (const [name, text] of Object.entries(runs)) expect(detect(text).type, name).toBe("log");
  });

  it("keep every failed test's name, every distinct error and the summary", () => {
    for (const [name, text] of Object.entries(runs)) {
      const out = compress(text);
      for (const line of lines(text)) {
        if (/^_+ .+ _+$/.test(line) || /^=+ .*(?:failed|passed).* =+$/.test(line)) expect(out, name).toContain(line);
      }
      const errors = new Set(lines(text).filter((l) => /^E {3}\w+(?:Error|Exception): /.test(l)));
      for (const error of errors) expect(out, name).toContain(error);
    }
  });

  it("show the excerpt above the first three errors of a kind, and hide the rest behind markers that name them", () => {
    const out = compress(runs.email);
    // The first three `'typ'` failures keep their place and source line.
    expect(out).toContain("test_email/test_generator.py:129: in test_crlf_control_via_policy");
    expect(out).toContain("test_email/test_generator.py:146: in test_flatten_linesep");
    // Later ones of that kind (and the `'subTest'` one, of the same shape) keep their header and error only.
    expect(out).toContain("______________ TestGeneratorBase.test_set_mangle_from_via_policy _______________");
    expect(out).not.toContain("test_email/test_generator.py:96: in length_as_max_line_length_policy");
    expect(out).toMatch(/code-frame lines\]\]/);
    const fractions = compress(runs.fractions);
    expect(
      fractions.split("test_fractions.py:1273: in test_format_e_presentation_type").length - 1,
    ).toBeLessThanOrEqual(3);
  });

  it("keep an assertion failure's values, whose quotes are data: each is its own kind", () => {
    const out = compress(runs.email);
    expect(out).toContain("test_email/test_generator.py:170: in test_flatten_control_linesep");
    expect(out).toContain("E   - Subject: one");
    expect(out).toContain("E   -  two");
  });

  it("cost less than the run, and compressing again changes nothing", () => {
    for (const [name, text] of Object.entries(runs)) {
      const out = compress(text);
      expect(out.length, name).toBeLessThan(text.length * 0.8);
      expect(compress(out), name).toBe(out);
    }
  });
});
