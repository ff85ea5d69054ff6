/**
 * A small lexer that only tracks "in code / in string / in comment", line by
 * line, carrying its state across lines. It records what the skeleton
 * planners need and nothing more:
 *
 * - per line: what it holds (blank, comment only, code, or the inside of a
 *   multi-line string), the lexer mode at its start and end, its indentation
 *   and (for Python) the bracket depth at its start;
 * - for brace languages: every `{ … }` block in code, with its opening and
 *   closing position and its header, the code of the statement before the
 *   brace with comments dropped and strings reduced to `""`.
 *
 * Unterminated strings and comments, unbalanced braces, NUL bytes, lone
 * surrogates and megabyte lines only make the answer less useful, never an
 * exception: every step is a bounded forward scan.
 */
import type { LexRules } from "./languages.js";

/** What a line holds. */
export const LineKind = { Blank: 0, Comment: 1, Code: 2, InString: 3 } as const;

/** Lexer modes, as recorded at the start and end of every line. */
export const Mode = { Code: 0, BlockComment: 1, String: 2, Template: 3, Triple: 4, Raw: 5 } as const;

/** The brace blocks of a source, in the order they open. */
export interface Blocks {
  count: number;
  openLine: number[];
  openCol: number[];
  /** -1 when the block never closes. */
  closeLine: number[];
  closeCol: number[];
  /** The statement before the `{`, comments dropped, strings as `""`, whitespace collapsed. */
  header: string[];
}

/** What {@link scanCode} found. */
export interface Scan {
  /** {@link LineKind} of each line. */
  kind: Uint8Array;
  /** {@link Mode} at the start and at the end of each line. */
  startMode: Uint8Array;
  endMode: Uint8Array;
  /** Column of the first non-blank character, -1 for a blank line. */
  indent: Int32Array;
  /** Open brackets at the start of each line (Python continuation lines). */
  bracketsAtStart: Int32Array;
  /** The line continues the previous one after a trailing backslash (Python). */
  continued: Uint8Array;
  blocks: Blocks;
}

const TAB = 9,
  SPACE = 32,
  DQUOTE = 34,
  HASH = 35,
  DOLLAR = 36,
  SQUOTE = 39;
const LPAREN = 40,
  RPAREN = 41,
  STAR = 42,
  SLASH = 47,
  SEMI = 59,
  LBRACKET = 91,
  BACKSLASH = 92,
  RBRACKET = 93;
const BACKTICK = 96,
  LBRACE = 123,
  RBRACE = 125;

/** Longest header kept; longer statements keep their last part, where the name and parameters are. */
const HEADER_CAP = 2048;
/** Deepest template-literal nesting tracked; deeper is garbage in anyway. */
const TEMPLATE_DEPTH_CAP = 256;

/** JS words after which `/` starts a regex rather than dividing. */
const REGEX_AFTER_WORDS = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);

/** JS words that continue the previous line's statement rather than start a new one. */
const CONTINUING_WORDS = new Set(["extends", "implements", "as", "satisfies", "instanceof", "in", "of"]);

function isIdentChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === DOLLAR || c >= 0x80;
}

function isSpace(c: number): boolean {
  return c === SPACE || c === TAB || c === 13 || c === 12 || c === 11;
}

/** Characters that, first on a line, continue the previous JS statement. */
function continuesStatement(c: number): boolean {
  // . , ? : = + - * / % & | ^ < > ) ] } !
  return (
    c === 46 ||
    c === 44 ||
    c === 63 ||
    c === 58 ||
    c === 61 ||
    c === 43 ||
    c === 45 ||
    c === STAR ||
    c === SLASH ||
    c === 37 ||
    c === 38 ||
    c === 124 ||
    c === 94 ||
    c === 60 ||
    c === 62 ||
    c === RPAREN ||
    c === RBRACKET ||
    c === RBRACE
  );
}

/**
 * Scans `count` lines (given one at a time, line-number prefixes already
 * removed) with a language's rules.
 */
export function scanCode(line: (i: number) => string, count: number, rules: LexRules): Scan {
  return new Lexer(rules, count).run(line);
}

