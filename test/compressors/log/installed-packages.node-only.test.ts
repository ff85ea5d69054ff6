import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createPithy, type Pithy } from "../../../src/pipeline.js";

/**
 * The tail of this machine's /var/log/apt/term.log (apt 2.6.1, dpkg 1.21.22):
 * two sessions, CR LF records with dpkg's CR-redrawn progress inside them.
 */
const termLog = readFileSync(new URL("fixtures/apt-term-log-tail.log", import.meta.url), "utf8");

let pithy: Pithy;
beforeAll(async () => {
  pithy = await createPithy({ minTokens: 0 });
});

// Issue #13: an install log is read for the packages it set up, as a listing for its files.
describe("log compressor: packages an install set up", () => {
  it("shows every `Setting up <package> (<version>) ...` line of apt's term.log, and drops the steps before", async () => {
    const r = await pithy.compress(termLog, { tool: "Bash" });
    const setUp = termLog.split("\r\n").filter((l) => l.startsWith("Setting up "));
    expect(setUp.length).toBeGreaterThan(100);
    for (const line of setUp) expect(r.output).toContain(line);
    const steps = termLog.split("\r\n").filter((l) => /^(?:Preparing to unpack|Selecting previously) /.test(l));
    expect(steps.filter((l) => r.output.includes(l)).length).toBeLessThan(steps.length / 4);
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
  });
});
