/**
 * Deciding what of a Markdown document fits its budget. Every heading stays
 * (the outline); what is left of the budget goes to section bodies. Sections
 * whose heading matches the caller's query (BM25) or carries a warning word
 * are served first and whole; the others share the rest fairly (a water
 * level: small sections whole, large ones trimmed to the same share), so a
 * long document keeps a piece of every section instead of its first ones
 * whole and its last ones not at all. Each section's body is kept whole,
 * trimmed (its outline and some detail kept, the rest behind one marker) or
 * collapsed (the body behind a marker).
 *
 * Within a trimmed section the units go by priority: its own outline first
 * (a table's header, a code block's opening lines and closing fence, the
 * terms of a definition list, the whole code under a "Solution" heading), then warning units and query matches, then
 * table rows (whole, or cut to their first characters when all of them do
 * not fit), then code blocks (configuration and commands are what docs are
 * read for), then the head and the tail of the rest. A section that must
 * collapse still shows its few strongest warnings, each byte for byte.
 *
 * Warning words in a body do not reorder whole sections: "error" is in every
 * section of an API reference and "removed" in most releases of a changelog,
 * and ranking on them cut those documents into swiss cheese.
 */

import { bm25Scores, terms } from "./bm25.js";
import { canWarn, hasStrongWarning, hasWarning, type MarkdownDocument, type Section } from "./sections.js";
import { listItemSpans, type SegmentKind } from "./segment.js";
import { lineStartOf, type SentenceSpan, splitSentences } from "./sentences.js";

/** Characters a marker line costs, for budgeting (its 32-digit key is token-dense). */
export const MARKER_CHARS = 120;
/** A trimmed body smaller than this says too little to be worth its marker: collapse instead. */
const MIN_TRIM = 320;
/** Share of a trimmed section's budget spent on its head (the rest on its tail). */
const HEAD_SHARE = 0.7;

/** What to keep, in characters of output. */
export interface Budget {
  /** The whole document (headings included). */
  total: number;
  /** One section's body. */
  sectionCap: number;
  /** Warning units shown from a collapsed section. */
  surfaced: number;
}

/** What a unit is to its section, which decides when it is kept. */
export type UnitRole = "text" | "outline" | "standout" | "row" | "code";

/** A piece of a trimmed section: a sentence of a prose block, a list item, a table row, part of a code block, or a whole other block. */
export interface Unit {
  /** Index of its block in the section. */
  block: number;
  /** `[start, end)` of the unit in its block's text. */
  start: number;
  end: number;
  cost: number;
  /** What its compact form costs (table rows cut to {@link ROW_CHARS}); `cost` when it has none. */
  compactCost: number;
  warning: boolean;
  role: UnitRole;
  /** Input lines `[from, to)` it covers (0-based; a sentence covers its paragraph's). */
  from: number;
  to: number;
  /** A whole line of a paragraph of records (see {@link recordLines}): a gap before it is a line of its own. */
  record?: boolean;
}

/** A unit kept whole. */
export const KEPT = 1;
/** A unit kept in its compact form (each line cut to {@link ROW_CHARS}). */
export const KEPT_COMPACT = 2;

/** Characters of a table row (or a long header line) shown when rows are cut short. */
export const ROW_CHARS = 100;
/** Rounds of dropping whole bodies to raise the level (each sorts the bodies once). */
const MAX_ROUNDS = 200;
/** Units of a trimmed section's lead, taken before its code and warnings, and the longest one taken. */
const LEAD_UNITS = 2;
const LEAD_CHARS = 400;
/** Lines of a code block shown under its opening fence when the block does not fit whole. */
const CODE_HEAD_LINES = 4;

/** What happens to one section's body; `kept` holds 0, {@link KEPT} or {@link KEPT_COMPACT} per unit. */
export type Fate =
  | { kind: "keep" }
  | { kind: "collapse" }
  | { kind: "trim"; units: Unit[]; kept: Uint8Array }
  /** Only the body's first unit shown; the rest shares the marker of the run of sections it is in. */
  | { kind: "lead"; text: string; prose: boolean };

