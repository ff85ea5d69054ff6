import { describe, expect, it } from "vitest";
import { detect } from "../../../src/router/detect.js";
import { compressDiff, diffFixture } from "./real-diffs.js";

/**
 * `git diff` in a repository left mid-merge by a conflict: a combined diff of
 * the unmerged files that opens with `diff --cc` (no commit header) and whose
 * hunks open with `@@@ -a,b -c,d +e,f @@@`, one `-` range per parent. Two real
 * merges of this repository redone (`git checkout --detach M^1 && git merge
 * M^2; git diff`, for M = 7030286 and 983ea3f). Their hunk heads did not read
 * as hunks, so the conflicts routed as code and went through whole.
 */
const FIXTURES = ["git-diff-cc-conflict-7030286.diff", "git-diff-cc-conflict-983ea3f.diff"];

describe("diff: git diff of a merge conflict", () => {
  it.each(FIXTURES)("routes %s as a diff", (name) => {
    expect(detect(diffFixture(name)).type).toBe("diff");
  });

  it.each(FIXTURES)("keeps every file header, combined hunk head and conflict marker of %s", async (name) => {
    const text = diffFixture(name);
    const outline = text.split("\n").filter((line) => /^(?:diff --cc |@@@ |\+\+(?:<{7}|={7}|>{7}))/.test(line));
    expect(outline.length).toBeGreaterThanOrEqual(5);
    const out = await compressDiff(text);
    for (const line of outline) expect(out).toContain(line);
  });
});
