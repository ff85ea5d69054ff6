// A list of paths alone (a filtered find, rg -l, git ls-files): every name
// stays, each directory's run cut to its first paths and a note naming the
// rest. Real outputs, captured as they came.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressPathList, parsePathList } from "../../../src/compressors/listing/path-list.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
// `git ls-files` of this repository (793 paths), and `find @anthropic-ai/sdk -type f -name '*.d.ts'` in node_modules.
const LISTS = ["git-ls-files-pithy.txt", "find-name-d-ts-anthropic-sdk.txt"];

/** The paths of a list, without its final line end. */
const pathsOf = (text: string) => text.split("\n").filter((line) => line !== "");

describe("path lists", () => {
  for (const name of LISTS) {
    it(`routes ${name} as a listing and names every one of its files`, () => {
      const text = fixture(name);
      expect(detect(text)).toMatchObject({ type: "tabular" });
      const out = compressPathList(compressorInput(text, { type: "tabular" }));
      expect(out).not.toBeNull();
      const output = out?.output ?? "";
      expect(output.length).toBeLessThan(text.length);
      const paths = pathsOf(text);
      for (const path of paths) {
        const cut = path.lastIndexOf("/") + 1;
        const shown = output.includes(`${path}\n`) || output.includes(`in ${path.slice(0, cut)}: `);
        expect(shown, path).toBe(true);
        expect(output).toContain(path.slice(cut));
      }
      // The list's first and last paths stay whole.
      expect(output.startsWith(`${paths[0]}\n`)).toBe(true);
      expect(output.endsWith(`${paths[paths.length - 1]}\n`)).toBe(true);
    });
  }

  it("past its budget keeps every directory's first path whole and names the first and last file it cut", () => {
    const text = fixture("git-ls-files-pithy.txt");
    const output = compressPathList(compressorInput(text, { type: "tabular", scale: 0.02 }))?.output ?? "";
    const rows = parsePathList(LineIndex.of(text)) ?? [];
    const dirs = new Set(rows.map((row) => row.dir));
    for (const dir of dirs) expect(output.includes(`\n${dir}`) || output.startsWith(dir), dir).toBe(true);
    expect(output).toMatch(/… \d+ of \d+ entries L\d+-\d+: \S+ … \S+ in src\/compressors\/log\//);
    expect(output.length).toBeLessThan(text.length / 2);
  });

  it("leaves alone a list whose paths are in no order of directory, words without slashes and search rows", () => {
    const shuffled = ["a/x.js", "b/y.js", "c/z.js", "d/w.js", "e/v.js", "f/u.js", "g/t.js", "h/s.js", "i/r.js"];
    expect(parsePathList(LineIndex.of(`${shuffled.join("\n")}\n`))).toBeNull();
    const words = Array.from({ length: 12 }, (_, i) => `file-${i}.txt`);
    expect(parsePathList(LineIndex.of(`${words.join("\n")}\n`))).toBeNull();
    const rows = Array.from({ length: 12 }, (_, i) => `src/a.ts:${i + 1}:x`);
    expect(parsePathList(LineIndex.of(`${rows.join("\n")}\n`))).toBeNull();
  });

  it("leaves a path list under 48 K characters whole through the pipeline: every path as printed", async () => {
    for (const name of LISTS) {
      const text = fixture(name);
      expect(text.length).toBeLessThan(48 * 1024);
      const r = await (await createPithy()).compress(text, { tool: "Bash" });
      expect(r.output).toBe(text);
    }
  });

  it("compresses a longer path list through the pipeline, recalls it exactly and leaves its output as it is", async () => {
    const text = fixture("git-ls-files-pithy.txt");
    // The aggressive profile halves every cap: this 29 K list is past its 24 K of whole paths.
    const pithy = await createPithy({ profile: "aggressive" });
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r).toMatchObject({ action: "compressed", type: "tabular", strategy: "listing" });
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
    const again = await pithy.compress(r.output, { tool: "Bash" });
    expect(again.output).toBe(r.output);
  });
});
