// A flat `ls -l` of one directory: its outline (the total line, every
// symlink with its target, every entry of a rare type, another owner or a
// rare mode, the largest files) stays; runs of ordinary entries leave a
// note naming their first and last entry.
// Real outputs (Debian 12, coreutils 9.1): `ls -l /usr/sbin` (174 entries,
// 23 symlinks, a setgid `unix_chkpwd` of group shadow) and `ls -la /etc`
// (148 entries, mostly directories; files of groups shadow, postgres, redis).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressFlatLs } from "../../../src/compressors/listing/flat-ls.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";
import { expectListingRoundTrips } from "../../support/listing.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const LISTINGS = ["ls-l-usr-sbin.txt", "ls-la-etc.txt"];

const rowsOf = (text: string) => text.split("\n").filter((l) => /^[-dlcbps][rwxsStT-]{9} /.test(l));
const ownerOf = (row: string) => row.split(/ +/).slice(2, 4).join(" ");
const mostCommon = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
};

describe("flat ls -l", () => {
  for (const name of LISTINGS) {
    it(`keeps the outline of ${name}: total, symlinks with targets, other owners, rare modes`, () => {
      const text = fixture(name);
      expect(detect(text)).toMatchObject({ type: "tabular" });
      const out = compressFlatLs(compressorInput(text, { type: "tabular" }));
      expect(out).not.toBeNull();
      const output = out?.output ?? "";
      expect(output.length).toBeLessThan(text.length * 0.5);
      expect(output.startsWith(text.split("\n")[0])).toBe(true);
      const rows = rowsOf(text);
      const owner = mostCommon(rows.map(ownerOf));
      const modes = rows.map((r) => r.slice(0, 10));
      for (const row of rows) {
        const name = row.slice(row.search(/ \d\d:\d\d | \d{4} /) + 7).trim();
        if (row.startsWith("l")) expect(output, row).toContain(name);
        if (ownerOf(row) !== owner) expect(output, row).toContain(`${row}\n`);
        const mode = row.slice(0, 10);
        if (/[sS]/.test(mode) && modes.filter((m) => m === mode).length <= rows.length / 10)
          expect(output, row).toContain(`${row}\n`);
      }
    });
  }

  it("keeps a setgid binary and the largest files of /usr/sbin as rows", () => {
    const output = compressFlatLs(compressorInput(fixture(LISTINGS[0]), { type: "tabular" }))?.output ?? "";
    expect(output).toContain("-rwxr-sr-x 1 root shadow  39160 Sep 21  2023 unix_chkpwd\n");
    expect(output).toContain("-rwxr-xr-x 1 root root   982880 Apr 27  2026 ldconfig\n");
    // Symlinks are common here (23 of 174): named with their targets in their run's note.
    expect(output).toMatch(/^… \d+ of 174 entries L\d+-\d+: .*; symlinks: .*fsck\.ext4 -> e2fsck/m);
  });

  it("compresses through the pipeline, recalls the original and leaves its own output alone", async () => {
    await expectListingRoundTrips(LISTINGS.map((name) => [name, fixture(name)] as const));
  });

  it("reads a short listing as none", () => {
    const text = rowsOf(fixture(LISTINGS[0])).slice(0, 10).join("\n");
    expect(compressFlatLs(compressorInput(text, { type: "tabular" }))).toBeNull();
  });
});
