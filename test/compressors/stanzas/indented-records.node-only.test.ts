import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { stanzasCompressor } from "../../../src/compressors/stanzas.js";
import { parseStanzas } from "../../../src/compressors/stanzas/parse.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * `apt-cache policy $(dpkg-query -W -f '${Package}\n' | grep '^lib[n-s]' | head -70)`
 * on Debian 12 (apt 2.6.1): 70 records, each a `name:` line over indented
 * `Installed:`, `Candidate:` and `Version table:` fields (the table's rows
 * indented deeper, its `***` row less); 21 packages have a newer candidate.
 */
const POLICY = readFileSync(new URL("./fixtures/apt-cache-policy-lib-n-s.txt", import.meta.url), "utf8");
const HEADS = POLICY.split("\n").filter((l) => /^\S+:$/.test(l));

/** The `Installed` and `Candidate` lines of every record whose two versions differ. */
function upgradable(text: string): string[] {
  const out: string[] = [];
  let installed = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("  Installed: ")) installed = line;
    else if (line.startsWith("  Candidate: ") && line.slice(13) !== installed.slice(13)) out.push(installed, line);
  }
  return out;
}

function compress(text: string, scale = 1) {
  return stanzasCompressor.compress(compressorInput(text, { type: "tabular", scale }));
}

describe("records named on a line of their own, fields indented under it (apt-cache policy)", () => {
  it("are read as one record per name, the deeper rows continuing the field above", () => {
    const stanzas = parseStanzas(LineIndex.of(POLICY))!;
    expect(HEADS).toHaveLength(70);
    expect(stanzas.records).toHaveLength(70);
    for (const record of stanzas.records) {
      expect(record.fields.map((f) => f.name)).toEqual(["installed", "candidate", "version table"]);
    }
  });

  it("route as a stanza list", () => {
    expect(detect(POLICY).type).toBe("tabular");
  });

  for (const scale of [1, 0.5]) {
    it(`keep every name, and both versions where a newer one waits, at scale ${scale}`, () => {
      const out = compress(POLICY, scale)!;
      expect(out.output.length).toBeLessThan(POLICY.length * 0.6);
      const kept = new Set(out.output.split("\n"));
      for (const head of HEADS) expect(kept.has(head), head).toBe(true);
      const waiting = upgradable(POLICY);
      expect(waiting).toHaveLength(42);
      for (const line of waiting) expect(kept.has(line), line).toBe(true);
    });
  }

  it("are not read from text whose column-0 lines are not all names", () => {
    expect(parseStanzas(LineIndex.of("a:\n  X: 1\nplain text\n  Y: 2\nb:\n  X: 3\nc:\n  X: 4\n"))).toBeNull();
  });
});
