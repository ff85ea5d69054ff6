import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real `bash -x` traces: a deploy script copying this repository's compressors (it prints
// two `large:` lines and a count, then fails a `test -f` under set -e), and Debian's zgrep counting
// a word in a C file and a gzipped changelog (its variables hold multi-line texts).
const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const traces = { deploy: fixture("bash-x-deploy.txt"), zgrep: fixture("bash-x-zgrep.txt") };

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("a shell's xtrace", () => {
  it("routes as a log, not as a Markdown list of `+ ` items", () => {
    for (const [name, text] of Object.entries(traces)) expect(detect(text).type, name).toBe("log");
  });

  it("keeps what the script printed among its trace", () => {
    const deploy = compress(traces.deploy);
    expect(deploy.length).toBeLessThan(traces.deploy.length / 2);
    for (const line of [
      "large: log (898 lines)",
      "large: stanzas (416 lines)",
      "copied 23 files",
      "+ test -f /tmp/hl5/deploy-out/missing-config.json",
    ]) {
      expect(deploy).toContain(line);
    }
    const zgrep = compress(traces.zgrep);
    for (const line of [
      "/usr/share/doc/zlib1g-dev/examples/zpipe.c:11",
      "/usr/share/doc/zlib1g-dev/changelog.Debian.gz:0",
      "+ exit 0",
    ]) {
      expect(zgrep).toContain(line);
    }
  });
});
