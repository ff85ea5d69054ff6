/**
 * The document model the Markdown compressor plans over: sections (a heading
 * and the blocks up to the next heading of any level; the blocks before the
 * first heading form a section with no heading), each block a segment with
 * what it costs to keep and whether it carries a warning word.
 */

import { BoilerplateFilter } from "./noise.js";
import type { Segment, SegmentKind } from "./segment.js";

/** One block of a section's body. */
export interface Block {
  readonly kind: SegmentKind;
  readonly verbatim: boolean;
  /**
   * Verbatim blocks: the input lines, line endings included. Prose: its lines
   * with boilerplate lines out, joined by "\n", no final newline. Blank: "".
   */
  readonly text: string;
  /** Lines of the input it covers, from `startLine` (0-based). */
  readonly lines: number;
  readonly startLine: number;
  /** Characters it costs in the output when kept whole (prose: its raw length, which cleaning only shortens). */
  readonly cost: number;
}

/** A heading and its body. */
export interface Section {
  /** The heading segment (kept verbatim, always), or null for the text before the first heading. */
  readonly heading: Segment | null;
  readonly blocks: Block[];
  /** Characters of the body when kept whole. */
  readonly bodyCost: number;
  /** The heading itself carries one ("Breaking changes", "Deprecated APIs"). */
  readonly headingWarning: boolean;
  /** The heading, or one above it, names the remedy of a troubleshooting entry ("Solution", "Workaround"). */
  readonly headingRemedy: boolean;
  /** Input lines of the body. */
  readonly bodyLines: number;
}

/** A segmented document grouped into sections. */
export interface MarkdownDocument {
  readonly sections: Section[];
  /** Boilerplate prose lines dropped while building it. */
  readonly boilerplateLines: number;
}

// Words that make a section or an item worth keeping before others (release notes put what breaks
// under "Caveats" or "Incompatible changes").
const WARNING_RE =
  /\b(?:breaking|deprecat|security|insecure|vulnerab|cve-\d|removed?\b|errors?\b|danger|caution|warning|caveats?\b|incompatib)/i;
// The warnings worth surfacing from a section that is otherwise collapsed (`error` is in every API section).
const STRONG_WARNING_RE = /\b(?:breaking|deprecat|security|insecure|vulnerab|cve-\d|removed\b|danger)/i;
// Headings of the answer in a troubleshooting page or FAQ (Issue / Cause / Solution): the fix and
// its code are what such a page is read for, as warnings are in a changelog.
const REMEDY_HEADING_RE = /\b(?:solutions?|fix(?:es)?|workarounds?|resolution|how to fix)\b/i;
// Kinds whose words are read for warnings (code mentions `error` in every catch block).
const WARNING_KINDS: ReadonlySet<SegmentKind> = new Set(["prose", "heading", "list", "blockquote", "table"]);

/** Whether a block of `kind` can carry a warning (code and HTML cannot: `catch (error)` is no warning). */
export function canWarn(kind: SegmentKind): boolean {
  return WARNING_KINDS.has(kind);
}

/** Whether `text` carries a warning word. */
export function hasWarning(text: string): boolean {
  return WARNING_RE.test(text);
}

/** Whether `text` carries a warning strong enough to show even from a collapsed section. */
export function hasStrongWarning(text: string): boolean {
  return STRONG_WARNING_RE.test(text);
}

/**
 * Groups segments into sections. With `dropBoilerplate`, prose lines that
 * are navigation or exact repeats of an earlier prose line are left out.
 */
export function buildDocument(segments: readonly Segment[], dropBoilerplate: boolean): MarkdownDocument {
  const sections: Section[] = [];
  const filter = new BoilerplateFilter();
  let heading: Segment | null = null;
  let blocks: Block[] = [];
  /** Level of the remedy heading the current section is under, or 0. */
  let remedyLevel = 0;
  const close = () => {
    if (heading === null && blocks.length === 0) return;
    let bodyCost = 0;
    let bodyLines = 0;
    for (const b of blocks) {
      bodyCost += b.cost;
      bodyLines += b.lines;
    }
    const headingWarning = heading !== null && hasWarning(heading.text);
    // A remedy's subsections (`### Next.js (App Router)` under `## Solution`) are the remedy too.
    if (heading !== null && remedyLevel > 0 && heading.level <= remedyLevel) remedyLevel = 0;
    if (heading !== null && remedyLevel === 0 && REMEDY_HEADING_RE.test(heading.text)) remedyLevel = heading.level;
    const headingRemedy = heading !== null && remedyLevel > 0;
    sections.push({ heading, blocks, bodyCost, headingWarning, headingRemedy, bodyLines });
  };
  for (const s of segments) {
    if (s.kind === "heading") {
      close();
      heading = s;
      blocks = [];
      continue;
    }
    const lines = s.endLine - s.startLine;
    if (s.kind === "blank") {
      blocks.push({ kind: "blank", verbatim: false, text: "", lines, startLine: s.startLine, cost: 1 });
    } else if (s.kind === "prose") {
      const kept = proseLines(s.text, dropBoilerplate ? filter : null);
      if (kept.length === 0) continue;
      const text = kept.join("\n");
      blocks.push({ kind: "prose", verbatim: false, text, lines, startLine: s.startLine, cost: text.length + 1 });
    } else {
      blocks.push({ kind: s.kind, verbatim: true, text: s.text, lines, startLine: s.startLine, cost: s.text.length });
    }
  }
  close();
  return { sections, boilerplateLines: filter.dropped };
}

/** The lines of a prose segment without their endings, boilerplate lines out. */
function proseLines(text: string, filter: BoilerplateFilter | null): string[] {
  const out: string[] = [];
  let from = 0;
  while (from < text.length) {
    let nl = text.indexOf("\n", from);
    if (nl === -1) nl = text.length;
    let end = nl;
    if (end > from && text.charCodeAt(end - 1) === 13) end--;
    const line = text.slice(from, end);
    if (filter === null || !filter.drops(line.trim())) out.push(line);
    from = nl + 1;
  }
  return out;
}
