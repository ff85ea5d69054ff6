import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DIAGNOSTIC_RE,
  mayBeDiagnostic,
  mayBeTestFailure,
  isTestFailure,
  missingSalient,
  salientKind,
  salientLines,
  squeezed,
  TEST_FAIL_RE,
} from "../../src/fidelity/salient.js";
import { openCorpus } from "../support/corpus.js";

describe("salientKind", () => {
  it.each([
    ["ERROR 2024-05-01 job 17 failed: ECONNRESET", "error"],
    ["npm error code ETARGET", "error"],
    ["error: could not compile `demo`", "error"],
    ["Traceback (most recent call last):", "trace"],
    ["TypeError: Cannot read properties of undefined (reading 'x')", "trace"],
    ["panic: runtime error: invalid memory address or nil pointer dereference", "trace"],
    ["--- FAIL: TestPlugin (0.00s)", "test"],
    ["not ok 3 - parses cookies", "test"],
    ["- Expected", "test"],
    ["Tests: 2 failed, 40 passed, 42 total", "summary"],
    ["test result: FAILED. 0 passed; 9 failed", "summary"],
    ["Found 0 errors.", "summary"],
    ["lib/a.js(48,10): error TS2339: Property 'x' does not exist on type 'Y'.", "diagnostic"],
    ["src/main.c:12:5: warning: unused variable 'n' [-Wunused-variable]", "diagnostic"],
    ["commit 661970d171d9c3e12e4c789c4768db647d8c4da0", "header"],
    ["diff --git a/x b/x", "header"],
    ["## [2.11.0] - 2024-03-28", "heading"],
  ])("reads %s as %s", (line, kind) => {
    expect(salientKind(line, undefined)).toBe(kind);
  });

  it.each([
    "Ensure that exceptions thrown from failure to parse annotations are wrapped",
    "INFO request 12 served in 3ms",
    "no errors found",
  ])("leaves prose and routine lines alone: %s", (line) => {
    expect(salientKind(line, undefined)).toBeNull();
  });

  it("reads a level closed by `>` only after a `<`: `<error>`, not a type parameter", () => {
    expect(salientKind("<error> disk quota exceeded", undefined)).toBe("error");
    expect(salientKind("job <Failed> after 3 retries", undefined)).toBe("error");
    // rg -n over a Rust crate: every signature returns `Result<…, Error>`.
    expect(salientKind("fn deserialize_any<V>(self, visitor: V) -> Result<V::Value, Error>", undefined)).toBeNull();
    expect(salientKind("fn visit_str(&mut self, v: &str) -> Result<(), Error> {", undefined)).toBeNull();
  });

  it.each([
    "src/a.c:3: note: declared here",
    "a.py:3:  error: two spaces before the level",
    "src/a.ts:3:4 - error TS2304: Cannot find name 'x'.",
    "src/a.ts:3:4 -error TS2304: no space after the dash",
    "src/a.ts:3:4: - warning: dash and space",
    "--> src/main.rs:12:5",
  ])("reads a diagnostic whatever sits between its place and its level: %s", (line) => {
    expect(salientKind(line, undefined)).toBe("diagnostic");
  });

  it.each(["src/a.ts:3:4:\terror after a tab", "src/a.ts:3:4: see the error below", "see a.c:3: error"])(
    "reads a line whose level does not follow its place's first space as no diagnostic: %s",
    (line) => {
      expect(salientKind(line, undefined)).not.toBe("diagnostic");
    },
  );

  it.each([
    "tests/test_api.py::test_get FAILED",
    "test_parse (tests.test_x.T) ... FAIL",
    "test_parse (tests.test_x.T) ... ERROR",
    "× renders the header",
    "✖ renders the header",
    "✗ renders the header",
    "3) parses cookies",
    "FAIL src/a.test.ts",
  ])("reads a failed test by how its line starts or ends: %s", (line) => {
    expect(salientKind(line, undefined)).toBe("test");
  });

  it("skips the diagnostic and failed-test rules only on lines they cannot match", () => {
    // A head, what separates it from a level, the level, a tail: lines that often come close to matching.
    const head = fc.constantFrom(
      "a.ts:3",
      "a.ts:3:4",
      "a.ts:3:",
      "a.ts:3:4:",
      "a.ts(3,4):",
      "-->",
      "--> a.rs:3:4",
      "x",
      "",
    );
    const sep = fc.constantFrom("", " ", "  ", "-", " -", " - ", " -  ", "\t", " \t", "\u00a0");
    const word = fc.constantFrom(
      "error",
      "warning",
      "note",
      "e",
      "FAIL",
      "FAILED",
      "ERROR",
      "not ok 3",
      "3) x",
      "×",
      "",
    );
    const tail = fc.constantFrom("", " x", ":", " ... FAIL", " ... ERROR", " FAILED", "FAILED", "--- FAIL:", "✖", "✗");
    const line = fc.tuple(head, sep, word, tail, sep, word).map((p) => p.join(""));
    fc.assert(
      fc.property(line, (text) => {
        if (DIAGNOSTIC_RE.test(text)) expect(mayBeDiagnostic(text)).toBe(true);
        if (TEST_FAIL_RE.test(text)) expect(mayBeTestFailure(text)).toBe(true);
        expect(isTestFailure(text), text).toBe(TEST_FAIL_RE.test(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("reads a setext or reStructuredText title over its underline, not code over a caret pointer", () => {
    expect(salientKind("Installation", "============")).toBe("heading");
    expect(salientKind("Installation", "   ============")).toBe("heading");
    // tsc --pretty's pointer under quoted code is no underline.
    expect(salientKind("272   this.removeContentHeaderFields()", "          ~~~~~~~~~~~~~~~~~~~~~~~~")).toBeNull();
    expect(salientKind("Installation", "\t============")).toBeNull();
    expect(salientKind(">       assert f(x) == y", "        ^^^^^^^^^^^^^^^^")).toBeNull();
    expect(salientKind("# a comment", undefined, true)).toBeNull();
  });
});

describe("salientLines", () => {
  it("keeps one of each distinct error (digits aside) but every distinct heading and diagnostic", () => {
    const errors = Array.from({ length: 225 }, (_, i) => `ERROR Failed to process job ${i}: ECONNRESET`).join("\n");
    expect(salientLines(errors)).toHaveLength(1);
    const headings = ["## [1.0.0]", "text", "## [1.0.1]", "text"].join("\n");
    expect(salientLines(headings).map((s) => s.text)).toEqual(["## [1.0.0]", "## [1.0.1]"]);
  });

  it("numbers the salient lines of a long text by their place in it, underlined headings included", () => {
    const lines = Array.from({ length: 9000 }, (_, i) => `routine step ${i} done`);
    const errorsAt = [5, 2047, 2048, 4100, 8999];
    for (const i of errorsAt) lines[i] = `ERROR step ${i} failed: disk ${String.fromCharCode(97 + (i % 26))} full`;
    lines[6000] = "Summary";
    lines[6001] = "=======";
    const found = salientLines(lines.join("\n"));
    expect(found.map((s) => s.line)).toEqual([...errorsAt.slice(0, 4), 6000, 8999]);
    expect(found.map((s) => s.text)).toEqual([...errorsAt.slice(0, 4).map((i) => lines[i]), "Summary", lines[8999]]);
  });

  it("finds the failures of real test runs and the diagnostics of a real tsc run", async () => {
    const shared = await openCorpus("shared").load();
    const pytest = shared.find((c) => c.id === "log-requests-pytest-fail")!;
    const kinds = new Set(salientLines(pytest.text).map((s) => s.kind));
    expect(kinds).toContain("test");
    const tsc = shared.find((c) => c.id === "log-undici-tsc-checkjs")!;
    expect(salientLines(tsc.text).filter((s) => s.kind === "diagnostic").length).toBeGreaterThan(100);
  });

  it("reads a line once, and says on which line a fact first stands", () => {
    const text = "ok\nERROR one\nERROR one\nfine\n";
    expect(salientLines(text)).toEqual([{ kind: "error", line: 1, text: "ERROR one" }]);
  });
});

describe("missingSalient", () => {
  it("finds a line visible whatever white space a compressor changed, and names the one it cannot find", () => {
    const salient = salientLines('{\n  "error": "boom",\n  "x": 1\n}\nFAIL src/a.test.ts\n');
    expect(missingSalient(salient, '{"error":"boom","x":1}')).toEqual([
      { kind: "test", line: 4, text: "FAIL src/a.test.ts" },
    ]);
  });

  it("says a line is missing exactly when the output without white space does not hold it without white space", () => {
    const piece = fc.constantFrom(
      "ERROR a",
      "FAIL b",
      "x",
      " ",
      "  ",
      "\t",
      "\n",
      "\r\n",
      "\u00a0",
      "a b",
      "y".repeat(120),
    );
    const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(""));
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), text, (texts, output) => {
        // As salientLines gives them: trimmed, cut to 240 characters.
        const salient = texts.map((t, line) => ({ kind: "error" as const, line, text: t.trim().slice(0, 240) }));
        const expected = salient.filter((s) => !squeezed(output).includes(squeezed(s.text)));
        expect(missingSalient(salient, output)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