class Lexer {
  private readonly r: LexRules;
  private readonly out: Scan;
  private mode: number = Mode.Code;
  /** Quote of the current string, or of the triple quote. */
  private quote = 0;
  private commentDepth = 0;
  private rawHashes = 0;
  private escapedNewline = false;
  /** Brace counts inside each open `${…}` of a template literal. */
  private readonly templates: number[] = [];
  /** Open blocks (indexes into blocks) and the bracket depth saved when each opened. */
  private readonly openBlocks: number[] = [];
  private readonly savedBrackets: number[] = [];
  /**
   * For a block opened inside an expression (in brackets, or a Go
   * `interface{}` / `struct{}` type), the header of the statement around it,
   * restored when it closes: `func f(x interface{}) error {` is one header.
   */
  private readonly savedHeaders: (string | null)[] = [];
  /** The last token in code was this word (regex literals, Go type literals); "" after punctuation. */
  private lastWord = "";
  private brackets = 0;
  /** Whether the last significant code token was an operand (so `/` divides). */
  private afterOperand = false;
  /** A line break may have ended the statement (JS): decided by the next line's first token. */
  private pendingBreak = false;
  private readonly header = new Uint16Array(HEADER_CAP);
  private headerLen = 0;
  // Per-line flags.
  private sawCode = false;
  private sawComment = false;

  constructor(rules: LexRules, count: number) {
    this.r = rules;
    this.out = {
      kind: new Uint8Array(count),
      startMode: new Uint8Array(count),
      endMode: new Uint8Array(count),
      indent: new Int32Array(count),
      bracketsAtStart: new Int32Array(count),
      continued: new Uint8Array(count),
      blocks: { count: 0, openLine: [], openCol: [], closeLine: [], closeCol: [], header: [] },
    };
  }

  run(line: (i: number) => string): Scan {
    const out = this.out;
    let continued = false;
    for (let i = 0; i < out.kind.length; i++) {
      const s = line(i);
      const startMode = this.mode;
      out.startMode[i] = startMode;
      out.bracketsAtStart[i] = this.brackets;
      out.continued[i] = continued ? 1 : 0;
      out.indent[i] = indentOf(s);
      this.sawCode = false;
      this.sawComment = false;
      this.scanLine(s, i);
      continued =
        this.mode === Mode.Code && !this.r.braceBlocks && s.length > 0 && s.charCodeAt(s.length - 1) === BACKSLASH;
      this.endLine(s);
      out.endMode[i] = this.mode;
      out.kind[i] = this.kindOf(startMode, out.indent[i]);
    }
    return out;
  }

  private kindOf(startMode: number, indent: number): number {
    if (
      startMode === Mode.String ||
      startMode === Mode.Triple ||
      startMode === Mode.Raw ||
      startMode === Mode.Template
    ) {
      return LineKind.InString;
    }
    if (this.sawCode) return LineKind.Code;
    // A blank line inside a block comment is part of the comment (a paragraph break).
    if (startMode === Mode.BlockComment) return LineKind.Comment;
    return this.sawComment && indent >= 0 ? LineKind.Comment : LineKind.Blank;
  }

  /** End of line: one-line strings end, Go and JS statements may end. */
  private endLine(s: string): void {
    if (this.mode === Mode.String && !this.r.multilineStrings && !this.escapedNewline) this.mode = Mode.Code;
    this.escapedNewline = false;
    if (this.mode !== Mode.Code || this.templates.length > 0 || !this.r.braceBlocks || this.brackets !== 0) return;
    if (this.r.newlineEnds === "go" && this.afterOperand) this.headerLen = 0;
    else if (this.r.newlineEnds === "js" && this.afterOperand && s.length > 0) this.pendingBreak = true;
  }

  private scanLine(s: string, lineNo: number): void {
    const n = s.length;
    let i = 0;
    while (i < n) {
      switch (this.mode) {
        case Mode.Code:
          i = this.code(s, i, lineNo);
          break;
        case Mode.BlockComment:
          i = this.blockComment(s, i);
          break;
        case Mode.String:
          i = this.string(s, i);
          break;
        case Mode.Template:
          i = this.template(s, i);
          break;
        case Mode.Triple:
          i = this.triple(s, i);
          break;
        default:
          i = this.raw(s, i);
          break;
      }
    }
  }

