/**
 * Markdown segmentation: one forward pass over the lines sorts them into
 * verbatim runs (code, tables, lists, quotes, headings…) and prose runs, in a
 * CommonMark-lite reading. Wherever a rule could go either way the line is
 * verbatim: a prose line read as code costs a few tokens of savings, while
 * code read as prose would be rewritten and broken.
 *
 * Known departures from CommonMark, all on the verbatim side: a fence opened
 * inside a list item may close at any indent; an unclosed fence makes the
 * rest of the document verbatim (CommonMark says so too); a line that merely
 * starts like HTML opens an HTML block up to the next blank line.
 */

import { CHANGELOG_ENTRY_RE } from "./changelog.js";
import { LineIndex } from "../../kernels/lines.js";

/** What a run of lines is. Every kind but `prose` and `blank` is verbatim. */
export type SegmentKind =
  | "prose"
  | "blank"
  | "heading"
  | "fence"
  | "indented_code"
  | "thematic_break"
  | "table"
  | "blockquote"
  | "list"
  | "link_def"
  | "html"
  | "image"
  | "config"
  | "front_matter"
  | "script";

/** A run of whole lines of one kind. Concatenating every segment's `text` gives the input back. */
export interface Segment {
  readonly kind: SegmentKind;
  /** True for everything but prose and blank lines: never rewritten. */
  readonly verbatim: boolean;
  /** The lines as they stand in the input, line endings included. */
  readonly text: string;
  /** First line (0-based) and one past the last. */
  readonly startLine: number;
  readonly endLine: number;
  /** 1–6 for headings (setext `=` is 1, `-` is 2), else 0. */
  readonly level: number;
}

/** Counts the router and the compressor decide on. */
export interface MarkdownStats {
  lines: number;
  blankLines: number;
  proseLines: number;
  verbatimLines: number;
  /** Lines outside fences that look like configuration or script (`key: value`, `FOO=1`, `$ cmd`, `};`). */
  configLines: number;
  headings: number;
  /** Fenced code blocks (closed or not), top-level or inside list items. */
  fences: number;
  /** True when a fence never closes (the rest of the document is then verbatim). */
  unclosedFence: boolean;
  /** True when the first line is `#!…`: a script, never prose. */
  shebang: boolean;
  /** True when config/script lines make up at least half the non-blank lines outside fences. */
  configDominated: boolean;
}

/** The segments of a Markdown document and its {@link MarkdownStats}. */
export interface MarkdownSegmentation {
  segments: Segment[];
  stats: MarkdownStats;
}

// Line kinds, indexed by number in a Uint8Array (one byte per line).
const K = {
  prose: 0,
  blank: 1,
  heading: 2,
  fence: 3,
  indented_code: 4,
  thematic_break: 5,
  table: 6,
  blockquote: 7,
  list: 8,
  link_def: 9,
  html: 10,
  image: 11,
  config: 12,
  front_matter: 13,
  script: 14,
} as const;
const KIND_NAMES: readonly SegmentKind[] = [
  "prose",
  "blank",
  "heading",
  "fence",
  "indented_code",
  "thematic_break",
  "table",
  "blockquote",
  "list",
  "link_def",
  "html",
  "image",
  "config",
  "front_matter",
  "script",
];

const SPACE = 32;
const TAB = 9;
const BACKTICK = 96;
const TILDE = 126;
const HASH = 35;
const GT = 62;
const LT = 60;
const PIPE = 124;
const LBRACKET = 91;
const BANG = 33;
const DASH = 45;
const EQUALS = 61;
const STAR = 42;
const UNDERSCORE = 95;
const PLUS = 43;

/** A config document is one where at least this share of lines outside fences looks like config. */
const CONFIG_SHARE = 0.5;
/** …and at least this many of them (three `key: value` lines do not make a config file). */
const CONFIG_MIN_LINES = 3;
/** Front matter must close within this many lines. */
const FRONT_MATTER_MAX = 200;

/** Whether `line` is a YAML front matter field: `key: value` (or `key:`), the key a plain word. */
function isFrontMatterField(line: string): boolean {
  let k = 0;
  while (k < line.length) {
    const c = line.charCodeAt(k);
    const isWordChar = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
    if (!isWordChar) break;
    k++;
  }
  if (k === 0 || line.charCodeAt(k) !== 58) return false;
  return k + 1 === line.length || line.charCodeAt(k + 1) === 32;
}

