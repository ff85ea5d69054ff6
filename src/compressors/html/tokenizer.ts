/**
 * A tolerant HTML tokenizer: one left-to-right pass that reports start tags
 * (with the few attributes the extractor reads), end tags and text ranges to
 * a sink. It follows the HTML standard where that changes what text a page
 * shows (comments, `<!DOCTYPE>`, bogus comments, raw-text elements such as
 * `<script>` whose content is not markup, a tag cut off by the end of input
 * being dropped) and is loose elsewhere. Every loop moves forward, so the
 * cost is linear in the input whatever it holds: unclosed comments, quotes
 * or `<script>` simply run to the end.
 */

import { OTHER, TAG_FLAGS, TAG_NAMES, TagFlag, spells, tagNumberAt } from "./tags.js";

/** Names of the attributes kept in {@link Attrs}. */
export type AttrName =
  | "id"
  | "class"
  | "role"
  | "hidden"
  | "aria-hidden"
  | "style"
  | "href"
  | "name"
  | "alt"
  | "start"
  | "type";

/** Every {@link AttrName}, in one order: the tree stores an attribute's name as its index here. */
export const ATTR_NAMES: readonly AttrName[] = [
  "id",
  "class",
  "role",
  "hidden",
  "aria-hidden",
  "style",
  "href",
  "name",
  "alt",
  "start",
  "type",
];

/**
 * The attributes the extractor reads of one start tag, as ranges of the
 * input (`text.slice(start[i], end[i])` is the value of the attribute named
 * `ATTR_NAMES[name[i]]`); every other attribute is skipped while scanning.
 * Ranges, not strings: the tree keeps them for every element of the page,
 * and a string per value cost 40 bytes where two offsets cost 8. One object
 * per scan, refilled for each tag, so a sink reads it during `openTag` only.
 */
export class Attrs {
  /** How many attributes were read (each name at most once: the first of duplicates wins, as in browsers). */
  count = 0;
  readonly name = new Uint8Array(ATTR_NAMES.length);
  readonly start = new Int32Array(ATTR_NAMES.length);
  readonly end = new Int32Array(ATTR_NAMES.length);

  /** Adds attribute number `name` (an index into ATTR_NAMES) unless the tag already has it. */
  add(name: number, start: number, end: number): void {
    for (let i = 0; i < this.count; i++) if (this.name[i] === name) return;
    this.name[this.count] = name;
    this.start[this.count] = start;
    this.end[this.count] = end;
    this.count++;
  }
}

/**
 * What the tokenizer reports, in document order. Tag names come lowercased
 * with their number from tags.ts ({@link OTHER} for names it does not list).
 */
export interface HtmlSink {
  /** A start tag; `selfClosing` when written `<x/>`. */
  openTag(name: string, kind: number, attrs: Attrs | null, selfClosing: boolean): void;
  /** An end tag (also sent after a raw-text element's content, even one cut off by the end of input). */
  closeTag(name: string, kind: number): void;
  /** Text between tags: `text.slice(start, end)`, references not yet decoded. */
  text(start: number, end: number): void;
}

const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQUALS = 61;
const DQUOTE = 34;
const SQUOTE = 39;

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/** Index in ATTR_NAMES of each name. */
const ATTR_NUMBER: ReadonlyMap<AttrName, number> = new Map(ATTR_NAMES.map((name, i) => [name, i]));

/**
 * The kept attribute whose name is `text[start, end)` in any ASCII case, or
 * null. Compares in place rather than slicing and lowercasing every name.
 */
function keptAttr(text: string, start: number, end: number): AttrName | null {
  switch (end - start) {
    case 2:
      return spells(text, start, "id") ? "id" : null;
    case 3:
      return spells(text, start, "alt") ? "alt" : null;
    case 4:
      if (spells(text, start, "href")) return "href";
      if (spells(text, start, "role")) return "role";
      if (spells(text, start, "name")) return "name";
      return spells(text, start, "type") ? "type" : null;
    case 5:
      if (spells(text, start, "class")) return "class";
      if (spells(text, start, "style")) return "style";
      return spells(text, start, "start") ? "start" : null;
    case 6:
      return spells(text, start, "hidden") ? "hidden" : null;
    case 11:
      return spells(text, start, "aria-hidden") ? "aria-hidden" : null;
    default:
      return null;
  }
}

