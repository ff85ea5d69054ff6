/**
 * The languages the code skeleton understands, how to tell them apart, and
 * the lexical rules the scanner needs for each: just enough to know whether a
 * character is code, string or comment, so that a brace in `"{"`, `'}'`,
 * `` `${a}` ``, `/\{/`, `r#"}"#` or a comment never moves the brace counter.
 */
import { CODE_EXTENSIONS, extensionOf } from "../../file-names.js";

/** A language the code compressor handles. JavaScript shares TypeScript's rules. */
export type LanguageId = "typescript" | "python" | "go" | "rust" | "java";

/** How a language writes the literals and comments that can hide braces. */
export interface LexRules {
  /** `#` starts a line comment (Python). */
  readonly hashComments: boolean;
  /** `//` line comments and slash-star block comments. */
  readonly slashComments: boolean;
  /** Block comments nest (Rust). */
  readonly nestedComments: boolean;
  /** What `'` opens: a string (JS, Python), a one-line char literal (Java, Go), or a char literal or a lifetime (Rust). */
  readonly singleQuote: "string" | "char" | "rust";
  /** A `"…"` string may run over several lines without a trailing backslash (Rust). */
  readonly multilineStrings: boolean;
  /** `"""…"""` (Java text blocks) or also `'''…'''` (Python). */
  readonly tripleQuotes: "none" | "double" | "both";
  /** What a backtick opens: a template literal with `${}` (JS), a raw multi-line string (Go), or nothing. */
  readonly backtick: "none" | "template" | "raw";
  /** `r"…"`, `r#"…"#`, `br##"…"##` (Rust). */
  readonly rawStrings: boolean;
  /** `/…/` regex literals where an operand may start (JS). */
  readonly regexLiterals: boolean;
  /** Whether a line break can end a statement: Go's semicolon rule, JS's looser one, or never (Java, Rust). */
  readonly newlineEnds: "none" | "go" | "js";
  /** Blocks are braces (false for Python, where braces are only literals). */
  readonly braceBlocks: boolean;
}

/** A language: its id and lexical rules. */
export interface Language {
  readonly id: LanguageId;
  readonly rules: LexRules;
}

const C_LIKE: LexRules = {
  hashComments: false,
  slashComments: true,
  nestedComments: false,
  singleQuote: "char",
  multilineStrings: false,
  tripleQuotes: "none",
  backtick: "none",
  rawStrings: false,
  regexLiterals: false,
  newlineEnds: "none",
  braceBlocks: true,
};

const LANGUAGES: Record<LanguageId, Language> = {
  typescript: {
    id: "typescript",
    rules: { ...C_LIKE, singleQuote: "string", backtick: "template", regexLiterals: true, newlineEnds: "js" },
  },
  python: {
    id: "python",
    rules: {
      ...C_LIKE,
      hashComments: true,
      slashComments: false,
      singleQuote: "string",
      tripleQuotes: "both",
      braceBlocks: false,
    },
  },
  go: { id: "go", rules: { ...C_LIKE, backtick: "raw", newlineEnds: "go" } },
  rust: {
    id: "rust",
    rules: { ...C_LIKE, nestedComments: true, singleQuote: "rust", multilineStrings: true, rawStrings: true },
  },
  java: { id: "java", rules: { ...C_LIKE, tripleQuotes: "double" } },
};

const EXTENSIONS: Record<string, LanguageId> = {
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  js: "typescript",
  jsx: "typescript",
  mjs: "typescript",
  cjs: "typescript",
  py: "python",
  pyi: "python",
  pyw: "python",
  go: "go",
  rs: "rust",
  java: "java",
};

// Code in languages this compressor does not model (every other code
// extension), and documents: it must not guess TypeScript for C, Ruby or
// Markdown, so these return no language at all.
const DOCUMENT_EXTENSIONS = new Set(["json", "md", "markdown", "html", "htm"]);

/** Lines of the head looked at when sniffing. */
const SNIFF_LINES = 200;

const GO_PACKAGE_RE = /^package [A-Za-z_]\w*\s*$/;
const GO_FUNC_RE = /^func [(A-Za-z_]/;
const RUST_ITEM_RE =
  /^(?:pub(?:\([a-z]+\))? )?(?:fn [a-z_]\w*[<(]|impl[<\s]|use [a-z_]\w*::|mod [a-z_]\w*;|(?:struct|enum|trait) [A-Z]\w*)/;
const PY_DEF_RE = /^(?:async )?(?:def [A-Za-z_]\w*\s*\(|class [A-Za-z_]\w*\s*[(:])/;
const PY_IMPORT_RE = /^(?:import [A-Za-z_][\w.]*(?: as \w+)?(?:, ?[A-Za-z_][\w.]*)*\s*$|from [\w.]* import [\w*(])/;
const JAVA_RE =
  /^(?:(?:public|protected|private|abstract|final|static) )+(?:class|interface|enum|record|@interface) [A-Z]/;
const JAVA_PACKAGE_RE = /^(?:package|import(?: static)?) [a-z_][\w.]*(?:\.\*)?;\s*$/;

/**
 * The language of a source file: from the file name's extension when it is
 * one we know, else sniffed from the first lines of code. Null for code in
 * a language we do not model (C, Ruby, YAML…).
 * @example languageOf("src/cmd.go", () => "") // the Go language
 */
export function languageOf(filename: string | undefined, line: (i: number) => string, count: number): Language | null {
  if (filename !== undefined && filename !== "") {
    const ext = extensionOf(filename);
    const id = EXTENSIONS[ext];
    if (id !== undefined) return LANGUAGES[id];
    if (CODE_EXTENSIONS.has(ext) || DOCUMENT_EXTENSIONS.has(ext)) return null;
  }
  return LANGUAGES[sniff(line, Math.min(count, SNIFF_LINES))];
}

/** The language with this id. */
export function language(id: LanguageId): Language {
  return LANGUAGES[id];
}

/** Guesses the language from the head of the code: Go, Rust, Python, Java, else TypeScript/JavaScript. */
function sniff(line: (i: number) => string, count: number): LanguageId {
  let goPackage = false,
    goFunc = false,
    rust = 0,
    python = 0,
    java = 0;
  for (let i = 0; i < count; i++) {
    const s = line(i);
    if (s.length === 0 || s.length > 400) continue;
    if (GO_PACKAGE_RE.test(s)) goPackage = true;
    else if (GO_FUNC_RE.test(s)) goFunc = true;
    if (RUST_ITEM_RE.test(s)) rust++;
    if (PY_DEF_RE.test(s) || PY_IMPORT_RE.test(s)) python++;
    if (JAVA_RE.test(s) || JAVA_PACKAGE_RE.test(s)) java++;
  }
  if (goPackage || (goFunc && rust === 0)) return "go";
  if (rust > 0 && rust >= python && rust >= java) return "rust";
  if (python > 0 && python >= java) return "python";
  if (java > 0) return "java";
  return "typescript";
}