/** Decides each section's {@link Fate} so the document fits `budget`. */
export function planDocument(doc: MarkdownDocument, budget: Budget, query: string | undefined): Fate[] {
  const { sections } = doc;
  const fates: Fate[] = sections.map(() => ({ kind: "keep" }));
  let remaining = budget.total;
  for (const s of sections) if (s.heading !== null) remaining -= s.heading.text.length;

  const hasQuery = query !== undefined && terms(query).length > 0;
  const relevance = hasQuery ? bm25Scores(sections.map(sectionText), query) : null;
  const isFirstServed = (i: number) => (relevance !== null && relevance[i] > 0) || sections[i].headingWarning;
  const order = sections.map((_, i) => i);
  order.sort((a, b) => {
    if (relevance !== null && relevance[a] !== relevance[b]) return relevance[b] - relevance[a];
    const wa = sections[a].headingWarning ? 1 : 0;
    const wb = sections[b].headingWarning ? 1 : 0;
    if (wa !== wb) return wb - wa;
    if ((a === 0) !== (b === 0)) return a === 0 ? -1 : 1;
    return a - b;
  });

  // Each section's own outline (its tables' header and rows cut short, its definition terms) is
  // reserved before any detail: a table is its rows, and a marker naming them is no substitute.
  const floors = sections.map(outlineFloor);
  const serve = (i: number, cap: number) => {
    const s = sections[i];
    if (s.bodyCost <= cap || s.bodyCost <= MARKER_CHARS) {
      remaining -= s.bodyCost;
      return;
    }
    const target = cap - MARKER_CHARS;
    if (target >= MIN_TRIM || floors[i] > 0) {
      const trimmed = trimSection(s, Math.max(target, floors[i]), hasQuery ? query : undefined);
      if (trimmed !== null) {
        fates[i] = trimmed.fate;
        remaining -= trimmed.cost + (trimmed.fate.kind === "keep" ? 0 : MARKER_CHARS);
        return;
      }
    }
    const surfaced = surfaceWarnings(s, budget.surfaced);
    if (surfaced !== null) {
      fates[i] = surfaced.fate;
      remaining -= surfaced.cost + MARKER_CHARS;
      return;
    }
    const lead = cap > 0 ? leadOf(s) : null;
    if (lead !== null && (lead.text.length >= s.bodyCost - MARKER_CHARS / 4 || isShortWarning(s))) {
      // The lead is all there is, or the rest of a short body reports an error: it stays whole.
      remaining -= s.bodyCost;
      return;
    }
    fates[i] = lead ?? { kind: "collapse" };
    remaining -= (lead === null ? 0 : lead.text.length) + MARKER_CHARS / 4;
  };

  for (const i of order) if (isFirstServed(i)) serve(i, Math.min(budget.sectionCap, remaining));
  // The others share what is left at one level above their floors. While that level is too low
  // to trim to, the section served last (the end of the document) that would need trimming and
  // has no outline of its own collapses instead.
  const rest = order.filter((i) => !isFirstServed(i));
  let reserved = 0;
  for (const i of rest) reserved += floors[i];
  // One buffer for every round's costs: a fresh pair of arrays per round (up to 2 * MAX_ROUNDS of
  // them, a section count long each) went to the large-object space, where only a full collection
  // frees them (110 MB held at once for a 100 MB page of HTML; issue #15).
  const costs = new Float64Array(rest.length);
  const levelOf = () => {
    const sorted = costs.subarray(0, rest.length);
    for (let k = 0; k < rest.length; k++) sorted[k] = sections[rest[k]].bodyCost - floors[rest[k]];
    return levelOfSorted(sorted.sort(), remaining - reserved);
  };
  const enough = MIN_TRIM + MARKER_CHARS;
  let level = levelOf();
  const dropped: number[] = [];
  // Each round costs a sort: past MAX_ROUNDS the rest is left to serve (which collapses what cannot trim).
  for (let round = 0; level < enough && round < MAX_ROUNDS; round++) {
    // Only bodies that trimming would cut: a small one too big for the level shows its lead instead.
    let last = -1;
    for (let k = rest.length - 1; k >= 0 && last === -1; k--) {
      const i = rest[k];
      if (floors[i] === 0 && sections[i].bodyCost > enough) last = k;
    }
    if (last === -1) break;
    dropped.push(rest[last]);
    rest.splice(last, 1);
    remaining -= MARKER_CHARS / 2;
    level = levelOf();
  }
  // Dropping stops once the level is enough, but the last drops may have freed more than needed:
  // bodies are taken back, the earliest in the document first, while the level stays enough.
  // Each section's place in `order`, looked up, not searched for: a search per section made
  // taking bodies back quadratic in the sections (27 s for a 10 MB document).
  const position = new Map<number, number>();
  for (let k = 0; k < order.length; k++) position.set(order[k], k);
  for (let d = dropped.length - 1; d >= 0 && dropped.length <= MAX_ROUNDS; d--) {
    const i = dropped[d];
    const from = position.get(i)!;
    const at = rest.findIndex((r) => position.get(r)! > from);
    rest.splice(at === -1 ? rest.length : at, 0, i);
    remaining += MARKER_CHARS / 2;
    const back = levelOf();
    if (back >= enough) {
      level = back;
      dropped.splice(d, 1);
      continue;
    }
    rest.splice(rest.indexOf(i), 1);
    remaining -= MARKER_CHARS / 2;
  }
  for (const i of dropped) {
    remaining += MARKER_CHARS / 2;
    serve(i, 0);
  }
  for (const i of rest) {
    const share = floors[i] + level + (floors[i] > 0 ? MARKER_CHARS : 0);
    serve(i, Math.max(floors[i] + MARKER_CHARS, Math.min(budget.sectionCap, remaining, share)));
  }
  return fates;
}

/**
 * The fair share of `total` among bodies of `costs`: the level `L` at which
 * every body up to `L` is kept whole and every larger one gets `L` (Infinity
 * when everything fits).
 */
export function waterLevel(costs: readonly number[], total: number): number {
  return levelOfSorted(Float64Array.from(costs).sort(), total);
}

/** {@link waterLevel} of costs sorted in ascending order. */
function levelOfSorted(sorted: Float64Array, total: number): number {
  let left = Math.max(0, total);
  for (let k = 0; k < sorted.length; k++) {
    const share = left / (sorted.length - k);
    if (sorted[k] > share) return share;
    left -= sorted[k];
  }
  return Number.POSITIVE_INFINITY;
}

