// A diff's hunks and commit messages are content: an error word in them
// widens the render but never makes a big `git log -p` pass through whole.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../src/ccr/marker.js";
import { missingSalient, salientLines } from "../../src/fidelity/salient.js";
import { createPithy } from "../../src/pipeline.js";

// Real `git log -p` of this repository's src/ (22 commits, 620 KB): its code talks about errors throughout.
const log = readFileSync(new URL("../corpus/cases/diff/pithy-git-log-p-src-core.diff", import.meta.url), "utf8");

describe("soft salient lines of a diff", () => {
  it("compresses a git log -p whose hidden error-word lines are all changed code", async () => {
    // Under `aggressive` even four times the caps hide some of them; this passed through whole before.
    const pithy = await createPithy({ profile: "aggressive" });
    const r = await pithy.compress(log, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
    const salient = salientLines(log);
    const missing = missingSalient(salient, r.output);
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((s) => s.isSoft === true)).toBe(true);
    expect(r.fidelity).toMatchObject({ salient: salient.length, visible: salient.length - missing.length });
    expect(pithy.stats().fidelity.passedThrough).toBe(0);
  });

  it("keeps every commit and file header of that log visible, and its markers recall the original", async () => {
    const pithy = await createPithy({ profile: "aggressive" });
    const r = await pithy.compress(log, { tool: "Bash" });
    for (const line of log.split("\n")) {
      if (line.startsWith("commit ") || line.startsWith("diff --git ")) expect(r.output).toContain(line);
    }
    const keys = new Set(parseMarkers(r.output).map((m) => m.key));
    expect(keys).toEqual(new Set([r.key]));
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: log });
  });

  it("still widens the render for them: the default profile shows every one", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(log, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(missingSalient(salientLines(log), r.output)).toEqual([]);
    expect(r.fidelity?.rerenders).toBeGreaterThan(0);
  });
});