/** Reports every tag and text range of `text` to `sink`. */
export function scanHtml(text: string, sink: HtmlSink): void {
  const n = text.length;
  let pos = 0;
  let textStart = 0;
  const tag: StartTag = { name: "", kind: 0, attrs: null, selfClosing: false, end: 0, read: new Attrs() };
  while (pos < n) {
    const lt = text.indexOf("<", pos);
    if (lt < 0 || lt + 1 >= n) break;
    const c = text.charCodeAt(lt + 1);
    if (isAsciiLetter(c)) {
      if (lt > textStart) sink.text(textStart, lt);
      if (!readStartTag(text, lt + 1, tag)) return; // cut off by the end of input: the standard drops it
      sink.openTag(tag.name, tag.kind, tag.attrs, tag.selfClosing);
      pos = tag.end;
      // Raw-text elements' content is text up to their own end tag, never markup.
      if ((TAG_FLAGS[tag.kind] & TagFlag.RawText) !== 0 && !tag.selfClosing)
        pos = skipRawText(text, pos, tag.name, tag.kind, sink);
      textStart = pos;
    } else if (c === SLASH) {
      if (lt > textStart) sink.text(textStart, lt);
      const gt = text.indexOf(">", lt + 2);
      if (gt < 0) return;
      if (isAsciiLetter(text.charCodeAt(lt + 2))) {
        let e = lt + 2;
        while (e < gt && !isSpace(text.charCodeAt(e)) && text.charCodeAt(e) !== SLASH) e++;
        const kind = tagNumberAt(text, lt + 2, e);
        sink.closeTag(kind === OTHER ? text.slice(lt + 2, e).toLowerCase() : TAG_NAMES[kind], kind);
      }
      pos = textStart = gt + 1;
    } else if (c === BANG) {
      if (lt > textStart) sink.text(textStart, lt);
      pos = textStart = skipDeclaration(text, lt);
    } else if (c === QUESTION) {
      if (lt > textStart) sink.text(textStart, lt);
      const gt = text.indexOf(">", lt + 2);
      pos = textStart = gt < 0 ? n : gt + 1;
    } else {
      pos = lt + 1; // a lone "<" is text
    }
  }
  if (textStart < n) sink.text(textStart, n);
}

/** End of a comment, doctype or CDATA section starting at `lt` ("<!"). */
function skipDeclaration(text: string, lt: number): number {
  const n = text.length;
  if (text.startsWith("<!--", lt)) {
    const body = lt + 4;
    // "<!-->" and "<!--->" are complete (empty) comments.
    if (text.charCodeAt(body) === GT) return body + 1;
    if (text.charCodeAt(body) === 45 && text.charCodeAt(body + 1) === GT) return body + 2;
    const close = text.indexOf("-->", body);
    return close < 0 ? n : close + 3;
  }
  const gt = text.indexOf(">", lt + 2);
  return gt < 0 ? n : gt + 1;
}

/** A start tag read by {@link readStartTag}; one object per scan, refilled for each tag. */
interface StartTag {
  name: string;
  kind: number;
  attrs: Attrs | null;
  selfClosing: boolean;
  /** Offset just past the tag's ">". */
  end: number;
  /** The attributes being read; {@link attrs} is this object when the tag has any, else null. */
  read: Attrs;
}

/** Reads the start tag whose name begins at `at` into `tag`; false when the input ends inside it. */
function readStartTag(text: string, at: number, tag: StartTag): boolean {
  const n = text.length;
  let i = at;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === SLASH || c === GT) break;
    i++;
  }
  const kind = tagNumberAt(text, at, i);
  const name = kind === OTHER ? text.slice(at, i).toLowerCase() : TAG_NAMES[kind];
  const attrs = tag.read;
  attrs.count = 0;
  let selfClosing = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === GT) {
      tag.name = name;
      tag.kind = kind;
      tag.attrs = attrs.count > 0 ? attrs : null;
      tag.selfClosing = selfClosing;
      tag.end = i + 1;
      return true;
    }
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === SLASH) {
      selfClosing = text.charCodeAt(i + 1) === GT;
      i++;
      continue;
    }
    selfClosing = false;
    const nameStart = i;
    // An attribute name may start with "=" (the standard says so); it ends at space, "/", ">" or a later "=".
    i++;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (isSpace(d) || d === SLASH || d === GT || d === EQUALS) break;
      i++;
    }
    const attrName = keptAttr(text, nameStart, i);
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    let valueStart = i;
    let valueEnd = i;
    if (i < n && text.charCodeAt(i) === EQUALS) {
      i++;
      while (i < n && isSpace(text.charCodeAt(i))) i++;
      const q = text.charCodeAt(i);
      if (q === DQUOTE || q === SQUOTE) {
        const close = text.indexOf(q === DQUOTE ? '"' : "'", i + 1);
        if (close < 0) return false;
        valueStart = i + 1;
        valueEnd = close;
        i = close + 1;
      } else {
        valueStart = i;
        while (i < n && !isSpace(text.charCodeAt(i)) && text.charCodeAt(i) !== GT) i++;
        valueEnd = i;
      }
    }
    if (attrName !== null) attrs.add(ATTR_NUMBER.get(attrName)!, valueStart, valueEnd);
  }
  return false;
}

/**
 * Skips a raw-text element's content up to its end tag (matched without
 * regard to case), reports it as text and the end tag as closed; returns
 * the offset after the end tag, or the input's end when there is none.
 */
function skipRawText(text: string, from: number, name: string, kind: number, sink: HtmlSink): number {
  const n = text.length;
  let at = text.indexOf("</", from);
  while (at >= 0) {
    const after = at + 2 + name.length;
    if (after <= n && spells(text, at + 2, name)) {
      const c = after < n ? text.charCodeAt(after) : GT;
      if (isSpace(c) || c === GT || c === SLASH) {
        if (at > from) sink.text(from, at);
        sink.closeTag(name, kind);
        const gt = text.indexOf(">", after);
        return gt < 0 ? n : gt + 1;
      }
    }
    at = text.indexOf("</", at + 2);
  }
  if (from < n) sink.text(from, n);
  sink.closeTag(name, kind);
  return n;
}
