/**
 * Inline text of a subtree, Markdown-like: references decoded, whitespace
 * collapsed as a browser would, `<code>` as a code span, images as their alt
 * text, links as their text (with the URL when the context allows one) and
 * emphasis dropped, since it costs tokens and rarely changes what a sentence
 * says. Also the verbatim text of `<pre>` blocks. Every walk is iterative.
 */
import type { RenderContext } from "./context.js";
import { decodeEntities } from "./entities.js";
import { TAG_FLAGS, TEXT, Tag, TagFlag } from "./tags.js";

/**
 * Where inline text goes: flowing text keeps line breaks and link URLs; a
 * cell is one line; a heading is one line whose code reads as on the page,
 * without backticks (`DEP0001: http.OutgoingMessage.prototype.flush`,
 * `The [package] section`): a heading names its section, and its name is
 * what an agent looks for.
 */
export const InlineMode = { Flow: 0, Line: 1, Heading: 2 } as const;

/** An {@link InlineMode} value. */
export type InlineModeValue = (typeof InlineMode)[keyof typeof InlineMode];

const WHITESPACE_RUN = /[ \t\n\r\f\u00a0]+/g;

/** Runs of HTML whitespace (and no-break spaces) become one space. */
export function collapseSpace(text: string): string {
  // Most text nodes have nothing to collapse; one scan spares them the regex and a copy.
  const n = text.length;
  let afterSpace = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    // One comparison rules out the common case: every space-like code is <= 32 or U+00A0.
    if (c > 32 && c !== 0xa0) afterSpace = false;
    else if (c === 32 && !afterSpace) afterSpace = true;
    else if (isSpaceLike(c)) return text.replace(WHITESPACE_RUN, " ");
    else afterSpace = false;
  }
  return text;
}

function isSpaceLike(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 0xa0;
}

/**
 * The inline Markdown of `node` (an element with its content, or a text
 * node). In {@link InlineMode.Flow} a `<br>` gives "\n" and whitespace is
 * collapsed but not trimmed (the caller joins pieces); in
 * {@link InlineMode.Line} the result is one trimmed line.
 */
export function inlineText(ctx: RenderContext, node: number, mode: InlineModeValue): string {
  const tree = ctx.tree;
  const only = tree.firstChild(node);
  if (only >= 0 && tree.nextSibling(only) < 0 && tree.kind[only] === TEXT) {
    const quick = singleTextInline(ctx, node, only, mode);
    if (quick !== null) return quick;
  }
  const parts: string[] = [];
  /** Where each open link's text starts in `parts`. */
  const linkStarts: number[] = [];
  // Entries >= 0 enter a node; ~node (< 0) leaves it.
  const stack: number[] = [];
  stack.push(node);
  while (stack.length > 0) {
    const entry = stack.pop() as number;
    if (entry < 0) {
      const el = ~entry;
      if (tree.kind[el] === Tag.a) closeLink(ctx, el, parts, linkStarts.pop() as number, mode);
      else parts.push(" ");
      continue;
    }
    const kind = tree.kind[entry];
    if (kind === TEXT) {
      parts.push(collapseSpace(decodeEntities(tree.rawText(entry))));
      continue;
    }
    if (ctx.isDropped(entry)) continue;
    const flags = TAG_FLAGS[kind];
    if (kind === Tag.br) parts.push(mode === InlineMode.Flow ? "\n" : " ");
    else if (kind === Tag.img) parts.push(collapseSpace(decodeEntities(tree.attr(entry, "alt") ?? "")));
    else if ((flags & TagFlag.CodeSpan) !== 0)
      parts.push(mode === InlineMode.Heading ? collapseSpace(plainText(ctx, entry)) : codeSpan(plainText(ctx, entry)));
    else if (kind === Tag.a) {
      linkStarts.push(parts.length);
      stack.push(~entry);
      tree.pushChildren(entry, stack);
    } else if ((flags & TagFlag.Block) !== 0) {
      parts.push(" ");
      stack.push(~entry);
      tree.pushChildren(entry, stack);
    } else tree.pushChildren(entry, stack);
  }
  const text = parts.join("");
  return mode !== InlineMode.Flow ? collapseSpace(text).trim() : text;
}

