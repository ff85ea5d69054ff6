import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compressCode } from "../../../src/compressors/code.js";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { loadCorpus } from "../../support/corpus.js";
import { compressorInput } from "../../support/compressor-input.js";

const KEY = "0".repeat(32);
const FILES = ["a.ts", "a.js", "a.py", "a.go", "a.rs", "A.java", undefined] as const;

function run(text: string, filename: string | undefined, scale = 1) {
  // The unguarded function, so that an exception fails the property instead of becoming a null.
  return compressCode(compressorInput(text, { type: "code", hint: { filename, compressCode: true }, scale }));
}

/** Lines of code-like text: headers, bodies, literals and comments that hide braces, and junk. */
const codeLine = fc.oneof(
  fc.constantFrom(
    "func (c *C) Run(a []string) error {",
    "function f(a, b) {",
    "def f(x):",
    "    def g(self):",
    "class A:",
    "class B {",
    "pub fn get(&self) -> Option<&'a str> {",
    "impl<'a> X for Y<'a> {",
    "public void run() throws IOException {",
    "export const h = async (x: T): Promise<U> => {",
    "  async load(path: string): Promise<string> {",
    "}",
    "};",
    "});",
    "{",
    "  return x;",
    "    return x",
    "        pass",
    '  x := "{"',
    "  let c = '{';",
    '  let r = r#"}"#;',
    "  s = `${a}}`",
    "  re = /[{}]/g;",
    "  // }",
    "  /* {",
    "  */",
    "/**",
    " * Doc comment.",
    " *",
    " */",
    "/// Doc.",
    "///",
    "//! Mod.",
    "# comment",
    '    """Docstring.',
    '    """',
    "'''",
    "  char c = '}';",
    '  String t = """',
    "`",
    "'",
    '"',
    "@Override",
    "@decorator",
    "#[derive(Debug)]",
    "package x",
    "import os",
    "",
    "    ",
    "\t\tx++",
    "[[pithy:0000",
    "\u0000",
  ),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc
    .tuple(
      fc.constantFrom("  ", "    ", "\t", "        "),
      fc.constantFrom("x = y + 1", "call(a, b)", "if (a) {", "} else {", "for x in xs:"),
    )
    .map(([indent, s]) => indent + s),
);

const codeText = fc
  .tuple(fc.array(codeLine, { maxLength: 80 }), fc.constantFrom("\n", "\r\n"), fc.boolean(), fc.boolean())
  .map(([lines, eol, final, numbered]) => {
    const body = numbered ? lines.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`) : lines;
    return body.join(eol) + (final ? eol : "");
  });

const file = fc.constantFrom(...FILES);

describe("code compressor properties", async () => {
  const corpus = (await loadCorpus()).filter((c) => c.class === "code");
  /** Random code-like text, and pieces of real source files (which have bodies to elide). */
  const someCode = fc.oneof(
    codeText,
    fc
      .tuple(fc.constantFrom(...corpus), fc.nat(), fc.integer({ min: 2000, max: 12000 }))
      .map(([c, a, length]) => c.text.slice(a % c.text.length, (a % c.text.length) + length)),
  );

  it("never throws on random code-like text", () => {
    fc.assert(
      fc.property(codeText, file, fc.constantFrom(0.5, 1, 2), (text, filename, scale) => {
        run(text, filename, scale);
      }),
      { numRuns: 400 },
    );
  });

  it("never throws on truncated real code (unbalanced braces, unterminated strings and comments)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.nat(), fc.nat(), file, (c, a, b, filename) => {
        const start = a % c.text.length;
        run(c.text.slice(start, start + 1 + (b % 6000)), filename);
      }),
      { numRuns: 150 },
    );
  });

  it("gives the same output for the same input", () => {
    fc.assert(
      fc.property(codeText, file, (text, filename) => {
        expect(run(text, filename)?.output).toBe(run(text, filename)?.output);
      }),
      { numRuns: 200 },
    );
  });

  it("finds nothing more to elide in its own output", () => {
    let reached = 0;
    fc.assert(
      fc.property(someCode, file, (text, filename) => {
        const first = run(text, filename);
        if (first === null) return;
        reached++;
        expect(run(first.output, filename)).toBeNull();
      }),
      { numRuns: 200 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
    for (const c of corpus) {
      const first = run(c.text, undefined);
      if (first !== null) expect(run(first.output, undefined), c.id).toBeNull();
    }
  });

  it("is shorter than its input and writes only well-formed markers with the store's key", () => {
    let reached = 0;
    fc.assert(
      fc.property(someCode, file, (text, filename) => {
        const result = run(text, filename);
        if (result === null) return;
        reached++;
        expect(result.output.length).toBeLessThan(text.length);
        expect(result.lossy).toBe(true);
        const markers = parseMarkers(result.output);
        expect(markers.length).toBeGreaterThan(0);
        for (const m of markers) expect(m.key).toBe(KEY);
      }),
      { numRuns: 200 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("keeps every line it does not elide, in order", () => {
    let reached = 0;
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.nat(), fc.nat(), (c, a, b) => {
        const start = a % c.text.length;
        const text = c.text.slice(start, start + 1 + (b % 8000));
        const result = run(text, undefined);
        if (result === null) return;
        reached++;
        const input = LineIndex.of(text);
        const out = LineIndex.of(result.output);
        let j = 0;
        for (let i = 0; i < out.count; i++) {
          const line = out.line(i);
          if (line.includes("[[pithy:") || line.includes("…") || line.trimEnd().endsWith("...")) continue;
          while (j < input.count && input.line(j) !== line) j++;
          expect(j, `output line ${i} is not a later input line`).toBeLessThan(input.count);
          j++;
        }
      }),
      { numRuns: 100 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("leaves the text alone when it may not drop anything", () => {
    fc.assert(
      fc.property(codeText, file, (text, filename) => {
        const result = compressCode(
          compressorInput(text, { type: "code", hint: { filename, compressCode: true }, canDrop: false }),
        );
        expect(result).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it("survives deep nesting and a huge line", () => {
    const deep = "function f() {\n" + "{\n".repeat(10000) + "x;\n" + "}\n".repeat(10001);
    expect(() => run(deep, "a.ts")).not.toThrow();
    const deepPy = "def f():\n" + Array.from({ length: 2000 }, (_, i) => " ".repeat(i + 1) + "if x:").join("\n") + "\n";
    expect(() => run(deepPy, "a.py")).not.toThrow();
    const huge = 'func f() {\n\tx := "' + "{".repeat(1_000_000) + '"\n\ty := 1\n\treturn x + y\n}\n';
    expect(run(huge, "a.go")?.output.length ?? 0).toBeLessThan(1000);
  });
});
