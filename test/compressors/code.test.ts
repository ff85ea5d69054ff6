import { describe, expect, it } from "vitest";
import { codeCompressor, compressCode } from "../../src/compressors/code.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import type { Hint } from "../../src/types.js";
import { compressorInput } from "../support/compressor-input.js";

const _KEY = "0".repeat(32);

function run(
  text: string,
  filename: string | undefined,
  extra: { scale?: number; canDrop?: boolean; hint?: Hint } = {},
) {
  return compressCode(
    compressorInput(text, {
      type: "code",
      hint: { filename, compressCode: true, ...extra.hint },
      scale: extra.scale ?? 1,
      canDrop: extra.canDrop ?? true,
    }),
  );
}

function output(text: string, filename: string | undefined): string {
  const result = run(text, filename);
  expect(result, "expected the skeleton to elide something").not.toBeNull();
  return result!.output;
}

/** What every marker in `out` says, joined. */
function summaries(out: string): string {
  return parseMarkers(out)
    .map((m) => m.summary)
    .join("\n");
}

/** `cat -n` of a text: 6-wide right-aligned number, TAB, line. */
function catN(text: string): string {
  return text
    .split("\n")
    .map((line, i) => (line === "" && i === text.split("\n").length - 1 ? "" : `${String(i + 1).padStart(6)}\t${line}`))
    .join("\n");
}

const GO = `// Package demo shows a command.
package demo

import (
	"fmt"
	"strings"
)

// Greeting is the default "{" greeting.
const Greeting = "hello {"

// Command is a command.
type Command struct {
	Use  string
	Args []string
}

// Run runs the command. It prints every argument
// with braces around it.
func (c *Command) Run(args []string) error {
	open := "{"
	close := '}'
	raw := \`}}}
{{\`
	for _, a := range args {
		fmt.Println(open + a + string(close) + raw)
	}
	return nil
}

// Name returns the name.
func (c *Command) Name() string {
	name := c.Use
	if i := strings.Index(name, " "); i >= 0 {
		name = name[:i]
	}
	return strings.TrimSpace(name)
}

func helper(x int) int { return x }
`;

const TS = `import { readFile } from "node:fs/promises";

/** Options for the loader. */
export interface LoaderOptions {
  root: string;
  onError?: (error: Error) => void;
}

export type Handler = (input: string) => { ok: boolean };

/** Loads things. */
export class Loader {
  private cache = new Map<string, string>();

  constructor(private readonly options: LoaderOptions) {
    this.cache.set("a", "{");
    this.cache.set("b", \`\${options.root} } {\`);
    const re = /[{}]+/g;
    this.cache.set("c", String(re));
  }

  /** Loads one file. */
  async load(path: string): Promise<string> {
    const cached = this.cache.get(path);
    if (cached !== undefined) return cached;
    const text = await readFile(\`\${this.options.root}/\${path}\`, "utf8");
    this.cache.set(path, text.replace(/\\}/g, "}"));
    return text;
  }

  static Nested = class {
    describe(): string {
      const parts = ["{", "}", "{{"];
      const joined = parts.join(" and ");
      const wrapped = \`<\${joined}>\`;
      return wrapped.toUpperCase();
    }
  };
}

export const parse = (source: string): string[] => {
  const out: string[] = [];
  for (const line of source.split("\\n")) {
    if (line.trim() === "") continue;
    out.push(line.trim());
  }
  return out;
};
`;

const PY = `"""Demo module."""

import functools

LIMIT = 10


def retry(times):
    """Retries a call."""

    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            for _ in range(times):
                try:
                    return fn(*args, **kwargs)
                except ValueError:
                    pass
            return None

        return inner

    return wrap


class Client:
    """A client.

    It talks to the server and keeps a "{" cache.
    """

    timeout: int = 3

    @retry(3)
    def fetch(self, url: str) -> str:
        """Fetches a URL."""
        text = '''
def not_a_function():
    pass
'''
        data = {"url": url, "text": text}
        if url.startswith("http"):
            data["secure"] = url.startswith("https")
        return str(data)

    def close(self):
        self.open = False
`;