/** Rows (of tables, of lists of names) shown at most, per section, as its outline (the rest are grouped under the marker). */
const MAX_OUTLINE_ROWS = 2000;

function isCode(kind: SegmentKind): boolean {
  return kind === "fence" || kind === "indented_code";
}

/**
 * Whether `u` is code under a troubleshooting entry's remedy heading
 * ("Solution", "Workaround"): the configuration that fixes the issue is what
 * such a page is read for, so it is part of the section's outline, whole
 * (its opening lines alone stop before the option that matters).
 */
function isRemedyCode(s: Section, u: Unit): boolean {
  return s.headingRemedy && isCode(s.blocks[u.block].kind);
}

/**
 * What a section's outline costs: its tables' headers and rows (cut short),
 * definition terms and, under a remedy heading, its code; 0 when it has none.
 */
/**
 * What a document's outline costs, in characters: its headings and each
 * section's {@link outlineFloor} (table headers and rows cut short,
 * definition terms, entries' first sentences).
 */
export function outlineCost(doc: MarkdownDocument): number {
  let cost = 0;
  for (const s of doc.sections) cost += (s.heading === null ? 0 : s.heading.text.length) + outlineFloor(s);
  return cost;
}

function outlineFloor(s: Section): number {
  if (!s.blocks.some((b) => b.kind !== "blank" && (b.kind !== "html" || isPropsArray(b.text)))) return 0;
  let cost = 0;
  let rows = 0;
  for (const u of sectionUnits(s, false, readsNoWarning)) {
    if (isRemedyCode(s, u)) cost += u.cost;
    else if ((u.role === "outline" && !isCode(s.blocks[u.block].kind)) || u.role === "standout") cost += u.compactCost;
    else if (u.role === "row" && rows++ < MAX_OUTLINE_ROWS) cost += u.compactCost;
  }
  return Math.min(cost, s.bodyCost);
}

/**
 * The warning test for a caller that never reads a unit's `warning`: the
 * outline floor and the lead. Each test runs a regex over every unit, and a
 * 1 MB paragraph is one unit.
 */
function readsNoWarning(): boolean {
  return false;
}

/**
 * A small body's lead: its first unit past metadata (the sentence that says
 * what an error code means), when it is short and not the whole body.
 */
function leadOf(s: Section): (Fate & { kind: "lead" }) | null {
  for (const u of sectionUnits(s, true, readsNoWarning)) {
    const b = s.blocks[u.block];
    if (b.kind === "html") continue;
    if (u.cost > LEAD_CHARS) return null;
    return { kind: "lead", text: b.text.slice(lineStartOf(b.text, u.start), u.end), prose: b.kind === "prose" };
  }
  return null;
}

/** A body this short that carries a warning is kept whole rather than cut to its lead. */
const SHORT_WARNING_BODY = 400;

/**
 * Whether a short body carries a warning word past its lead ("I am getting
 * the following error: …" under an `## Issue`): cutting it to its first
 * sentence would hide the very error the section reports, for a saving
 * smaller than the marker it shares.
 */
function isShortWarning(s: Section): boolean {
  if (s.bodyCost > SHORT_WARNING_BODY) return false;
  return s.blocks.some((b) => canWarn(b.kind) && hasWarning(b.text));
}

/** Longest warning unit worth showing from a collapsed section. */
const MAX_SURFACED_CHARS = 600;

/** The first `limit` strong-warning units (list items, sentences) of a collapsing section, or null. */
function surfaceWarnings(s: Section, limit: number): { fate: Fate; cost: number } | null {
  if (!s.blocks.some((b) => canWarn(b.kind) && hasStrongWarning(b.text))) return null;
  const units = sectionUnits(s, false, hasStrongWarning);
  const kept = new Uint8Array(units.length);
  let cost = 0;
  let count = 0;
  for (let u = 0; u < units.length && count < limit; u++) {
    const unit = units[u];
    if (!unit.warning || unit.cost > MAX_SURFACED_CHARS) continue;
    kept[u] = KEPT;
    cost += unit.cost;
    count++;
  }
  return count === 0 ? null : { fate: { kind: "trim", units, kept }, cost };
}

/** The text a query is matched against: the heading and every block (code names the API a query asks about). */
function sectionText(s: Section): string {
  const parts = s.heading === null ? [] : [s.heading.text];
  for (const b of s.blocks) if (b.text.length > 0) parts.push(b.text);
  return parts.join("\n");
}

/** Counts line ends in `text` from offsets met in increasing order, in one pass overall. */
class LineCounter {
  private at = 0;
  private count = 0;

  constructor(private readonly text: string) {}

  /** Line ends before `offset` (offsets asked in increasing order). */
  before(offset: number): number {
    for (let nl = this.text.indexOf("\n", this.at); nl !== -1 && nl < offset; nl = this.text.indexOf("\n", nl + 1)) {
      this.count++;
      this.at = nl + 1;
    }
    if (this.at < offset && this.text.indexOf("\n", this.at) === -1) this.at = offset;
    return this.count;
  }
}

