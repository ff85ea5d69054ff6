// The outline of a search (issue #13): every file a search names stays visible with its
// match count, whatever the row format, and distinct error lines stay, repeats counted.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../src/ccr/marker.js";
import { searchCompressor } from "../../src/compressors/search.js";
import { parsePathRows, pathRowEnd } from "../../src/compressors/search/path-rows.js";
import { LineIndex } from "../../src/kernels/lines.js";
import { loadWasm } from "../../src/kernels/wasm.js";
import { detect } from "../../src/router/detect.js";
import { compressorInput } from "../support/compressor-input.js";
import { type CorpusName, openCorpus } from "../support/corpus.js";

async function caseText(corpus: CorpusName, id: string): Promise<string> {
  const c = openCorpus(corpus);
  const found = (await c.cases()).find((x) => x.id === id);
  if (found === undefined) throw new Error(`no case ${id}`);
  return c.readCase(found);
}

function compress(text: string, scale = 1): string {
  const out = searchCompressor.compress(compressorInput(text, { type: "search", scale }));
  expect(out).not.toBeNull();
  return out!.output;
}

/** The distinct paths of `path:…` rows, in order. */
function pathsOf(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) seen.add(line.slice(0, colon));
  }
  return [...seen];
}

describe("search outline: rows without line numbers", () => {
  it("routes rg's path:text rows (no -n, into a pipe) as a search", async () => {
    await loadWasm();
    const text = await caseText("own", "search-pithy-rg-export-function-no-line-numbers");
    expect(detect(text, {}).type).toBe("search");
  });

  it("keeps every file such a search names, with its match count when its rows went", async () => {
    const text = await caseText("own", "search-pithy-rg-export-function-no-line-numbers");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length / 2);
    const paths = pathsOf(text);
    expect(paths.length).toBeGreaterThan(100);
    for (const p of paths) expect(out).toContain(p);
    // A file whose rows all went is listed with its count.
    const counts = new Map<string, number>();
    for (const line of text.split("\n"))
      if (line !== "") counts.set(line.split(":")[0], (counts.get(line.split(":")[0]) ?? 0) + 1);
    const listed = out.split("\n").filter((l) => / \(\d+ match(?:es)?\)$/.test(l));
    expect(listed.length).toBeGreaterThan(50);
    for (const l of listed) {
      const [, path, n] = /^(.*) \((\d+) match(?:es)?\)$/.exec(l)!;
      expect(counts.get(path), path).toBe(Number(n));
    }
  });

  it("reads a path only where one can be: no white space or quotes, a slash or an extension", () => {
    const row = (line: string): number => pathRowEnd(line, 0, line.length);
    expect(row("src/a.ts:export function f() {")).toBe(8);
    expect(row("setup.py:    name='x',")).toBe(8);
    expect(row("./lib/x.js:  throw new TypeError('x')")).toBe(10);
    expect(row("2026-12-01T10:00:00 INFO started")).toBe(-1);
    expect(row("INFO:root:message")).toBe(-1);
    expect(row('"key": "value"')).toBe(-1);
    expect(row("https://example.com/x")).toBe(-1);
    expect(row("Error: something failed")).toBe(-1);
  });

  it("does not take a key: value listing or a log for such a search", () => {
    const yaml = ["name: pithy", "version: 1.0.0", "main: dist/index.js", "license: MIT"].join("\n");
    expect(parsePathRows(LineIndex.of(yaml))).toBeNull();
    const log = ["app.py: started", "app.py: listening", "app.py: stopped"].join("\n");
    expect(parsePathRows(LineIndex.of(log))).toBeNull();
  });

  it("never throws on random text and reads the same text the same way", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom("a", "/", ".", ":", " ", "\n", "\r", "1", '"', "é") })),
        (parts) => {
          const text = parts.join("");
          const a = parsePathRows(LineIndex.of(text));
          const b = parsePathRows(LineIndex.of(text));
          expect(a?.count ?? -1).toBe(b?.count ?? -1);
          for (let i = 0; i < text.length; i++) pathRowEnd(text, i, text.length);
        },
      ),
    );
  });
});

describe("search outline: distinct errors", () => {
  it("keeps the first of each file's distinct error lines as printed, with how many rows repeat it", async () => {
    const text = await caseText("own", "search-corpus-logs-grep-rn-error");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length / 10);
    const c = (await openCorpus("own").cases()).find((x) => x.id === "search-corpus-logs-grep-rn-error")!;
    for (const s of c.must_keep) expect(out, s).toContain(s);
    // 225 rows repeat one error in each of two files: the first stays, the dropped repeats are counted.
    const repeats = [...out.matchAll(/^\((\d+) more rows like this one, numbers aside\)$/gm)].map((m) => Number(m[1]));
    expect(repeats.length).toBe(2);
    for (const n of repeats) expect(n).toBeGreaterThan(200);
    expect(parseMarkers(out)).toHaveLength(1);
  });

  it("keeps every distinct ERROR line of a search for a name that holds Error", async () => {
    const text = await caseText("own", "search-node-modules-rg-throw-typeerror");
    const out = compress(text);
    const wanted = text.split("\n").filter((l) => /\bERROR/.test(l) && l.length < 400);
    expect(wanted.length).toBeGreaterThan(1);
    for (const l of wanted) expect(out).toContain(l);
  });

  it("does not count a name like TypeError as an error named: a search for it keeps its caps", async () => {
    const text = await caseText("own", "search-node-modules-rg-throw-typeerror");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length / 5);
  });
});

describe("timestamped lines among grep rows", () => {
  // `2026-12-02T19:56:59 …` splits at its colons like path:line:text; read as
  // a row, its date became a "file" and a second pass regrouped the output.
  const rows = Array.from(
    { length: 40 },
    (_, i) => `src/${["a", "b", "c"][i % 3]}.ts:${i + 1}:const value${i} = request(${i}); // timeout handling`,
  );
  const input = ["2026-12-02T19:56:59.19Z DEBUG worker heartbeat 7055", ...rows, "[2026-12-02 20:01:02] done"].join(
    "\n",
  );

  it("are not files of the search, and compressing the output again changes nothing", async () => {
    const { createPithy } = await import("../../src/pipeline.js");
    const pithy = await createPithy();
    const once = await pithy.compress(input, { tool: "Grep" });
    expect(once.output).toContain("2026-12-02T19:56:59.19Z DEBUG worker heartbeat 7055");
    expect(once.output).not.toMatch(/^2026-12-02T19$/m);
    const twice = await pithy.compress(once.output, { tool: "Grep" });
    expect(twice.output).toBe(once.output);
  });
});