const RUST = `//! A demo crate.

use std::fmt;

/// A value.
pub enum Value<'a> {
    Null,
    Text(&'a str),
}

/// Shows values.
pub trait Show {
    /// Shows it.
    fn show(&self) -> String;

    /// Shows it twice.
    fn twice(&self) -> String {
        let once = self.show();
        let brace = '{';
        let raw = r#"}"{"#;
        format!("{}{}{}{}", once, brace, raw, once)
    }
}

impl<'a> fmt::Display for Value<'a> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => write!(f, "null {{"),
            Value::Text(s) => write!(f, "{}", s),
        }
    }
}

impl<'a> Value<'a> {
    /// Whether it is null.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /* A block comment with a } inside /* nested { */ still comment */
    pub fn text(&self) -> Option<&'a str> {
        let label: &'static str = "}";
        match self {
            Value::Text(s) => Some(s),
            _ => { let _ = label; None }
        }
    }
}
`;

const JAVA = `package demo;

import java.util.List;

/** A service. */
public class Service {
  private static final char OPEN = '{';

  /** Handles calls. */
  @Override
  @SuppressWarnings("unchecked")
  public String handle(List<String> items) throws IllegalStateException {
    StringBuilder out = new StringBuilder("{");
    for (String item : items) {
      out.append(item).append('}');
    }
    String block = """
        }}} {
        """;
    return out.append(block).toString();
  }

  /** A builder. */
  public static final class Builder {
    private String name;

    public Builder name(String name) {
      if (name == null) {
        throw new IllegalArgumentException("name == null }");
      }
      this.name = name.trim();
      return this;
    }

    public Service build() {
      Runnable check = new Runnable() {
        @Override public void run() {
          System.out.println("checked {");
          System.out.println("done }");
        }
      };
      check.run();
      return new Service();
    }
  }
}
`;

describe("code compressor: Go", () => {
  const out = output(GO, "demo.go");

  it("keeps the package, imports, constants, types and signatures with their doc comments", () => {
    for (const kept of [
      "package demo",
      '\t"strings"',
      'const Greeting = "hello {"',
      "type Command struct {",
      "\tArgs []string",
      "// Run runs the command. It prints every argument",
      "func (c *Command) Run(args []string) error {",
      "// Name returns the name.",
      "func (c *Command) Name() string {",
      "func helper(x int) int { return x }",
    ]) {
      expect(out).toContain(kept);
    }
  });

  it("elides method bodies with receivers behind markers naming them, braces in strings, runes and raw strings notwithstanding", () => {
    expect(out).not.toContain("fmt.Println");
    expect(out).not.toContain("strings.TrimSpace");
    expect(summaries(out)).toMatch(/body of Run/);
    expect(out).toMatch(/func \(c \*Command\) Run\(args \[\]string\) error \{ \[\[pithy:0{32} [^\]]*\]\] \}/);
    expect(out).toMatch(/func \(c \*Command\) Name\(\) string \{ (?:…|\[\[pithy:[^\]]*\]\]) \}/);
  });

  it("names the elided lines in the marker", () => {
    expect(summaries(out)).toMatch(/lines 21-\d+/);
  });
});

