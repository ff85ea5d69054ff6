import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real `mocha mtest4` run (mocha 12.0.3, spec reporter, no colour) of a spec written for it: one
// top-level suite per Perl namespace under /usr/share/perl/5.36.0, a nested suite per module with
// three tests each, one failure (Text::Abbrev does not `use strict`). The rule was found on mocha's
// spec output of other specs (a suite per package in node_modules) in a held-out round.
const run = readFileSync(new URL("fixtures/mocha-spec-nested-perl-modules.txt", import.meta.url), "utf8");

function compressed(text: string): string {
  const result = compressLog(compressorInput(text, { type: "log" }));
  expect(result).not.toBeNull();
  return result!.output;
}

describe("passing tests of a spec reporter's nested suites", () => {
  it("form one run across their sibling suites, hidden between its first and last test", () => {
    const out = compressed(run);
    expect(out).not.toContain("    Escapes.pm\n");
    expect(out).not.toContain("    Html.pm\n");
    const passing = (text: string) => text.split("\n").filter((l) => l.includes("✔")).length;
    expect(passing(run)).toBe(77);
    expect(passing(out)).toBeLessThan(77 / 2);
  });

  it("keep every top-level suite, its first test, and the suite of its last test", () => {
    const out = compressed(run);
    for (const ns of ["Pod", "Math", "Getopt", "Term", "Text"]) {
      expect(out).toContain(`\n  ${ns}:: modules in /usr/share/perl/5.36.0\n`);
    }
    expect(out).toContain("  Pod:: modules in /usr/share/perl/5.36.0\n    Checker.pm\n      ✔ declares its package\n");
    expect(out).toContain("    Usage.pm\n");
  });

  it("end at a failure, which stays with its suite, and keep the summary", () => {
    const out = compressed(run);
    expect(out).toContain(
      "    Abbrev.pm\n      ✔ declares its package\n      ✔ sets a $VERSION\n      1) uses strict\n",
    );
    expect(out).toContain("  77 passing (41ms)\n  1 failing\n");
    expect(out).toContain(
      "AssertionError [ERR_ASSERTION]: The input did not match the regular expression /^use strict/m.",
    );
  });
});