  private appendHeader(c: number): void {
    if (!this.r.braceBlocks) return;
    if (c === SPACE && (this.headerLen === 0 || this.header[this.headerLen - 1] === SPACE)) return;
    if (this.headerLen === HEADER_CAP) {
      this.header.copyWithin(0, HEADER_CAP / 2);
      this.headerLen = HEADER_CAP / 2;
    }
    this.header[this.headerLen++] = c;
  }

  /** Appends `s[start, end)`, a word: no spaces to collapse, one capacity check. */
  private appendWord(s: string, start: number, end: number): void {
    if (!this.r.braceBlocks) return;
    if (end - start > HEADER_CAP / 2) start = end - HEADER_CAP / 2;
    if (this.headerLen + (end - start) > HEADER_CAP) {
      this.header.copyWithin(0, HEADER_CAP / 2, this.headerLen);
      this.headerLen -= HEADER_CAP / 2;
    }
    for (let k = start; k < end; k++) this.header[this.headerLen++] = s.charCodeAt(k);
  }

  /** Puts back the header of the statement a nested block sat in, with `{}` for the block. */
  private restoreHeader(outer: string): void {
    this.headerLen = 0;
    const keep = outer.length > HEADER_CAP / 2 ? outer.slice(outer.length - HEADER_CAP / 2) : outer;
    for (let k = 0; k < keep.length; k++) this.appendHeader(keep.charCodeAt(k));
    this.appendHeader(LBRACE);
    this.appendHeader(RBRACE);
  }

  private takeHeader(): string {
    let end = this.headerLen;
    while (end > 0 && this.header[end - 1] === SPACE) end--;
    this.headerLen = 0;
    if (end === 0) return "";
    // HEADER_CAP is far below any engine's argument limit, so one call converts it all.
    return String.fromCharCode.apply(null, this.header.subarray(0, end) as unknown as number[]);
  }

  /** One token of code starting at `i`; returns where the next one starts. */
  private code(s: string, i: number, lineNo: number): number {
    const r = this.r;
    const c = s.charCodeAt(i);
    if (isSpace(c)) {
      this.appendHeader(SPACE);
      let j = i + 1;
      while (j < s.length && isSpace(s.charCodeAt(j))) j++;
      return j;
    }
    const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    if (r.slashComments && c === SLASH && (next === SLASH || next === STAR)) {
      this.sawComment = true;
      this.appendHeader(SPACE);
      if (next === SLASH) return s.length;
      this.mode = Mode.BlockComment;
      this.commentDepth = 1;
      return i + 2;
    }
    if (r.hashComments && c === HASH) {
      this.sawComment = true;
      return s.length;
    }
    this.sawCode = true;
    if (this.pendingBreak) {
      this.pendingBreak = false;
      if (!continuesStatement(c) && !(isIdentChar(c) && CONTINUING_WORDS.has(wordAt(s, i)))) this.headerLen = 0;
    }
    if (isIdentChar(c)) return this.word(s, i);
    if (c === DQUOTE || c === SQUOTE || c === BACKTICK) return this.quoteStart(s, i, c);
    if (c === SLASH && r.regexLiterals && !this.afterOperand) {
      const end = regexEnd(s, i);
      if (end > 0) {
        this.appendHeader(SLASH);
        this.appendHeader(SLASH);
        this.afterOperand = true;
        return end;
      }
    }
    if (c === LBRACE || c === RBRACE) return this.brace(c, i, lineNo);
    if (c === LPAREN || c === LBRACKET) {
      this.brackets++;
      this.afterOperand = false;
    } else if (c === RPAREN || c === RBRACKET) {
      if (this.brackets > 0) this.brackets--;
      this.afterOperand = true;
    } else if (c === SEMI && this.brackets === 0 && this.templates.length === 0) {
      this.headerLen = 0;
      this.afterOperand = false;
      return i + 1;
    } else {
      this.afterOperand = false;
    }
    this.lastWord = "";
    this.appendHeader(c);
    return i + 1;
  }