describe("code compressor: TypeScript and JavaScript", () => {
  const out = output(TS, "loader.ts");

  it("keeps interfaces, type aliases, classes and method signatures with their doc comments", () => {
    for (const kept of [
      'import { readFile } from "node:fs/promises";',
      "export interface LoaderOptions {",
      "  onError?: (error: Error) => void;",
      "export type Handler = (input: string) => { ok: boolean };",
      "/** Loads things. */",
      "export class Loader {",
      "  private cache = new Map<string, string>();",
      "  constructor(private readonly options: LoaderOptions) {",
      "  /** Loads one file. */",
      "  async load(path: string): Promise<string> {",
      "  static Nested = class {",
      "    describe(): string {",
      "export const parse = (source: string): string[] => {",
    ]) {
      expect(out).toContain(kept);
    }
  });

  it("elides method, nested class method and arrow function bodies despite template literals and regexes holding braces", () => {
    expect(out).not.toContain("readFile(`");
    expect(out).not.toContain("toUpperCase");
    expect(out).not.toContain("out.push");
    expect(out).not.toContain("String(re)");
    expect(summaries(out)).toMatch(/constructor/);
  });

  it("reads .js files with the same rules", () => {
    const js = TS.replace(/: Promise<string>|: string\[\]|: string|: LoaderOptions|private readonly |private /g, "");
    const result = run(js, "loader.mjs");
    expect(result?.output).toContain("async load(path) {");
    expect(result?.output).not.toContain("out.push");
  });

  it("elides nothing in a declaration file", () => {
    const dts =
      "declare namespace X {\n  interface A {\n    a: string\n    b: (x: number) => {\n      c: string\n      d: number\n      e: boolean\n    }\n  }\n}\n";
    expect(run(dts, "x.d.ts")).toBeNull();
  });
});

describe("code compressor: Python", () => {
  const out = output(PY, "client.py");

  it("keeps imports, constants, decorators, class attributes and signatures with their docstrings", () => {
    for (const kept of [
      '"""Demo module."""',
      "import functools",
      "LIMIT = 10",
      "def retry(times):",
      '    """Retries a call."""',
      "class Client:",
      '    """A client.',
      "    timeout: int = 3",
      "    @retry(3)",
      "    def fetch(self, url: str) -> str:",
      '        """Fetches a URL."""',
      "    def close(self):",
      "        self.open = False",
    ]) {
      expect(out).toContain(kept);
    }
  });

  it("elides a body with its nested defs as one part, and is not fooled by a def inside a triple-quoted string", () => {
    expect(out).not.toContain("def wrap(fn):");
    expect(out).not.toContain("def inner(");
    expect(out).not.toContain("def not_a_function");
    expect(summaries(out)).toMatch(/body of retry/);
  });

  it("puts the marker on its own line at the body's indentation", () => {
    expect(out).toMatch(/\n {4}\[\[pithy:0{32} L[0-9-]+ body of retry[^\]]*\]\]\n/);
    expect(out).toMatch(/\n {8}(?:\.\.\.|\[\[pithy:[^\]]*\]\])\n/);
  });
});

describe("code compressor: Rust", () => {
  const out = output(RUST, "lib.rs");

  it("keeps enums, traits, impl blocks, required methods and signatures", () => {
    for (const kept of [
      "use std::fmt;",
      "pub enum Value<'a> {",
      "    Text(&'a str),",
      "pub trait Show {",
      "    fn show(&self) -> String;",
      "    /// Shows it twice.",
      "    fn twice(&self) -> String {",
      "impl<'a> fmt::Display for Value<'a> {",
      "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {",
      "impl<'a> Value<'a> {",
      "    pub fn is_null(&self) -> bool {",
      "    /* A block comment with a } inside /* nested { */ still comment */",
      "    pub fn text(&self) -> Option<&'a str> {",
    ]) {
      expect(out).toContain(kept);
    }
  });

  it("elides bodies despite lifetimes, char literals, raw strings and nested block comments", () => {
    expect(out).not.toContain("format!");
    expect(out).not.toContain("write!(f");
    expect(out).not.toContain("let label");
    expect(summaries(out)).toMatch(/body of twice/);
  });
});

