import { salientKind, salientKindOf } from "../../fidelity/salient.js";

/**
 * Which matches an agent most likely needs: those naming the caller's query
 * terms, then those with error words. Scores are small integers so choosing
 * rows can bucket instead of sort.
 */

/** Highest score a row can get. */
export const MAX_SCORE = 3;
const QUERY_SCORE = 2;
const ERROR_SCORE = 1;

/** Words that mark a line as being about a failure (substrings, so `ImportError` counts). */
const ERROR_WORDS_RE = /error|fail|fatal|panic|exception|traceback|denied|refused|abort/i;
const MAX_TERMS = 16;
const MIN_TERM = 2;

/** The query's words, lowercased and deduplicated, in order (at most 16). */
export function queryTerms(query: string | undefined): string[] {
  if (query === undefined) return [];
  const terms: string[] = [];
  let word = "";
  const flush = (): void => {
    if (word.length >= MIN_TERM && !terms.includes(word) && terms.length < MAX_TERMS) terms.push(word);
    word = "";
  };
  // Bounded: a query is a sentence, but never trust its length.
  const q = query.length > 4096 ? query.slice(0, 4096) : query;
  for (let i = 0; i < q.length; i++) {
    const c = q.charCodeAt(i);
    const isWordChar = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
    if (isWordChar) word += q[i].toLowerCase();
    else flush();
  }
  flush();
  return terms;
}

/**
 * An error or a failure named as such: a level word in capitals (`ERROR`,
 * `FAILED`, `ERROR_MESSAGE`), or a lowercase or capitalised one standing
 * alone (`error:`, `(error)`, `new Error(`), not inside a name
 * (`TypeError`, `onerror`), which a search for those names would make every
 * row. Alternations of literals only: linear.
 */
const STANDOUT_RE =
  /\b(?:ERROR|ERR!|FATAL|PANIC|FAILED|FAILURE|CRITICAL|SEVERE|EMERG)|(?:^|[^A-Za-z])(?:[Ee]rror|[Ff]atal|[Pp]anic|[Ff]ailed|[Ff]ailure|[Ee]xception|[Tt]raceback|[Dd]enied|[Rr]efused|[Aa]borted)(?![a-z])/;

/** Words without which the salience pass reads no line as an error, a trace head or a failed test. */
const SALIENT_HINT_RE =
  /error|fail|fatal|panic|exception|traceback|abort|segmentation|core dumped|cannot|could not|unable to/i;

/** Whether `text` (one row's line) names an error or a failure. */
export function isStandout(text: string): boolean {
  return STANDOUT_RE.test(text);
}

/**
 * Whether the salience pass (fidelity/salient.ts), which checks every call,
 * reads `line` (a row's whole input line, number `lineNo` when known) as an error, a trace head or a
 * failed test: such a row must stay, or the guardrail passes the whole
 * search through (a context row quoting `Segmentation fault` in a regex).
 */
export function isSalientRow(text: string, line: string, lineNo = -1): boolean {
  if (!SALIENT_HINT_RE.test(text)) return false;
  const trimmed = line.trim();
  const indented = line.length > 0 && (line[0] === " " || line[0] === "\t");
  // Remembered by the input's line number, for the salience pass to read again.
  const kind = lineNo < 0 ? salientKind(trimmed, undefined, indented) : salientKindOf(trimmed, indented, lineNo);
  return kind === "error" || kind === "trace" || kind === "test";
}

/**
 * A statement that raises a failure in source code: `throw new X(`, `throw
 * err`, Python's `raise X`, Rust's `panic!(`, Go's `panic(`, a promise's
 * `reject(`. In a search over source files such a row is where an error is
 * made, the fact an agent looks for, while `error` elsewhere in code is a
 * name (`errorHandler`, `catch (error)`). The keyword must stand alone: not
 * `throws`/`@throws`/`raises` (documentation), not a method of another
 * object (`_.reject(list, …)`, `Promise.reject(`), not inside a name
 * (`onThrow`). Literals and single-character classes only: linear.
 */
