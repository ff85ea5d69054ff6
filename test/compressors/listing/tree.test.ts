import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { parseTree } from "../../../src/compressors/listing/tree.js";
import { treeEntryOf } from "../../../src/compressors/listing/shapes.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { compressListing as compress, ownCase } from "../../support/listing.js";

/** The lines of the directories of a tree listing, as parseTree reads them. */
function directoryLines(text: string): string[] {
  const lines = LineIndex.of(text);
  return (parseTree(lines) ?? []).filter((e) => e.isDir).map((e) => lines.line(e.line));
}

/** A tree of `dirs` directories of `files` files each, drawn as `tree --charset=ascii` does. */
function asciiTree(dirs: number, files: number): string {
  const out = ["project"];
  for (let d = 0; d < dirs; d++) {
    const isLastDir = d === dirs - 1;
    out.push(`${isLastDir ? "`-- " : "|-- "}dir-${d}`);
    for (let f = 0; f < files; f++) {
      out.push(`${isLastDir ? "    " : "|   "}${f === files - 1 ? "`-- " : "|-- "}file-${d}-${f}.ts`);
    }
  }
  out.push("", `${dirs} directories, ${dirs * files} files`);
  return `${out.join("\n")}\n`;
}

describe("tree listings", () => {
  for (const id of ["tabular-tree-hono", "tabular-tree-zod", "tabular-tree-F-opentelemetry-api"]) {
    it(`keeps every directory line and the count line of ${id}`, async () => {
      const { text } = await ownCase(id);
      const out = compress(text)!.output;
      const dirs = directoryLines(text);
      expect(dirs.length).toBeGreaterThan(15);
      for (const dir of dirs) expect(out).toContain(`${dir}\n`);
      const last = text.trimEnd().split("\n").at(-1)!;
      expect(last).toMatch(/directories, \d+ files$/);
      expect(out.trimEnd().endsWith(last)).toBe(true);
      expect(out.length).toBeLessThan(text.length);
    });
  }

  it("reads tree 2's no-break-space indent and the ASCII drawing alike", () => {
    expect(treeEntryOf("│\u00a0\u00a0 │\u00a0\u00a0 └── runtime.js")).toEqual({
      depth: 2,
      name: "runtime.js",
      nameAt: 12,
    });
    expect(treeEntryOf("|   `-- file.ts")).toEqual({ depth: 1, name: "file.ts", nameAt: 8 });
    expect(treeEntryOf("    ├── [6.0M]  src")).toEqual({ depth: 1, name: "[6.0M]  src", nameAt: 8 });
    expect(treeEntryOf("node_modules/hono")).toBeNull();
    expect(treeEntryOf("├── ")).toBeNull();
  });

  it("draws each note as an entry of its directory, naming count, lines and every file", () => {
    const out = compress(asciiTree(3, 40))!.output.split("\n");
    const at = out.indexOf("|-- dir-1");
    expect(out.slice(at + 1, at + 4)).toEqual(["|   |-- file-1-0.ts", "|   |-- file-1-1.ts", "|   |-- file-1-2.ts"]);
    // dir-1 is line 43 of the input; its 4th file is line 47.
    const names = Array.from({ length: 37 }, (_, f) => `file-1-${f + 3}.ts`).join(", ");
    expect(out[at + 4]).toBe(`|   \`-- … 37 of 40 entries L47-83: ${names}`);
    expect(out.at(-2)).toBe("3 directories, 120 files");
  });

  for (const id of ["tabular-tree-hono", "tabular-tree-zod", "tabular-tree-F-opentelemetry-api"]) {
    it(`keeps every file name of ${id} visible, in its line or in its run's note`, async () => {
      const { text } = await ownCase(id);
      const out = compress(text)!.output;
      const lines = LineIndex.of(text);
      const visible = new Set<string>();
      for (const line of out.split("\n")) {
        const entry = treeEntryOf(line);
        if (entry === null) continue;
        const note = /^… \d+ of \d+ entr(?:y|ies) L[\d-]+: (.*)$/.exec(entry.name);
        for (const name of note === null ? [entry.name] : note[1].split(", ")) visible.add(name);
      }
      for (const e of parseTree(lines)!) {
        const name = treeEntryOf(lines.line(e.line))!.name;
        expect(visible.has(name) || visible.has(name.replace(/^\[[^\]]*\] {2}/, ""))).toBe(true);
      }
    });
  }

  it("keeps tree -h's sizes in the lines it keeps and names bare files in its notes", async () => {
    const { text } = await ownCase("tabular-tree-zod");
    const out = compress(text)!.output;
    expect(out).toContain("[6.0M]  node_modules/zod");
    const note = out.split("\n").find((l) => l.includes("… "))!;
    expect(note).toMatch(/… \d+ of \d+ entries L\d+-\d+: [^[]+$/);
  });

  it("has one marker, before the first note, and returns null for its own output", () => {
    const out = compress(asciiTree(4, 30))!.output;
    expect(parseMarkers(out)).toHaveLength(1);
    expect(out.indexOf("[[pithy:")).toBeLessThan(out.indexOf("… "));
    expect(compress(out)).toBeNull();
  });

  it("keeps symlinks and unreadable directories where they are", () => {
    const text = asciiTree(2, 40).replace("file-0-7.ts", "latest -> file-0-6.ts");
    const out = compress(text)!.output;
    expect(out).toContain("|   |-- latest -> file-0-6.ts");
  });

  it("past the line budget, keeps every directory and leaves one note per directory", () => {
    const text = asciiTree(500, 6);
    const out = compress(text)!.output;
    for (let d = 0; d < 500; d++) expect(out).toContain(`-- dir-${d}\n`);
    expect(out).not.toContain("file-7-0.ts\n");
    expect(out).toContain("… 6 of 6 entries");
  });

  it("cuts nothing from tree -d, whose leaves are directories too", () => {
    const dirsOnly = asciiTree(3, 10)
      .replace(/file-(\d+)-(\d+)\.ts/g, "sub-$1-$2")
      .replace("3 directories, 30 files", "33 directories");
    expect(compress(dirsOnly)).toBeNull();
  });

  it("returns null for a tree with nothing to cut and for drawings broken by other lines", () => {
    expect(compress(asciiTree(3, 2))).toBeNull();
    expect(compress(asciiTree(3, 10).replace("|   |-- file-1-4.ts", "not a tree line"))).toBeNull();
  });

  it("never throws and is deterministic", () => {
    const line = fc.oneof(
      fc.constantFrom(
        "",
        "root",
        "├── a",
        "│\u00a0\u00a0 ├── b",
        "│\u00a0\u00a0 └── c",
        "└── d",
        "    └── e",
        "1 directory, 3 files",
      ),
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
