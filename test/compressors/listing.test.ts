import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseMarkers } from "../../src/ccr/marker.js";
import { compressListing as compress, ownCase } from "../support/listing.js";

const headers = (text: string) => text.split("\n").filter((l) => l.endsWith(":") && !l.startsWith("["));

/** An `ls -laR` of `dirs` directories of `files` files each; `odd` files owned by another user. */
function lsLaR(dirs: number, files: number, odd: (d: number, f: number) => boolean = () => false): string {
  const sections: string[] = [];
  for (let d = 0; d < dirs; d++) {
    const rows = [
      `dir/d${d}:`,
      `total ${files * 4}`,
      "drwxr-xr-x  2 root root 4096 Dec  1 20:10 .",
      "drwxr-xr-x 99 root root 4096 Dec  1 20:10 ..",
    ];
    for (let f = 0; f < files; f++) {
      const owner = odd(d, f) ? "www-data www-data" : "root root";
      rows.push(`-rw-r--r--  1 ${owner} ${String(100 + f).padStart(5)} Dec  1 20:10 file-${d}-${f}.js`);
    }
    sections.push(rows.join("\n"));
  }
  return sections.join("\n\n") + "\n";
}

describe("listingCompressor", () => {
  it("keeps every directory header of an ls -laR listing", async () => {
    const { c, text } = await ownCase("tabular-ls-laR-langchain");
    const out = compress(text)!.output;
    expect(headers(out)).toEqual(headers(text));
    for (const must of c.must_keep) expect(out, must).toContain(must);
    expect(out.length).toBeLessThan(text.length * 0.25);
  });

  it("keeps every header of ls -laR /etc and the entries of other owners, cutting rc*.d's many symlinks", async () => {
    const { c, text } = await ownCase("tabular-ls-laR-etc");
    const out = compress(text)!.output;
    expect(headers(out)).toEqual(headers(text));
    for (const must of c.must_keep) expect(out, must).toContain(must);
    const links = (t: string) => t.split("\n").filter((l) => l.startsWith("lrwxrwxrwx")).length;
    expect(links(out)).toBeLessThan(links(text) / 4);
    // Where symlinks are rare (the top of /etc), they stay.
    expect(out).toContain("mtab -> ../proc/self/mounts");
  });

  it("names each section's omitted entries, their count of the section's and their lines, in their place", () => {
    const text = lsLaR(3, 20);
    const out = compress(text)!.output;
    const lines = out.split("\n");
    const at = lines.indexOf("dir/d1:");
    expect(lines[at + 1]).toBe("total 80");
    expect(lines.slice(at + 2, at + 5).every((l) => l.startsWith("-rw-r--r--"))).toBe(true);
    // Line 29 of the input is d1's 4th file (header 26, total 27, . 28, .. 29, files from 30).
    expect(lines[at + 5]).toBe("… 17 of 20 entries L33-49: file-1-3.js … file-1-19.js");
  });

  it("keeps entries owned by another user where they are, and says where the rest went", () => {
    const text = lsLaR(4, 30, (d, f) => d === 2 && f === 17);
    const out = compress(text)!.output;
    expect(out).toContain("-rw-r--r--  1 www-data www-data   117 Dec  1 20:10 file-2-17.js");
    const lines = out.split("\n");
    const odd = lines.findIndex((l) => l.includes("file-2-17.js"));
    expect(lines[odd - 1]).toMatch(/^… 14 of 30 entries L\d+-\d+: file-2-3\.js … file-2-16\.js$/);
    expect(lines[odd + 1]).toMatch(/^… 12 of 30 entries L\d+-\d+: file-2-18\.js … file-2-29\.js$/);
  });

  it("has one marker, before the first note, and returns null for its own output", () => {
    const out = compress(lsLaR(5, 10))!.output;
    expect(parseMarkers(out)).toHaveLength(1);
    expect(out.indexOf("[[pithy:")).toBeLessThan(out.indexOf("… "));
    expect(compress(out)).toBeNull();
  });

  it("past the line budget, keeps every header and one note per section with its entry count", () => {
    const text = lsLaR(400, 6);
    const out = compress(text)!.output;
    expect(headers(out)).toEqual(headers(text));
    expect(out).not.toContain("file-399-0.js Dec");
    expect(out).toContain("… 6 of 6 entries");
    expect(out).not.toContain("total 24");
    expect(parseMarkers(out)[0].summary).toContain("every . and .. row and total line");
  });

  for (const id of ["tabular-ls-R-ai-sdk", "tabular-ls-R-debian-pip"]) {
    it(`keeps every directory header of the plain ls -R ${id}`, async () => {
      const { text } = await ownCase(id);
      const out = compress(text)!.output;
      expect(headers(out)).toEqual(headers(text));
      expect(headers(text).length).toBeGreaterThan(50);
      expect(out.length).toBeLessThan(text.length * 0.8);
      expect(parseMarkers(out)[0].summary).not.toContain(". and ..");
    });
  }

  it("names the bare names of an ls -R section it cuts, first and last", () => {
    const text =
      "pkg:\na.js\nlib\n\npkg/lib:\n" + Array.from({ length: 60 }, (_, i) => `module-${i}.js`).join("\n") + "\n";
    const out = compress(text)!.output.split("\n");
    expect(out.slice(4, 8)).toEqual(["pkg/lib:", "module-0.js", "module-1.js", "module-2.js"]);
    expect(out[9]).toBe("… 57 of 60 entries L9-65: module-3.js … module-59.js");
  });

  it("reads no listing in paragraphs under headings that are not directories under the first", () => {
    const notes = "Summary:\none\ntwo\nthree\nfour\nfive\nsix\n\nDetails:\nseven\neight\nnine\nten\neleven\n";
    expect(compress(notes)).toBeNull();
  });

  it("returns null for a plain ls -la (one section) and for other text", () => {
    expect(compress("total 8\ndrwxr-xr-x 2 root root 4096 Dec  1 20:10 .\n")).toBeNull();
    expect(compress("a:\nb\n\nc:\nd\n")).toBeNull();
  });

  it("never throws and is deterministic", () => {
    const line = fc.oneof(
      fc.constantFrom(
        "",
        "d:",
        "total 4",
        "-rw-r--r--  1 root root 1 Dec  1 20:10 f",
        "lrwxrwxrwx 1 a b 1 Dec 1 2020 l -> x",
      ),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const text = lines.join("\n");
        expect(compress(text)).toEqual(compress(text));
      }),
    );
  });
});
