/**
 * Long comments outside elided bodies (doc comments, license headers) keep
 * their first paragraph; the rest (examples, parameter lists, the licence
 * text) becomes one line in the comment's own syntax holding a marker or a
 * placeholder (`/// …`), so the comment still reads as a comment and the
 * code around it still lexes.
 *
 * Only lines that begin and end in the same lexer state are removed: a line
 * that opens or closes a block comment always stays, so `/*` and `*\/`
 * remain paired.
 */
import { hasMarker } from "../../ccr/marker.js";
import { estimateTokens } from "../../kernels/tokens.js";
import type { Elision, Limits } from "./edits.js";
import { LineKind, type Scan } from "./scan.js";
import type { SourceView } from "./source.js";

const COMMENT_LEAD_RE = /^[ \t]*(?:\/\/[/!]?|#+|\*(?!\/))?/;
const COMMENT_OPEN_RE = /^(?:\/\*+!?|\/\/[/!]?|#+:?|\*+)/;
/** A sentence's end: `.`, `!` or `?` after a word, before a space or the end of the line. */
const SENTENCE_END_RE = /[a-z0-9)`'"][.!?](?=\s|$)/gi;

/** The rests of every long comment run outside `covered` lines. */
export function planCommentTails(view: SourceView, scan: Scan, covered: Uint8Array, limits: Limits): Elision[] {
  const elisions: Elision[] = [];
  const n = view.count;
  let i = 0;
  while (i < n) {
    if (covered[i] === 1 || scan.kind[i] !== LineKind.Comment) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && covered[j + 1] === 0 && scan.kind[j + 1] === LineKind.Comment) j++;
    const tail = commentTail(view, scan, i, j, limits);
    if (tail !== null) elisions.push(tail);
    i = j + 1;
  }
  return elisions;
}

function commentTail(view: SourceView, scan: Scan, first: number, last: number, limits: Limits): Elision | null {
  const head = headEnd(view, first, last, limits.docHeadLines);
  let tailEnd = head - 1;
  while (tailEnd + 1 <= last && scan.startMode[tailEnd + 1] === scan.endMode[tailEnd + 1]) tailEnd++;
  if (tailEnd - head + 1 < limits.minTailLines) return null;
  const tail = view.text.slice(view.lineStart(head), view.lineEnd(tailEnd));
  if (hasMarker(tail)) return null;
  const tokens = estimateTokens(tail);
  if (tokens < limits.minPartTokens) return null;
  return {
    first: head,
    last: tailEnd,
    tokens,
    what: "rest of comment",
    inline: false,
    from: head,
    to: tailEnd,
    lead: leadOf(view.code(head), view.code(first)),
    placeholder: "…",
    alsoFrom: -1,
    alsoTo: -1,
  };
}

/**
 * First line after the comment's summary: the line after its first
 * sentence, the first empty comment line after some text, or the line after
 * `cap` lines of text (a bare `/**` does not count), whichever comes first.
 */
function headEnd(view: SourceView, first: number, last: number, cap: number): number {
  let textLines = 0;
  for (let k = first; k <= last; k++) {
    if (textLines >= cap) return k;
    const line = view.code(k);
    if (!isEmptyComment(line)) {
      textLines++;
      if (endsSentence(line)) return k + 1;
    } else if (textLines > 0) return k;
  }
  return last + 1;
}

/** Whether a line of prose ends a sentence ("… the command. If …"), abbreviations like "e.g." aside. */
export function endsSentence(line: string): boolean {
  SENTENCE_END_RE.lastIndex = 0;
  for (let m = SENTENCE_END_RE.exec(line); m !== null; m = SENTENCE_END_RE.exec(line)) {
    const before = line.slice(Math.max(0, m.index - 4), m.index + 1).toLowerCase();
    if (!/(?:e\.g|i\.e|etc|vs)\.$/.test(before)) return true;
  }
  return false;
}

/** Whether a comment line holds no text: `//`, `///`, ` *`, `#`, `/**`. */
export function isEmptyComment(line: string): boolean {
  let s = line.trim();
  const open = COMMENT_OPEN_RE.exec(s);
  if (open !== null) s = s.slice(open[0].length);
  s = withoutClose(s);
  return s.trim() === "";
}

// `s` without the comment close (a star run, then a slash) at its end. A scan,
// not the pattern `\*+\/$`: that pattern retries its star run from every
// star, quadratic on a comment line of 100 KB of stars not closed.
function withoutClose(s: string): string {
  if (!s.endsWith("*/")) return s;
  let start = s.length - 2;
  while (start > 0 && s.charCodeAt(start - 1) === 42 /* * */) start--;
  return s.slice(0, start);
}

/** The marker line's lead: the removed line's indentation and comment syntax, then a space. */
function leadOf(line: string, runFirst: string): string {
  const m = COMMENT_LEAD_RE.exec(line.trim() === "" ? runFirst : line);
  const lead = m === null ? "" : m[0];
  return lead.trim() === "" ? lead : `${lead} `;
}
