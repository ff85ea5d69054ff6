// rg --json: its match events are re-rendered by the search compressor, so
// the fidelity check reads them as soft and the output is compressed.
import { describe, expect, it } from "vitest";
import { missingSalient, salientLines } from "../../src/fidelity/salient.js";
import { createPithy } from "../../src/pipeline.js";
import { readCorpusFile } from "../support/corpus.js";

describe("the fidelity check on rg --json output", () => {
  it("compresses a real rg --json search whose matches name Error, every file's begin event and the summary shown", async () => {
    // serde_json's `rg --json 'fn deserialize_'`: this passed through whole (the check wanted each raw event).
    const text = await readCorpusFile("cases/search/serde_json-rg-json-deserialize.jsonl");
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r).toMatchObject({ action: "compressed", type: "search" });
    expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.6);
    for (const line of text.split("\n")) {
      if (line.startsWith('{"type":"begin"') || line.startsWith('{"type":"summary"')) expect(r.output).toContain(line);
    }
    expect(missingSalient(salientLines(text), r.output).every((s) => s.isSoft === true)).toBe(true);
  });
});