/**
 * The units of a section's body, in order: sentences of prose blocks, list
 * items, table rows (the header and delimiter rows as one outline unit), a
 * long code block's opening lines, rest and closing fence, other non-blank
 * blocks whole. With `wholeBlocks`, only prose is split (lists by item
 * still, for warnings). `isWarning` marks the units that carry a warning
 * (never code or HTML).
 */
export function sectionUnits(
  s: Section,
  wholeBlocks = false,
  isWarning: (text: string) => boolean = hasWarning,
): Unit[] {
  const units: Unit[] = [];
  s.blocks.forEach((b, block) => {
    if (b.kind === "blank") return;
    const lineEnds = new LineCounter(b.text);
    const piece = (start: number, end: number, role: UnitRole, compactCost = end - start) => {
      const text = b.text.slice(start, end);
      const from = b.startLine + lineEnds.before(start);
      const to = Math.max(from + 1, b.startLine + lineEnds.before(end - 1) + 1);
      const warning = canWarn(b.kind) && role !== "outline" && isWarning(text);
      units.push({ block, start, end, cost: end - start, compactCost, warning, role, from, to });
    };
    if (b.kind === "list") {
      const items = listItemSpans(b.text);
      // A list of bare names (a directory listing, an index) is an outline, like a table's rows.
      const index = items.length >= 3 && items.every((item) => isBareName(b.text, item.start, item.end));
      for (const item of items) {
        const role = index ? "row" : holdsCode(b.text, item.start, item.end) ? "code" : "text";
        piece(item.start, item.end, role);
      }
      return;
    }
    if (!wholeBlocks && b.kind === "table") {
      splitTable(b.text, piece);
      return;
    }
    if (!wholeBlocks && b.kind === "html" && splitPropsArray(b.text, piece)) return;
    if (isSignature(s, block)) {
      piece(0, b.text.length, "standout");
      return;
    }
    if (
      !wholeBlocks &&
      (b.kind === "fence" || b.kind === "indented_code") &&
      splitCode(b.text, piece, b.kind === "fence")
    )
      return;
    if (b.kind !== "prose") {
      piece(0, b.text.length, "text", b.cost);
      return;
    }
    const sentences = splitSentences(b.text);
    if (!wholeBlocks && isRecordParagraph(b.text, b.lines, sentences.length)) {
      const records = recordLines(b.text);
      // Records under a title are entries of an index (`git help -a`'s commands by category): rows,
      // as a table's are, kept before prose detail; a bare run of records (`apropos`) is trimmed by lines.
      const isIndex = records.some((line) => line.title);
      for (const line of records) {
        units.push({
          block,
          start: line.start,
          end: line.end,
          cost: line.end - line.start + 1,
          compactCost: line.end - line.start + 1,
          warning: isWarning(b.text.slice(line.start, line.end)),
          role: line.title ? "outline" : isIndex ? "row" : "text",
          from: b.startLine + line.index,
          to: b.startLine + line.index + 1,
          record: true,
        });
      }
      return;
    }
    // A changelog entry's sign-off (` -- Name <mail>  date`) says who released it and when: outline.
    if (b.lines === 1 && SIGN_OFF_RE.test(b.text)) {
      piece(0, b.text.length, "outline");
      return;
    }
    const term = isDefinitionTerm(s, block);
    // A term over its indented definition in one paragraph (RST's ``retry_mode`` over `    A string…`): the
    // term line is outline on its own, so cutting the definition's first sentence never takes the term with it.
    const termEnd = wholeBlocks || term ? -1 : titledTermEnd(b.text);
    if (termEnd > 0) piece(0, termEnd, "outline");
    for (const whole of warningLines(b.text, sentences)) {
      if (whole.end <= termEnd) continue;
      const span = whole.start > termEnd ? whole : { start: skipBlanks(b.text, termEnd + 1), end: whole.end };
      if (span.start >= span.end) continue;
      // The raw length bounds the cleaned one (cleaning only shortens) and costs no second pass.
      const sentence = b.text.slice(span.start, span.end);
      // An entry may open any line of a paragraph: a definition list's entries are written line by line.
      const signature = opensLine(b.text, span.start) && opensWithSignature(sentence.trimStart());
      units.push({
        block,
        start: span.start,
        end: span.end,
        cost: span.end - span.start + 1,
        compactCost: span.end - span.start + 1,
        warning: isWarning(sentence),
        role: term || signature ? "outline" : "text",
        from: b.startLine,
        to: b.startLine + b.lines,
      });
    }
  });
  return units;
}

/** Lines from which a paragraph may be read as records. */
const RECORD_MIN_LINES = 8;
/** Lines a sentence spans on average, past which a paragraph's lines are records. */
const RECORD_LINES_PER_SENTENCE = 4;

/** Lines from which a paragraph under a title line (less indented than the rest) is read as records. */
const TITLED_MIN_LINES = 3;

/**
 * Whether a prose paragraph is a list of one-line records rather than
 * sentences: many lines, few sentence ends (`apropos`' `name (8) - summary`
 * lines, an index written line by line), or a title over indented lines
 * with no sentence end (`git help -a`'s `Low-level Commands / Syncing
 * Repositories` over its five commands). Its lines are then its units, so
 * trimming keeps whole records from its head and tail instead of
 * collapsing the paragraph as one overlong "sentence", and a title is
 * outline.
 */
