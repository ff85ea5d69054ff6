import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { sideBySideGutter } from "../../../src/compressors/diff/side-by-side.js";
import { loadCorpus } from "../../support/corpus.js";
import { compressDiff, diffFixture } from "./real-diffs.js";

/**
 * A real `diff -y p-timeout/readme.md @langchain/langgraph-sdk/node_modules/p-timeout/readme.md`
 * (3.2.0 against 7.0.2, default width 130): tab-padded rows, the gutter at
 * display column 62 with `|`, `<` and `>` marks, Markdown headings among the
 * unchanged rows.
 */
const SIDE = diffFixture("p-timeout-readme-diff-y.txt");
const rows = SIDE.split("\n");

describe("diff -y (side by side)", () => {
  it("finds the gutter column of the rows' marks", () => {
    expect(sideBySideGutter((i) => rows[i], rows.length)).toBe(62);
  });

  it("keeps every changed row and the headings among unchanged ones; long unchanged runs go behind markers", async () => {
    const out = await compressDiff(SIDE);
    const shown = new Set(out.split("\n"));
    const changed = rows.filter((r) => /[ \t][|<>](\t|$)/.test(r));
    expect(changed.length).toBeGreaterThan(100);
    for (const row of changed) expect(shown.has(row), row).toBe(true);
    for (const heading of rows.filter((r) => r.startsWith("## ") || r.startsWith("#### "))) {
      expect(shown.has(heading), heading).toBe(true);
    }
    expect(parseMarkers(out).some((m) => m.summary.endsWith("unchanged rows"))).toBe(true);
  });

  it("reads no corpus case of another format as side by side", async () => {
    for (const c of await loadCorpus()) {
      const lines = c.text.split("\n");
      expect(
        sideBySideGutter((i) => lines[i], lines.length),
        c.id,
      ).toBe(-1);
    }
  });
});
