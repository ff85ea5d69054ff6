import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import { LineIndex, stripLineNumbers, stripLineNumbersTwin, stripLineNumbersWasm } from "../../src/kernels/lines.js";
import { loadWasm, type WasmHost } from "../../src/kernels/wasm.js";
import { loadCorpus } from "../support/corpus.js";

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

/** Every line, start and end of an index, for comparing two of them. */
function describeIndex(index: LineIndex): unknown[] {
  const out: unknown[] = [index.count];
  for (let i = 0; i < index.count; i++) out.push(index.start(i), index.end(i), index.line(i));
  out.push(index.slice(0, index.count));
  return out;
}

/** Both paths agree; returns the result. */
function strip(text: string): string | null {
  const twin = stripLineNumbersTwin(text);
  expect(stripLineNumbersWasm(host, text)).toBe(twin);
  return twin;
}

const linePieces = ["\n", "\r\n", "\r", "a", "bc", " ", "\t", "\0", "😀", "\ud800", "\udc00", "→", "12", "3\t"];
const lineText = fc.array(fc.constantFrom(...linePieces), { maxLength: 100 }).map((a) => a.join(""));
const anyText = fc.string({ unit: "binary", maxLength: 200 });
const numberedText = fc
  .tuple(
    fc.integer({ min: 1, max: 100000 }),
    fc.array(fc.tuple(fc.string({ unit: "binary", maxLength: 20 }), fc.constantFrom("\t", "→"), fc.boolean())),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([first, rows, eol]) =>
    rows
      .map(
        ([body, sep, pad], i) =>
          `${pad ? String(first + i).padStart(6) : first + i}${sep}${body.replace(/[\r\n]/g, "")}`,
      )
      .join(eol),
  );

describe("LineIndex", () => {
  it("counts lines without opening an empty last one", () => {
    expect(LineIndex.of("").count).toBe(0);
    expect(LineIndex.of("\n").count).toBe(1);
    expect(LineIndex.of("a\nb\n").count).toBe(2);
    expect(LineIndex.of("a\nb").count).toBe(2);
  });

  it("gives each line without its ending, also the last one of a newline-terminated text", () => {
    const index = LineIndex.of("one\r\ntwo\nthree\n");
    expect([index.line(0), index.line(1), index.line(2)]).toEqual(["one", "two", "three"]);
    expect(index.end(2)).toBe(14);
  });

  it("slices lines with their endings", () => {
    const index = LineIndex.of("a\r\nb\nc");
    expect(index.slice(0, 2)).toBe("a\r\nb\n");
    expect(index.slice(1, 3)).toBe("b\nc");
    expect(index.slice(2, 2)).toBe("");
  });

  it("WASM and twin build identical indexes on random text", () => {
    fc.assert(
      fc.property(lineText, (s) => {
        expect(describeIndex(LineIndex.ofWasm(host, s))).toEqual(describeIndex(LineIndex.ofTwin(s)));
      }),
      { numRuns: 300 },
    );
  });

  it("WASM builds the twin's index whatever windows the text crosses in", () => {
    fc.assert(
      fc.property(lineText, fc.integer({ min: 1, max: 24 }), (s, window) => {
        expect(describeIndex(LineIndex.ofWasm(host, s, window))).toEqual(describeIndex(LineIndex.ofTwin(s)));
      }),
      { numRuns: 500 },
    );
    const longLines = `${"x".repeat(100)}\n\n${"y".repeat(70)}`;
    for (const window of [1, 7, 64, 99, 100, 101, 102, 500])
      expect(describeIndex(LineIndex.ofWasm(host, longLines, window))).toEqual(
        describeIndex(LineIndex.ofTwin(longLines)),
      );
  });

  it("WASM and twin build identical indexes on arbitrary UTF-16", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(describeIndex(LineIndex.ofWasm(host, s))).toEqual(describeIndex(LineIndex.ofTwin(s)));
      }),
      { numRuns: 200 },
    );
  });

  it("WASM and twin build identical indexes on a 1 MB string and on every corpus case", async () => {
    const big = fc
      .sample(lineText, { seed: 3, numRuns: 30000 })
      .join("")
      .slice(0, 1 << 20);
    expect(describeIndex(LineIndex.ofWasm(host, big))).toEqual(describeIndex(LineIndex.ofTwin(big)));
    for (const c of await loadCorpus()) {
      expect(describeIndex(LineIndex.ofWasm(host, c.text)), c.id).toEqual(describeIndex(LineIndex.ofTwin(c.text)));
    }
  });
});

describe("stripLineNumbers", () => {
  it("strips cat -n prefixes and keeps line endings", () => {
    expect(strip("     1\tconst a = 1;\r\n     2\tconst b = 2;\r\n")).toBe("const a = 1;\r\nconst b = 2;\r\n");
  });

  it("strips bare N<TAB> prefixes", () => {
    expect(strip("9\tnine\n10\tten")).toBe("nine\nten");
  });

  it("strips the N→ prefixes of agents' Read tools", () => {
    expect(strip("   120→  return x;\n   121→}\n")).toBe("  return x;\n}\n");
  });

  it("keeps blank lines as they are", () => {
    expect(strip("1\ta\n\n  \n2\tb\n")).toBe("a\n\n  \nb\n");
  });

  it("returns null when a non-blank line has no number", () => {
    expect(strip("1\ta\nb\n2\tc")).toBeNull();
  });

  it("returns null when the numbers do not increase", () => {
    expect(strip("2\ta\n1\tb")).toBeNull();
  });

  it("returns null for text with no numbers, or numbers with other separators", () => {
    expect(strip("plain\ntext")).toBeNull();
    expect(strip("12: key\n13: other")).toBeNull();
    expect(strip("")).toBeNull();
    expect(strip("\n\n")).toBeNull();
  });

  it("returns null for numbers of ten digits or more", () => {
    expect(strip("1234567890\tx")).toBeNull();
  });

  it("gives back the bodies of any numbered text", () => {
    fc.assert(
      fc.property(numberedText, (s) => {
        const out = strip(s);
        if (s === "") return out === null;
        return out !== null && out.split(/\r?\n/).length === s.split(/\r?\n/).length;
      }),
      { numRuns: 300 },
    );
  });

  it("WASM and twin agree on random and arbitrary text", () => {
    fc.assert(
      fc.property(fc.oneof(lineText, anyText, numberedText), (s) => {
        expect(stripLineNumbersWasm(host, s)).toBe(stripLineNumbersTwin(s));
      }),
      { numRuns: 500 },
    );
  });

  it("WASM and twin agree on a 1 MB numbered text and on every corpus case", async () => {
    const big = Array.from({ length: 40000 }, (_, i) => `${String(i + 1).padStart(6)}\tline ${i} 😀`).join("\n");
    expect(stripLineNumbersWasm(host, big)).toBe(stripLineNumbersTwin(big));
    for (const c of await loadCorpus())
      expect(stripLineNumbersWasm(host, c.text), c.id).toBe(stripLineNumbersTwin(c.text));
  });
});

describe("line kernels on bad input", () => {
  it("handle NUL and invalid UTF-16", () => {
    expect(strip("1\t\0\n2\t\ud800")).toBe("\0\n\ud800");
    expect(LineIndex.of("\udc00\n\0").line(1)).toBe("\0");
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")(
    "index and strip a 100 MB string without crashing",
    () => {
      const s = "     1\tx".padEnd(1000, "y").concat("\n").repeat(50_000);
      expect(LineIndex.of(s).count).toBe(50_000);
      expect(stripLineNumbers(s)).toBeNull();
    },
    60_000,
  );
});