function isRecordParagraph(text: string, lines: number, sentences: number): boolean {
  if (lines >= RECORD_MIN_LINES && sentences * RECORD_LINES_PER_SENTENCE < lines) return true;
  return lines >= TITLED_MIN_LINES && sentences <= 1 && isTitledBlock(text);
}

/** Words of a security fix: a CVE id, a vulnerability, a security issue or fix (not "from a security perspective"). */
const SECURITY_RE = /\b(?:cve-\d|vulnerab|security (?:issues?|fix|bugs?|updates?|advisor|hole|problem))/i;

/** Whether unit `u` of `s` speaks of a security fix. */
function isSecurityUnit(s: Section, u: Unit): boolean {
  return SECURITY_RE.test(s.blocks[u.block].text.slice(u.start, u.end));
}

/** A Debian changelog entry's trailer line: ` -- maintainer <address>  date` (deb-changelog(5)). */
const SIGN_OFF_RE = /^ -- [^<\n]+<[^>\n]+> {2}\S/;

/** Longest line read as a definition's term (a name, an option, a short signature). */
const TERM_LINE_CHARS = 120;

/**
 * End of the term line of a paragraph that is one definition-list entry:
 * a short first line (`` ``retry_mode`` ``, `-v, --verbose`) indented less
 * than every later line, which is its definition, with at least two lines
 * of definition; else -1.
 */
function titledTermEnd(text: string): number {
  const nl = text.indexOf("\n");
  if (nl <= 0 || nl > TERM_LINE_CHARS || text.slice(0, nl).trim() === "") return -1;
  const second = text.indexOf("\n", nl + 1);
  if (second < 0) return -1;
  return isTitledBlock(text) ? nl : -1;
}

/** The first offset at or after `at` that is not a space, tab or line end. */
function skipBlanks(text: string, at: number): number {
  let p = at;
  while (p < text.length && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9 || text.charCodeAt(p) === 10)) p++;
  return p;
}

/** Whether the first line of `text` is indented less than every later non-blank line. */
function isTitledBlock(text: string): boolean {
  const lines = text.split("\n");
  const indent = (line: string) => line.length - line.trimStart().length;
  const title = indent(lines[0]);
  for (let i = 1; i < lines.length; i++) if (lines[i].trim() !== "" && indent(lines[i]) <= title) return false;
  return true;
}

/**
 * The non-blank lines of a record paragraph, each with its index; a line
 * indented less than the line after it is a title (`Main Porcelain
 * Commands` above its indented commands), an outline unit.
 */
function recordLines(text: string): { start: number; end: number; index: number; title: boolean }[] {
  const lines: { start: number; end: number; index: number; indent: number }[] = [];
  let index = 0;
  for (let start = 0; start <= text.length; index++) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    let indent = start;
    while (indent < end && (text.charCodeAt(indent) === 32 || text.charCodeAt(indent) === 9)) indent++;
    if (indent < end) lines.push({ start, end, index, indent: indent - start });
    if (nl === -1) break;
    start = nl + 1;
  }
  return lines.map((l, i) => ({
    start: l.start,
    end: l.end,
    index: l.index,
    title: i + 1 < lines.length && l.indent < lines[i + 1].indent,
  }));
}

/** Longest code span read as an API entry's signature. */
const SIGNATURE_CHARS = 160;
/** A call signature in a code span: a dotted name, then its parameters (`_.uniq(array, [isSorted])`). */
const CALL_SIGNATURE_RE = /^[\w$][\w$.]*\(.*\)$/;
/**
 * A command-line option in a code span, with its value if any: `--jobs`,
 * `-p`, `--leak-check=<no|summary|yes|full> [default: summary]`.
 */
