import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { pruneTree } from "../../../src/compressors/json/prune.js";
import { renderJson } from "../../../src/compressors/json/render.js";
import { testPruneOptions } from "./prune-options.js";

/**
 * A real `deno lint --json` report (deno 2.9.6 over this repository's
 * src/router): 67 diagnostics in runs of one file each, 22 files. Past the
 * stub budget the dropped diagnostics are still read by their label (the
 * file): each file keeps one stub, the runs between stubs become notes.
 */
const REPORT = readFileSync(new URL("./fixtures/deno-lint-json-router.json", import.meta.url), "utf8");

describe("an array's stubs past their budget", () => {
  it("keep one stub for each file a lint report names, and group the runs between them", () => {
    const parsed = parseJson(REPORT);
    if (parsed === null) throw new Error("fixture does not parse");
    const files = [
      ...new Set((JSON.parse(REPORT) as { diagnostics: { filename: string }[] }).diagnostics.map((d) => d.filename)),
    ];
    expect(files.length).toBe(22);
    const { root } = pruneTree(parsed.root, testPruneOptions({ stubBudget: 30 }));
    const out = renderJson(root, ": ");
    expect(() => JSON.parse(out)).not.toThrow();
    for (const file of files) expect(out).toContain(`"filename": "${file}"`);
    expect(out).toMatch(/"…\(\d+ records \[\d+\]–\[\d+\]: file:\/\/\/tmp\/hsrc-repo\/src\/router\/[^")]+\)"/);
  });
});