/**
 * {@link inlineText} of an element whose one child is text node `child`
 * (most links, spans, cells and headings), without the walk and its
 * arrays; null for the elements that need the walk.
 */
function singleTextInline(ctx: RenderContext, node: number, child: number, mode: InlineModeValue): string | null {
  const tree = ctx.tree;
  const kind = tree.kind[node];
  const flags = TAG_FLAGS[kind];
  // A code span renders differently; a block's padding spaces matter unless the line is trimmed.
  if ((flags & TagFlag.CodeSpan) !== 0 || ((flags & TagFlag.Block) !== 0 && mode === InlineMode.Flow)) return null;
  if (ctx.isDropped(node)) return "";
  const text = collapseSpace(decodeEntities(tree.rawText(child)));
  if (kind !== Tag.a) return mode !== InlineMode.Flow ? text.trim() : text;
  const parts = [text];
  closeLink(ctx, node, parts, 0, mode);
  const linked = parts.length === 1 ? parts[0] : parts.join("");
  return mode !== InlineMode.Flow ? collapseSpace(linked).trim() : linked;
}

/** Replaces a link's text in `parts` by its Markdown form once its children are done. */
function closeLink(ctx: RenderContext, link: number, parts: string[], start: number, mode: InlineModeValue): void {
  const tree = ctx.tree;
  const label = collapseSpace(parts.slice(start).join(""));
  const text = label.trim();
  const href = tree.attr(link, "href");
  if (text === "" && href === undefined) {
    // An empty <a name="x"> labels what follows: javadoc puts one before every member's heading.
    const anchor = tree.attr(link, "name") ?? tree.attr(link, "id");
    if (anchor !== undefined && mode === InlineMode.Flow) ctx.pendingAnchor = anchor.trim();
    return;
  }
  const url = ctx.linkUrl(href, text, mode === InlineMode.Flow);
  if (url === null) return;
  parts.length = start;
  if (text === "") parts.push(` ${url} `);
  else parts.push(`${label.startsWith(" ") ? " " : ""}[${text}](${url})${label.endsWith(" ") ? " " : ""}`);
}

/**
 * The text of `node`'s subtree as written: references decoded, `<br>` as
 * "\n", whitespace untouched, hidden parts left out. For `<pre>` and code.
 */
export function plainText(ctx: RenderContext, node: number): string {
  const tree = ctx.tree;
  const parts: string[] = [];
  const stack: number[] = [];
  tree.pushChildren(node, stack);
  while (stack.length > 0) {
    const n = stack.pop() as number;
    const kind = tree.kind[n];
    if (kind === TEXT) parts.push(noBreakToSpace(decodeEntities(tree.rawText(n))));
    else if (kind === Tag.br) parts.push("\n");
    else if (!ctx.isDropped(n)) tree.pushChildren(n, stack);
  }
  return parts.join("");
}

/** `text` with no-break spaces as plain spaces (most text has none: then no regex runs). */
function noBreakToSpace(text: string): string {
  return text.includes("\u00a0") ? text.replace(/\u00a0/g, " ") : text;
}

/** A Markdown code span for `text` (whitespace collapsed), fenced past any backticks inside. */
export function codeSpan(text: string): string {
  const body = collapseSpace(text).trim();
  if (body === "") return "";
  const run = longestRun(body, 96);
  if (run === 0) return "`" + body + "`";
  const fence = "`".repeat(run + 1);
  return `${fence} ${body} ${fence}`;
}

/** The longest run of character `code` in `text`. */
export function longestRun(text: string, code: number): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === code) {
      run++;
      if (run > best) best = run;
    } else run = 0;
  }
  return best;
}
