import { describe, expect, it } from "vitest";
import { detect } from "../../../src/router/detect.js";
import { listingDetector } from "../../../src/router/detectors/listing.js";
import { stanzasDetector } from "../../../src/router/detectors/stanzas.js";
import { sampleOf } from "../../../src/router/sample.js";
import { openCorpus } from "../../support/corpus.js";

const own = openCorpus("own");

async function ownText(id: string): Promise<string> {
  const c = (await own.cases()).find((x) => x.id === id)!;
  return own.readCase(c);
}

describe("stanza and listing detectors", () => {
  it("route apt-cache show, dpkg -s and curl -I header blocks as tabular by content alone", async () => {
    for (const id of ["tabular-apt-cache-show-lib-a-m", "tabular-dpkg-s-toolchain", "tabular-curl-I-header-blocks"]) {
      const text = await ownText(id);
      expect(stanzasDetector.score(sampleOf(text)), id).toBeGreaterThanOrEqual(stanzasDetector.threshold);
      expect(detect(text).type, id).toBe("tabular");
    }
  });

  it("route an ls -laR listing as tabular", async () => {
    const text = await ownText("tabular-ls-laR-langchain");
    expect(listingDetector.score(sampleOf(text))).toBeGreaterThanOrEqual(listingDetector.threshold);
    expect(detect(text).type).toBe("tabular");
  });

  it("route dpkg -l (a ruled header under a legend) as tabular", async () => {
    expect(detect(await ownText("tabular-dpkg-l")).type).toBe("tabular");
  });

  it("leave YAML, key-value logs and prose alone", () => {
    const yaml = "name: x\nversion: 1\ndependencies:\n  a: 1\n  b: 2\n";
    const log = "Error: boom\nat x (a.js:1:1)\nWarning: y\nsomething else happened here\n";
    const prose = "Note: this is a sentence.\nAnd another one follows it here.\n\nSee: the docs.\n";
    for (const text of [yaml, log, prose]) {
      expect(stanzasDetector.score(sampleOf(text)), text).toBeLessThan(stanzasDetector.threshold);
    }
    expect(listingDetector.score(sampleOf("src:\nmain.ts\n\ntest:\na.ts\n"))).toBe(0);
  });
});
