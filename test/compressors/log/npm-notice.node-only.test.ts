import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { tarballOutline } from "../../../src/compressors/log/npm-notice.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real `npm pack --dry-run` runs (npm 11) over copies of packages in node_modules:
// undici 6.29.1 (176 files) and express (a dozen).
const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const packs = { undici: fixture("npm-pack-dry-run-undici.txt"), express: fixture("npm-pack-dry-run-express.txt") };

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("npm's tarball notices", () => {
  it("routes as a log", () => {
    for (const [name, text] of Object.entries(packs)) expect(detect(text).type, name).toBe("log");
  });

  it("finds the section titles, the details' fields and the largest files of each", () => {
    for (const text of Object.values(packs)) {
      const lines = text.split("\n");
      const found = tarballOutline(lines, 10).map((i) => lines[i]);
      expect(found).toContain("npm notice Tarball Contents");
      expect(found).toContain("npm notice Tarball Details");
      for (const field of ["name", "version", "package size", "shasum", "total files"]) {
        expect(found.some((l) => l.startsWith(`npm notice ${field}: `))).toBe(true);
      }
    }
  });

  it("keeps the titles, the details and the ten largest files, the other files behind a marker", () => {
    const out = compress(packs.undici);
    expect(out.length).toBeLessThan(packs.undici.length / 3);
    for (const line of [
      "npm notice 📦  undici@6.29.1",
      "npm notice Tarball Contents",
      "npm notice 82.3kB lib/web/fetch/index.js",
      "npm notice 41.2kB lib/dispatcher/client-h1.js",
      "npm notice 21.1kB lib/web/cache/cache.js",
      "npm notice Tarball Details",
      "npm notice shasum: a3317c5df0236e0633727d9a7bd4f7ed195d8575",
      "npm notice total files: 176",
    ]) {
      expect(out).toContain(line);
    }
    expect(out).not.toContain("npm notice 553B lib/dispatcher/pool-stats.js");
  });
});
