/**
 * The salient lines of a tool output: what an agent must still see after
 * compression, whatever compressor ran — errors and failures, stack-trace
 * heads, failed tests with their expected/actual, summaries, compiler and
 * linter diagnostics, commit and file headers, headings.
 *
 * An independent pass, on purpose sharing no rule with any compressor: it is
 * the safety net that catches an unseen format losing what matters. It reads
 * each candidate line once (found by one scan, candidates.ts),
 * and keeps one line per *distinct* salient line, digits masked, so 225
 * copies of one error need one of them visible, not all. In a unified diff,
 * a salient line of a hunk or a commit message is soft: content, not an
 * event (diff-content.ts); so is an `rg --json` match event.
 */

import { candidateFinder } from "./candidates.js";
import { DiffContent, mayHoldHunks } from "./diff-content.js";
import { type DiagnosticKey, diagnosticKey, showsKey } from "./diagnostic-key.js";
import type { LineIndex } from "../kernels/lines.js";

/** Longest part of a line the rules read, and that must then be visible. */
const LINE_CHARS = 240;
/** Distinct salient lines listed at most (an output that is all errors is checked on its first ones). */
const MAX_SALIENT = 2000;

/** What a salient line is, for reports. */
export type SalientKind = "error" | "trace" | "test" | "summary" | "diagnostic" | "header" | "heading";

/** One distinct salient line of an input. */
export interface SalientLine {
  kind: SalientKind;
  /** 0-based index of its first instance among the input's lines. */
  line: number;
  /** The line (its first {@link LINE_CHARS} characters), trimmed: what must be visible. */
  text: string;
  /**
   * A diagnostic's place and message: the line is also visible when both
   * are (a repeated message shown once, its places listed; diagnostic-key.ts).
   */
  key?: DiagnosticKey;
  /**
   * A line of a diff's hunk or commit message (diff-content.ts), or an
   * `rg --json` match: the check renders wider while it is hidden, but
   * never passes the input through for it.
   */
  isSoft?: boolean;
}

// Each rule reads one trimmed line (escape-free: the pipeline strips ANSI first).
/**
 * An error as a level, not as a word of prose: an uppercase level word
 * anywhere (`ERROR`, `npm ERR!`, `FAILED`), a lowercase one where a level sits
 * (`error:`, `[fatal]`, `<panic>`), a line opening with `Error`/`Failed`/
 * `Cannot`…, a crash. A `>` closes a level only after a `<`: in code,
 * `Result<V::Value, Error>` names a type, on every row of a Rust search.
 */
const ERROR_RE = new RegExp(
  [
    /\b(?:ERROR|ERR!|FATAL|PANIC|FAILED|FAILURE|CRITICAL|SEVERE|EMERG)(?![a-z])/.source,
    /(?:^|[\s[(|])(?:[Ee]rror|[Ff]atal|[Pp]anic|[Ff]ailed|[Cc]ritical)(?:[:\]|)]|\s*$)|<(?:[Ee]rror|[Ff]atal|[Pp]anic|[Ff]ailed|[Cc]ritical)>/
      .source,
    /^(?:[Ee]rror|Failed|Fatal|Cannot|Could not|Unable to)\b/.source,
    /Segmentation fault|core dumped|\bAborted\b/.source,
    // make's failure mark, which names the failed target: `gmake[2]: *** [t] Error 1`.
    /^[\w.-]{0,36}make(?:\[\d{1,4}\])?: \*\*\* /.source,
    // npm 7+ writes its levels lowercase after the tool's name.
    /^(?:npm|yarn|pnpm) (?:error|ERR!)/.source,
  ].join("|"),
);
/**
 * Errors that carry no level word: GNU ld's (`f.c:95: undefined reference to `compress'`,
 * `f.c:3: multiple definition of `x'; …`) and perl's warnings and dies, which end in their
 * place (`Use of uninitialized value $x in addition (+) at p.pl line 24, <$fh> line 8.`).
 */
