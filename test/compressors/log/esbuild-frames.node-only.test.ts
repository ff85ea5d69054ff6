import { readFileSync } from "node:fs";
import stripAnsi from "strip-ansi";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { groupDiagnostics } from "../../../src/compressors/log/diagnostic-groups.js";
import { Outline, outlineKind } from "../../../src/compressors/log/outline.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Real `esbuild --bundle --platform=browser` runs on this machine (ws 8,
 * send, and send with `--color=true`): each `✘ [ERROR]` head has its place
 * on the indented line below, then a box-drawn frame and a hint; many heads
 * repeat one message (`Could not resolve "stream"`) at other places.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const FIXTURES = [
  "esbuild-browser-bundle-ws.txt",
  "esbuild-browser-bundle-send.txt",
  "esbuild-browser-bundle-send-color.txt",
];

function compress(text: string): string {
  const result = compressLog(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

const HEAD_RE = /^[✘▲] \[(?:ERROR|WARNING)\] .*$/gm;
const PLACE_RE = /^ {4}\S+:\d+:\d+:$/gm;

describe("esbuild's error blocks in the log compressor", () => {
  for (const name of FIXTURES) {
    it(`keeps every head and every place line of ${name} as written`, () => {
      const plain = stripAnsi(fixture(name));
      const out = stripAnsi(compress(fixture(name)));
      const heads = plain.match(HEAD_RE) ?? [];
      const places = plain.match(PLACE_RE) ?? [];
      expect(heads.length).toBeGreaterThan(1);
      expect(places.length).toBe(heads.length);
      for (const line of [...heads, ...places]) expect(out.split("\n")).toContain(line);
    });

    it(`finds nothing more to drop in its output for ${name}`, () => {
      const once = compress(fixture(name));
      expect(compress(once)).toBe(once);
    });

    it(`hides the frames of repeated messages in ${name} behind one named marker`, () => {
      const out = compress(fixture(name));
      expect(out.length).toBeLessThan(fixture(name).length);
      expect(out).toMatch(/\d+ code-frame lines? of repeated diagnostics/);
    });
  }

  it("shows the first instance's frame and hint, and none of a repeat's", () => {
    const lines = [
      '✘ [ERROR] Could not resolve "fs"',
      "",
      "    a.js:1:17:",
      "      1 │ const fs = require('fs');",
      "        ╵                    ~~~~",
      "",
      '  The package "fs" is built into node.',
      "",
      '✘ [ERROR] Could not resolve "fs"',
      "",
      "    b.js:2:17:",
      "      2 │ const fs = require('fs');",
      "        ╵                    ~~~~",
      "",
      '  The package "fs" is built into node.',
      "",
    ];
    const g = groupDiagnostics(lines, (i) => outlineKind(lines[i]) === Outline.Diagnostic, false);
    // The repeat's head (8), blank (9) and place (10) stay; its frame and hint (11-14) go.
    expect(
      Array.from(g.firstOf)
        .map((f, i) => (f >= 0 ? i : -1))
        .filter((i) => i >= 0),
    ).toEqual([11, 12, 13, 14]);
    expect(g.firstOf[11]).toBe(0);
  });

  it("finds the place below a level-led head across a blank line", () => {
    const lines = ["▲ [WARNING] Unused import", "", "    a.ts:1:8:", "      1 │ import x from 'x';", "", "done"];
    const g = groupDiagnostics(lines, () => false, false);
    expect(Array.from(g.placeOf)).toEqual([2, -1, -1, -1, -1, -1]);
  });
});