  /** An identifier, keyword or number: consumed whole, so `r#"…"#` and keywords are seen as units. */
  private word(s: string, i: number): number {
    const start = i;
    let j = i;
    while (j < s.length && isIdentChar(s.charCodeAt(j))) j++;
    if (this.r.rawStrings && j < s.length) {
      // Rust raw strings: r"…", r#"…"#, br"…", cr#"…"#.
      const w = s.slice(start, j);
      if (w === "r" || w === "br" || w === "cr") {
        let k = j;
        while (k < s.length && s.charCodeAt(k) === HASH) k++;
        if (k < s.length && s.charCodeAt(k) === DQUOTE) {
          this.rawHashes = k - j;
          this.mode = Mode.Raw;
          this.appendHeader(DQUOTE);
          this.appendHeader(DQUOTE);
          this.afterOperand = true;
          return k + 1;
        }
      }
    }
    this.appendWord(s, start, j);
    // Only short lowercase words matter (keywords); slicing every identifier would feed the GC.
    const len = j - start;
    const c = s.charCodeAt(start);
    this.lastWord = len >= 2 && len <= 10 && c >= 97 && c <= 122 ? s.slice(start, j) : "";
    this.afterOperand = !(this.r.regexLiterals && this.lastWord !== "" && REGEX_AFTER_WORDS.has(this.lastWord));
    return j;
  }

  private quoteStart(s: string, i: number, c: number): number {
    const r = this.r;
    if (c === SQUOTE && r.singleQuote !== "string") {
      const end = charLiteralEnd(s, i, r.singleQuote === "rust");
      // A Rust lifetime (`'a`) stays in the header as it is; a char literal becomes ''.
      this.appendHeader(SQUOTE);
      if (end > i + 1) this.appendHeader(SQUOTE);
      this.afterOperand = end > i + 1;
      return end;
    }
    this.appendHeader(c === BACKTICK ? BACKTICK : DQUOTE);
    this.appendHeader(c === BACKTICK ? BACKTICK : DQUOTE);
    this.afterOperand = true;
    if (c === BACKTICK) {
      if (r.backtick === "none") return i + 1;
      this.mode = r.backtick === "template" ? Mode.Template : Mode.Raw;
      this.rawHashes = -1;
      return i + 1;
    }
    const isTriple =
      i + 2 < s.length &&
      s.charCodeAt(i + 1) === c &&
      s.charCodeAt(i + 2) === c &&
      (r.tripleQuotes === "both" || (r.tripleQuotes === "double" && c === DQUOTE));
    if (isTriple) {
      this.mode = Mode.Triple;
      this.quote = c;
      return i + 3;
    }
    this.mode = Mode.String;
    this.quote = c;
    return i + 1;
  }

  private brace(c: number, i: number, lineNo: number): number {
    const b = this.out.blocks;
    this.afterOperand = c === RBRACE;
    if (this.templates.length > 0) {
      const top = this.templates.length - 1;
      if (c === LBRACE) this.templates[top]++;
      else if (this.templates[top] > 0) this.templates[top]--;
      else {
        this.templates.pop();
        this.mode = Mode.Template;
      }
      return i + 1;
    }
    if (!this.r.braceBlocks) {
      if (c === LBRACE) this.brackets++;
      else if (this.brackets > 0) this.brackets--;
      return i + 1;
    }
    if (c === LBRACE) {
      const isNested =
        this.brackets > 0 ||
        (this.r.newlineEnds === "go" && (this.lastWord === "interface" || this.lastWord === "struct"));
      const header = this.takeHeader();
      b.openLine.push(lineNo);
      b.openCol.push(i);
      b.closeLine.push(-1);
      b.closeCol.push(-1);
      b.header.push(header);
      this.openBlocks.push(b.count++);
      this.savedBrackets.push(this.brackets);
      this.savedHeaders.push(isNested ? header : null);
      this.brackets = 0;
      this.afterOperand = false;
    } else {
      const open = this.openBlocks.pop();
      this.headerLen = 0;
      if (open !== undefined) {
        b.closeLine[open] = lineNo;
        b.closeCol[open] = i;
        this.brackets = this.savedBrackets.pop() ?? 0;
        const outer = this.savedHeaders.pop();
        if (outer !== null && outer !== undefined) this.restoreHeader(outer);
      }
    }
    this.lastWord = "";
    return i + 1;
  }

