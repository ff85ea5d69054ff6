// Markers say where: on every case of both corpora, every marker's place
// recalls exactly the original's lines there, and an output made of kept
// lines and markers (log-style) turns back into the original when each
// marker is replaced by the lines it names.
import { beforeAll, describe, expect, it } from "vitest";
import { parseMarkers } from "../src/ccr/marker.js";
import { createPithy, type Pithy } from "../src/pipeline.js";
import { CORPUS_NAMES, openCorpus } from "./support/corpus.js";

/** The strategies whose output is the input's lines kept in order, the rest behind whole-line markers. */
const LINE_FAITHFUL = new Set(["log", "fallback", "log+fallback"]);

/** Lines with their line ends, so that joining them gives the text back. */
function linesOf(text: string): string[] {
  return text.split(/(?<=\n)/);
}

describe.each(CORPUS_NAMES)("marker places on the %s corpus", (name) => {
  let pithy: Pithy;
  let cases: Array<{ id: string; text: string; tool_hint: string }>;
  beforeAll(async () => {
    pithy = await createPithy();
    cases = await openCorpus(name).load();
  });

  it("recall of every marker's line place returns exactly the original's lines there", async () => {
    let placed = 0;
    for (const c of cases) {
      const r = await pithy.compress(c.text, { tool: c.tool_hint });
      if (r.key === undefined) continue;
      const lines = linesOf(c.text);
      for (const m of parseMarkers(r.output)) {
        if (m.lines === undefined || m.key !== r.key) continue;
        placed++;
        for (const [, to] of m.lines) expect(to, `${c.id}: ${m.summary}`).toBeLessThanOrEqual(lines.length);
        const spec = m.lines.map(([a, b]) => `${a}-${b}`).join(",");
        const back = await pithy.recall(r.key, { lines: spec });
        const want = m.lines.map(([a, b]) => lines.slice(a - 1, b).join("")).join("");
        expect(back.found && back.content, `${c.id}: ${m.summary}`).toBe(want);
      }
    }
    expect(placed).toBeGreaterThan(50);
  }, 120_000);

  it("turns a line-faithful output back into the original, marker by marker", async () => {
    let checked = 0;
    for (const c of cases) {
      const r = await pithy.compress(c.text, { tool: c.tool_hint });
      if (r.key === undefined || !LINE_FAITHFUL.has(r.strategy)) continue;
      const markers = parseMarkers(r.output);
      if (markers.some((m) => m.key === r.key && m.lines === undefined)) continue;
      let rebuilt = "";
      let at = 0;
      for (const m of markers) {
        if (m.key !== r.key) continue;
        rebuilt += r.output.slice(at, m.index);
        const back = await pithy.recall(r.key, { lines: m.lines!.map(([a, b]) => `${a}-${b}`).join(",") });
        rebuilt += back.found ? back.content : "";
        at = m.index + m.length;
        // The marker's own line end stands for the last recalled line's.
        if (r.output[at] === "\n") at++;
      }
      rebuilt += r.output.slice(at);
      expect(rebuilt, c.id).toBe(c.text);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  }, 120_000);
});
