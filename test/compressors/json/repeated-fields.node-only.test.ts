import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * A real `deno lint --json` report (deno 2.9.6, see deno-lint-json-router's
 * other tests): 67 diagnostics, 65 of them the same `no-sloppy-imports`
 * message at different places.
 */
const REPORT = readFileSync(new URL("./fixtures/deno-lint-json-router.json", import.meta.url), "utf8");

interface Diagnostic {
  filename: string;
  range?: unknown;
  message?: string;
  code?: string;
  "…"?: string;
}

describe("records repeating an earlier record's fields", () => {
  it("states a repeated message once and names the earlier record, keeping every place", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(REPORT, { tool: "Bash" });
    expect(r.type).toBe("json");
    const original = (JSON.parse(REPORT) as { diagnostics: Diagnostic[] }).diagnostics;
    const shown = (JSON.parse(r.output) as { diagnostics: Diagnostic[] }).diagnostics;
    const noted = shown.filter((d) => typeof d["…"] === "string" && d["…"].startsWith("as ["));
    expect(noted.length).toBeGreaterThan(5);
    for (const d of noted) {
      const earlier = original[Number(/^as \[(\d+)\]$/.exec(d["…"] as string)?.[1])];
      const self = original.find(
        (o) => o.filename === d.filename && JSON.stringify(o.range) === JSON.stringify(d.range),
      );
      expect(self).toBeDefined();
      expect([self?.message, self?.code]).toEqual([earlier.message, earlier.code]);
      expect(d.message).toBeUndefined();
    }
    // The first record of each message stays whole.
    expect(r.output).toContain('"message": "Sloppy imports are not allowed.","code": "no-sloppy-imports"');
  });

  it("leaves records alone whose repeated fields are too short to be worth a note", async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ ok: true, at: { line: i } }));
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(JSON.stringify({ rows }), { tool: "Bash" });
    expect(r.output).not.toContain('"as [');
  });
});