const OPTION_RE = /^--?[A-Za-z0-9][\w.-]*(?:[= [<].*)?$/;

/** Whether the text from `at` on, white space aside, opens a line of `text`. */
function opensLine(text: string, at: number): boolean {
  let p = at;
  while (p < text.length && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
  return p === 0 || text.charCodeAt(p - 1) === 10;
}

/**
 * Whether a paragraph opens with a code span holding a call signature or a
 * command-line option (an API or a manual's reference entry: `` `_.uniq(array,
 * [isSorted], [iteratee])` Produces a duplicate-free version…``, `` `--jobs` N
 * Number of parallel jobs to run.``, as an HTML page's definition list reads
 * once its term is joined to its text): its first sentence names the entry,
 * so it is outline, as a heading is, and as a help text's option line is.
 */
function opensWithSignature(text: string): boolean {
  if (text.charCodeAt(0) !== 96 /* ` */ || text.charCodeAt(1) === 96) return false;
  const close = text.indexOf("`", 1);
  if (close < 0 || close > SIGNATURE_CHARS) return false;
  const code = text.slice(1, close);
  return !code.includes("\n") && (CALL_SIGNATURE_RE.test(code) || OPTION_RE.test(code));
}

/**
 * `spans` with each sentence that carries a warning joined to the sentences
 * it shares a line with: a warning is shown by whole lines (`error. [Bug
 * present since sed-3.02]` is one line of a NEWS item), so no line that
 * reports an error is shown cut in half.
 */
function warningLines(text: string, spans: readonly SentenceSpan[]): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let group: SentenceSpan | null = null;
  let groupWarns = false;
  for (const span of spans) {
    const warns = hasWarning(text.slice(span.start, span.end));
    const newline = group === null ? -1 : text.indexOf("\n", group.end);
    const sharesLine = group !== null && (newline === -1 || newline >= span.start);
    if (group !== null && sharesLine && (groupWarns || warns)) {
      group = { start: group.start, end: span.end };
      groupWarns = true;
      continue;
    }
    if (group !== null) out.push(group);
    group = { start: span.start, end: span.end };
    groupWarns = warns;
  }
  if (group !== null) out.push(group);
  return out;
}

/** Whether a list item is one line holding one word after its marker (`- adduser/`, `* [README](README.md)`). */
function isBareName(text: string, start: number, end: number): boolean {
  let to = end;
  while (to > start && (text.charCodeAt(to - 1) === 10 || text.charCodeAt(to - 1) === 13)) to--;
  if (to - start > 160) return false;
  let n = start;
  while (n < to && text.charCodeAt(n) === 32) n++;
  // The marker, then its spaces, then one word.
  while (n < to && text.charCodeAt(n) !== 32) n++;
  while (n < to && text.charCodeAt(n) === 32) n++;
  if (n >= to) return false;
  for (; n < to; n++) {
    const c = text.charCodeAt(n);
    if (c === 32 || c === 9 || c === 10) return false;
  }
  return true;
}

/**
 * Whether a list item holds code: a fence, a `$ command`, or a line
 * indented 8 or more (code under an item's text).
 */
function holdsCode(text: string, start: number, end: number): boolean {
  let from = text.indexOf("\n", start);
  while (from !== -1 && from + 1 < end) {
    let n = from + 1;
    let indent = 0;
    while (n < end && text.charCodeAt(n) === 32) {
      n++;
      indent++;
    }
    const c = text.charCodeAt(n);
    if (indent >= 8 && c !== 10 && c !== 13) return true;
    if ((c === 96 || c === 126) && text.startsWith(c === 96 ? "```" : "~~~", n)) return true;
    if (indent >= 2 && c === 36 && text.charCodeAt(n + 1) === 32) return true;
    from = text.indexOf("\n", n);
  }
  return false;
}

type Piece = (start: number, end: number, role: UnitRole, compactCost?: number) => void;

/** `[start, end)` of each line of `text`, line ends included. */
function lineSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let from = 0; from < text.length; ) {
    const nl = text.indexOf("\n", from);
    const end = nl === -1 ? text.length : nl + 1;
    spans.push([from, end]);
    from = end;
  }
  return spans;
}

/** Characters of a table's header line shown when it is cut short (a header names every column). */
export const HEADER_CHARS = 2 * ROW_CHARS;

/** What a line costs cut to `limit` characters (plus its ellipsis). */
function compactLineCost(start: number, end: number, limit = ROW_CHARS): number {
  return Math.min(end - start, limit + 3);
}

/** A table: its header (every line up to the delimiter row) as one outline unit, then one unit per row. */
function splitTable(text: string, piece: Piece): void {
  const lines = lineSpans(text);
  let header = 0;
  for (let k = 0; k < lines.length && k < 3; k++) {
    if (isDelimiterRow(text.slice(lines[k][0], lines[k][1]))) {
      header = k + 1;
      break;
    }
  }
  if (header > 0) {
    let compact = 0;
    for (let k = 0; k < header; k++) compact += compactLineCost(lines[k][0], lines[k][1], HEADER_CHARS);
    piece(0, lines[header - 1][1], "outline", compact);
  }
  for (let k = header; k < lines.length; k++)
    piece(lines[k][0], lines[k][1], "row", compactLineCost(lines[k][0], lines[k][1]));
}

/**
 * An entry's name in an MDX component's array of objects: `name: 'model',`
 * (the props tables of a reference page: `<PropertiesTable content={[{
 * name: …, type: …, description: … }, …]} />`). Indent and quote captured.
 */
