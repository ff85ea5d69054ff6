// shellcheck's default (tty) format puts a diagnostic's place on a line of its own, `In FILE
// line N:`, over the source line and the carets that name its codes. That head is the
// diagnostic's location, hence salient: before, such output routed as prose and a third of its
// heads went behind markers, so the codes under them named no place.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { salientKind, salientLines } from "../../src/fidelity/salient.js";
import { createPithy } from "../../src/pipeline.js";

// `shellcheck zdiff zgrep znew zmore zless ldd gettext.sh update-ca-certificates` (ShellCheck 0.9.0, Debian 12).
const run = readFileSync(new URL("fixtures/shellcheck-tty-zutils-ldd.txt", import.meta.url), "utf8");
const heads = run.split("\n").filter((l) => /^In \S+ line \d+:$/.test(l));

describe("shellcheck's tty format", () => {
  it("reads each `In FILE line N:` head as a diagnostic, and prose that starts with In as none", () => {
    expect(heads.length).toBe(72);
    const found = salientLines(run).filter((s) => s.kind === "diagnostic");
    expect(found.map((s) => s.text)).toEqual(expect.arrayContaining(heads));
    expect(salientKind("In this guide we build a line 3 parser:", undefined)).toBeNull();
    expect(salientKind("In zgrep line 12: see below", undefined)).toBeNull();
  });

  it("keeps every head visible in the output, and recalls the run whole", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(run, { tool: "Bash" });
    const shown = new Set(r.output.split("\n"));
    expect(heads.filter((h) => !shown.has(h))).toEqual([]);
    if (r.action === "compressed") expect(await pithy.recall(r.key!)).toMatchObject({ found: true, content: run });
  });
});
