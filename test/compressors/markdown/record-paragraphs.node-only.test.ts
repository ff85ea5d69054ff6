import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { buildDocument } from "../../../src/compressors/markdown/sections.js";
import { segmentMarkdown } from "../../../src/compressors/markdown/segment.js";
import { sectionUnits } from "../../../src/compressors/markdown/plan.js";
import { createPithy } from "../../../src/pipeline.js";

const read = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

// Real plain-text listings read as prose, one record a line and next to no sentence end:
// - `apropos -s 5 .` (man-db 2.11.2, Debian 12): 230 `name (5) - summary` lines;
// - `git help -a` (git 2.39.5): category titles, each over its indented `command  summary` lines;
// - `cargo --list` (cargo 1.95): one title over its indented commands.
// Read as sentences, such a paragraph was one overlong "sentence": `apropos -s 8 .` (519 lines)
// collapsed whole behind one marker, and git's titles went with the commands under them.
describe("a paragraph of one-line records", () => {
  it("is trimmed by whole lines, its head and tail kept, the gap named", async () => {
    const text = read("apropos-s5.txt");
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    const lines = text.trimEnd().split("\n");
    expect(lines.length).toBe(230);
    for (const line of [...lines.slice(0, 20), ...lines.slice(-10)]) expect(r.output).toContain(`${line}\n`);
    // Every kept record is a line of its own; the gap is a line "…" or the marker naming its first and last.
    const kept = r.output.split("\n").filter((l) => lines.includes(l));
    expect(kept.length).toBeGreaterThan(100);
    expect(r.output).toMatch(/trimmed: \d+ lines \(\S+ \(5\) … \S+ \(5\)\) omitted/);
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
  });

  // Records under a title are an index's entries (git's commands by category, cargo's installed
  // commands): rows, as a table's are, kept before any prose detail. `git help -a` (2 100 tokens)
  // is then all outline and comes back whole; before, its middle records (`rev-parse`,
  // `check-ignore`) went behind a marker.
  it("keeps every title over indented records, as outline, and their records as rows", async () => {
    const help = read("git-help-a.txt");
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(help, { tool: "Bash" });
    const titles = help.split("\n").filter((l) => /^[A-Z]/.test(l));
    expect(titles.length).toBe(12);
    for (const title of titles) expect(r.output).toContain(`${title}\n`);
    const records = help.split("\n").filter((l) => /^ {3}[a-z][\w-]* {2,}\S/.test(l));
    expect(records.length).toBeGreaterThan(100);
    for (const record of records) expect(r.output).toContain(`${record}\n`);

    for (const [text, title] of [
      [read("cargo-list.txt"), "Installed Commands:"],
      [help, "Low-level Commands / Interrogators"],
    ] as const) {
      const { segments } = segmentMarkdown(text);
      const doc = buildDocument(segments, true);
      const units = doc.sections.flatMap((s) =>
        sectionUnits(s).map((u) => ({ ...u, text: s.blocks[u.block].text.slice(u.start, u.end) })),
      );
      expect(units.find((u) => u.text === title)?.role).toBe("outline");
      expect(units.filter((u) => u.record === true).length).toBeGreaterThan(40);
      expect(units.filter((u) => u.record === true && u.role === "row").length).toBeGreaterThan(40);
    }
  });
});
