/**
 * Edits of the source: a range of the original text replaced by a marker (or
 * by nothing). The planners produce them; the compressor applies them in one
 * pass, so the output is the original with holes, never a re-printed tree.
 */
import type { SourceView } from "./source.js";

/** Replace `text[from, to)` with `insert`. */
export interface Edit {
  from: number;
  to: number;
  insert: string;
}

/**
 * Applies edits in offset order; an edit overlapping one already applied is
 * skipped, so a planner's mistake can lose a saving but never corrupt the text.
 */
export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = edits.slice().sort((a, b) => a.from - b.from || a.to - b.to);
  let out = "";
  let copied = 0;
  for (const e of sorted) {
    if (e.from < copied || e.to < e.from) continue;
    out += text.slice(copied, e.from) + e.insert;
    copied = e.to;
  }
  return out + text.slice(copied);
}

/**
 * Replaces lines [first, last] with one line holding `content` after
 * `lead` (indentation, comment syntax). On a numbered read the new line takes
 * the number prefix of the first line it replaces, so numbers still increase
 * and say where the omitted part starts.
 */
export function replaceLines(view: SourceView, first: number, last: number, lead: string, content: string): Edit {
  return {
    from: view.lineStart(first),
    to: view.lineEnd(last),
    insert: view.prefixOf(first) + lead + content + view.eolOf(last),
  };
}

/** Removes lines [first, last] outright. */
export function removeLines(view: SourceView, first: number, last: number): Edit {
  return { from: view.lineStart(first), to: view.lineEnd(last), insert: "" };
}

/** "lines 120-188" (or "line 120") in the numbers the reader sees. */
export function lineSpan(view: SourceView, first: number, last: number): string {
  const a = view.number(first);
  const b = view.number(last);
  return a === b ? `line ${a}` : `lines ${a}-${b}`;
}

/** How much the planners keep: the caps at the default profile, scaled by the caller. */
export interface Limits {
  /** Lines a body must span inside its braces (or under its `def`) before it may be elided. */
  minBodyLines: number;
  /** Tokens one elided part must hold to be considered at all. */
  minPartTokens: number;
  /** Tokens a run of elided parts must hold: its marker costs ~35, so less is not worth one. */
  minRunTokens: number;
  /** Lines of a doc comment or docstring always kept: its first paragraph, up to this many. */
  docHeadLines: number;
  /** Lines the rest of a doc comment must span before it may be elided. */
  minTailLines: number;
  /** Most kept lines between two elided parts that share one marker. */
  maxRunGap: number;
  /** Most elided parts sharing one marker. */
  maxRunParts: number;
}

/**
 * One part the skeleton leaves out: a function body, the rest of a comment
 * or docstring. Parts close together share one marker (see runs.ts): the
 * first shows the marker, the others a placeholder ("…").
 */
export interface Elision {
  /** First and last line left out, for the marker's span and for grouping. */
  first: number;
  last: number;
  /** Estimated tokens left out. */
  tokens: number;
  /** What it is, for the marker: "body of Run", "rest of comment". */
  what: string;
  /**
   * Inside braces on the header's line (`from`, `to` are offsets of the text
   * between the braces), or on a line of its own (`from`, `to` are the first
   * and last line replaced, `lead` the indentation and comment syntax
   * written before the marker or placeholder).
   */
  inline: boolean;
  from: number;
  to: number;
  lead: string;
  /** What stands in for it when another part of its run shows the marker. */
  placeholder: string;
  /** Lines [alsoFrom, alsoTo] removed with it (a docstring's rest before an elided body); -1 when none. */
  alsoFrom: number;
  alsoTo: number;
}
