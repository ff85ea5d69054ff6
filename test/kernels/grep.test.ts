import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import {
  GREP_ROWS_WASM_MAX,
  isGroupSeparator,
  parseGrepRow,
  parseGrepRows,
  parseGrepRowsTwin,
  parseGrepRowsWasm,
  type GrepRows,
} from "../../src/kernels/grep.js";
import { loadWasm, type WasmHost } from "../../src/kernels/wasm.js";
import { loadCorpus } from "../support/corpus.js";

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

function rowsOf(rows: GrepRows): unknown[] {
  return Array.from({ length: rows.count }, (_, i) => [rows.lineIndex(i), rows.row(i)]);
}

/** Both bulk paths agree; returns the rows. */
function parseAll(text: string): unknown[] {
  const twin = rowsOf(parseGrepRowsTwin(text));
  expect(rowsOf(parseGrepRowsWasm(host, text))).toEqual(twin);
  return twin;
}

const pieces = [
  "src/a.go",
  "./x",
  "C:\\w\\b.rs",
  "a-1-b",
  "pre-commit-config.yaml",
  ":",
  "-",
  "--",
  ":12:",
  "-12-",
  ":3:",
  "-0-",
  ":07:",
  "42",
  " ",
  "\t",
  "text",
  "\n",
  "\r\n",
  "\n\n",
  "😀",
  "\ud800",
  "\0",
  "1",
  "x86-64-linux/",
];
const grepText = fc.array(fc.constantFrom(...pieces), { maxLength: 120 }).map((a) => a.join(""));
const anyText = fc.string({ unit: "binary", maxLength: 200 });

describe("parseGrepRow", () => {
  it("reads path:line:content match rows", () => {
    expect(parseGrepRow("lib/core/request.js:117:      throw new Error()")).toEqual({
      path: "lib/core/request.js",
      line: 117,
      kind: "match",
      text: "      throw new Error()",
    });
  });

  it("reads path-line-content context rows", () => {
    expect(parseGrepRow("src/requests/utils.py-100-        try:")).toEqual({
      path: "src/requests/utils.py",
      line: 100,
      kind: "context",
      text: "        try:",
    });
  });

  it("reads a column after the line number", () => {
    expect(parseGrepRow("src/a.rs:12:5:fn x()")).toEqual({
      path: "src/a.rs",
      line: 12,
      column: 5,
      kind: "match",
      text: "fn x()",
    });
  });

  it("keeps Windows drive letters in the path", () => {
    expect(parseGrepRow("C:\\src\\a.go:42:hit")).toMatchObject({ path: "C:\\src\\a.go", line: 42, text: "hit" });
  });

  it("keeps dashes in file names of context rows", () => {
    expect(parseGrepRow("pre-commit-config.yaml-12-x")).toMatchObject({
      path: "pre-commit-config.yaml",
      line: 12,
      kind: "context",
      text: "x",
    });
  });

  it("keeps the ./ prefix of grep -rn", () => {
    expect(parseGrepRow("./command.go:55:func (c *Command) Run()")?.path).toBe("./command.go");
  });

  it("prefers a later match separator over a dash-number in a file name", () => {
    expect(parseGrepRow("a-1-b:2:c")).toMatchObject({ path: "a-1-b", line: 2, kind: "match", text: "c" });
    expect(parseGrepRow("build/x86-64-linux/a.c:3:y")?.path).toBe("build/x86-64-linux/a.c");
  });

  it("keeps a context row whose text holds colon-numbers after a space", () => {
    expect(parseGrepRow("a.py-12-  x = d[1:2:3]")).toMatchObject({
      path: "a.py",
      line: 12,
      kind: "context",
      text: "  x = d[1:2:3]",
    });
  });

  it("does not read numbers with a leading zero as line numbers", () => {
    expect(parseGrepRow("logs/2024-01-05.log:3:x")?.path).toBe("logs/2024-01-05.log");
  });

  it("reads path-less rows of --heading output with an empty path", () => {
    expect(parseGrepRow("204:\t!binding.updated")).toEqual({
      path: "",
      line: 204,
      kind: "match",
      text: "\t!binding.updated",
    });
    expect(parseGrepRow("203-\tctx")).toMatchObject({ path: "", line: 203, kind: "context" });
  });

  it("reads grep -Z rows, whose path ends at a NUL before the line number", () => {
    expect(parseGrepRow("./netdb.h\u0000611:  deprecated")).toEqual({
      path: "./netdb.h",
      line: 611,
      kind: "match",
      text: "  deprecated",
    });
    expect(parseGrepRow("a-1-b.h\u000012-ctx")).toMatchObject({
      path: "a-1-b.h",
      line: 12,
      kind: "context",
      text: "ctx",
    });
  });

  it("drops a trailing CR from the text", () => {
    expect(parseGrepRow("a.go:1:x\r")?.text).toBe("x");
  });

  it("returns null for separators, blank lines and other text", () => {
    expect(parseGrepRow("--")).toBeNull();
    expect(parseGrepRow("")).toBeNull();
    expect(parseGrepRow("Binary file a.bin matches")).toBeNull();
    expect(parseGrepRow("src/a.go")).toBeNull();
  });
});

