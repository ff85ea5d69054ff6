// Markers say where: on every case of both corpora, every marker's place
// recalls exactly the original's lines there, and an output made of kept
// lines and markers (log-style) turns back into the original when the lines
// its markers name are put back among its kept lines, in order.
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
      // Kept lines stay in order, and markers name every gap; one marker may name several short
      // gaps (the log compressor writes it after the kept lines among them). So the original is
      // rebuilt line by line: each line a marker names from the store, the others from the output.
      const recalled = new Map<number, string>();
      let shown = "";
      let at = 0;
      for (const m of markers) {
        if (m.key !== r.key) continue;
        shown += r.output.slice(at, m.index);
        at = m.index + m.length;
        // The marker's own line end is not a line of the original.
        if (r.output[at] === "\n") at++;
        for (const [a, b] of m.lines!) {
          const back = await pithy.recall(r.key, { lines: `${a}-${b}` });
          const got = linesOf(back.found ? back.content : "");
          for (let k = a; k <= b; k++) recalled.set(k, got[k - a] ?? "");
        }
      }
      shown += r.output.slice(at);
      const keptLines = linesOf(shown);
      const total = linesOf(c.text).length;
      let next = 0;
      let rebuilt = "";
      for (let line = 1; line <= total; line++) rebuilt += recalled.get(line) ?? keptLines[next++] ?? "";
      expect(next, c.id).toBe(keptLines.length);
      expect(rebuilt, c.id).toBe(c.text);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  }, 120_000);
});