const RAISE_RE = /(?:^|[^\w$.])(?:throw\s+[\w$(`'"]|raise\s+[A-Za-z_]|panic!?\(|reject\()/;

/** A comment's opener before the keyword: `//`, `#`, `/*`, or a doc comment's leading `*`. */
const COMMENT_BEFORE_RE = /\/\/|#|\/\*|^\s*\*/;

/**
 * Whether `text` (one row's line of source code) throws, raises, panics or
 * rejects, in code rather than in a comment (`# raise only the last error`,
 * ` * throw it from a handler`).
 */
export function isRaiseRow(text: string): boolean {
  const m = RAISE_RE.exec(text);
  return m !== null && !COMMENT_BEFORE_RE.test(text.slice(0, m.index + 1));
}

/**
 * What a row of source code is about when a keyword opens its statement: where
 * something is made (a function, a type) or checked (a test's assertion). In a
 * search over code such a row is the subject of its hits (`function deprecate
 * (message) {` among the calls of `deprecate`), where other rows only use the
 * name. Row kinds:
 */

/** No keyword of a definition or an assertion opens the row. */
export const NO_SUBJECT = 0;
/** `function f(`, `def f`, `fn f`, `func f`, `async function* f`. */
export const FUNCTION_SUBJECT = 1;
/** `class X`, `interface X`, `struct X`, `enum X`, `trait X`, `type X`. */
export const TYPE_SUBJECT = 2;
/** `expect(…)`, `assert x`, `assertEqual(`, `assert_eq!(`, `self.assertTrue(`. */
export const ASSERTION_SUBJECT = 3;

/**
 * A definition's keyword after the modifiers a language puts before it
 * (`export default async function`, `pub(crate) fn`, `public static class`),
 * and before the name a Go method's receiver (`func (c *Command) Execute`).
 * Each modifier is a literal followed by spaces, the keyword by a space and a
 * name: linear.
 */
const DEFINITION_RE =
  /^\s*(?:(?:export|default|declare|pub(?:\([\w:]+\))?|async|static|abstract|public|private|protected|internal|final|unsafe|const)\s+)*(function\*?|def|fn|func|class|interface|struct|enum|trait|type)\s+(?:\([^()]*\)\s*)?[A-Za-z_$]/;
/** An assertion opening its statement: a call, or Python's `assert` statement. */
const ASSERTION_RE = /^\s*(?:expect(?:\.\w+)?\(|assert(?:_\w+!|[A-Z]\w*)?[\s(]|self\.assert\w*\()/;

/** What `text` (one row's line of source code) is about, by the keyword opening it. */
export function subjectOf(text: string): number {
  const c = firstNonSpace(text);
  // Every keyword opens with one of these letters: most rows are no definition.
  if (
    c !== 97 &&
    c !== 99 &&
    c !== 100 &&
    c !== 101 &&
    c !== 102 &&
    c !== 105 &&
    c !== 112 &&
    c !== 115 &&
    c !== 116 &&
    c !== 117
  )
    return NO_SUBJECT;
  const m = DEFINITION_RE.exec(text);
  if (m !== null) {
    const k = m[1];
    return k.startsWith("f") || k === "def" ? FUNCTION_SUBJECT : TYPE_SUBJECT;
  }
  return ASSERTION_RE.test(text) ? ASSERTION_SUBJECT : NO_SUBJECT;
}

/** The code of `text`'s first character that is no space or tab (-1 when none). */
function firstNonSpace(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return c;
  }
  return -1;
}

/** The level words {@link STANDOUT_RE} reads that hold none of {@link ERROR_WORDS_RE}'s words. */
const STANDOUT_ONLY_RE = /ERR!|CRITICAL|SEVERE|EMERG/;

/**
 * {@link isStandout} of a row whose {@link scoreText} is `score`: a row the
 * error words missed (every other word of STANDOUT_RE holds one) stands out
 * only by one of four level words, a cheaper test than STANDOUT_RE's.
 */
export function isScoredStandout(text: string, score: number): boolean {
  if ((score & ERROR_SCORE) === 0 && !STANDOUT_ONLY_RE.test(text)) return false;
  return STANDOUT_RE.test(text);
}

/** How much `text` (one row's line) matters: 2 for a query term, +1 for an error word. */
export function scoreText(text: string, terms: readonly string[]): number {
  let score = ERROR_WORDS_RE.test(text) ? ERROR_SCORE : 0;
  if (terms.length > 0) {
    const lower = text.toLowerCase();
    for (const t of terms) {
      if (lower.includes(t)) {
        score += QUERY_SCORE;
        break;
      }
    }
  }
  return score;
}
