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

/** The attributes the extractor reads; every other attribute is skipped while scanning. */
export type Attrs = Partial<Record<AttrName, string>>;

/** Names of the attributes kept in {@link Attrs}. */
export type AttrName = "id" | "class" | "role" | "hidden" | "aria-hidden" | "style" | "href" | "name" | "alt" | "start" | "type";

const KEPT_ATTRS: ReadonlySet<string> = new Set<AttrName>([
  "id", "class", "role", "hidden", "aria-hidden", "style", "href", "name", "alt", "start", "type",
]);

/**
 * Elements whose content is text up to their own end tag, never markup.
 * `title` and `textarea` decode references in it (RCDATA); the rest do not.
 */
const RAW_TEXT: ReadonlySet<string> = new Set([
  "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title",
]);

/** What the tokenizer reports, in document order. */
export interface HtmlSink {
  /** A start tag; `selfClosing` when written `<x/>`. */
  openTag(name: string, attrs: Attrs | null, selfClosing: boolean): void;
  /** An end tag (also sent after a raw-text element's content, even one cut off by the end of input). */
  closeTag(name: string): void;
  /** Text between tags: `text.slice(start, end)`, references not yet decoded. */
  text(start: number, end: number): void;
}

const LT = 60;
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

/** Reports every tag and text range of `text` to `sink`. */
export function scanHtml(text: string, sink: HtmlSink): void {
  const n = text.length;
  let pos = 0;
  let textStart = 0;
  while (pos < n) {
    const lt = text.indexOf("<", pos);
    if (lt < 0 || lt + 1 >= n) break;
    const c = text.charCodeAt(lt + 1);
    if (isAsciiLetter(c)) {
      if (lt > textStart) sink.text(textStart, lt);
      const tag = readStartTag(text, lt + 1);
      if (tag === null) return; // cut off by the end of input: the standard drops it
      sink.openTag(tag.name, tag.attrs, tag.selfClosing);
      pos = tag.end;
      if (RAW_TEXT.has(tag.name) && !tag.selfClosing) pos = skipRawText(text, pos, tag.name, sink);
      textStart = pos;
    } else if (c === SLASH) {
      if (lt > textStart) sink.text(textStart, lt);
      const gt = text.indexOf(">", lt + 2);
      if (gt < 0) return;
      if (isAsciiLetter(text.charCodeAt(lt + 2))) {
        let e = lt + 2;
        while (e < gt && !isSpace(text.charCodeAt(e)) && text.charCodeAt(e) !== SLASH) e++;
        sink.closeTag(text.slice(lt + 2, e).toLowerCase());
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

interface StartTag {
  name: string;
  attrs: Attrs | null;
  selfClosing: boolean;
  /** Offset just past the tag's ">". */
  end: number;
}

/** Reads the start tag whose name begins at `at`; null when the input ends inside it. */
function readStartTag(text: string, at: number): StartTag | null {
  const n = text.length;
  let i = at;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === SLASH || c === GT) break;
    i++;
  }
  const name = text.slice(at, i).toLowerCase();
  let attrs: Attrs | null = null;
  let selfClosing = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === GT) return { name, attrs, selfClosing, end: i + 1 };
    if (isSpace(c)) { i++; continue; }
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
    const attrName = text.slice(nameStart, i).toLowerCase();
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    let value = "";
    if (i < n && text.charCodeAt(i) === EQUALS) {
      i++;
      while (i < n && isSpace(text.charCodeAt(i))) i++;
      const q = text.charCodeAt(i);
      if (q === DQUOTE || q === SQUOTE) {
        const close = text.indexOf(q === DQUOTE ? "\"" : "'", i + 1);
        if (close < 0) return null;
        value = text.slice(i + 1, close);
        i = close + 1;
      } else {
        const start = i;
        while (i < n && !isSpace(text.charCodeAt(i)) && text.charCodeAt(i) !== GT) i++;
        value = text.slice(start, i);
      }
    }
    if (KEPT_ATTRS.has(attrName)) {
      attrs ??= {};
      // The first of duplicate attributes wins, as in browsers.
      const key = attrName as AttrName;
      if (attrs[key] === undefined) attrs[key] = value;
    }
  }
  return null;
}

/**
 * Skips a raw-text element's content up to its end tag (matched without
 * regard to case), reports it as text and the end tag as closed; returns
 * the offset after the end tag, or the input's end when there is none.
 */
function skipRawText(text: string, from: number, name: string, sink: HtmlSink): number {
  const n = text.length;
  let at = text.indexOf("</", from);
  while (at >= 0) {
    const after = at + 2 + name.length;
    if (after <= n && text.slice(at + 2, after).toLowerCase() === name) {
      const c = after < n ? text.charCodeAt(after) : GT;
      if (isSpace(c) || c === GT || c === SLASH) {
        if (at > from) sink.text(from, at);
        sink.closeTag(name);
        const gt = text.indexOf(">", after);
        return gt < 0 ? n : gt + 1;
      }
    }
    at = text.indexOf("</", at + 2);
  }
  if (from < n) sink.text(from, n);
  sink.closeTag(name);
  return n;
}
