// The text tree of `npm ls --all`: its outline (root, npm's error lines,
// top-level dependencies, their dependencies that have a subtree, every
// UNMET / invalid / extraneous entry with the entries above it, every
// `deduped` note) stays; deeper runs leave a note naming first and last.
// Real outputs of npm 11.19.1: this repository's tree at depth 2, and a
// scratch project after `npm install express@4 ajv@6` from the registry,
// whole, then broken by hand the way projects break (package.json asking
// ajv ^8: `invalid`; node_modules/uri-js and side-channel deleted: UNMET at
// depth 1 and 2, their orphaned dependencies `extraneous`).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressNpmTree } from "../../../src/compressors/listing/npm-tree.js";
import { npmEntryOf } from "../../../src/compressors/listing/shapes.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";
import { expectListingRoundTrips } from "../../support/listing.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const TREES = ["npm-ls-all-depth2-pithy.txt", "npm-ls-all-express4-proj.txt", "npm-ls-all-express4-broken.txt"];
const PROBLEM = /\b(?:UNMET|invalid|extraneous|missing)\b/;

describe("npm ls tree", () => {
  for (const name of TREES) {
    it(`keeps the outline of ${name}`, () => {
      const text = fixture(name);
      expect(detect(text)).toMatchObject({ type: "tabular" });
      const out = compressNpmTree(compressorInput(text, { type: "tabular" }));
      expect(out).not.toBeNull();
      const output = out?.output ?? "";
      expect(output.length).toBeLessThan(text.length);
      const lines = text.replace(/\n$/, "").split("\n");
      const path: string[] = [];
      for (const line of lines) {
        const e = npmEntryOf(line);
        if (e === null) {
          expect(output, line).toContain(`${line}\n`);
          continue;
        }
        path.length = e.depth;
        path.push(line);
        if (e.depth === 0) expect(output, line).toContain(`${line}\n`);
        // A problem stays with every entry above it: the deepest error is read with its path.
        if (PROBLEM.test(e.text)) for (const above of path) expect(output, above).toContain(`${above}\n`);
        if (e.text.endsWith(" deduped")) expect(output, line).toContain(e.text);
      }
    });
  }

  it("names a cut run by its first and last entry and counts a repeated deduped note", () => {
    const output = compressNpmTree(compressorInput(fixture(TREES[0]), { type: "tabular" }))?.output ?? "";
    expect(output).toMatch(/^… \d+ of \d+ entries L\d+-\d+: \S+ … \S+/m);
    expect(output).toMatch(/ deduped ×\d+/);
  });

  it("compresses through the pipeline, recalls the original and leaves its own output alone", async () => {
    await expectListingRoundTrips(TREES.map((name) => [name, fixture(name)] as const));
  });
});