  private blockComment(s: string, i: number): number {
    const n = s.length;
    this.sawComment = true;
    for (let j = i; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === STAR && j + 1 < n && s.charCodeAt(j + 1) === SLASH) {
        if (--this.commentDepth === 0) {
          this.mode = Mode.Code;
          return j + 2;
        }
        j++;
      } else if (this.r.nestedComments && c === SLASH && j + 1 < n && s.charCodeAt(j + 1) === STAR) {
        this.commentDepth++;
        j++;
      }
    }
    return n;
  }

  private string(s: string, i: number): number {
    const n = s.length;
    for (let j = i; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === BACKSLASH) {
        if (j + 1 >= n) this.escapedNewline = true;
        j++;
      } else if (c === this.quote) {
        this.mode = Mode.Code;
        return j + 1;
      }
    }
    return n;
  }

  private template(s: string, i: number): number {
    const n = s.length;
    for (let j = i; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === BACKSLASH) j++;
      else if (c === BACKTICK) {
        this.mode = Mode.Code;
        return j + 1;
      } else if (
        c === DOLLAR &&
        j + 1 < n &&
        s.charCodeAt(j + 1) === LBRACE &&
        this.templates.length < TEMPLATE_DEPTH_CAP
      ) {
        this.templates.push(0);
        this.mode = Mode.Code;
        this.afterOperand = false;
        return j + 2;
      }
    }
    return n;
  }

  private triple(s: string, i: number): number {
    const n = s.length;
    const q = this.quote;
    for (let j = i; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === BACKSLASH) j++;
      else if (c === q && j + 2 < n && s.charCodeAt(j + 1) === q && s.charCodeAt(j + 2) === q) {
        this.mode = Mode.Code;
        return j + 3;
      }
    }
    return n;
  }

  /** Rust raw strings (`rawHashes` ≥ 0) and Go backtick strings (`rawHashes` = -1): no escapes. */
  private raw(s: string, i: number): number {
    const n = s.length;
    const hashes = this.rawHashes;
    const close = hashes < 0 ? BACKTICK : DQUOTE;
    for (let j = i; j < n; j++) {
      if (s.charCodeAt(j) !== close) continue;
      let k = j + 1;
      while (k < n && k - j - 1 < hashes && s.charCodeAt(k) === HASH) k++;
      if (hashes < 0 || k - j - 1 === hashes) {
        this.mode = Mode.Code;
        return k;
      }
    }
    return n;
  }
}

function indentOf(s: string): number {
  for (let i = 0; i < s.length; i++) if (!isSpace(s.charCodeAt(i))) return i;
  return -1;
}

function wordAt(s: string, i: number): string {
  let j = i;
  while (j < s.length && j - i < 16 && isIdentChar(s.charCodeAt(j))) j++;
  return s.slice(i, j);
}

/**
 * End of a char literal starting at the quote `i` (Java, Go: always a
 * literal, ending at its closing quote or the end of the line). In Rust a
 * quote not closed right after one character (or one escape) is a lifetime
 * or a label (`'a`, `'static`), which is code: then `i + 1`.
 */
function charLiteralEnd(s: string, i: number, isRust: boolean): number {
  const n = s.length;
  if (isRust) {
    if (i + 1 >= n) return i + 1;
    if (s.charCodeAt(i + 1) === BACKSLASH) {
      // '\n', '\'', '\u{1F600}': the closing quote comes within a few characters.
      for (let j = i + 3; j < n && j <= i + 12; j++) if (s.charCodeAt(j) === SQUOTE) return j + 1;
      return i + 1;
    }
    const c = s.charCodeAt(i + 1);
    const width = c >= 0xd800 && c <= 0xdbff ? 2 : 1;
    return i + 1 + width < n && s.charCodeAt(i + 1 + width) === SQUOTE ? i + 2 + width : i + 1;
  }
  for (let j = i + 1; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === SQUOTE) return j + 1;
  }
  return n;
}

/**
 * End of the regex literal whose `/` is at `i`, or -1 when the line holds no
 * closing `/` (regex literals never span lines, so that `/` divides).
 */
function regexEnd(s: string, i: number): number {
  const n = s.length;
  let inClass = false;
  for (let j = i + 1; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === LBRACKET) inClass = true;
    else if (c === RBRACKET) inClass = false;
    else if (c === SLASH && !inClass) {
      let k = j + 1;
      while (k < n && isIdentChar(s.charCodeAt(k))) k++;
      return k;
    }
  }
  return -1;
}
