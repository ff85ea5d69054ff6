import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { parseFind } from "../../../src/compressors/listing/find.js";
import { findRowOf } from "../../../src/compressors/listing/shapes.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { compressListing as compress, ownCase } from "../../support/listing.js";

/** A bare `find root` walk of `dirs` directories of `files` files each. */
function walk(dirs: number, files: number): string {
  const out = ["root"];
  for (let d = 0; d < dirs; d++) {
    out.push(`root/dir-${d}`);
    for (let f = 0; f < files; f++) out.push(`root/dir-${d}/file-${f}.js`);
  }
  return `${out.join("\n")}\n`;
}

describe("find walks", () => {
  for (const id of ["tabular-find-ajv", "tabular-find-ls-vitest"]) {
    it(`keeps the row of every directory of ${id}`, async () => {
      const { text } = await ownCase(id);
      const lines = LineIndex.of(text);
      const dirs = parseFind(lines)!.filter((e) => e.isDir);
      expect(dirs.length).toBeGreaterThan(20);
      const out = compress(text)!.output;
      for (const dir of dirs) expect(out).toContain(`${lines.line(dir.line)}\n`);
      expect(out.length).toBeLessThan(text.length * 0.8);
    });
  }

  it("keeps find -ls's largest files and names every path of each run whole", async () => {
    const { text } = await ownCase("tabular-find-ls-vitest");
    const out = compress(text)!.output;
    expect(out).toContain(
      "777636 Dec  2 04:59 node_modules/@vitest/browser/dist/client/__vitest__/assets/index-DaKof6xz.js",
    );
    expect(out).toContain("273417 Dec  2 04:59 node_modules/@vitest/browser/dist/index.js");
    for (const note of out.split("\n").filter((l) => l.startsWith("… "))) {
      expect(note).toMatch(
        /^… \d+ of \d+ entries L\d+-\d+: node_modules\/@vitest\/\S+(, node_modules\/@vitest\/\S+)*$/,
      );
    }
  });

  it("reads the path after find -ls's columns, a device's major and minor included", () => {
    const row = findRowOf("   131      0 crw-rw-rw-   1 root     root       1,   3 Dec  1 20:10 /dev/null");
    expect(row.path).toBe("/dev/null");
    expect(row.columns?.[2]).toBe("crw-rw-rw-");
    expect(findRowOf("./src/a b.ts")).toEqual({ path: "./src/a b.ts", columns: null });
  });

  it("names each run's count of its directory's entries, its lines, its directory and every file", () => {
    const out = compress(walk(3, 40))!.output.split("\n");
    const at = out.indexOf("root/dir-1");
    expect(out.slice(at + 1, at + 4)).toEqual(["root/dir-1/file-0.js", "root/dir-1/file-1.js", "root/dir-1/file-2.js"]);
    // root/dir-1 is line 43; its 4th file is line 47.
    const names = Array.from({ length: 37 }, (_, f) => `file-${f + 3}.js`).join(", ");
    expect(out[at + 4]).toBe(`… 37 of 40 entries L47-83 in root/dir-1/: ${names}`);
  });

  for (const id of ["tabular-find-ajv", "tabular-find-ls-vitest"]) {
    it(`keeps every path of ${id} visible, as its row or as its run's directory and name`, async () => {
      const { text } = await ownCase(id);
      const out = compress(text)!.output;
      const visible = new Set<string>();
      for (const line of out.split("\n")) {
        const note = /^… \d+ of \d+ entr(?:y|ies) L[\d-]+(?: in (\S+))?: (.*)$/.exec(line);
        if (note === null) visible.add(findRowOf(line).path);
        else for (const name of note[2].split(", ")) visible.add((note[1] ?? "") + name);
      }
      for (const e of parseFind(LineIndex.of(text))!) expect(visible.has(e.path)).toBe(true);
    });
  }

  it("has one marker, before the first note, and returns null for its own output", () => {
    const out = compress(walk(4, 30))!.output;
    expect(parseMarkers(out)).toHaveLength(1);
    expect(out.indexOf("[[pithy:")).toBeLessThan(out.indexOf("… "));
    expect(compress(out)).toBeNull();
  });

  it("leaves a filtered find (no starting point first), a path list and rows out of order alone", () => {
    const filtered = walk(3, 10)
      .split("\n")
      .filter((l) => l.endsWith(".js"))
      .join("\n");
    expect(compress(filtered)).toBeNull();
    expect(compress("src/a.ts\nsrc/b.ts\nsrc/c/d.ts\nsrc/c/e.ts\nsrc/f.ts\nsrc/g.ts\nsrc/h.ts\nsrc/i.ts\n")).toBeNull();
    // `find -depth` lists a directory after its files: their directory is not known yet.
    const depthFirst = walk(2, 9)
      .replace("root/dir-1\n", "")
      .replace("root/dir-1/file-8.js\n", "root/dir-1/file-8.js\nroot/dir-1\n");
    expect(compress(depthFirst)).toBeNull();
  });

  it("never throws and is deterministic", () => {
    const line = fc.oneof(
      fc.constantFrom("", "r", "r/a", "r/a/b", "r/c", "x/y", "r/a/b/c"),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const text = lines.join("\n");
        expect(compress(text)).toEqual(compress(text));
      }),
    );
  });
});