const UNLEVELED_ERROR_RE =
  /(?:^|: )(?:undefined reference to|multiple definition of) [`'‘]| at [^\s]+ line \d+(?:, <[^\s>]*> (?:line|chunk) \d+)?\.$/;
/** Phrases that look like errors but say there are none. */
const NO_ERROR_RE = /\b(?:0|no|zero|without) (?:errors?|failures?|failed)\b|\berrors?: 0\b|\bfailed: 0\b/i;
/** Stack-trace heads: Python, JS/Java exceptions, Go and Rust panics. */
const TRACE_RE =
  /^(?:Traceback \(most recent call last\)|[\w.$]+(?:Error|Exception)(?: \[\w+\])?:|panic: |thread '.*' panicked at|Caused by: )/;
/** A failed test: jest/vitest `FAIL`/`✗`/`×`, TAP `not ok`, Go `--- FAIL`, pytest `FAILED`, mocha `1) name`. */
export const TEST_FAIL_RE = /^(?:FAIL\b|✗|×|✖|not ok \d|--- FAIL:|FAILED\b|\d+\) \S)|\bFAILED$|\.\.\. (?:FAIL|ERROR)$/;
/** The branches of {@link TEST_FAIL_RE} anchored at the line's start: tried at offset 0 alone. */
const TEST_FAIL_START_RE = /^(?:FAIL\b|✗|×|✖|not ok \d|--- FAIL:|FAILED\b|\d+\) \S)/;
/** Expected/actual of an assertion. */
const EXPECTED_RE =
  /^(?:[-+] (?:Expected|Received|expected|actual)|Expected:|Received:|AssertionError\b|assert\b|E\s{2,})/;
/** Summaries: test totals, error counts. */
const SUMMARY_RE =
  /^(?:Tests?:|Test Files|test result:|# (?:tests|pass|fail) \d|Ran \d+ tests?|FAILED \(|OK \(|Found \d+ errors?|\d+ (?:passed|failed|errors?|problems?)\b|=+ .*\b(?:passed|failed)\b.* =+$)/;
/**
 * Compiler and linter diagnostics: `f.ts(3,4): error TS…`, `f.c:3:4: warning:`, `--> f.rs:3:4`,
 * `f.py:3: error:`, shellcheck's `In f.sh line 3:` (its codes and messages follow under the source line).
 */
export const DIAGNOSTIC_RE =
  /^(?:\S+\(\d+,\d+\): (?:error|warning)|\S+:\d+(?::\d+)?:? (?:-? ?)?(?:error|warning|note)\b|--> \S+:\d+:\d+|\S+:\d+:\d+ - (?:error|warning)|In \S+ line \d+:$)/;
/** Commit and file headers of diffs; a search's or listing's file headers are left to their compressors. */
const HEADER_RE = /^(?:commit [0-9a-f]{7,64}\b|diff --git |From [0-9a-f]{40} )/;
/**
 * `rg --json` output (it opens with a file's `begin` event) and its match
 * and context events: a file's line found by the search, which the search
 * compressor re-renders as `N:text` (the event's raw line is never what it
 * shows), so the check reads such a line as soft.
 */
const RG_JSON_BEGIN_RE = /^\{"type":"begin","data":\{"path":/;
const RG_JSON_ROW_RE = /^\{"type":"(?:match|context)","data":/;
/** Markdown ATX headings. */
const HEADING_RE = /^#{1,6} \S/;
/**
 * What `python -v` says of its imports and its shutdown, one comment a line:
 * `# code object from '…'`, `# /x/__pycache__/y.pyc matches /x/y.py`,
 * `# extension module '_json' loaded from '…'`, `# destroy json`,
 * `# cleanup[2] removing re`, `# clear sys.path`, `# restore sys.stdin`,
 * `# installing zipimport hook`. Hundreds of them: routine records, no headings.
 */
const PYTHON_VERBOSE_RE =
  /^# (?:code object from '|\/\S{1,400}\.pyc matches \/|extension module '[\w.]{1,200}' (?:loaded|executed) from '|(?:destroy|clear|restore) [\w.]{1,200}(?: hooks)?$|cleanup\[\d{1,2}\] (?:removing|wiping) [\w.]{1,200}$|install(?:ing|ed) zipimport hook$)/;
/** A setext/reStructuredText underline: the line above it is a heading. */
const UNDERLINE_RE = /^(?:={3,}|-{3,}|~{3,}|\^{3,}|\*{3,}|\+{3,})$/;

/**
 * The kind of `text` (a trimmed line) when it is salient, else null.
 * `next` is the line after it (a heading's underline); `indented` says
 * whether the line began with white space.
 */
