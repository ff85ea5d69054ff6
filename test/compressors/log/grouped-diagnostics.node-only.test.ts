import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { GROUPED_HEAD_RE, Outline, groupedFileHeads, outlineKind } from "../../../src/compressors/log/outline.js";
import { createPithy } from "../../../src/index.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Grouped reports name each file once, above its diagnostics, which give only `line:col`:
// real `ruff check --output-format=grouped --select E,F,W,B,UP,SIM,PL` runs over h11 and click
// (ruff 0.16.9, site-packages), and eslint 9's default stylish report over express's and qs's
// lib folders (recommended rules plus no-var, eqeqeq, complexity …), plain and with --color.
// Before, ruff's grouped report was routed as Markdown and eslint's coloured one as a table.
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const REPORTS = {
  "ruff grouped (h11)": fixture("ruff-grouped-h11.txt"),
  "ruff grouped (click)": fixture("ruff-grouped-click.txt"),
  "eslint stylish (express)": fixture("eslint-stylish-express.txt"),
  "eslint stylish, coloured (qs)": fixture("eslint-stylish-qs-color.txt"),
};
const ANSI_RE = /\x1b\[[0-9;]*m/g;
const plain = (text: string) => text.replace(ANSI_RE, "");

/** The report's file headers: the path alone on the line above a run of grouped diagnostics. */
function fileHeaders(text: string): string[] {
  const lines = plain(text).split("\n");
  const out: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (GROUPED_HEAD_RE.test(lines[i]) && !GROUPED_HEAD_RE.test(lines[i - 1]) && lines[i - 1] !== "")
      out.push(lines[i - 1]);
  }
  return out;
}

describe("grouped diagnostic reports (ruff grouped, eslint stylish)", () => {
  for (const [name, report] of Object.entries(REPORTS)) {
    it(`${name}: is routed as a log`, () => {
      expect(detect(plain(report)).type).toBe("log");
    });

    it(`${name}: keeps every file header and every diagnostic, with the summary`, async () => {
      const pithy = await createPithy();
      const result = await pithy.compress(report, { tool: "Bash" });
      expect(result.type).toBe("log");
      const out = plain(result.output);
      const lines = plain(report).split("\n");
      const heads = lines.filter((l) => GROUPED_HEAD_RE.test(l));
      expect(heads.length).toBeGreaterThan(20);
      for (const head of heads) expect(out).toContain(head.trimEnd());
      const headers = fileHeaders(report);
      expect(headers.length).toBeGreaterThan(3);
      for (const header of headers) expect(out).toContain(`${header}\n`);
      const summary = lines.find((l) => /^(?:Found \d+ errors?\.|✖ \d+ problems?)/.test(l));
      expect(summary).toBeDefined();
      expect(out).toContain(summary!);
    });

    it(`${name}: the log compressor keeps the headers whatever its caps`, () => {
      const text = plain(report);
      const result = compressLog(compressorInput(text, { type: "log", scale: 0.5 }));
      const out = result === null ? text : result.output;
      for (const header of fileHeaders(report)) expect(out).toContain(`${header}\n`);
    });
  }

  it("reads a grouped diagnostic as outline, and nothing else that is indented and numbered", () => {
    expect(outlineKind("  163:9  PLC0415 `import` should be at the top-level of a file")).toBe(Outline.Diagnostic);
    expect(outlineKind("   2:1 F403 `from ._api import *` used; unable to detect undefined names")).toBe(
      Outline.Diagnostic,
    );
    expect(outlineKind("   16:1   error    Unexpected var, use let or const instead   no-var")).toBe(
      Outline.Diagnostic,
    );
    expect(outlineKind("  230:22  warning  Unexpected function expression  prefer-arrow-callback")).toBe(
      Outline.Diagnostic,
    );
    // A clock time and a ratio are not places in a file.
    expect(outlineKind("  12:30 PM meeting moved")).toBe(Outline.None);
    expect(outlineKind("  3:2 split of the shards")).toBe(Outline.None);
  });

  it("takes only a lone path above the diagnostics for their file", () => {
    const heads = groupedFileHeads([
      "Linting 3 files",
      "src/a.js",
      "  1:1  error  Unexpected var  no-var",
      "  2:1  error  Unexpected var  no-var",
      "",
      "these files have problems:",
      "  4:2  warning  Unexpected function expression  prefer-arrow-callback",
      "pkg/mod.py:",
      "  3:1 F401 `os` imported but unused",
    ]);
    expect([...heads]).toEqual([0, 1, 0, 0, 0, 0, 0, 1, 0]);
  });
});
