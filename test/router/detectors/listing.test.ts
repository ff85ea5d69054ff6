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

  it("routes path lists without a starting point (rg --files, a filtered find) as listings too", () => {
    // Read by the path-list outline (listing/path-list.ts), not as a walk: there is no root.
    const paths = Array.from({ length: 30 }, (_, i) => `src/compressors/file-${i}.ts`).join("\n");
    expect(detect(paths).type).toBe("tabular");
    expect(detect(`src\nsrc/compressors\n${paths}`).type).toBe("tabular");
  });

  it("leaves lines that are no paths alone: words without slashes, and paths in no order of directory", () => {
    expect(detect(Array.from({ length: 30 }, (_, i) => `file-${i}.txt`).join("\n")).type).not.toBe("tabular");
    const scattered = Array.from({ length: 30 }, (_, i) => `dir-${i}/file.ts`).join("\n");
    expect(detect(scattered).type).not.toBe("tabular");
  });

  it("leaves paragraphs under headings alone, though they look like ls -R sections", () => {
    const notes = "Summary:\none\ntwo\nthree\n\nDetails:\nfour\nfive\nsix\n\nNext steps:\nseven\neight\n";
    expect(detect(notes).type).not.toBe("tabular");
  });

  it("still routes JSON that holds tree glyphs as JSON", () => {
    expect(detect('[\n  "├── a",\n  "└── b"\n]\n').type).toBe("json");
  });
});
