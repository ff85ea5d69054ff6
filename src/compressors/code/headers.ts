/**
 * What a `{` opens, judged from its header (the statement before it, as the
 * scanner reduced it): a function or method body, which the skeleton may
 * elide, or anything else (type, class, impl, namespace, struct, object or
 * array literal, control flow), which it keeps and looks inside.
 */
import type { LanguageId } from "./languages.js";

/** Words that look like a call before a block but open control flow, not a function. */
const CONTROL_WORDS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "with",
  "do",
  "else",
  "finally",
  "try",
  "return",
  "new",
  "throw",
  "case",
  "typeof",
  "await",
  "yield",
  "super",
  "this",
  "synchronized",
  "assert",
  "import",
  "function",
  "foreach",
  "using",
]);

const JAVA_CONTAINER_RE = /(?:^|[\s>])(?:class|interface|enum|record|@interface)\s/;
const TS_CONTAINER_RE = /(?:^|\s)(?:class|interface|enum|namespace|module)(?:\s|$)/;
/** TS headers after which every nested brace is a type, not code: interfaces, type aliases, `declare` blocks. */
const TS_TYPE_CONTEXT_RE = /^(?:export\s+)?(?:default\s+)?(?:declare\b|interface\s|type\s+[\w$]+\s*(?:<|=))/;
const JAVA_THROWS_RE = /^throws\s[\w\s.,<>?]+$/;
const TS_FUNCTION_RE = /(?:^|[^\w$.])function\b\s*\*?\s*([A-Za-z_$][\w$]*)?/;
const RUST_FN_RE = /(?:^|[^\w])fn\s+([A-Za-z_]\w*)/;
const RUST_MACRO_RE = /^macro_rules!\s*([A-Za-z_]\w*)/;
// Sticky: tried only where a name starts (see matchAtNameStarts).
const LHS_RE = /([A-Za-z_$][\w$]*)\s*(?::[^=]{0,120})?(?::=|=)(?!=)/y;
const COLON_LHS_RE = /([A-Za-z_$][\w$]*)\s*:\s*(?:async\s*)?(?:\(|function)/y;
const CALLEE_RE = /([A-Za-z_$][\w$.]*)\s*\(/y;

/**
 * Whether a TypeScript header opens a type context, inside which no brace
 * is a function body (`interface X {`, `type X = {`, `declare namespace X {`).
 */
export function isTypeContext(lang: LanguageId, header: string): boolean {
  return lang === "typescript" && TS_TYPE_CONTEXT_RE.test(header);
}

/**
 * The name to cite for the body a `{` opens when it is a function or method
 * body, else null.
 * @example functionName("go", "func (c *Command) Run() error") // "Run"
 */
export function functionName(lang: LanguageId, header: string): string | null {
  if (header.length === 0) return null;
  switch (lang) {
    case "go":
      return goFunction(header);
    case "rust":
      return rustFunction(header);
    case "java":
      return javaFunction(header);
    case "typescript":
      return tsFunction(header);
    default:
      return null;
  }
}

function goFunction(h: string): string | null {
  if (h.startsWith("func ") || h.startsWith("func(")) {
    let i = 4;
    while (i < h.length && h.charCodeAt(i) === 32) i++;
    if (h.charCodeAt(i) === 40) {
      // A receiver `(c *Command)` before the name, or a literal's parameters.
      const close = matchingParen(h, i);
      if (close < 0) return null;
      i = close + 1;
      while (i < h.length && h.charCodeAt(i) === 32) i++;
    }
    const name = identifierAt(h, i);
    return name !== "" ? name : "func literal";
  }
  if (!/(?:^|[^\w.])func\s*\(/.test(h)) return null;
  return lhsName(h) ?? "func literal";
}

function rustFunction(h: string): string | null {
  const macro = RUST_MACRO_RE.exec(h);
  if (macro !== null) return `macro ${macro[1]}`;
  const fn = RUST_FN_RE.exec(h);
  return fn === null ? null : fn[1];
}

function javaFunction(h: string): string | null {
  if (JAVA_CONTAINER_RE.test(h)) return null;
  if (h === "static") return "static initializer";
  if (h.endsWith("->")) return lhsName(h) ?? "lambda";
  const shape = methodShape(h);
  if (shape === null || CONTROL_WORDS.has(shape.name)) return null;
  if (shape.rest !== "" && !JAVA_THROWS_RE.test(shape.rest)) return null;
  if (/[=;]|(?:^|\s)new\s/.test(shape.prefix)) return null;
  return shape.name;
}

function tsFunction(h: string): string | null {
  if (TS_CONTAINER_RE.test(h) || TS_TYPE_CONTEXT_RE.test(h)) return null;
  const fn = TS_FUNCTION_RE.exec(h);
  if (fn !== null) return fn[1] ?? lhsName(h.slice(0, fn.index + 1)) ?? "function";
  if (h.endsWith("=>")) return lhsName(h) ?? calleeName(h) ?? "callback";
  const shape = methodShape(h);
  if (shape === null || CONTROL_WORDS.has(shape.name)) return null;
  // After the parameters only a return type may follow: `foo(): Promise<void>`.
  if (shape.rest !== "" && !(shape.rest.charCodeAt(0) === 58 && shape.rest.length > 1)) return null;
  if (/[=.,;]/.test(shape.prefix)) return null;
  return shape.name;
}

/** `name(params) rest`: the first parenthesised group at depth 0 that follows a name (annotations skipped). */
function methodShape(h: string): { name: string; prefix: string; rest: string } | null {
  for (let i = 0; i < h.length; i++) {
    const c = h.charCodeAt(i);
    if (c !== 40) continue;
    const close = matchingParen(h, i);
    if (close < 0) return null;
    let j = i - 1;
    while (j >= 0 && h.charCodeAt(j) === 32) j--;
    if (j >= 0 && h.charCodeAt(j) === 62) j = skipGenericsBack(h, j);
    while (j >= 0 && h.charCodeAt(j) === 32) j--;
    let name: string;
    let start = j;
    if (j >= 0 && h.charCodeAt(j) === 93) {
      name = "method";
      start = -1;
    } else {
      while (start >= 0 && isIdentChar(h.charCodeAt(start))) start--;
      name = h.slice(start + 1, j + 1);
    }
    const isAnnotation = start >= 0 && h.charCodeAt(start) === 64;
    if (name !== "" && !isAnnotation && !/^\d/.test(name)) {
      return { name, prefix: h.slice(0, Math.max(0, start + 1)), rest: h.slice(close + 1).trim() };
    }
    i = close;
  }
  return null;
}

/** Index of the `)` closing the `(` at `open`, or -1. */
function matchingParen(h: string, open: number): number {
  let depth = 0;
  for (let i = open; i < h.length; i++) {
    const c = h.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return i;
  }
  return -1;
}

/** From the `>` at `j`, the index just before its matching `<`. */
function skipGenericsBack(h: string, j: number): number {
  let depth = 0;
  for (let k = j; k >= 0; k--) {
    const c = h.charCodeAt(k);
    if (c === 62) depth++;
    else if (c === 60 && --depth === 0) return k - 1;
  }
  return j;
}

function isIdentChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 36 ||
    c === 35 ||
    c >= 0x80
  );
}

function identifierAt(h: string, i: number): string {
  let j = i;
  while (j < h.length && isIdentChar(h.charCodeAt(j))) j++;
  return h.slice(i, j);
}

/** The name assigned to: `const foo = …`, `foo: …`, `x := func…`. */
function lhsName(h: string): string | null {
  const m = matchAtNameStarts(LHS_RE, h, false);
  if (m !== null) return m[1];
  const colon = matchAtNameStarts(COLON_LHS_RE, h, false);
  return colon === null ? null : colon[1];
}

/** The function a callback is passed to: `describe("x", () =>` → "describe". */
function calleeName(h: string): string | null {
  const m = matchAtNameStarts(CALLEE_RE, h, true);
  return m === null ? null : `${m[1]} callback`;
}

/**
 * The leftmost match of the sticky `re` (which starts with a name,
 * `[A-Za-z_$][\w$]*`, with `.` too when `dotted`), tried only at the first
 * place a name can start in each run of name characters: a later start in
 * the same run reaches the same end and fails or succeeds alike, so the
 * answer is the unanchored pattern's, in linear time (unanchored, the name
 * run was re-read from each of its characters: quadratic on a long one).
 */
export function matchAtNameStarts(re: RegExp, h: string, dotted: boolean): RegExpExecArray | null {
  let started = false;
  for (let p = 0; p < h.length; p++) {
    const c = h.charCodeAt(p);
    const isStart = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
    const isPart = isStart || (c >= 48 && c <= 57) || (dotted && c === 46);
    if (!isPart) {
      started = false;
      continue;
    }
    if (started || !isStart) continue;
    started = true;
    re.lastIndex = p;
    const m = re.exec(h);
    if (m !== null) return m;
  }
  return null;
}
