/**
 * Inline text of a subtree, Markdown-like: references decoded, whitespace
 * collapsed as a browser would, `<code>` as a code span, images as their alt
 * text, links as their text (with the URL when the context allows one) and
 * emphasis dropped, since it costs tokens and rarely changes what a sentence
 * says. Also the verbatim text of `<pre>` blocks. Every walk is iterative.
 */
import type { RenderContext } from "./context.js";
import { decodeEntities } from "./entities.js";
import { BLOCKS } from "./tree.js";

/** Where inline text goes: flowing text keeps line breaks and link URLs; a cell or heading is one line. */
export const InlineMode = { Flow: 0, Line: 1 } as const;

/** An {@link InlineMode} value. */
export type InlineModeValue = (typeof InlineMode)[keyof typeof InlineMode];

/** Elements rendered as code spans outside `<pre>`. */
export const CODE_SPANS: ReadonlySet<string> = new Set(["code", "kbd", "samp", "tt"]);

const WHITESPACE_RUN = /[ \t\n\r\f\u00a0]+/g;

/** Runs of HTML whitespace (and no-break spaces) become one space. */
export function collapseSpace(text: string): string {
  // Most text nodes have nothing to collapse; one scan spares them the regex and a copy.
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 ? i + 1 < n && isSpaceLike(text.charCodeAt(i + 1)) : c !== 32 && isSpaceLike(c)) {
      return text.replace(WHITESPACE_RUN, " ");
    }
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
      if (tree.tag[el] === "a") closeLink(ctx, el, parts, linkStarts.pop() as number, mode);
      else parts.push(" ");
      continue;
    }
    const tag = tree.tag[entry];
    if (tag === "") {
      parts.push(collapseSpace(decodeEntities(tree.rawText(entry))));
      continue;
    }
    if (ctx.isDropped(entry)) continue;
    if (tag === "br") parts.push(mode === InlineMode.Flow ? "\n" : " ");
    else if (tag === "img") parts.push(collapseSpace(decodeEntities(tree.attr(entry, "alt") ?? "")));
    else if (CODE_SPANS.has(tag)) parts.push(codeSpan(plainText(ctx, entry)));
    else if (tag === "a") {
      linkStarts.push(parts.length);
      stack.push(~entry);
      tree.pushChildren(entry, stack);
    } else if (BLOCKS.has(tag)) {
      parts.push(" ");
      stack.push(~entry);
      tree.pushChildren(entry, stack);
    } else tree.pushChildren(entry, stack);
  }
  const text = parts.join("");
  return mode === InlineMode.Line ? collapseSpace(text).trim() : text;
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
    const tag = tree.tag[n];
    if (tag === "") parts.push(decodeEntities(tree.rawText(n)).replace(/\u00a0/g, " "));
    else if (tag === "br") parts.push("\n");
    else if (!ctx.isDropped(n)) tree.pushChildren(n, stack);
  }
  return parts.join("");
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