export function salientKind(text: string, next: string | undefined, indented = false): SalientKind | null {
  if (text.length === 0) return null;
  // The anchored rules open with a few characters each: the first one tells which are worth a run.
  const first = text.charCodeAt(0);
  if (mayBeHeader(first) && HEADER_RE.test(text)) return "header";
  if (mayBeDiagnostic(text) && DIAGNOSTIC_RE.test(text)) return "diagnostic";
  if (TRACE_RE.test(text)) return "trace";
  if (isTestFailure(text) || (mayBeExpected(first) && EXPECTED_RE.test(text))) {
    return "test";
  }
  if (mayBeSummary(first) && SUMMARY_RE.test(text)) return "summary";
  // Headings start their line (an indented `# x` is a code comment).
  if (!indented && first === 35 /* # */ && HEADING_RE.test(text) && !PYTHON_VERBOSE_RE.test(text)) return "heading";
  if (!indented && next !== undefined && isUnderline(next) && isHeadingText(text, next.trim())) {
    return "heading";
  }
  if (ERROR_RE.test(text) && !NO_ERROR_RE.test(text)) return "error";
  if (UNLEVELED_ERROR_RE.test(text)) return "error";
  return null;
}

/** What {@link salientKindOf} remembers of one line: the trimmed text read, its indentation, its kind. */
interface KnownKind {
  text: string;
  indented: boolean;
  kind: SalientKind | null;
}

/**
 * {@link salientKind} without a next line, by line number, remembered while a
 * compress call runs (see {@link rememberSalientKinds}): the search
 * compressor asks it of every row that names an error word, and the fidelity
 * check of the same lines again (its `ERROR_RE` alone was a tenth of a
 * search's call). Keyed by the line's number, not its text: hashing each
 * line's text cost about what the rules do. An entry answers only for the
 * same text and indentation (the check may read a cleaned copy, whose lines
 * are others). Null while no call runs: a line kept here keeps the text it
 * was cut from alive.
 */
let kindMemo: Map<number, KnownKind> | null = null;
/** Pipeline calls running (they may interleave at their awaits); the memo lives while any does. */
let memoCalls = 0;
/** Lines remembered at most; past it the memo starts again (bounded memory). */
const MAX_MEMO_LINES = 16384;

/** Starts remembering {@link salientKindOf} answers: a pipeline call begins. */
export function rememberSalientKinds(): void {
  memoCalls++;
  kindMemo ??= new Map();
}

/** A pipeline call ends: what it remembered goes (a call still running just asks again). */
export function forgetSalientKinds(): void {
  memoCalls = Math.max(0, memoCalls - 1);
  if (memoCalls === 0) kindMemo = null;
  else kindMemo?.clear();
}

/**
 * `salientKind(text, undefined, indented)` of the input's line `line`
 * (0-based), remembered while a compress call runs for {@link salientLines}
 * to read back.
 */
export function salientKindOf(text: string, indented: boolean, line: number): SalientKind | null {
  const kind = salientKind(text, undefined, indented);
  const memo = kindMemo;
  if (memo !== null) {
    if (memo.size >= MAX_MEMO_LINES) memo.clear();
    memo.set(line, { text, indented, kind });
  }
  return kind;
}

/**
 * {@link salientKind} of line `line`, from {@link salientKindOf}'s memo when
 * it holds that line's text: only an underline can change what the line
 * alone is (a heading comes before an error, after every other rule).
 */
function rememberedKind(text: string, next: string | undefined, indented: boolean, line: number): SalientKind | null {
  const known = kindMemo === null || kindMemo.size === 0 ? undefined : kindMemo.get(line);
  if (known === undefined || known.indented !== indented || known.text !== text)
    return salientKind(text, next, indented);
  const kind = known.kind;
  if (kind !== null && kind !== "error") return kind;
  if (text.length > 0 && !indented && next !== undefined && isUnderline(next) && isHeadingText(text, next.trim())) {
    return "heading";
  }
  return kind;
}

/** False when {@link HEADER_RE} cannot match a line opening with `c`: `commit`, `diff --git`, `From`. */
function mayBeHeader(c: number): boolean {
  return c === 99 /* c */ || c === 100 /* d */ || c === 70 /* F */;
}

/** False when {@link EXPECTED_RE} cannot match a line opening with `c`: `- `, `+ `, `Expected`, `Received`, `Assert…`, `assert`, `E`. */
function mayBeExpected(c: number): boolean {
  return c === 45 || c === 43 || c === 69 /* E */ || c === 82 /* R */ || c === 65 /* A */ || c === 97 /* a */;
}