const PROP_NAME_RE = /^( +)name: ['"`]/;
/** Fewest named entries that make an HTML block a props table. */
const MIN_PROPS = 3;

/** The indent of the entries of a props array (the shallowest `name:` line's), or -1 when `text` is none. */
function propsIndent(text: string): number {
  if (text.charCodeAt(0) !== 60 /* < */ || !/^<[A-Z]/.test(text)) return -1;
  let indent = -1;
  let names = 0;
  for (const [start, end] of lineSpans(text)) {
    const m = PROP_NAME_RE.exec(text.slice(start, Math.min(end, start + 200)));
    if (m === null) continue;
    names++;
    if (indent < 0 || m[1].length < indent) indent = m[1].length;
  }
  return names >= MIN_PROPS ? indent : -1;
}

/** Whether an HTML block is an MDX component holding a props array. */
function isPropsArray(text: string): boolean {
  return propsIndent(text) >= 0;
}

/**
 * An MDX component's props array as a table: each entry's `name:` line and
 * the `type:` line after it are a row (the entry's identity, as a table's
 * first cells are), the rest of the entry (description, nested properties)
 * detail after it. Entries nested deeper (a parameter's own properties) are
 * detail of their parent. False when the block is no props array.
 */
function splitPropsArray(text: string, piece: Piece): boolean {
  const indent = propsIndent(text);
  if (indent < 0) return false;
  const lines = lineSpans(text);
  const isEntry = (k: number) => {
    const m = PROP_NAME_RE.exec(text.slice(lines[k][0], Math.min(lines[k][1], lines[k][0] + 200)));
    return m !== null && m[1].length === indent;
  };
  let from = 0;
  for (let k = 0; k < lines.length; k++) {
    if (!isEntry(k)) continue;
    if (lines[k][0] > from) piece(from, lines[k][0], "text");
    let end = k + 1;
    if (end < lines.length && text.startsWith(`${" ".repeat(indent)}type:`, lines[end][0])) end++;
    piece(lines[k][0], lines[end - 1][1], "row", compactLineCost(lines[k][0], lines[end - 1][1]));
    from = lines[end - 1][1];
    k = end - 1;
  }
  if (from < text.length) piece(from, text.length, "text");
  return true;
}

/** A GFM delimiter row (`| --- | :-: |`). */
function isDelimiterRow(line: string): boolean {
  let dashes = 0;
  for (let n = 0; n < line.length; n++) {
    const c = line.charCodeAt(n);
    if (c === 45) dashes++;
    else if (c !== 124 && c !== 58 && c !== 32 && c !== 9 && c !== 13 && c !== 10) return false;
  }
  return dashes >= 1;
}

/**
 * A code line that shows an outcome (an error, an exception, a traceback, an
 * assertion of a result) or labels what follows (`# .makeRe star (*)` over
 * benchmark output).
 */
const STANDOUT_CODE_RE = /\b(?:assert|expect|Traceback|throws?|raises?)\b|(?:Error|Exception|error)\b|^#{1,6} \S/;
/** Lines of a code block read for lines that stand out (a generated blob is not read to its end). */
const MAX_SCANNED_LINES = 2000;
/** A closing fence line. */
const CLOSING_FENCE_RE = /^\s*(?:`{3,}|~{3,})\s*$/;

/**
 * A code block (fenced or indented) longer than its head: the opening fence
 * and first lines (outline), then runs of code, each line that shows an
 * outcome (an error, an assertion: the example's facts) as an outline unit
 * of its own, then the closing fence (outline). False when the block stays
 * one unit (short, or its rest costs no more than a marker).
 */
function splitCode(text: string, piece: Piece, fenced: boolean): boolean {
  const lines = lineSpans(text);
  const first = fenced ? 1 : 0;
  const closer = lines[lines.length - 1];
  const closes = fenced && lines.length > 2 && CLOSING_FENCE_RE.test(text.slice(closer[0], closer[1]));
  const restEnd = closes ? lines.length - 1 : lines.length;
  const stands = (k: number) =>
    STANDOUT_CODE_RE.test(text.slice(lines[k][0], Math.min(lines[k][1], lines[k][0] + 240)));
  let any = false;
  for (let k = first; k < restEnd && !any && k < first + MAX_SCANNED_LINES; k++) any = stands(k);
  // A block with lines that stand out shows its first line as its head; any other, its first few.
  const head = Math.min(restEnd, first + (any ? 1 : CODE_HEAD_LINES));
  if (head >= restEnd) {
    // Too short to cut: whole, and part of the outline when a line of it stands out.
    if (!any) return false;
    piece(0, text.length, "standout");
    return true;
  }
  const standout: boolean[] = [];
  for (let k = head; k < restEnd; k++) standout.push(any && k < first + MAX_SCANNED_LINES && stands(k));
  // A rest that costs no more than its marker, with nothing standing out, is not worth cutting.
  if (!any && lines[restEnd - 1][1] - lines[head][0] <= 2 * MARKER_CHARS) return false;
  // A block with lines that stand out is part of its section's outline: its fences, first line and those lines.
  const frame: UnitRole = any ? "standout" : "outline";
  piece(0, lines[head - 1][1], frame);
  let run = -1;
  for (let k = head; k < restEnd; k++) {
    if (!standout[k - head]) {
      if (run === -1) run = k;
      continue;
    }
    if (run !== -1) piece(lines[run][0], lines[k][0], "code");
    run = -1;
    piece(lines[k][0], lines[k][1], "standout");
  }
  if (run !== -1) piece(lines[run][0], lines[restEnd - 1][1], "code");
  if (closes) piece(closer[0], closer[1], frame);
  return true;
}

/** Longest code block (fences included) read as a section's signature. */
const SIGNATURE_LINES = 8;

/**
 * A short code block that opens its section, right under the heading: in
 * an API reference the entry's signature or prototype (gtk-doc's
 * `<pre class="programlisting">` under `xsltApplyImports ()`, expat's
 * prototype under `XML_Parse`), in a README the command the section is
 * about. It is the section's outline, shown even when the rest is cut.
 */
function isSignature(s: Section, block: number): boolean {
  const b = s.blocks[block];
  if (s.heading === null || (b.kind !== "fence" && b.kind !== "indented_code") || b.lines > SIGNATURE_LINES)
    return false;
  for (let k = 0; k < block; k++) if (s.blocks[k].kind !== "blank") return false;
  return true;
}

/**
 * A one-line paragraph right above an indented block (an RST definition
 * list's term: `0.3.1 *2026-01-22*` over its indented items): the section's
 * outline, like a heading.
 */
function isDefinitionTerm(s: Section, block: number): boolean {
  const b = s.blocks[block];
  if (b.lines !== 1 || b.text.length > 120) return false;
  const next = s.blocks[block + 1];
  if (next === undefined || (next.kind !== "list" && next.kind !== "indented_code" && next.kind !== "prose"))
    return false;
  const c = next.text.charCodeAt(0);
  return c === 32 || c === 9;
}

/**
 * Picks the units of `s` that fit `target` characters, by priority: the
 * section's outline, warning units, (with a query) the best BM25 matches,
 * table rows, code, then the head and the tail. Null when nothing fits; a
 * keep when everything does (blank lines aside).
 */
function trimSection(s: Section, target: number, query: string | undefined): { fate: Fate; cost: number } | null {
  const units = sectionUnits(s);
  if (units.length < 2) return null;
  const kept = new Uint8Array(units.length);
  let left = target;
  const take = (u: number): boolean => {
    if (kept[u] === KEPT) return true;
    const extra = units[u].cost - (kept[u] === KEPT_COMPACT ? units[u].compactCost : 0);
    if (extra > left) return false;
    kept[u] = KEPT;
    left -= extra;
    return true;
  };
  const takeCompact = (u: number): boolean => {
    if (kept[u] !== 0) return true;
    if (units[u].compactCost >= units[u].cost) return take(u);
    if (units[u].compactCost > left) return false;
    kept[u] = KEPT_COMPACT;
    left -= units[u].compactCost;
    return true;
  };
  // The floor first (table headers, definition terms, rows cut short), then code blocks' heads.
  let rows = 0;
  for (let u = 0; u < units.length; u++) {
    const inCode = isCode(s.blocks[units[u].block].kind);
    const role = units[u].role;
    if ((role === "outline" && !inCode) || role === "standout" || (role === "row" && rows++ < MAX_OUTLINE_ROWS))
      takeCompact(u);
  }
  for (let u = 0; u < units.length; u++) if (isRemedyCode(s, units[u])) take(u);
  // The section's lead (its first units past metadata: a stability note, the opening sentence).
  const isMetadata = (u: number) => s.blocks[units[u].block].kind === "html";
  let lead = 0;
  for (let u = 0; u < units.length && lead < LEAD_UNITS; u++) {
    if (isMetadata(u)) continue;
    lead++;
    if (units[u].cost <= LEAD_CHARS) take(u);
  }
  for (let u = 0; u < units.length; u++) if (units[u].role === "outline") takeCompact(u);
  for (let u = 0; u < units.length; u++) if (units[u].warning) take(u);
  // A security fix (a CVE, a vulnerability) is what a changelog is searched for: shown even past the target.
  for (let u = 0; u < units.length; u++) {
    if (units[u].warning && kept[u] !== KEPT && isSecurityUnit(s, units[u])) {
      left -= units[u].cost - (kept[u] === KEPT_COMPACT ? units[u].compactCost : 0);
      kept[u] = KEPT;
    }
  }
  if (query !== undefined) {
    const scores = bm25Scores(
      units.map((u) => s.blocks[u.block].text.slice(u.start, u.end)),
      query,
    );
    const ranked = units.map((_, u) => u).filter((u) => scores[u] > 0);
    ranked.sort((a, b) => scores[b] - scores[a] || a - b);
    for (const u of ranked) take(u);
  }
  // Rows: whole when they all fit, else every row cut short (a table's outline is its rows' first cells).
  let rowCost = 0;
  for (let u = 0; u < units.length; u++) {
    if (units[u].role === "row") rowCost += units[u].cost - (kept[u] === KEPT_COMPACT ? units[u].compactCost : 0);
  }
  for (let u = 0; u < units.length; u++) {
    if (units[u].role !== "row") continue;
    if (rowCost <= left * 0.8) take(u);
    else takeCompact(u);
  }
  for (let u = 0; u < units.length; u++) if (units[u].role === "code") take(u);
  // Head, then tail: each stops at the first unit that does not fit, so both stay contiguous.
  // HTML blocks (`<!-- YAML added: v4.0.0 -->`) are metadata: passed over, not taken.
  const headLimit = left - Math.floor(left * HEAD_SHARE);
  // Rows already shown cut short stay so: what is left goes to other detail.
  const passOver = (u: number) => isMetadata(u) || kept[u] === KEPT_COMPACT;
  for (let u = 0; u < units.length && left > headLimit; u++) if (!passOver(u) && !take(u)) break;
  for (let u = units.length - 1; u >= 0 && left > 0; u--) if (!passOver(u) && !take(u)) break;

  let keptWhole = 0;
  let keptAny = 0;
  for (const k of kept) {
    if (k === KEPT) keptWhole++;
    if (k !== 0) keptAny++;
  }
  if (keptAny === 0) return null;
  if (keptWhole === units.length) return { fate: { kind: "keep" }, cost: s.bodyCost };
  return { fate: { kind: "trim", units, kept }, cost: target - left };
}
