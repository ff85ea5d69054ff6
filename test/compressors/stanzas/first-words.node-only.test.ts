import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { createPithy } from "../../../src/pipeline.js";

/**
 * `stat` packs several values in one line (`Size: 6  Blocks: 0  IO Block:
 * 4096  symbolic link`, `Access: (4755/-rwsr-xr-x)  Uid: …`), so each line is
 * unique and no value stood out: a setuid binary's mode and the largest
 * file's size were cut with the rest. Each line's first word is now read as
 * a value of its own (rare modes, the largest and smallest size).
 * Real outputs (Debian 12, coreutils 9.1): `cd /usr/bin && stat s*` (98
 * records: `su` setuid, `ssh-agent` setgid `_ssh`) and the
 * `stat-etc-ssl-certs.txt` records of aligned-labels.node-only.test.ts.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const CASES = ["stat-usr-bin-s.txt", "stat-etc-ssl-certs.txt"];

/** Each distinct mode line (`Access: (…)`) of a stat output. */
const modeLines = (text: string) => [...new Set(text.split("\n").filter((l) => l.startsWith("Access: (")))];

/** The `Size:` line of the largest file. */
function largestSizeLine(text: string): string {
  const sizes = text.split("\n").filter((l) => l.startsWith("  Size: "));
  return sizes.reduce((a, b) => (Number(b.split(/\s+/)[2]) > Number(a.split(/\s+/)[2]) ? b : a));
}

describe("the first word of a stat line as a value", () => {
  for (const name of CASES) {
    it(`keeps every distinct mode and the largest size of ${name}`, async () => {
      const text = fixture(name);
      const pithy = await createPithy({ store: new MemoryStore() });
      const r = await pithy.compress(text, { tool: "stat" });
      expect(r).toMatchObject({ action: "compressed", type: "tabular", strategy: "stanzas" });
      expect(r.output.length).toBeLessThan(text.length * 0.5);
      for (const line of modeLines(text)) expect(r.output, line).toContain(`${line}\n`);
      expect(r.output).toContain(`${largestSizeLine(text)}\n`);
    });
  }

  it("keeps the setuid su and the setgid ssh-agent with their File lines", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(fixture(CASES[0]), { tool: "stat" });
    expect(r.output).toContain("Access: (4755/-rwsr-xr-x)  Uid: (    0/    root)   Gid: (    0/    root)\n");
    expect(r.output).toContain("Access: (2755/-rwxr-sr-x)  Uid: (    0/    root)   Gid: (  101/    _ssh)\n");
    expect(r.output).toContain("  File: su\n");
    expect(r.output).toContain("  File: ssh-agent\n");
  });
});