/** False when {@link SUMMARY_RE} cannot match a line opening with `c`: `Test…`, `test result`, `# `, `Ran`, `FAILED`/`Found`, `OK`, a count, `=`. */
function mayBeSummary(c: number): boolean {
  return (
    c === 84 /* T */ ||
    c === 116 /* t */ ||
    c === 35 /* # */ ||
    c === 82 /* R */ ||
    c === 70 /* F */ ||
    c === 79 /* O */ ||
    c === 61 /* = */ ||
    (c >= 48 && c <= 57)
  );
}

/**
 * False when {@link DIAGNOSTIC_RE} cannot match `text`, read in a few loads:
 * on a search's `path:12:code` lines its `\S+` backtracked over the whole
 * first token for each of three branches. Every branch but `--> ` and `In ` consumes
 * non-space units up to one space, which is therefore the first space of
 * the line, and then reads `error`, `warning` or `note`, after `-`, ` ` or
 * `- ` at most.
 */
export function mayBeDiagnostic(text: string): boolean {
  if (text.startsWith("--> ") || text.startsWith("In ")) return true;
  const space = text.indexOf(" ");
  if (space <= 0) return false;
  let at = space + 1;
  if (text.charCodeAt(at) === 45 /* - */) at++;
  if (text.charCodeAt(at) === 32) at++;
  const c = text.charCodeAt(at);
  return c === 101 /* e */ || c === 119 /* w */ || c === 110 /* n */;
}

/**
 * False when {@link TEST_FAIL_RE} cannot match `text`: each of its branches
 * starts the line with `F`, `n`, `-`, a digit or a mark, or ends it with
 * `FAILED`, `FAIL` or `ERROR`.
 */
export function mayBeTestFailure(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return (
    first === 70 /* F */ ||
    first === 110 /* n */ ||
    first === 45 /* - */ ||
    (first >= 48 && first <= 57) ||
    first === 0xd7 /* × */ ||
    first === 0x2716 /* ✖ */ ||
    first === 0x2717 /* ✗ */ ||
    last === 68 /* D */ ||
    last === 76 /* L */ ||
    last === 82 /* R */
  );
}

/**
 * `TEST_FAIL_RE.test(text)`, reading past the line's start only when its end
 * could match: the branches anchored at the end need a last `D`, `L` or `R`.
 * A log's lines open with a digit (a time), so the gate let them through, and
 * the unanchored branches then tried every offset of each.
 */
export function isTestFailure(text: string): boolean {
  if (!mayBeTestFailure(text)) return false;
  const last = text.charCodeAt(text.length - 1);
  const mayEndMatch = last === 68 /* D */ || last === 76 /* L */ || last === 82; /* R */
  return mayEndMatch ? TEST_FAIL_RE.test(text) : TEST_FAIL_START_RE.test(text);
}

/**
 * Whether `line` underlines a heading: indented at most 3 spaces (Markdown's
 * setext rule; RST's are flush). Deeper, it is a pointer under quoted code
 * (tsc --pretty's `~~~` under `272   this.x()`), not an underline.
 */
function isUnderline(line: string): boolean {
  let at = 0;
  while (at < line.length && line.charCodeAt(at) === 32) at++;
  if (at > 3) return false;
  // A tab indents past 3 spaces. Printable ASCII other than the underline marks cannot open one
  // (white space and the rest go on to the regex, which reads the line trimmed).
  const c = line.charCodeAt(at);
  if (c === 9 || (c >= 33 && c <= 126 && !isUnderlineMark(c))) return false;
  return UNDERLINE_RE.test(line.trim());
}

/** The characters an underline is made of: `= - ~ ^ * +`. */
function isUnderlineMark(c: number): boolean {
  return c === 61 || c === 45 || c === 126 || c === 94 || c === 42 || c === 43;
}

