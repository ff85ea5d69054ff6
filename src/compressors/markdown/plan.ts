/**
 * Deciding what of a Markdown document fits its budget. Every heading stays;
 * each section's body is kept whole, trimmed (some of its sentences and
 * whole blocks kept, the rest behind one marker) or collapsed (the body
 * behind a marker). Sections are served in priority order: relevance to the
 * caller's query first (BM25), then those whose heading carries a warning
 * word, then the opening section, then document order, so a changelog keeps
 * its newest releases and a tutorial its first steps. Within a trimmed
 * section the units go in the same spirit: warning units, query matches,
 * then the head and the tail. A section that must collapse still shows its
 * few strongest warnings (a list item saying what was removed or deprecated),
 * each byte for byte, before its marker.
 *
 * Warning words in a body do not reorder whole sections: "error" is in every
 * section of an API reference and "removed" in most releases of a changelog,
 * and ranking on them cut those documents into swiss cheese.
 */

import { bm25Scores, terms } from "./bm25.js";
import { canWarn, hasStrongWarning, hasWarning, type MarkdownDocument, type Section } from "./sections.js";
import { listItemSpans } from "./segment.js";
import { splitSentences } from "./sentences.js";

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

/** A piece of a trimmed section: a sentence of a prose block, or a whole other block. */
export interface Unit {
  /** Index of its block in the section. */
  block: number;
  /** `[start, end)` of the sentence in the prose block's text; the whole text for other blocks. */
  start: number;
  end: number;
  cost: number;
  warning: boolean;
}

/** What happens to one section's body. */
export type Fate = { kind: "keep" } | { kind: "collapse" } | { kind: "trim"; units: Unit[]; kept: Uint8Array };

/** Decides each section's {@link Fate} so the document fits `budget`. */
export function planDocument(doc: MarkdownDocument, budget: Budget, query: string | undefined): Fate[] {
  const { sections } = doc;
  const fates: Fate[] = sections.map(() => ({ kind: "keep" }));
  let remaining = budget.total;
  for (const s of sections) if (s.heading !== null) remaining -= s.heading.text.length;

  const hasQuery = query !== undefined && terms(query).length > 0;
  const relevance = hasQuery ? bm25Scores(sections.map(sectionText), query) : null;
  const order = sections.map((_, i) => i);
  order.sort((a, b) => {
    if (relevance !== null && relevance[a] !== relevance[b]) return relevance[b] - relevance[a];
    const wa = sections[a].headingWarning ? 1 : 0;
    const wb = sections[b].headingWarning ? 1 : 0;
    if (wa !== wb) return wb - wa;
    if ((a === 0) !== (b === 0)) return a === 0 ? -1 : 1;
    return a - b;
  });

  for (const i of order) {
    const s = sections[i];
    const cap = Math.min(budget.sectionCap, remaining);
    if (s.bodyCost <= cap || s.bodyCost <= MARKER_CHARS) {
      remaining -= s.bodyCost;
      continue;
    }
    const target = cap - MARKER_CHARS;
    if (target >= MIN_TRIM) {
      const trimmed = trimSection(s, target, hasQuery ? query : undefined);
      if (trimmed !== null) {
        fates[i] = trimmed.fate;
        remaining -= trimmed.cost + MARKER_CHARS;
        continue;
      }
    }
    const surfaced = surfaceWarnings(s, budget.surfaced);
    fates[i] = surfaced?.fate ?? { kind: "collapse" };
    remaining -= surfaced === null ? MARKER_CHARS / 2 : surfaced.cost + MARKER_CHARS;
  }
  return fates;
}

/** Longest warning unit worth showing from a collapsed section. */
const MAX_SURFACED_CHARS = 600;

/** The first `limit` strong-warning units (list items, sentences) of a collapsing section, or null. */
function surfaceWarnings(s: Section, limit: number): { fate: Fate; cost: number } | null {
  if (!s.blocks.some((b) => canWarn(b.kind) && hasStrongWarning(b.text))) return null;
  const units = sectionUnits(s, true, hasStrongWarning);
  const kept = new Uint8Array(units.length);
  let cost = 0;
  let count = 0;
  for (let u = 0; u < units.length && count < limit; u++) {
    const unit = units[u];
    if (!unit.warning || unit.cost > MAX_SURFACED_CHARS) continue;
    kept[u] = 1;
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

/**
 * The units of a section's body, in order: sentences of prose blocks, other
 * non-blank blocks whole, or, with `splitLists`, a list's items one by one.
 * `isWarning` marks the units that carry a warning (never code or HTML).
 */
export function sectionUnits(
  s: Section,
  splitLists = false,
  isWarning: (text: string) => boolean = hasWarning,
): Unit[] {
  const units: Unit[] = [];
  s.blocks.forEach((b, block) => {
    if (b.kind === "blank") return;
    if (b.kind === "list" && splitLists) {
      for (const item of listItemSpans(b.text)) {
        const text = b.text.slice(item.start, item.end);
        units.push({ block, start: item.start, end: item.end, cost: text.length, warning: isWarning(text) });
      }
      return;
    }
    if (b.kind !== "prose") {
      const warning = canWarn(b.kind) && isWarning(b.text);
      units.push({ block, start: 0, end: b.text.length, cost: b.cost, warning });
      return;
    }
    for (const span of splitSentences(b.text)) {
      const sentence = b.text.slice(span.start, span.end);
      // The raw length bounds the cleaned one (cleaning only shortens) and costs no second pass.
      units.push({
        block,
        start: span.start,
        end: span.end,
        cost: span.end - span.start + 1,
        warning: isWarning(sentence),
      });
    }
  });
  return units;
}

/**
 * Picks the units of `s` that fit `target` characters: warning units first,
 * then (with a query) the best BM25 matches, then the head, then the tail.
 * Null when nothing fits; a keep when everything does (blank lines aside).
 */
function trimSection(s: Section, target: number, query: string | undefined): { fate: Fate; cost: number } | null {
  const units = sectionUnits(s);
  if (units.length < 2) return null;
  const kept = new Uint8Array(units.length);
  let left = target;
  const take = (u: number): boolean => {
    if (kept[u] === 1) return true;
    if (units[u].cost > left) return false;
    kept[u] = 1;
    left -= units[u].cost;
    return true;
  };
  for (let u = 0; u < units.length; u++) if (units[u].warning) take(u);
  if (query !== undefined) {
    const scores = bm25Scores(
      units.map((u) => s.blocks[u.block].text.slice(u.start, u.end)),
      query,
    );
    const ranked = units.map((_, u) => u).filter((u) => scores[u] > 0);
    ranked.sort((a, b) => scores[b] - scores[a] || a - b);
    for (const u of ranked) take(u);
  }
  // Head, then tail: each stops at the first unit that does not fit, so both stay contiguous.
  // HTML blocks (`<!-- YAML added: v4.0.0 -->`) are metadata: passed over, not taken.
  const isMetadata = (u: number) => s.blocks[units[u].block].kind === "html";
  const headLimit = left - Math.floor(left * HEAD_SHARE);
  for (let u = 0; u < units.length && left > headLimit; u++) if (!isMetadata(u) && !take(u)) break;
  for (let u = units.length - 1; u >= 0 && left > 0; u--) if (!isMetadata(u) && !take(u)) break;

  let keptCount = 0;
  for (const k of kept) keptCount += k;
  if (keptCount === 0) return null;
  if (keptCount === units.length) return { fate: { kind: "keep" }, cost: s.bodyCost };
  return { fate: { kind: "trim", units, kept }, cost: target - left };
}
