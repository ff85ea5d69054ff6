// `git status` of a dirty tree: every section header and every file stays
// (a run of one state under one top directory keeps its first line and a
// note naming the rest), conflicts and renames keep their line; the short
// form (--porcelain) is left whole.
// Real outputs of two scratch clones of this repository (see the fixtures'
// names): staged and unstaged changes with untracked files, and a
// cherry-pick that stopped on two conflicts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressGitStatus, parseGitStatus } from "../../../src/compressors/listing/git-status.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";
import { expectListingRoundTrips } from "../../support/listing.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const LONG = ["git-status-staged-unstaged-pithy.txt", "git-status-conflict-pithy.txt"];
const SHORT = ["git-status-porcelain-staged-unstaged-pithy.txt", "git-status-porcelain-conflict-pithy.txt"];

/** The path a status line names. */
const pathOf = (line: string) => line.slice(1).replace(/^[a-z ]+: +/, "");

/** The names a note's list stands for, braces expanded (`a/{b,c}` is `a/b`, `a/c`). */
const expand = (list: string) =>
  list.split(", ").flatMap((item) => {
    const open = item.indexOf("{");
    if (open < 0) return [item];
    return item
      .slice(open + 1, -1)
      .split(",")
      .map((name) => item.slice(0, open) + name);
  });

/** Whether `path` is named by one of the output's notes (`… N of M entries Lx-y in DIR: a, b/{c,d}`). */
function isNoted(output: string, path: string): boolean {
  for (const line of output.split("\n")) {
    const m = / in ([^:]*): (.*)$/.exec(line);
    if (m === null || !line.includes("… ")) continue;
    if (path.startsWith(m[1]) && expand(m[2]).includes(path.slice(m[1].length))) return true;
  }
  return false;
}

describe("git status", () => {
  for (const name of LONG) {
    it(`routes ${name} as a listing and names every one of its files`, () => {
      const text = fixture(name);
      expect(detect(text)).toMatchObject({ type: "tabular" });
      const rows = parseGitStatus(LineIndex.of(text));
      expect(rows).not.toBeNull();
      const out = compressGitStatus(compressorInput(text, { type: "tabular" }));
      expect(out).not.toBeNull();
      const output = out?.output ?? "";
      expect(output.length).toBeLessThan(text.length * 0.95);
      const lines = text.split("\n");
      for (const row of rows ?? []) {
        const line = lines[row.line];
        expect(output.includes(`${line}\n`) || isNoted(output, pathOf(line)), line).toBe(true);
      }
      // Every line that is no file line (branch, section headers) stays; git's hints only up to the marker.
      const files = new Set((rows ?? []).map((r) => r.line));
      for (const [i, line] of lines.entries()) {
        if (files.has(i) || line === "" || line.startsWith("  (use ")) continue;
        expect(output).toContain(`${line}\n`);
      }
    });
  }

  it("keeps each conflict's line whole", () => {
    const long = compressGitStatus(compressorInput(fixture(LONG[1]), { type: "tabular" }))?.output ?? "";
    expect(long).toContain("\tboth modified:   src/compressors/markdown/noise.ts\n");
    expect(long).toContain("\tboth modified:   test/compressors/markdown/noise.test.ts\n");
  });

  it("leaves the short form whole: two letters and a path a line hold nothing to cut but names", async () => {
    for (const name of SHORT) {
      const text = fixture(name);
      expect(parseGitStatus(LineIndex.of(text))).toBeNull();
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.output, name).toBe(text);
    }
  });

  it("writes a run's note after its state, so the note reads as the run's lines", () => {
    const output = compressGitStatus(compressorInput(fixture(LONG[0]), { type: "tabular" }))?.output ?? "";
    expect(output).toContain(
      "\n\tmodified:   … 6 of 7 entries L10-15 in bench/results/: corpus-own.md, corpus-own.svg,",
    );
  });

  it("compresses through the pipeline, recalls the original and leaves its own output alone", async () => {
    await expectListingRoundTrips(LONG.map((name) => [name, fixture(name)] as const));
  });

  it("reads a clean status as none", () => {
    expect(parseGitStatus(LineIndex.of("On branch main\nnothing to commit, working tree clean\n"))).toBeNull();
  });
});
