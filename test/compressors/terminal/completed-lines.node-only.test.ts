import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

// A real pty capture (util-linux script) of `deno test` (deno 2.9.6): each test is drawn as
// `name ...`, then redrawn after a bare CR as `name ... ok (3ms)` with colour escapes that make
// the second frame more than twice as long. Found on a held-out `deno test` of marked.
const run = readFileSync(new URL("./fixtures/deno-test-semver-fail.tty.txt", import.meta.url), "utf8");

describe("a line completed in place", () => {
  it("shows each test once, with its result, through the terminal chain", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(run, { tool: "Bash" });
    expect(r.strategy).toContain("terminal");
    expect(r.output).toContain("satisfies(1.2.3, ^1.0.0) ... ok");
    expect(r.output).not.toMatch(/satisfies\(1\.2\.3, \^1\.0\.0\) \.\.\.\s*(?:\n|satisfies)/);
    expect(r.output).toContain("satisfies(0.3.0, ^0.2.3) ... FAILED");
    expect(r.output).toContain("FAILED | 11 passed | 5 failed");
  });
});
