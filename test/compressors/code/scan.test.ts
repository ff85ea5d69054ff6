import { describe, expect, it } from "vitest";
import { language, type LanguageId } from "../../../src/compressors/code/languages.js";
import { LineKind, Mode, scanCode } from "../../../src/compressors/code/scan.js";

function scan(lang: LanguageId, text: string) {
  const lines = text.split("\n");
  return scanCode((i) => lines[i], lines.length, language(lang).rules);
}

/** The blocks found, as "header @line:col-line:col". */
function blocks(lang: LanguageId, text: string): string[] {
  const b = scan(lang, text).blocks;
  const out: string[] = [];
  for (let k = 0; k < b.count; k++) out.push(`${b.header[k]} @${b.openLine[k]}-${b.closeLine[k]}`);
  return out;
}

describe("code scanner", () => {
  it("ignores braces in strings, char literals and comments (Java)", () => {
    const text = "class A {\n  char c = '{';\n  String s = \"}{\";\n  // }\n  /* { */\n  void f() {\n  }\n}";
    expect(blocks("java", text)).toEqual(["class A @0-7", "void f() @5-6"]);
  });

  it("follows template literals and their interpolations (TypeScript)", () => {
    const text = "const a = `}${ {x: 1}.x }{`;\nfunction f() {\n  return `${`${'}'}`}`;\n}";
    expect(blocks("typescript", text)).toEqual(["function f() @1-3"]);
  });

  it("tells regex literals from division (TypeScript)", () => {
    const text = "const re = /[}]{2}\\//g;\nconst half = a / b / c;\nfunction f() {\n  return x.replace(/\\{/, '');\n}";
    expect(blocks("typescript", text)).toEqual(["function f() @2-4"]);
  });

  it("tells lifetimes from char literals and reads raw strings (Rust)", () => {
    const text = "fn f<'a>(x: &'a str) -> char {\n  let c = '{';\n  let e = '\\'';\n  let r = r#\"}\"#;\n  c\n}";
    expect(blocks("rust", text)).toEqual(["fn f<'a>(x: &'a str) -> char @0-5"]);
  });

  it("nests Rust block comments", () => {
    const text = "/* a /* } */ { */\nfn f() {\n}";
    expect(blocks("rust", text)).toEqual(["fn f() @1-2"]);
  });

  it("reads Go raw strings across lines and rune literals", () => {
    const text = "var s = `}\n{{`\nfunc f() rune {\n  return '}'\n}";
    expect(blocks("go", text)).toEqual(["func f() rune @2-4"]);
  });

  it("keeps a Go signature whole when it holds interface{}", () => {
    const text = "func f(x interface{}) error {\n  return nil\n}";
    expect(blocks("go", text).at(-1)).toBe("func f(x interface{}) error @0-2");
  });

  it("tracks Python triple-quoted strings and open brackets line by line", () => {
    const s = scan("python", 'x = """\n{ def f():\n"""\ny = (1,\n     2)\n# c\n\nz = 1');
    expect(Array.from(s.kind)).toEqual([
      LineKind.Code,
      LineKind.InString,
      LineKind.InString,
      LineKind.Code,
      LineKind.Code,
      LineKind.Comment,
      LineKind.Blank,
      LineKind.Code,
    ]);
    expect(s.startMode[1]).toBe(Mode.Triple);
    expect(s.bracketsAtStart[4]).toBe(1);
    expect(s.bracketsAtStart[5]).toBe(0);
  });

  it("ends an unterminated one-line string at the end of its line", () => {
    const s = scan("java", 'String s = "abc\nclass B {\n}');
    expect(s.startMode[1]).toBe(Mode.Code);
    expect(s.blocks.count).toBe(1);
  });

  it("never throws on unbalanced braces and unterminated comments", () => {
    for (const lang of ["typescript", "python", "go", "rust", "java"] as const) {
      expect(() => scan(lang, '}}}\n{{{\n/* never closed\n"""\n`\nr#"')).not.toThrow();
    }
  });

  it("marks a blank line inside a block comment as comment", () => {
    const s = scan("java", "/**\n\n * a\n */\nclass A {}");
    expect(Array.from(s.kind.slice(0, 4))).toEqual([
      LineKind.Comment,
      LineKind.Comment,
      LineKind.Comment,
      LineKind.Comment,
    ]);
  });
});