/** A setext/RST heading: a short title over an underline about as long as it (not a caret pointer under code). */
function isHeadingText(text: string, underline: string): boolean {
  if (text.length > 120 || !/^[A-Za-z0-9`*_"'[(]/.test(text) || UNDERLINE_RE.test(text)) return false;
  return underline.length >= 0.5 * text.length && underline.length <= 2 * text.length + 4;
}

/**
 * The distinct salient lines of `text` (digits masked to tell distinct ones),
 * in order. Their texts are copies that hold no reference to `text` (see
 * {@link detached}), unless `detach` is false: for a caller that keeps
 * `text` alive as long as the lines anyway (the input of a compress call),
 * the copies would cost time and save nothing. `index`, when given, is the
 * line index of `text` a compressor already built: lines are then read from
 * it instead of found again (the same lines either way).
 */
export function salientLines(text: string, detach = true, index?: LineIndex): SalientLine[] {
  const found: SalientLine[] = [];
  const seen = new Set<string>();
  const lines: LineReader = index !== undefined && index.text === text ? new IndexedLines(index) : new LineCursor(text);
  let lastLine = -1;
  // Only candidate lines are read (most lines of a routine log are none).
  // Nothing below runs a WASM kernel while the finder is in use.
  const nextCandidate = candidateFinder(text);
  const diff = mayHoldHunks(text) ? new DiffContent(text, index?.text === text ? index : undefined) : null;
  const isRgJson = RG_JSON_BEGIN_RE.test(text);
  for (let c = nextCandidate(0); c !== null && found.length < MAX_SALIENT; ) {
    const at = lines.lineOf(c.at);
    // An underline makes the line above it a heading: read that one too.
    for (let i = c.underline ? at - 1 : at; i <= at; i++) {
      if (i < 0 || i <= lastLine) continue;
      lastLine = i;
      const raw = lines.text(i) ?? "";
      const isSoft = (diff?.isContent(i) ?? false) || (isRgJson && RG_JSON_ROW_RE.test(raw));
      const trimmed = raw.trim().slice(0, LINE_CHARS);
      const kind = rememberedKind(trimmed, lines.text(i + 1), raw.length > 0 && (raw[0] === " " || raw[0] === "\t"), i);
      if (kind === null) continue;
      // Repeats that differ only in numbers count once, except where the numbers are the information.
      const key =
        kind === "heading" || kind === "header" || kind === "diagnostic"
          ? `${kind}:${trimmed}`
          : // Masked before the cut, so a longer number does not push a different tail into the key.
            raw.trim().replace(/\d+/g, "#").slice(0, LINE_CHARS);
      if (seen.has(key)) continue;
      seen.add(key);
      const line: SalientLine = { kind, line: i, text: detach ? detached(trimmed) : trimmed };
      if (isSoft) line.isSoft = true;
      const dk = kind === "diagnostic" ? diagnosticKey(line.text) : null;
      if (dk !== null) line.key = dk;
      found.push(line);
    }
    // One line is read once: go on from its end.
    c = nextCandidate(Math.max(c.end, lines.startOf(at + 1)));
  }
  return found;
}

/** How {@link salientLines} reads lines: by line number, asked in increasing order (give or take one line). */
interface LineReader {
  /** The line holding offset `at`. */
  lineOf(at: number): number;
  /** Offset where line `i` starts (the text's length past the end). */
  startOf(i: number): number;
  /** Line `i` without its line end (its first characters only), or undefined past the end. */
  text(i: number): string | undefined;
}

/**
 * A {@link LineReader} over a line index already built: lookups read its
 * starts, from the last line found on (candidates come in order).
 */
class IndexedLines implements LineReader {
  private last = 0;

  constructor(private readonly index: LineIndex) {}

  lineOf(at: number): number {
    const index = this.index;
    let i = this.last;
    if (i >= index.count || index.start(i) > at) i = index.lineAt(at);
    else while (i + 1 < index.count && index.start(i + 1) <= at) i++;
    this.last = i;
    return i;
  }

  startOf(i: number): number {
    return i < this.index.count ? this.index.start(i) : this.index.text.length;
  }

  text(i: number): string | undefined {
    const index = this.index;
    // An empty text reads as one empty line, as LineCursor reads it.
    if (i >= index.count) return i === 0 ? "" : undefined;
    const start = index.start(i);
    let end = index.end(i);
    if (end > start && index.text.charCodeAt(end - 1) === 13) end--;
    return index.text.slice(start, Math.min(end, start + LINE_CHARS + 64));
  }
}

/**
 * Line starts a {@link LineCursor} keeps behind the furthest line it read:
 * lookups stay within a line or two of that one.
 */
const CURSOR_KEPT_LINES = 1024;

/**
 * Line numbers of offsets met in increasing order, without an index of the
 * whole text: only the starts of the last lines read are kept (every start
 * of a 100 MB diff's 5 M lines was 40 MB of array, grown by copies). A
 * lookup behind them reads the text again from its start.
 */
class LineCursor implements LineReader {
  /** Starts of lines [first, first + starts.length). */
  private starts: number[] = [0];
  private first = 0;

  constructor(private readonly source: string) {}

  /** The line holding offset `at` (offsets asked in increasing order, give or take one line). */
  lineOf(at: number): number {
    if (this.starts[0] > at) this.rewind();
    // Read lines on until one starts past `at` (or the text ends).
    while (this.lastStart() <= at && this.lastStart() < this.source.length) {
      this.startOf(this.first + this.starts.length);
    }
    let i = this.starts.length - 1;
    while (i > 0 && this.starts[i] > at) i--;
    return this.first + i;
  }

  /** Offset where line `i` starts (the text's length past the end). */
  startOf(i: number): number {
    if (i < this.first) this.rewind();
    while (this.first + this.starts.length <= i) {
      const last = this.lastStart();
      if (last >= this.source.length) return this.source.length;
      const nl = this.source.indexOf("\n", last);
      this.push(nl === -1 ? this.source.length : nl + 1);
    }
    return this.starts[i - this.first];
  }

  private lastStart(): number {
    return this.starts[this.starts.length - 1];
  }

  private push(start: number): void {
    if (this.starts.length >= 2 * CURSOR_KEPT_LINES) {
      this.starts = this.starts.slice(CURSOR_KEPT_LINES);
      this.first += CURSOR_KEPT_LINES;
    }
    this.starts.push(start);
  }

  private rewind(): void {
    this.starts = [0];
    this.first = 0;
  }

  /** Line `i` without its line end (its first characters only), or undefined past the end. */
  text(i: number): string | undefined {
    const start = this.startOf(i);
    if (start >= this.source.length && i > 0) return undefined;
    const next = this.startOf(i + 1);
    let end = next > start && this.source.charCodeAt(next - 1) === 10 ? next - 1 : next;
    if (end > start && this.source.charCodeAt(end - 1) === 13) end--;
    return this.source.slice(start, Math.min(end, start + LINE_CHARS + 64));
  }
}

/**
 * A copy of `line` that holds no reference to the text it was cut from. V8
 * keeps a slice as a view of its parent, so a few salient lines kept the
 * whole ANSI-stripped copy of the input (10 MB for a 10 MB colored diff)
 * alive through every re-render; a JSON round trip always builds a new
 * string, the same code units (lone surrogates included).
 */
function detached(line: string): string {
  return JSON.parse(JSON.stringify(line)) as string;
}

/**
 * Text with all white space removed: how the check compares, so a compressor
 * that re-indents, joins or aligns a line (compact JSON, a table) still shows it.
 */
export function squeezed(text: string): string {
  return text.replace(/\s+/g, "");
}

/** The salient lines of `input` not visible in `output` (compared without white space). */
export function missingSalient(salient: readonly SalientLine[], output: string): SalientLine[] {
  if (salient.length === 0) return [];
  // Compressors keep the input's order: each salient line is first looked
  // for as it stands, past the last one found, so that while they come in
  // order the output is read once in all.
  let from = 0;
  let first = 0;
  for (; first < salient.length; first++) {
    const at = output.indexOf(salient[first].text, from);
    if (at === -1) break;
    from = at + salient[first].text.length;
  }
  if (first === salient.length) return [];
  // The rest: output lines whole, then anywhere in the squeezed output.
  const rest = salient.slice(first);
  const seen = shownLines(output, new Set(rest.map((s) => s.text)));
  let shown: string | null = null;
  return rest.filter((s) => {
    if (seen.has(s.text)) return false;
    shown ??= squeezed(output);
    if (shown.includes(squeezed(s.text))) return false;
    return s.key === undefined || !showsKey(s.key, output, shown);
  });
}

/**
 * Which of `wanted` are lines of `output`, trimmed (a long one cut as
 * salientLines cuts it). The set holds the salient lines sought (at most
 * MAX_SALIENT), not the output's lines: a set of a 10 MB output's lines took
 * 5 bytes per char.
 */
function shownLines(output: string, wanted: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  for (let start = 0; start < output.length && seen.size < wanted.size; ) {
    const nl = output.indexOf("\n", start);
    const end = nl === -1 ? output.length : nl;
    const whole = output.slice(start, end).trim();
    const line = whole.length > LINE_CHARS ? whole.slice(0, LINE_CHARS) : whole;
    if (wanted.has(line)) seen.add(line);
    start = end + 1;
  }
  return seen;
}