describe("isGroupSeparator", () => {
  it("is true only for a -- line", () => {
    expect(isGroupSeparator("--")).toBe(true);
    expect(isGroupSeparator("--\r")).toBe(true);
    expect(isGroupSeparator("---")).toBe(false);
    expect(isGroupSeparator("a--")).toBe(false);
  });
});

describe("parseGrepRows", () => {
  it("gives each row its line index and skips separators", () => {
    const rows = parseAll("a.go-1-x\na.go:2:y\n--\nb.go:9:z\n");
    expect(rows).toEqual([
      [0, { path: "a.go", line: 1, kind: "context", text: "x" }],
      [1, { path: "a.go", line: 2, kind: "match", text: "y" }],
      [3, { path: "b.go", line: 9, kind: "match", text: "z" }],
    ]);
  });

  it("keeps the previous row's path when the line starts with it", () => {
    const rows = parseAll("build/x86-64-linux/a.c:3:y\nbuild/x86-64-linux/a.c-4-z\n") as Array<
      [number, { path: string }]
    >;
    expect(rows.map(([, r]) => r.path)).toEqual(["build/x86-64-linux/a.c", "build/x86-64-linux/a.c"]);
  });

  it("keeps the previous row's path across grep -Z rows", () => {
    const rows = parseAll("x86-64/a.c\u00003-ctx\nx86-64/a.c\u00004:hit\n--\nb.c\u00009:z\n") as Array<
      [number, { path: string; line: number; kind: string }]
    >;
    expect(rows.map(([i, r]) => [i, r.path, r.line, r.kind])).toEqual([
      [0, "x86-64/a.c", 3, "context"],
      [1, "x86-64/a.c", 4, "match"],
      [3, "b.c", 9, "match"],
    ]);
  });

  it("gives --heading rows the path of their heading line", () => {
    const rows = parseAll("src/a-1-b.js\n3-ctx\n4:hit\n\nsrc/c.js\n9:hit\n") as Array<
      [number, { path: string; line: number }]
    >;
    expect(rows.map(([i, r]) => [i, r.path, r.line])).toEqual([
      [1, "src/a-1-b.js", 3],
      [2, "src/a-1-b.js", 4],
      [5, "src/c.js", 9],
    ]);
  });

  it("names every file of the corpus search cases", async () => {
    for (const c of (await loadCorpus()).filter((c) => c.class === "search" && !c.file.endsWith(".jsonl"))) {
      const rows = parseGrepRows(c.text);
      const paths = new Set(Array.from({ length: rows.count }, (_, i) => rows.path(i)));
      expect([...paths].sort(), c.id).toEqual([...c.must_keep].sort());
    }
  });

  it("finds no rows in rg --json output", async () => {
    const c = (await loadCorpus()).find((c) => c.file.endsWith(".jsonl"))!;
    expect(parseGrepRows(c.text).count).toBe(0);
  });

  it("agrees with parseGrepRow on every line without neighbours", () => {
    fc.assert(
      fc.property(grepText, (line) => {
        const one = line.replace(/[\r\n]/g, "");
        const rows = parseGrepRowsTwin(one);
        const row = parseGrepRow(one);
        return (
          rows.count === (row === null || isGroupSeparator(one) ? 0 : 1) &&
          (row === null || JSON.stringify(rows.row(0)) === JSON.stringify(row))
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseGrepRows WASM and twin", () => {
  it("agree on grep-like random text", () => {
    fc.assert(
      fc.property(grepText, (s) => {
        parseAll(s);
      }),
      { numRuns: 500 },
    );
  });

  it("agree on arbitrary UTF-16 including lone surrogates", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        parseAll(s);
      }),
      { numRuns: 300 },
    );
  });

  it("agree on a 1 MB string and on every corpus case", async () => {
    parseAll(
      fc
        .sample(grepText, { seed: 5, numRuns: 20000 })
        .join("\n")
        .slice(0, 1 << 20),
    );
    for (const c of await loadCorpus()) parseAll(c.text);
  });

  it("leave the arena alone past GREP_ROWS_WASM_MAX, with the same rows", () => {
    const row = "src/a.ts:12:const x = 1;\nsrc/a.ts-13-const y = 2;\n--\n";
    // Four times the limit: more than any earlier test can have grown the arena to.
    const text = row.repeat(Math.ceil((4 * GREP_ROWS_WASM_MAX) / row.length));
    const arena = host.memory.buffer.byteLength;
    const rows = parseGrepRows(text);
    expect(host.memory.buffer.byteLength).toBe(arena);
    expect(rowsOf(rows)).toEqual(rowsOf(parseGrepRowsTwin(text)));
  });
});

describe("grep parsing on bad input", () => {
  it("handles NUL, invalid UTF-16 and huge numbers", () => {
    expect(parseGrepRow("\0:1:\ud800")).toEqual({ path: "\0", line: 1, kind: "match", text: "\ud800" });
    expect(parseGrepRow("a:12345678901:x")).toBeNull();
    expect(parseAll("\udc00\n\0-3-\0\n")).toHaveLength(1);
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")(
    "parses a 100 MB string without crashing",
    () => {
      const s = "src/some/long/path/file.go:1234:    some matched text here\n".repeat(900_000);
      expect(parseGrepRows(s).count).toBe(900_000);
    },
    60_000,
  );
});
