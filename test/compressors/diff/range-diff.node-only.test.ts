import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { compressDiff, diffFixture } from "./real-diffs.js";

/**
 * A real `git range-diff --creation-factor=100 88a1278..1b0b6a2 1b0b6a2..46fb00d -- src`
 * of this repository: two two-commit series paired by force, so the changed
 * pair carries a diff of its two patches indented by four spaces (`##
 * file ##` headers, inner `@@` hunk headers, a new file's whole body).
 */
const RANGE = diffFixture("git-range-diff-hsrc2-search-diff.txt");
const lines = RANGE.split("\n");

describe("git range-diff", () => {
  it("keeps every pair line, file header and inner hunk header, and cuts the patches' diff under them", async () => {
    const out = await compressDiff(RANGE);
    const shown = new Set(out.split("\n"));
    const outline = lines.filter(
      (l) =>
        /^ *(?:\d+|-): +(?:[0-9a-f]+|-+) [!=<>] /.test(l) || /^ {4}[-+ ] ?## .* ##$/.test(l) || /^ {4}[-+ ]@@/.test(l),
    );
    expect(outline.length).toBeGreaterThan(10);
    for (const line of outline) expect(shown.has(line), line).toBe(true);
    expect(out).toContain(
      "    +    Diff: read GNU diff's normal format as hunks (3,4c3 then < / --- / > lines), cut by their allowance",
    );
    const cuts = parseMarkers(out).filter((m) => m.summary.endsWith("lines of the patches' diff"));
    expect(cuts.length).toBeGreaterThan(3);
  });
});
