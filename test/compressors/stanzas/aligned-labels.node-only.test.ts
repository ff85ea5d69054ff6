import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { alignedLabelColumn, parseStanzas } from "../../../src/compressors/stanzas/parse.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { createPithy } from "../../../src/pipeline.js";
import { sampleOf } from "../../../src/router/sample.js";
import { stanzasDetector } from "../../../src/router/detectors/stanzas.js";

/**
 * `cd /etc && stat passwd group hosts resolv.conf localtime ssl $(ls ssl/certs | head -45 | sed s,^,ssl/certs/,)`
 * on Debian 12 (GNU coreutils 9.1): 51 records of right-aligned labels
 * (`  File:`, `  Size:`, `Device:`, ` Birth:`), no blank line between
 * records; files, one directory and symlinks (`File: a -> b`).
 */
const STAT = readFileSync(new URL("./fixtures/stat-etc-ssl-certs.txt", import.meta.url), "utf8");
const FILE_LINES = STAT.split("\n").filter((l) => l.startsWith("  File: "));

describe("right-aligned labels (stat)", () => {
  it("end at one column, and each record starts where its first label comes again", () => {
    const lines = LineIndex.of(STAT);
    expect(alignedLabelColumn(lines.count, (i) => lines.line(i))).toBe(6);
    const stanzas = parseStanzas(lines)!;
    expect(stanzas.records).toHaveLength(FILE_LINES.length);
    expect(FILE_LINES).toHaveLength(51);
    for (const record of stanzas.records) {
      expect(record.fields[0].name).toBe("file");
      expect(record.fields.map((f) => f.name)).toContain("birth");
    }
  });

  it("route as a stanza list", () => {
    expect(stanzasDetector.score(sampleOf(STAT))).toBeGreaterThanOrEqual(stanzasDetector.threshold);
  });

  it("keep every record's File line in the output, while the rest of the records goes", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(STAT, { tool: "stat" });
    expect(r.type).toBe("tabular");
    expect(r.output.length).toBeLessThan(STAT.length * 0.5);
    const kept = new Set(r.output.split("\n"));
    for (const line of FILE_LINES) expect(kept.has(line), line).toBe(true);
  });

  it("are not claimed by indented text whose colons merely line up a few times", () => {
    const text = "  a: 1\n  b: 2\nplain line\nanother plain line\n  c: 3\n";
    const lines = LineIndex.of(text);
    expect(alignedLabelColumn(lines.count, (i) => lines.line(i))).toBe(-1);
  });
});
