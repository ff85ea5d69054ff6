/**
 * Declarations among a diff's changed lines: the lines that open a function,
 * a class, a type or a test case (`export function f(`, `declare class C`,
 * `def f(`, `fn f(`,
 * `describe("…", () => {`, `it("…", …`). A hunk cut to its first and last
 * changes still names, through them, what the added or removed code holds:
 * a 300-line new test file shows each of its test cases, as a listing shows
 * each file of a directory. One anchored regex per changed line of a cut
 * hunk; its only unbounded parts are separated by literal words, so it
 * cannot backtrack catastrophically.
 */

const DECLARATION_RE =
  /^\s*(?:export\s+(?:default\s+)?)?(?:declare\s+)?(?:pub(?:\([\w\s:]{0,40}\))?\s+)?(?:async\s+)?(?:function\b|class\s|interface\s|enum\s|namespace\s|def\s|fn\s|impl\b|struct\s|trait\s|func\s|(?:describe|it|test|suite|bench)(?:\.\w+)?\()/;

/**
 * The indentation of `code` (a changed line without its `+`/`-`) when it
 * opens a declaration, else -1: the outermost declarations have the
 * smallest, so a budget shows them first.
 */
export function declarationDepth(code: string): number {
  if (!DECLARATION_RE.test(code)) return -1;
  let k = 0;
  while (k < code.length && (code.charCodeAt(k) === 32 || code.charCodeAt(k) === 9)) k++;
  return k;
}
