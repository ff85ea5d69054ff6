import { describe, expect, it } from "vitest";
import { detect } from "../../../src/router/detect.js";
import { createPithy } from "../../../src/pipeline.js";
import { diffFixture } from "./real-diffs.js";

/**
 * `git diff` in a repository left mid-merge by a conflict: a combined diff of
 * the unmerged files that opens with `diff --cc` (no commit header) and whose
 * hunks open with `@@@ -a,b -c,d +e,f @@@`, one `-` range per parent. Three real
 * merges of this repository redone (`git checkout --detach M^1 && git merge
 * M^2; git diff`, for M = 7030286, 983ea3f and 1840842). Their hunk heads did not read
 * as hunks, so the conflicts routed as code and went through whole. Once they
 * compressed, a hunk's allowance cut a conflict side in its middle (a
 * held-out redo of ab161f3's merge lost a line of one); now a conflict region is
 * part of the outline.
 */
const FIXTURES = [
  "git-diff-cc-conflict-7030286.diff",
  "git-diff-cc-conflict-983ea3f.diff",
  "git-diff-cc-conflict-1840842.diff",
];

describe("diff: git diff of a merge conflict", () => {
  it.each(FIXTURES)("routes %s as a diff", (name) => {
    expect(detect(diffFixture(name)).type).toBe("diff");
  });

  it.each(FIXTURES)("keeps every file header, combined hunk head and conflict marker of %s", async (name) => {
    const text = diffFixture(name);
    const outline = text.split("\n").filter((line) => /^(?:diff --cc |@@@ |\+\+(?:<{7}|={7}|>{7}))/.test(line));
    expect(outline.length).toBeGreaterThanOrEqual(5);
    const out = await compressConflict(text);
    for (const line of outline) expect(out).toContain(line);
  });

  it.each(FIXTURES)("keeps both sides of every conflict of %s whole, not cut in their middle", async (name) => {
    const text = diffFixture(name);
    const sides = conflictSides(text);
    expect(sides.length).toBeGreaterThanOrEqual(2);
    const out = await compressConflict(text);
    for (const side of sides) {
      const shown = side.length <= 40 ? side : [...side.slice(0, 20), ...side.slice(-10)];
      for (const line of shown) expect(out).toContain(line);
    }
  });
});

/**
 * `text` through the pipeline as a diff. A diff that is all conflict (983ea3f:
 * one region of long README table rows, 33 lines) has nothing else to cut and
 * goes through whole.
 */
async function compressConflict(text: string): Promise<string> {
  const pithy = await createPithy({ minTokens: 0 });
  const r = await pithy.compress(text, { tool: "Bash" });
  expect(r.type).toBe("diff");
  expect(r.tokensOut).toBeLessThanOrEqual(r.tokensIn);
  return r.output;
}

/** The lines of each side of each conflict region of a two-parent combined diff (`++<<<<<<<` … `++>>>>>>>`). */
function conflictSides(text: string): string[][] {
  const sides: string[][] = [];
  let side: string[] | null = null;
  for (const line of text.split("\n")) {
    const mark = /^\+\+([<|=>])\1{6}(?: |$)/.exec(line);
    if (mark === null) {
      side?.push(line);
      continue;
    }
    if (side !== null && side.length > 0) sides.push(side);
    side = mark[1] === ">" ? null : [];
  }
  return sides;
}