describe("code compressor: Java", () => {
  const out = output(JAVA, "Service.java");

  it("keeps the package, imports, fields, annotations, inner classes and signatures", () => {
    for (const kept of [
      "package demo;",
      "import java.util.List;",
      "public class Service {",
      "  private static final char OPEN = '{';",
      "  /** Handles calls. */",
      "  @Override",
      '  @SuppressWarnings("unchecked")',
      "  public String handle(List<String> items) throws IllegalStateException {",
      "  public static final class Builder {",
      "    private String name;",
      "    public Builder name(String name) {",
      "    public Service build() {",
    ]) {
      expect(out).toContain(kept);
    }
  });

  it("elides bodies with anonymous classes, char literals and text blocks inside", () => {
    expect(out).not.toContain("StringBuilder out");
    expect(out).not.toContain("new Runnable()");
    expect(out).not.toContain("IllegalArgumentException");
    expect(summaries(out)).toMatch(/body of handle/);
  });
});

describe("code compressor: line-numbered reads", () => {
  it("keeps the number prefix on every kept line and elides by the numbers", () => {
    const numbered = catN(GO);
    const out = output(numbered, "demo.go");
    expect(out).toContain("    20\tfunc (c *Command) Run(args []string) error {");
    expect(out).toContain("    13\ttype Command struct {");
    for (const line of out.split("\n")) if (line !== "") expect(line).toMatch(/^ *\d+\t/);
    expect(summaries(out)).toMatch(/lines 21-\d+/);
  });

  it("gives a Python marker line the number of the first line it replaces", () => {
    const numbered = catN(PY);
    const out = output(numbered, "client.py");
    expect(out).toContain("     8\tdef retry(times):");
    // The body after the docstring starts with the blank line 10.
    expect(out).toMatch(/\n {4}10\t {4}\[\[pithy:0{32} L[0-9-]+ body of retry[^\]]*, lines 10-\d+\]\]\n/);
  });

  it("reads the language from the code when the file name does not tell it", () => {
    expect(run(catN(GO), undefined)?.detail?.language).toBe("go");
    expect(run(catN(PY), "read.txt")?.detail?.language).toBe("python");
  });
});

describe("code compressor: language choice", () => {
  it("sniffs Go, Python, Rust, Java and falls back to TypeScript", () => {
    expect(run(GO, undefined)?.detail?.language).toBe("go");
    expect(run(PY, undefined)?.detail?.language).toBe("python");
    expect(run(RUST, undefined)?.detail?.language).toBe("rust");
    expect(run(JAVA, undefined)?.detail?.language).toBe("java");
    expect(run(TS, undefined)?.detail?.language).toBe("typescript");
  });

  it("returns null for a language it does not model", () => {
    expect(run(GO, "main.rb")).toBeNull();
    expect(run(JAVA, "Main.kt")).toBeNull();
  });
});

describe("code compressor: when it does nothing", () => {
  it("returns null when it may not drop anything", () => {
    expect(run(GO, "demo.go", { canDrop: false })).toBeNull();
  });

  it("keeps short bodies, which would cost more as a marker", () => {
    const short = "package x\n\nfunc a() int {\n\treturn 1\n}\n\nfunc b() int {\n\treturn 2\n}\n";
    expect(run(short, "x.go")).toBeNull();
  });

  it("returns null on its own output", () => {
    const out = output(TS, "loader.ts");
    expect(run(out, "loader.ts")).toBeNull();
  });

  it("keeps more at the conservative profile than at the aggressive one", () => {
    const conservative = run(TS, "a.ts", { scale: 2 })?.output ?? TS;
    const aggressive = run(TS, "a.ts", { scale: 0.5 })?.output ?? TS;
    expect(conservative.length).toBeGreaterThanOrEqual(aggressive.length);
  });

  it("lets an error reach the pipeline, which fails open and counts it", () => {
    expect(codeCompressor.name).toBe("code");
    expect(() =>
      codeCompressor.compress(
        compressorInput(GO, {
          type: "code",
          hint: { filename: "demo.go", compressCode: true },
          marker: () => {
            throw new Error("store down");
          },
        }),
      ),
    ).toThrow("store down");
  });
});
