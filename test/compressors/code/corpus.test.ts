import { describe, expect, it } from "vitest";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { compressCode } from "../../../src/compressors/code.js";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { loadCorpus, type CorpusCase } from "../../support/corpus.js";
import { compressorInput } from "../../support/compressor-input.js";

// A realistic key: 32 random-looking hex digits cost more tokens than zeros.
const KEY = "d05cc07cefdb4a8af3beb0ea4b582b70";
const enc = new Tiktoken(o200k);
const NUMBER_RE = /^ *\d+\t/;

/** The file name the agent's read tool would report, from the corpus file name. */
function filenameOf(c: CorpusCase): string {
  return c.file
    .split("/")
    .pop()!
    .replace(/\.cat-n\.txt$/, "");
}

function compress(c: CorpusCase & { text: string }, filename: string | undefined) {
  return compressCode(compressorInput(c.text, { type: "code", hint: { filename, compressCode: true }, key: KEY }));
}

/**
 * Input lines neither shown in the output nor inside the line span a marker
 * names. The output is matched against the input in order: kept lines
 * verbatim, a header line cut at its `{` with the closing line's rest after
 * the marker or placeholder (closing lines are matched by that rest alone),
 * and marker or placeholder lines.
 */
function unaccountedLines(input: string, output: string): number[] {
  const inLines = LineIndex.of(input);
  const outLines = LineIndex.of(output);
  const numbers: number[] = [];
  const numbered = /^ *\d+\t/.test(inLines.line(0));
  for (let i = 0; i < inLines.count; i++) {
    const m = /^ *(\d+)\t/.exec(inLines.line(i));
    numbers.push(numbered && m !== null ? Number(m[1]) : i + 1);
  }
  const shown = new Uint8Array(inLines.count);
  const tails = new Set<string>();
  let j = 0;
  for (let o = 0; o < outLines.count; o++) {
    const line = outLines.line(o);
    const cut = line.search(/ (?:\[\[pithy:[0-9a-f]{32}[^\]]*\]\]|…) (?=\S)/);
    if (cut >= 0) {
      const head = line.slice(0, cut);
      while (j < inLines.count && !inLines.line(j).startsWith(head)) j++;
      if (j < inLines.count) shown[j++] = 1;
      // The closing brace's line shows after the marker or placeholder.
      tails.add(line.slice(line.indexOf(" ", cut + 2) + 1).replace(/^.*?\]\] /, ""));
      continue;
    }
    const k = inLines.line(j) === line ? j : findFrom(inLines, line, j);
    if (k >= 0) {
      shown[k] = 1;
      j = k + 1;
    }
  }
  const spans = parseMarkers(output)
    .map((m) => /lines (\d+)-(\d+)/.exec(m.summary))
    .filter((m) => m !== null)
    .map((m) => [Number(m![1]), Number(m![2])] as const);
  const missing: number[] = [];
  for (let i = 0; i < inLines.count; i++) {
    if (shown[i] === 1 || tails.has(inLines.line(i).replace(NUMBER_RE, "").trim())) continue;
    const n = numbers[i];
    if (!spans.some(([a, b]) => n >= a && n <= b)) missing.push(n);
  }
  return missing;
}

function findFrom(lines: LineIndex, line: string, from: number): number {
  for (let k = from; k < lines.count; k++) if (lines.line(k) === line) return k;
  return -1;
}

describe("code compressor on the corpus", async () => {
  const cases = (await loadCorpus()).filter((c) => c.class === "code");

  it("has the five code cases", () => {
    expect(cases.map((c) => c.id).sort()).toEqual([
      "code-cobra-command-go-cat-n",
      "code-requests-sessions-py-cat-n",
      "code-retrofit-Retrofit-java",
      "code-serde_json-value-mod-rs",
      "code-undici-types-dispatcher-ts",
    ]);
  });

  for (const c of cases) {
    it(`keeps every must_keep string of ${c.id}`, () => {
      const output = compress(c, filenameOf(c))?.output ?? c.text;
      for (const s of c.must_keep) expect(output, s).toContain(s);
    });

    it(`keeps every must_keep string of ${c.id} when the language is sniffed`, () => {
      const output = compress(c, undefined)?.output ?? c.text;
      for (const s of c.must_keep) expect(output, s).toContain(s);
    });

    it(`accounts for every line of ${c.id}: shown, or inside a marker's span`, () => {
      const result = compress(c, filenameOf(c));
      if (result === null) return;
      expect(unaccountedLines(c.text, result.output)).toEqual([]);
    });
  }

  it("saves at least 60% of the tokens over the code class, and more than half on each case with bodies", () => {
    let before = 0;
    let after = 0;
    for (const c of cases) {
      const output = compress(c, filenameOf(c))?.output ?? c.text;
      const a = enc.encode(c.text).length;
      const b = enc.encode(output).length;
      before += a;
      after += b;
      if (!c.id.endsWith("-ts")) expect(1 - b / a, c.id).toBeGreaterThan(0.5);
    }
    expect(1 - after / before).toBeGreaterThanOrEqual(0.6);
  });

  it("leaves the TypeScript declaration file, which has no bodies, as it is", () => {
    const dts = cases.find((c) => c.id === "code-undici-types-dispatcher-ts")!;
    expect(compress(dts, filenameOf(dts))).toBeNull();
  });
});
