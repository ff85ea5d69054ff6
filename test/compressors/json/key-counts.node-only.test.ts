import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * `NO_COLOR=1 npx vitest run --project node --reporter=json` over four of the
 * JSON compressor's test files (vitest 4.1.12): 24 passing tests, each a
 * record collapsed past the depth cap to its name and a count of the rest.
 */
const REPORT = readFileSync(new URL("./fixtures/vitest-json-report-json-tests.json", import.meta.url), "utf8");
/** TypeScript's zh-TW diagnostic messages (a flat map): one count at most. */
const MESSAGES = readFileSync(new URL("./fixtures/diagnostic-messages-zh-tw.json", import.meta.url), "utf8");

const LEGEND = "{…: n} stands for n more keys";

describe("counts of the keys a collapsed record leaves out", () => {
  it("writes each count as a bare number, which the root marker explains once", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(REPORT, { tool: "Bash" });
    expect(r.type).toBe("json");
    expect(r.output.split(LEGEND).length - 1).toBe(1);
    expect(r.output).toMatch(/"…":6\}/);
    expect(r.output).not.toContain('keys"}');
  });

  it("leaves the legend out of a document with few counts", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(MESSAGES, { tool: "Bash" });
    expect(r.output).not.toContain(LEGEND);
  });
});
