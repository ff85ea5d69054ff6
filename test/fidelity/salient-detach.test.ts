import { describe, expect, it } from "vitest";
import { salientLines } from "../../src/fidelity/salient.js";
import { CORPUS_NAMES, openCorpus } from "../support/corpus.js";

describe("salientLines without detaching", () => {
  it("finds the same lines as with detaching, in every case of both corpora", { timeout: 60_000 }, async () => {
    let lines = 0;
    for (const name of CORPUS_NAMES) {
      for (const c of await openCorpus(name).load()) {
        const detached = salientLines(c.text);
        expect(salientLines(c.text, false), c.id).toEqual(detached);
        lines += detached.length;
      }
    }
    expect(lines).toBeGreaterThan(100);
  });
});
