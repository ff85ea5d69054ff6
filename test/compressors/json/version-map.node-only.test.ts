import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonCompressor } from "../../../src/compressors/json.js";
import { versionMapKeep } from "../../../src/compressors/json/version-map.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * A map keyed by versions keeps each release line's ends. Real outputs:
 * `npm view semver time --json`, `npm view marked time --json` and
 * `npm view vite time --json` (npm 11.19.1 against the registry reachable
 * here, 2026-12-08; versions listed in no particular order).
 */
const fixture = (name: string) => readFileSync(`test/compressors/json/fixtures/${name}`, "utf8");

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;

/** The first and last release of each major.minor line, and the latest. */
function lineEnds(map: Record<string, string>): string[] {
  const lines = new Map<string, number[][]>();
  for (const key of Object.keys(map)) {
    const m = VERSION.exec(key);
    if (m === null) continue;
    const v = [+m[1], +m[2], +m[3]];
    const line = `${v[0]}.${v[1]}`;
    lines.set(line, [...(lines.get(line) ?? []), v]);
  }
  const ends: string[] = [];
  for (const list of lines.values()) {
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    ends.push(list[0].join("."), list[list.length - 1].join("."));
  }
  return ends;
}

describe("a map keyed by versions", () => {
  for (const pkg of ["semver", "marked", "vite"]) {
    it(`keeps the first and last release of every line of npm view ${pkg} time`, () => {
      const text = fixture(`npm-view-${pkg}-time.json`);
      const map = JSON.parse(text) as Record<string, string>;
      const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
      expect(out).not.toBeNull();
      expect(out!.output.length).toBeLessThan(text.length / 2);
      for (const v of lineEnds(map)) expect(out!.output).toContain(`"${v}": "${map[v]}"`);
      const keys = Object.keys(map);
      expect(out!.output).toContain(`"${keys[keys.length - 1]}": "${map[keys[keys.length - 1]]}"`);
      expect(out!.output).toMatch(/versions omitted \(each major\.minor line's first and last kept\)/);
      expect(JSON.parse(out!.output)).toBeTypeOf("object");
    });
  }

  it("reads a map of names as no version map", () => {
    expect(versionMapKeep(['"react"', '"vue"', '"1.0.0"'])).toBeNull();
  });

  it("keeps the keys that are not versions (created, modified)", () => {
    const keys = ['"created"', '"modified"', ...Array.from({ length: 200 }, (_, i) => `"1.${i >> 4}.${i & 15}"`)];
    const kept = versionMapKeep(keys)!;
    expect(kept).toContain(0);
    expect(kept).toContain(1);
    expect(kept.length).toBeLessThan(40);
  });
});
