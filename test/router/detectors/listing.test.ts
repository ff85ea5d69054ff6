import { describe, expect, it } from "vitest";
import { detect } from "../../../src/router/detect.js";
import { openCorpus } from "../../support/corpus.js";

const own = openCorpus("own");

async function ownText(id: string) {
  const c = (await own.cases()).find((x) => x.id === id)!;
  return own.readCase(c);
}

describe("listing detector", () => {
  const listings = [
    "tabular-tree-hono",
    "tabular-tree-F-opentelemetry-api",
    "tabular-find-ajv",
    "tabular-find-ls-vitest",
    "tabular-ls-laR-etc",
    "tabular-ls-R-ai-sdk",
    "tabular-ls-R-debian-pip",
  ];
  for (const id of listings) {
    it(`routes ${id} as tabular`, async () => {
      expect(detect(await ownText(id)).type).toBe("tabular");
    });
  }

  it("routes tree -h as a listing, though it opens like a JSON array", async () => {
    const text = await ownText("tabular-tree-zod");
    expect(text.startsWith("[6.0M]")).toBe(true);
    expect(detect(text).type).toBe("tabular");
  });

  it("leaves path lists without a starting point (rg --files, a filtered find) to the other detectors", () => {
    const paths = Array.from({ length: 30 }, (_, i) => `src/compressors/file-${i}.ts`).join("\n");
    expect(detect(paths).type).not.toBe("tabular");
    // A starting point with its files under a directory it never listed is no whole walk either.
    expect(detect(`src\n${paths}`).type).not.toBe("tabular");
    expect(detect(`src\nsrc/compressors\n${paths}`).type).toBe("tabular");
  });

  it("leaves paragraphs under headings alone, though they look like ls -R sections", () => {
    const notes = "Summary:\none\ntwo\nthree\n\nDetails:\nfour\nfive\nsix\n\nNext steps:\nseven\neight\n";
    expect(detect(notes).type).not.toBe("tabular");
  });

  it("still routes JSON that holds tree glyphs as JSON", () => {
    expect(detect('[\n  "├── a",\n  "└── b"\n]\n').type).toBe("json");
  });
});
