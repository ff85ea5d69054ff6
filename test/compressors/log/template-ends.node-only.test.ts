import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real logs whose routine templates run long: `npm install --loglevel silly` (72 packages
// fetched, placed and added), and a perl run whose report lines follow its warnings.
const npm = readFileSync(new URL("fixtures/npm-install-loglevel-silly-express.txt", import.meta.url), "utf8");
const perl = readFileSync(new URL("fixtures/perl-w-services-uninitialized.txt", import.meta.url), "utf8");

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("a routine template", () => {
  it("shows its last record with its first: where its run stopped", () => {
    const out = compress(npm);
    expect(out.length).toBeLessThan(npm.length / 5);
    for (const line of [
      "npm http fetch GET 200 https://registry.npmjs.org/express 77ms (cache updated)",
      "npm http fetch GET 200 https://registry.npmjs.org/dunder-proto 16ms (cache updated)",
      "npm silly ADD node_modules/express",
      "added 72 packages in 2s",
    ]) {
      expect(out).toContain(line);
    }
    expect(compress(perl)).toContain("alias for moira-ureg: MOIRA_UREG");
  });
});
