import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseMarkers } from "../../src/ccr/marker.js";
import { stanzasCompressor } from "../../src/compressors/stanzas.js";
import { openCorpus } from "../support/corpus.js";
import { compressorInput } from "../support/compressor-input.js";

const own = openCorpus("own");

async function ownCase(id: string) {
  const c = (await own.cases()).find((x) => x.id === id)!;
  return { c, text: await own.readCase(c) };
}

function compress(text: string, scale = 1) {
  return stanzasCompressor.compress(compressorInput(text, { type: "tabular", scale }));
}

/** Every line that opens a record with `field` (`Package: x`), in order. */
function fieldLines(text: string, field: string): string[] {
  return text.split(/\r?\n/).filter((l) => l.startsWith(`${field}: `));
}

describe("stanzasCompressor", () => {
  it("keeps every record's Package and Version line of an apt-cache show list", async () => {
    const { c, text } = await ownCase("tabular-apt-cache-show-lib-a-m");
    const out = compress(text)!.output;
    expect(fieldLines(out, "Package")).toEqual(fieldLines(text, "Package"));
    expect(fieldLines(out, "Version")).toEqual(fieldLines(text, "Version"));
    for (const must of c.must_keep) expect(out, must).toContain(must);
    expect(out.length).toBeLessThan(text.length * 0.3);
  });

  it("keeps every package of dpkg -s output, with its version", async () => {
    const { c, text } = await ownCase("tabular-dpkg-s-toolchain");
    const out = compress(text)!.output;
    expect(fieldLines(out, "Package")).toEqual(fieldLines(text, "Package"));
    expect(fieldLines(out, "Version")).toEqual(fieldLines(text, "Version"));
    for (const must of c.must_keep) expect(out, must).toContain(must);
  });

  it("keeps every HTTP status line and Location of curl -I header blocks, with CRLF", async () => {
    const { text } = await ownCase("tabular-curl-I-header-blocks");
    const out = compress(text)!.output;
    const statuses = (t: string) => t.split("\r\n").filter((l) => l.startsWith("HTTP/"));
    expect(statuses(out)).toEqual(statuses(text));
    expect(fieldLines(out, "Location")).toEqual(fieldLines(text, "Location"));
    expect(out).toContain("HTTP/1.0 404 File not found\r\n");
    expect(out).toContain("Content-Type: text/html;charset=utf-8");
  });

  it("keeps every Last-Modified of curl -I header blocks: the version of the resource served", async () => {
    const { text } = await ownCase("tabular-curl-I-header-blocks");
    const out = compress(text)!.output;
    expect(fieldLines(out, "Last-Modified")).toEqual(fieldLines(text, "Last-Modified"));
  });

  it("keeps every ETag and Content-Location of header blocks, and hides the per-request Date", () => {
    const blocks: string[] = [];
    for (let k = 0; k < 40; k++)
      blocks.push(
        [
          "HTTP/1.1 200 OK",
          "Server: nginx/1.22.1",
          `Date: Wed, 02 Dec 2026 05:0${k % 10}:00 GMT`,
          "Content-Type: application/javascript",
          `Content-Length: ${1000 + k * 37}`,
          `Last-Modified: Mon, ${String(1 + (k % 28)).padStart(2, "0")} Nov 2026 10:00:00 GMT`,
          `ETag: "6543a1b2-${(4096 + k).toString(16)}"`,
          `Content-Location: /assets/chunk-${k}.js`,
          "Accept-Ranges: bytes",
          "",
        ].join("\r\n"),
      );
    const text = blocks.join("\r\n");
    const out = compress(text)!.output;
    for (const field of ["ETag", "Content-Location", "Last-Modified"])
      expect(fieldLines(out, field)).toEqual(fieldLines(text, field));
    expect(fieldLines(out, "Date").length).toBeLessThan(40);
  });

  it("spends what the outline leaves on whole short fields: apt history keeps every Commandline and End-Date", async () => {
    const c = (await own.cases()).find((x) => x.id === "log-apt-history")!;
    const text = await own.readCase(c);
    const result = compress(text);
    const out = result?.output ?? text;
    for (const must of c.must_keep) expect(out, must).toContain(must);
    expect(fieldLines(out, "Commandline")).toEqual(fieldLines(text, "Commandline"));
  });

  it("puts one marker where fields first go missing, naming the fields it hides", async () => {
    const { text } = await ownCase("tabular-dpkg-s-toolchain");
    const out = compress(text)!.output;
    const markers = parseMarkers(out);
    expect(markers).toHaveLength(1);
    expect(markers[0].summary).toMatch(/^other fields of records cut to their names \(.*Depends.*\)$/);
    // The first record stays whole: the marker comes after it.
    expect(out.indexOf("[[pithy:")).toBeGreaterThan(out.indexOf("Homepage: http://gcc.gnu.org/"));
  });

  it("keeps a record whose Status stands out among the same ones", () => {
    const records = Array.from(
      { length: 40 },
      (_, i) =>
        `Package: pkg-${i}\nStatus: ${i === 27 ? "deinstall ok config-files" : "install ok installed"}\nPriority: optional\nDescription: package number ${i}\n long text ${i}\n`,
    );
    const out = compress(records.join("\n"))!.output;
    expect(out).toContain("Package: pkg-27\nStatus: deinstall ok config-files");
    expect(out).not.toContain("Description: package number 12");
  });

  it("groups records past the line budget under a marker naming the first and last", () => {
    const records = Array.from(
      { length: 3000 },
      (_, i) => `Package: p${i}\nVersion: 1.${i}\nSize: 10\nDepends: libc6\n`,
    );
    const out = compress(records.join("\n"), 0.5)!.output;
    const group = parseMarkers(out).find((m) => m.summary.includes("records omitted"));
    expect(group?.summary).toMatch(/^\d+ records omitted, from Package: p\d+ to Package: p\d+$/);
    expect(out).toContain("Package: p0\n");
    expect(out).toContain("Package: p2999\n");
  });

  it("returns null for text that is not a stanza list, and for its own output", async () => {
    expect(compress("just some\nplain text\n\nhere\n")).toBeNull();
    const { text } = await ownCase("tabular-dpkg-s-toolchain");
    expect(compress(compress(text)!.output)).toBeNull();
  });

  it("never throws and is deterministic on arbitrary text", () => {
    const line = fc.oneof(
      fc.constantFrom("", "Package: a", "Version: 1", " continued", "HTTP/1.1 200 OK", "From x", "Name:"),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const text = lines.join("\n");
        const a = compress(text);
        expect(compress(text)).toEqual(a);
      }),
    );
  });
});