// Configuration and script shapes, tried only on lines that would otherwise be prose.
const YAML_KEY_RE = /^["']?[a-z_][\w.-]*["']?:(?:\s|$)/;
const ASSIGN_RE = /^(?:export\s+)?[A-Za-z_][\w.-]*\s*=/;
const INI_SECTION_RE = /^\[[\w .:-]+\]\s*$/;
const CODE_START_RE =
  /^(?:import|export|const|let|var|function|def|class|package|return|#include|#define|using|fn|pub|func|async|await|try|catch)\b[^\n]*[=({;:'"]/;
const LIST_CONFIG_RE = /^ *[-*+] +["']?[a-z_][\w.-]*["']?: /;

/** Columns of leading whitespace (tab stops of 4) and the index of the first other character. */
function leading(line: string): { indent: number; pos: number } {
  let indent = 0;
  let pos = 0;
  for (; pos < line.length; pos++) {
    const c = line.charCodeAt(pos);
    if (c === SPACE) indent++;
    else if (c === TAB) indent += 4 - (indent % 4);
    else break;
  }
  return { indent, pos };
}

/** A fence opener at `pos`: its character and length, or null. Backtick info strings hold no backtick. */
function fenceOpen(line: string, pos: number): { char: number; length: number } | null {
  const c = line.charCodeAt(pos);
  if (c !== BACKTICK && c !== TILDE) return null;
  let n = pos;
  while (n < line.length && line.charCodeAt(n) === c) n++;
  if (n - pos < 3) return null;
  if (c === BACKTICK && line.indexOf("`", n) !== -1) return null;
  return { char: c, length: n - pos };
}

/** Whether the line at `pos` closes a fence of `char` × `length` (same char, at least as long, nothing after). */
function fenceCloses(line: string, pos: number, char: number, length: number): boolean {
  let n = pos;
  while (n < line.length && line.charCodeAt(n) === char) n++;
  if (n - pos < length) return false;
  for (; n < line.length; n++) {
    const c = line.charCodeAt(n);
    if (c !== SPACE && c !== TAB) return false;
  }
  return true;
}

/** ATX heading level at `pos` (1–6), or 0. */
function atxLevel(line: string, pos: number): number {
  let n = pos;
  while (n < line.length && n - pos < 7 && line.charCodeAt(n) === HASH) n++;
  const level = n - pos;
  if (level < 1 || level > 6) return 0;
  if (n === line.length) return level;
  const c = line.charCodeAt(n);
  return c === SPACE || c === TAB ? level : 0;
}

/** Whether the rest of the line from `pos` is only `char` (and spaces/tabs), at least `min` of them. */
function onlyChar(line: string, pos: number, char: number, min: number, spacesInside: boolean): boolean {
  let count = 0;
  let trailing = false;
  for (let n = pos; n < line.length; n++) {
    const c = line.charCodeAt(n);
    if (c === char && !trailing) count++;
    else if (c === SPACE || c === TAB) {
      if (!spacesInside) trailing = true;
    } else return false;
  }
  return count >= min;
}

function isThematicBreak(line: string, pos: number): boolean {
  const c = line.charCodeAt(pos);
  return (c === DASH || c === STAR || c === UNDERSCORE) && onlyChar(line, pos, c, 3, true);
}

/** Width of a list marker at `pos` including the spaces after it (the item's content offset), or 0. */
function listMarker(line: string, pos: number): number {
  const c = line.charCodeAt(pos);
  let n = pos;
  if (c === DASH || c === STAR || c === PLUS) n = pos + 1;
  else {
    while (n < line.length && n - pos < 10 && line.charCodeAt(n) >= 48 && line.charCodeAt(n) <= 57) n++;
    if (n === pos || n - pos > 9) return 0;
    const d = line.charCodeAt(n);
    if (d !== 46 /* . */ && d !== 41 /* ) */) return 0;
    n++;
  }
  if (n === line.length) return n - pos + 1;
  const after = line.charCodeAt(n);
  if (after !== SPACE && after !== TAB) return 0;
  let spaces = 0;
  while (n + spaces < line.length && line.charCodeAt(n + spaces) === SPACE && spaces < 5) spaces++;
  // Five or more spaces: the content is indented code and the offset is marker + 1.
  return n - pos + (spaces >= 5 || n + spaces === line.length ? 1 : Math.max(1, spaces));
}

/** `[label]: destination` at `pos`. */
function isLinkDef(line: string, pos: number): boolean {
  if (line.charCodeAt(pos) !== LBRACKET) return false;
  const close = line.indexOf("]:", pos + 1);
  if (close <= pos + 1) return false;
  // The label has no unescaped bracket, and something follows the colon.
  for (let n = pos + 1; n < close; n++) {
    const c = line.charCodeAt(n);
    if (c === LBRACKET || c === 93) return false;
  }
  return line.slice(close + 2).trim().length > 0;
}

function isHtmlStart(line: string, pos: number): boolean {
  if (line.charCodeAt(pos) !== LT || pos + 1 >= line.length) return false;
  const c = line.charCodeAt(pos + 1);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 47 /* / */ || c === BANG || c === 63 /* ? */;
}

/** {@link htmlTitleLevel}'s answer for a `<summary>` line: one level below the heading above it. */
const SUMMARY_LEVEL = 7;
/** Longest HTML line read as a title. */
const HTML_TITLE_MAX = 400;

/**
 * The level of an HTML line that titles what follows in Markdown: `<h1>`…
 * `<h6>` (1–6), or a `<details>` fold's `<summary>` ({@link SUMMARY_LEVEL}),
 * opened at `pos` and closed on the same line with text between; else 0.
 */
function htmlTitleLevel(line: string, pos: number): number {
  if (line.length - pos > HTML_TITLE_MAX) return 0;
  let tag: string;
  let level: number;
  const c = line.charCodeAt(pos + 2);
  if ((line.charCodeAt(pos + 1) | 32) === 104 /* h */ && c >= 49 && c <= 54 /* 1-6 */) {
    tag = line.slice(pos + 1, pos + 3).toLowerCase();
    level = c - 48;
  } else if (line.slice(pos + 1, pos + 8).toLowerCase() === "summary") {
    tag = "summary";
    level = SUMMARY_LEVEL;
  } else return 0;
  const after = line.charCodeAt(pos + 1 + tag.length);
  if (after !== 62 /* > */ && after !== SPACE) return 0;
  const close = line.toLowerCase().lastIndexOf(`</${tag}>`);
  if (close < 0 || !hasLetter(line.slice(line.indexOf(">", pos) + 1, close))) return 0;
  return level;
}

function isImageStart(line: string, pos: number): boolean {
  return line.startsWith("![", pos) || line.startsWith("[![", pos);
}

/** A GFM table delimiter row: cells of `:?-+:?` between pipes. */
function isTableDelimiter(line: string): boolean {
  let dashes = 0;
  let pipes = 0;
  for (let n = 0; n < line.length; n++) {
    const c = line.charCodeAt(n);
    if (c === DASH) dashes++;
    else if (c === PIPE) pipes++;
    else if (c !== 58 /* : */ && c !== SPACE && c !== TAB) return false;
  }
  return dashes >= 1 && (pipes >= 1 || dashes >= 3) && pipes + dashes > 1;
}

/** Whether a would-be prose line looks like configuration or script. `opensParagraph`: no prose line just above. */
function looksLikeConfig(line: string, pos: number, opensParagraph: boolean): boolean {
  const body = pos === 0 ? line : line.slice(pos);
  if (body.startsWith("$ ") || body === "$") return true;
  if (ASSIGN_RE.test(body) || INI_SECTION_RE.test(body)) return true;
  if (YAML_KEY_RE.test(body)) {
    // `key: value` with a short value; a lowercase label before a sentence is prose.
    let words = 0;
    for (let n = body.indexOf(":") + 1; n < body.length && words <= 8; n++) {
      if (body.charCodeAt(n) === SPACE && n + 1 < body.length && body.charCodeAt(n + 1) !== SPACE) words++;
    }
    return words <= 8;
  }
  if (!opensParagraph) return false;
  return endsLikeCode(body) || CODE_START_RE.test(body);
}

/**
 * Whether a line ends as a statement does (`;`, `{`) or is only closers
 * (`})`, `]);`). A scan: `/(?:[;{]|^[}\])]+[;,)]*)\s*$/` shares `)` between
 * its two runs and took 80 s on a 100 KB line of `)`.
 */
export function endsLikeCode(body: string): boolean {
  const line = body.trimEnd();
  if (line.length === 0) return false;
  const last = line.charCodeAt(line.length - 1);
  if (last === 59 /* ; */ || last === 123 /* { */) return true;
  let n = 0;
  while (n < line.length && isCloser(line.charCodeAt(n))) n++;
  if (n === 0) return false;
  while (n < line.length && isCloserTail(line.charCodeAt(n))) n++;
  return n === line.length;
}

function isCloser(c: number): boolean {
  return c === 125 /* } */ || c === 93 /* ] */ || c === 41 /* ) */;
}

function isCloserTail(c: number): boolean {
  return c === 59 /* ; */ || c === 44 /* , */ || c === 41 /* ) */;
}

/**
 * Splits a Markdown (or plain prose) document into runs of verbatim and prose
 * lines, and counts what the router and compressor need. Never throws;
 * joining the segments' text gives `text` back exactly.
 * @example segmentMarkdown("# Title\n\nSome prose.\n").segments.map((s) => s.kind) // ["heading", "blank", "prose"]
 */
export function segmentMarkdown(text: string, lines: LineIndex = LineIndex.of(text)): MarkdownSegmentation {
  const n = lines.count;
  const kinds = new Uint8Array(n);
  // 1 where a segment must start even though the kind did not change (a new fence, each heading).
  const breaks = new Uint8Array(n + 1);
  const levels = new Uint8Array(n);
  const stats: MarkdownStats = {
    lines: n,
    blankLines: 0,
    proseLines: 0,
    verbatimLines: 0,
    configLines: 0,
    headings: 0,
    fences: 0,
    unclosedFence: false,
    shebang: false,
    configDominated: false,
  };
  if (n === 0) return { segments: [], stats };

  if (lines.line(0).startsWith("#!")) {
    stats.shebang = true;
    kinds.fill(K.script);
  } else {
    classify(lines, kinds, breaks, levels, stats);
  }

  const segments: Segment[] = [];
  let start = 0;
  let nonBlankOutsideFences = 0;
  for (let i = 0; i < n; i++) {
    const k = kinds[i];
    if (k === K.blank) stats.blankLines++;
    else if (k === K.prose) stats.proseLines++;
    else stats.verbatimLines++;
    if (k !== K.blank && k !== K.fence && k !== K.script) nonBlankOutsideFences++;
    if (i + 1 === n || kinds[i + 1] !== k || breaks[i + 1] === 1) {
      segments.push({
        kind: KIND_NAMES[k],
        verbatim: k !== K.prose && k !== K.blank,
        text: lines.slice(start, i + 1),
        startLine: start,
        endLine: i + 1,
        level: levels[start],
      });
      start = i + 1;
    }
  }
  stats.configDominated =
    stats.configLines >= CONFIG_MIN_LINES && stats.configLines >= CONFIG_SHARE * nonBlankOutsideFences;
  return { segments, stats };
}

/** The one pass: fills `kinds`, `breaks` and `levels`, and the counts of `stats`. */
function classify(
  lines: LineIndex,
  kinds: Uint8Array,
  breaks: Uint8Array,
  levels: Uint8Array,
  stats: MarkdownStats,
): void {
  const pass = new LineClassifier(lines, kinds, breaks, levels, stats);
  for (let i = pass.skipFrontMatter(); i < lines.count; i++) pass.classifyLine(i);
  if (pass.fenceChar !== 0) stats.unclosedFence = true;
  promoteChangelogEntries(lines, kinds, breaks, levels, stats);
  promoteUnindentedTitles(lines, kinds, breaks, levels, stats);
  promoteRuleTitles(lines, kinds, breaks, levels, stats);
}

/**
 * A Debian changelog (`zcat changelog.Debian.gz`) titles each entry by its
 * first line, `git (1:2.39.5-0+deb12u3) bookworm; urgency=medium`, over
 * indented items and a ` -- maintainer  date` sign-off: the entries are the
 * document's outline, so each such line is a heading of its own and every
 * entry a section that keeps its title.
 */
function promoteChangelogEntries(
  lines: LineIndex,
  kinds: Uint8Array,
  breaks: Uint8Array,
  levels: Uint8Array,
  stats: MarkdownStats,
): void {
  const n = lines.count;
  for (let i = 0; i < n; i++) {
    if (kinds[i] !== K.prose) continue;
    const line = lines.line(i);
    if (line.charCodeAt(0) === SPACE || !CHANGELOG_ENTRY_RE.test(line)) continue;
    kinds[i] = K.heading;
    levels[i] = 1;
    breaks[i] = 1;
    breaks[i + 1] = 1;
    stats.headings++;
  }
}

/** Fewest rules that divide a document without marked titles into parts. */
const MIN_PART_RULES = 2;

/**
 * Plain-text documents that mark fewer titles than rules, and no `#` one,
 * that divide themselves by rules (a NEWS or CHANGES file: one part per release between lines of
 * dashes) are titled by the first line of each part: the document's first
 * line and the first line after each rule, when it is prose no longer than
 * an unmarked title. Each such line becomes a heading of its own, so every
 * part is a section that keeps its title.
 */
function promoteRuleTitles(
  lines: LineIndex,
  kinds: Uint8Array,
  breaks: Uint8Array,
  levels: Uint8Array,
  stats: MarkdownStats,
): void {
  if (stats.fences > 0) return;
  const n = lines.count;
  let rules = 0;
  for (let i = 0; i < n; i++) {
    // A `#` heading says the document marks its titles.
    if (kinds[i] === K.heading && lines.line(i).charCodeAt(0) === HASH) return;
    if (kinds[i] === K.thematic_break) rules++;
  }
  // Titles it marks (a setext line over a closing rule) must not outnumber its rules.
  if (rules < MIN_PART_RULES || stats.headings >= rules) return;
  const promote = (from: number) => {
    let i = from;
    while (i < n && kinds[i] === K.blank) i++;
    if (i >= n || kinds[i] !== K.prose) return;
    const text = lines.line(i).trimEnd();
    // A line that ends a sentence or leads into a list (`.`, `:`, `;`) is text, not a part's title.
    const last = text.charCodeAt(text.length - 1);
    if (text.length > UNMARKED_TITLE_MAX || !hasLetter(text) || last === 46 || last === 58 || last === 59) return;
    kinds[i] = K.heading;
    levels[i] = 1;
    breaks[i] = 1;
    breaks[i + 1] = 1;
    stats.headings++;
  };
  // A document whose parts open with a marked title (a setext one under the rule) titles them itself.
  for (let i = 0; i < n; i++) {
    if (kinds[i] !== K.thematic_break) continue;
    let next = i + 1;
    while (next < n && kinds[next] === K.blank) next++;
    if (next < n && kinds[next] === K.heading) return;
  }
  promote(0);
  for (let i = 0; i < n; i++) if (kinds[i] === K.thematic_break) promote(i + 1);
}

/** Whether `line` holds an ASCII letter (a rule of `=` or `-` is no title). */
function hasLetter(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) return true;
  }
  return false;
}

/** Share of non-blank lines that must be indented for the unindented ones to read as titles. */
const INDENTED_BODY_SHARE = 0.75;
/** Longest line read as an unmarked title. */
const UNMARKED_TITLE_MAX = 80;

/**
 * Plain-text documents whose body is indented (git's release notes: ` * `
 * items under column-0 lines such as `UI, Workflows & Features`; RFC-style
 * text) mark their sub-headings by position alone: a one-line paragraph at
 * column 0 between blank lines, over indented text. Where at least 3 lines
 * in 4 are indented, such a line is a heading one level below the marked
 * heading above it.
 * Only documents that underline some titles are read so: one with a `#`
 * heading or a fence marks all its titles, one with no marked title at all
 * (a Debian copyright file's `Copyright:` over indented holders) uses
 * column-0 lines as labels, and where most prose sits at column 0 nothing
 * changes either.
 */
function promoteUnindentedTitles(
  lines: LineIndex,
  kinds: Uint8Array,
  breaks: Uint8Array,
  levels: Uint8Array,
  stats: MarkdownStats,
): void {
  const n = lines.count;
  // Only a document that marks some titles (underlined, RST, AsciiDoc) is read for unmarked ones:
  // without any, a column-0 line is as likely a label (`Copyright:`) whose body is the point.
  if (stats.fences > 0 || stats.headings === 0) return;
  let nonBlank = 0;
  let indented = 0;
  for (let i = 0; i < n; i++) {
    const k = kinds[i];
    // A Markdown heading or fence says the document marks its titles; its other lines are no titles.
    if (k === K.heading && lines.line(i).charCodeAt(0) === HASH) return;
    if (k === K.blank || k === K.heading) continue;
    nonBlank++;
    const c = lines.line(i).charCodeAt(0);
    if (c === SPACE || c === TAB) indented++;
  }
  if (nonBlank === 0 || indented < INDENTED_BODY_SHARE * nonBlank) return;
  let markedLevel = 0;
  for (let i = 0; i < n; i++) {
    if (kinds[i] === K.heading) {
      if (levels[i] > 0) markedLevel = levels[i];
      continue;
    }
    if (kinds[i] !== K.prose) continue;
    const isAlone = (i === 0 || kinds[i - 1] === K.blank) && (i + 1 === n || kinds[i + 1] === K.blank);
    const line = lines.line(i);
    const c = line.charCodeAt(0);
    const text = line.trimEnd();
    // A line ending with `:` leads into what follows (`Copyright:` over its holders): no title.
    if (
      !isAlone ||
      c === SPACE ||
      c === TAB ||
      text.length > UNMARKED_TITLE_MAX ||
      !hasLetter(text) ||
      text.endsWith(":")
    ) {
      continue;
    }
    // A title heads indented text: the next non-blank line is indented.
    let next = i + 1;
    while (next < n && kinds[next] === K.blank) next++;
    const after = next < n ? lines.line(next).charCodeAt(0) : 0;
    if (after !== SPACE && after !== TAB) continue;
    kinds[i] = K.heading;
    levels[i] = Math.min(6, markedLevel + 1);
    breaks[i] = 1;
    breaks[i + 1] = 1;
    stats.headings++;
  }
}

/**
 * The state of {@link classify}'s pass: which block is open (a fence, an
 * HTML comment or block, a table, a quote, a list) and what came just before.
 */
class LineClassifier {
  /** Open fence: its character (0 when none), length, and whether it sits in a list item (then it closes at any indent). */
  fenceChar = 0;
  private fenceLength = 0;
  private fenceKind: number = K.fence;
  private inHtmlComment = false;
  private inHtmlBlock = false;
  private inTable = false;
  private inQuote = false;
  private inList = false;
  private listIndent = 0;
  /** Blank lines seen since the last non-blank line, and where they began (they join a list or code block that goes on). */
  private blanks = 0;
  private blankFrom = 0;
  /** Kind of the last non-blank line. */
  private prev: number = K.blank;
  /** Lines up to here were classified with a line above them (an RST overlined title). */
  private claimedUntil = 0;
  /** Indent of the line ending in `::` just above (-1: none), and of an open literal block's base (-1: none). */
  private literalFrom = -1;
  private literalIndent = -1;
  /** Level of the last heading (0: none yet). */
  private lastLevel = 0;
  /** Indent of the RST admonition directive whose body is open (-1: none). */
  private admonitionFrom = -1;

  constructor(
    private readonly lines: LineIndex,
    private readonly kinds: Uint8Array,
    private readonly breaks: Uint8Array,
    private readonly levels: Uint8Array,
    private readonly stats: MarkdownStats,
  ) {}

  /** YAML front matter: `---` on the first line, closed by `---` or `...`. Returns the first line after it. */
  skipFrontMatter(): number {
    const { lines } = this;
    if (lines.line(0) !== "---") return 0;
    for (let i = 1; i < lines.count && i < FRONT_MATTER_MAX; i++) {
      const l = lines.line(i);
      if (l === "---" || l === "...") {
        this.kinds.fill(K.front_matter, 0, i + 1);
        return i + 1;
      }
    }
    return 0;
  }

  /**
   * A page's front matter in the middle of a document (`cat docs/*.mdx`):
   * `---`, only `key: value` lines, `---`. It opens the next page, and its
   * `title:` names it, so the block is one heading, kept like any other
   * (read line by line, the title was a config line in the body of the
   * previous page's last section, and its `description:` a setext heading).
   * True when line `i` opened such a block, now claimed.
   */
  private pageFrontMatter(i: number): boolean {
    const { lines } = this;
    let end = i + 1;
    while (end < lines.count && end - i <= FRONT_MATTER_MAX && isFrontMatterField(lines.line(end))) end++;
    if (end === i + 1 || end >= lines.count || lines.line(end) !== "---") return false;
    this.kinds.fill(K.heading, i, end + 1);
    this.levels[i] = 1;
    this.lastLevel = 1;
    this.breaks[i] = 1;
    this.breaks[end + 1] = 1;
    this.claimedUntil = end + 1;
    this.stats.headings++;
    this.blanks = 0;
    this.prev = K.heading;
    this.inList = false;
    return true;
  }

  /** Sets the kind of line `i` (and may revise the lines above it: setext headings, blank lines in a list). */
  classifyLine(i: number): void {
    const line = this.lines.line(i);
    const { indent, pos } = leading(line);
    const isBlank = pos === line.length;
    if (i < this.claimedUntil) return;
    if (this.fenceChar !== 0) {
      this.insideFence(i, line, indent, pos, isBlank);
      return;
    }
    if (this.inHtmlComment) {
      this.kinds[i] = K.html;
      if (line.includes("-->")) this.inHtmlComment = false;
      return;
    }
    if (isBlank) {
      this.blank(i);
      return;
    }
    if (this.rstLiteral(i, line, indent)) return;
    // An RST admonition's body (`.. note::`, `.. deprecated::`) is text, however deep it is indented.
    if (this.admonitionFrom >= 0 && indent <= this.admonitionFrom && !RST_ADMONITION_RE.test(line)) {
      this.admonitionFrom = -1;
    }
    const inAdmonition = this.admonitionFrom >= 0 && indent > this.admonitionFrom;

    const afterBlank = this.blanks > 0;
    const paragraphOpen = !afterBlank && this.prev === K.prose;
    let kind = this.inList ? this.listContinuation(i, line, indent, pos, afterBlank) : -1;
    if (kind === -1 && this.inHtmlBlock) kind = K.html;
    if (kind === -1 && this.inQuote && !afterBlank && startsNoBlock(line, pos, indent)) kind = K.blockquote;
    if (kind === -1 && indent >= 4 && !paragraphOpen && !inAdmonition) kind = this.indentedCode(i, afterBlank);
    if (kind === -1 && pos === 0 && line === "---" && this.pageFrontMatter(i)) return;
    if (kind === -1 && indent < 4) kind = this.blockStart(line, pos, i);
    if (kind === -1) {
      kind = looksLikeConfig(line, pos, !paragraphOpen) ? K.config : K.prose;
      if (kind === K.config) this.stats.configLines++;
    }
    if (kind === K.html && indent < 4) {
      // A line that titles what follows (`<summary>` of a `<details>` fold, `<h2 align="center">`) is a heading.
      const level = htmlTitleLevel(line, pos);
      if (level > 0) kind = this.heading(i, level === SUMMARY_LEVEL ? Math.min(6, this.lastLevel + 1) : level);
    }
    this.kinds[i] = kind;
    this.blanks = 0;
    this.prev = kind;
    // A block ends where a line of another kind begins (lazy lines were claimed above).
    if (kind !== K.blockquote) this.inQuote = false;
    if (kind !== K.table) this.inTable = false;
    if (kind !== K.html) this.inHtmlBlock = false;
  }

  /**
   * An RST literal block: after a line ending in `::` (a paragraph, or a
   * `.. code-block:: python` directive) and a blank line, every line indented
   * deeper than that line is code, at any indent (`  >>> x` is no quote).
   * True when line `i` was classified so.
   */
  private rstLiteral(i: number, line: string, indent: number): boolean {
    if (this.literalIndent >= 0 && indent <= this.literalIndent) this.literalIndent = -1;
    if (this.literalIndent < 0 && this.literalFrom >= 0 && this.blanks > 0 && indent > this.literalFrom) {
      this.literalIndent = this.literalFrom;
      this.breaks[i] = 1;
    }
    this.literalFrom = -1;
    if (this.literalIndent >= 0) {
      if (this.blanks > 0 && this.prev === K.indented_code) this.kinds.fill(K.indented_code, this.blankFrom, i);
      this.kinds[i] = K.indented_code;
      this.blanks = 0;
      this.prev = K.indented_code;
      this.inList = false;
      this.inQuote = false;
      return true;
    }
    if (RST_ADMONITION_RE.test(line)) this.admonitionFrom = indent;
    else if (line.trimEnd().endsWith("::") || (line.startsWith("..", indent) && line.includes(":: ", indent))) {
      this.literalFrom = indent;
    }
    return false;
  }

  private insideFence(i: number, line: string, indent: number, pos: number, isBlank: boolean): void {
    this.kinds[i] = this.fenceKind;
    const closes =
      !isBlank &&
      (this.fenceKind === K.list || indent <= 3) &&
      fenceCloses(line, pos, this.fenceChar, this.fenceLength);
    if (closes) this.fenceChar = 0;
  }

  private blank(i: number): void {
    this.kinds[i] = K.blank;
    if (this.blanks === 0) this.blankFrom = i;
    this.blanks++;
    this.inHtmlBlock = false;
    this.inTable = false;
    this.inQuote = false;
  }

  /**
   * A list goes on with indented continuation lines, new items, and lazy
   * lines right under an item: `K.list`, or -1 when the list has ended.
   */
  private listContinuation(i: number, line: string, indent: number, pos: number, afterBlank: boolean): number {
    const marker = indent <= this.listIndent + 3 ? listMarker(line, pos) : 0;
    const goesOn =
      (indent >= this.listIndent && indent > 0) ||
      (marker > 0 && !isThematicBreak(line, pos)) ||
      (!afterBlank && startsNoBlock(line, pos, indent));
    if (!goesOn) {
      this.inList = false;
      return -1;
    }
    if (afterBlank) this.kinds.fill(K.list, this.blankFrom, i);
    const fence = fenceOpen(line, pos);
    if (fence !== null) this.openFence(fence, K.list);
    if (LIST_CONFIG_RE.test(line)) this.stats.configLines++;
    return K.list;
  }

  private indentedCode(i: number, afterBlank: boolean): number {
    if (afterBlank && this.prev === K.indented_code) this.kinds.fill(K.indented_code, this.blankFrom, i);
    if (this.prev !== K.indented_code) this.breaks[i] = 1;
    return K.indented_code;
  }

  private openFence(fence: { char: number; length: number }, kind: number): void {
    this.fenceChar = fence.char;
    this.fenceLength = fence.length;
    this.fenceKind = kind;
    this.stats.fences++;
  }

  /** Kind of a block that starts at `pos` on line `i` (indent ≤ 3), or -1 for prose-or-config. */
  private blockStart(line: string, pos: number, i: number): number {
    const c = line.charCodeAt(pos);
    // An RST underline (`~~~`, `^^^`, `***`…) beats a fence or a break: it is as long as its one-line title.
    if (this.blanks === 0 && this.prev === K.prose && pos === 0 && this.isRstUnderline(i, line, c)) {
      return this.setextUnderline(i, c);
    }
    if (pos === 0 && this.isRstOverline(i, line, c)) {
      // Overline, title, underline: one heading of three lines.
      this.kinds.fill(K.heading, i + 1, i + 3);
      this.claimedUntil = i + 3;
      this.levels[i] = 1;
      this.lastLevel = 1;
      this.breaks[i] = 1;
      this.breaks[i + 3] = 1;
      this.stats.headings++;
      this.prev = K.heading;
      return K.heading;
    }
    if (c === BACKTICK || c === TILDE) {
      const fence = fenceOpen(line, pos);
      if (fence !== null) {
        this.openFence(fence, K.fence);
        this.breaks[i] = 1;
        return K.fence;
      }
    }
    if (c === HASH) {
      const level = atxLevel(line, pos);
      if (level > 0) return this.heading(i, level);
    }
    if (c === EQUALS && pos === 0) {
      const level = asciidocLevel(line);
      if (level > 0) return this.heading(i, level);
    }
    const paragraphOpen = this.blanks === 0 && this.prev === K.prose;
    if (paragraphOpen && (c === EQUALS || c === DASH) && onlyChar(line, pos, c, 1, false)) {
      return this.setextUnderline(i, c);
    }
    if (isThematicBreak(line, pos)) {
      this.breaks[i] = 1;
      this.breaks[i + 1] = 1;
      return K.thematic_break;
    }
    if (c === GT) {
      this.inQuote = true;
      return K.blockquote;
    }
    const marker = listMarker(line, pos);
    if (marker > 0) {
      this.inList = true;
      this.listIndent = leading(line).indent + marker;
      if (LIST_CONFIG_RE.test(line)) this.stats.configLines++;
      return K.list;
    }
    if (c === LBRACKET && isLinkDef(line, pos)) return K.link_def;
    if (isImageStart(line, pos)) return K.image;
    if (isHtmlStart(line, pos)) return this.htmlStart(line, pos);
    if (line.indexOf("|") !== -1 && (this.inTable || c === PIPE || this.tableDelimiterFollows(i))) {
      this.inTable = true;
      return K.table;
    }
    return -1;
  }

  /**
   * An RST section underline under a one-line paragraph: one punctuation
   * character repeated, at least 3 and at least as long as the title (so a
   * `~~~` fence under a longer line of prose stays a fence).
   */
  private isRstUnderline(i: number, line: string, c: number): boolean {
    if (!RST_ADORNMENT.has(c) || i === 0 || !onlyChar(line, 0, c, 3, false)) return false;
    if (c === EQUALS || c === DASH) return false;
    const title = this.lines.line(i - 1).trimEnd();
    if (this.breaks[i - 1] === 0 && i >= 2 && this.kinds[i - 2] === K.prose) return false;
    return line.trimEnd().length >= title.trimStart().length;
  }

  /** An RST overline: an adornment line, a title no longer than it, the same adornment again. */
  private isRstOverline(i: number, line: string, c: number): boolean {
    if (!RST_ADORNMENT.has(c) || i + 2 >= this.lines.count || !onlyChar(line, 0, c, 3, false)) return false;
    const adornment = line.trimEnd();
    if (this.lines.line(i + 2).trimEnd() !== adornment) return false;
    const title = this.lines.line(i + 1).trim();
    return title.length > 0 && title.length <= adornment.length && !onlyChar(title, 0, title.charCodeAt(0), 1, false);
  }

  /** Setext underline: the paragraph just above becomes the heading. */
  private setextUnderline(i: number, c: number): number {
    const { kinds, breaks } = this;
    let top = i - 1;
    while (top > 0 && kinds[top - 1] === K.prose && breaks[top] === 0) top--;
    kinds.fill(K.heading, top, i);
    breaks[top] = 1;
    this.levels[top] = c === EQUALS ? 1 : 2;
    this.lastLevel = this.levels[top];
    this.stats.headings++;
    breaks[i + 1] = 1;
    return K.heading;
  }

  private htmlStart(line: string, pos: number): number {
    if (!line.startsWith("<!--", pos)) this.inHtmlBlock = true;
    else if (line.indexOf("-->", pos + 4) === -1) this.inHtmlComment = true;
    return K.html;
  }

  private tableDelimiterFollows(i: number): boolean {
    return i + 1 < this.lines.count && isTableDelimiter(this.lines.line(i + 1));
  }

  private heading(i: number, level: number): number {
    this.levels[i] = level;
    this.lastLevel = level;
    this.breaks[i] = 1;
    this.breaks[i + 1] = 1;
    this.stats.headings++;
    return K.heading;
  }
}

/**
 * An RST admonition or version directive (`.. note::`, `.. warning::`,
 * `.. deprecated:: 3.2`): its indented body is text, not a literal block
 * as after a code directive or a paragraph ending in `::`.
 */
const RST_ADMONITION_RE =
  /^\s*\.\. (?:note|warning|attention|caution|danger|error|hint|important|tip|seealso|admonition|deprecated|versionadded|versionchanged|versionremoved)::(?:\s|$)/;

/** Characters an RST section adornment may repeat (the ones docutils recommends). */
const RST_ADORNMENT: ReadonlySet<number> = new Set([..."=-~^\"'`#*+:._"].map((ch) => ch.charCodeAt(0)));

/** AsciiDoc section level of `= Title` … `====== Title` (1–6), or 0. */
function asciidocLevel(line: string): number {
  let n = 0;
  while (n < line.length && n < 7 && line.charCodeAt(n) === EQUALS) n++;
  if (n < 1 || n > 6 || n + 1 >= line.length || line.charCodeAt(n) !== SPACE) return 0;
  const c = line.charCodeAt(n + 1);
  return c === SPACE || c === TAB ? 0 : n;
}

/** Whether a line could only continue the block above (it opens no block of its own). */
function startsNoBlock(line: string, pos: number, indent: number): boolean {
  if (indent >= 4) return true;
  const c = line.charCodeAt(pos);
  if (c === HASH && atxLevel(line, pos) > 0) return false;
  if ((c === BACKTICK || c === TILDE) && fenceOpen(line, pos) !== null) return false;
  if (isThematicBreak(line, pos)) return false;
  if (c === GT || isHtmlStart(line, pos)) return false;
  return true;
}

/**
 * The items of a list segment: `[start, end)` offsets of each item (its
 * marker line at the list's own indent and every line up to the next such
 * line). Text before the first marker belongs to the first item.
 */
export function listItemSpans(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let base = -1;
  let from = 0;
  while (from < text.length) {
    let nl = text.indexOf("\n", from);
    nl = nl === -1 ? text.length : nl + 1;
    let lineEnd = nl;
    while (lineEnd > from && (text.charCodeAt(lineEnd - 1) === 10 || text.charCodeAt(lineEnd - 1) === 13)) lineEnd--;
    const line = text.slice(from, lineEnd);
    const { indent, pos } = leading(line);
    if (base === -1 && pos < line.length) base = indent;
    if (pos < line.length && indent <= base + 1 && listMarker(line, pos) > 0 && !isThematicBreak(line, pos)) {
      if (spans.length > 0) spans[spans.length - 1].end = from;
      spans.push({ start: spans.length === 0 ? 0 : from, end: nl });
    } else if (spans.length > 0) {
      spans[spans.length - 1].end = nl;
    }
    from = nl;
  }
  if (spans.length === 0 && text.length > 0) spans.push({ start: 0, end: text.length });
  else if (spans.length > 0) spans[spans.length - 1].end = text.length;
  return spans;
}
