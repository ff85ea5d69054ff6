import { beforeAll, describe, expect, it } from "vitest";
import { createPithy, type Pithy } from "../src/pipeline.js";
import { parseMarkers } from "../src/ccr/marker.js";
import { loadCorpus, type CorpusCase } from "./support/corpus.js";
import { isShown } from "../src/cli/visible-form.js";

let pithy: Pithy;
let cases: Array<CorpusCase & { text: string }>;
beforeAll(async () => {
  pithy = await createPithy();
  cases = await loadCorpus();
});

describe("the pipeline on the corpus", () => {
  it("keeps every must_keep string of every case visible", async () => {
    const missing: string[] = [];
    for (const c of cases) {
      const r = await pithy.compress(c.text, { tool: c.tool_hint });
      for (const s of c.must_keep) if (!isShown(r.output, s, c.class)) missing.push(`${c.id}: ${s}`);
    }
    expect(missing).toEqual([]);
  });

  it("recalls the exact original of every compressed case through its markers", async () => {
    for (const c of cases) {
      const r = await pithy.compress(c.text, { tool: c.tool_hint });
      if (r.action === "skipped") {
        expect(r.output, c.id).toBe(c.text);
        continue;
      }
      const keys = new Set(parseMarkers(r.output).map((m) => m.key));
      if (r.key !== undefined) keys.add(r.key);
      for (const key of keys) {
        const back = await pithy.recall(key);
        expect(back.found && back.content === c.text, c.id).toBe(true);
      }
    }
  });

  it("never makes a case larger and is deterministic and idempotent on every case", async () => {
    for (const c of cases) {
      const a = await pithy.compress(c.text, { tool: c.tool_hint });
      const b = await pithy.compress(c.text, { tool: c.tool_hint });
      expect(b.output, c.id).toBe(a.output);
      expect(a.tokensOut, c.id).toBeLessThanOrEqual(a.tokensIn);
      expect((await pithy.compress(a.output, { tool: c.tool_hint })).output, c.id).toBe(a.output);
    }
  });

  it("leaves the empty case empty with no store entry", async () => {
    const c = cases.find((x) => x.id === "adversarial-empty-output")!;
    const r = await pithy.compress(c.text);
    expect(r).toMatchObject({ output: "", action: "skipped", tokensIn: 0, bytesIn: 0 });
    expect(r.key).toBeUndefined();
  });

  it("treats the truncated JSON as text and never claims it is valid JSON", async () => {
    const c = cases.find((x) => x.id === "adversarial-invalid-json-truncated")!;
    const r = await pithy.compress(c.text, { tool: c.tool_hint });
    expect(r.detail.steps ?? "").not.toContain("compact");
  });

  it("reproduces the CR-only CSV's separators in whatever it keeps", async () => {
    const c = cases.find((x) => x.id === "adversarial-csv-cr-only-line-endings")!;
    const r = await pithy.compress(c.text, { tool: c.tool_hint });
    const records = c.text.split("\r");
    for (const line of r.output.split("\r")) {
      if (!line.includes("[[pithy:") && line.length > 0) expect(records).toContain(line);
    }
  });
});
