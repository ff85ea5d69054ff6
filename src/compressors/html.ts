/**
 * The HTML compressor: a page becomes the Markdown-like text a reader
 * would take from it.
 *
 * Markup, scripts, styles, hidden elements and the page's furniture
 * (navigation, menus, sidebars, header and footer boilerplate, cookie
 * banners) go; the main content stays, from `<main>`, `<article>` or a
 * `#content`-like container when the page has one (html/main-content.ts),
 * else from the whole page minus its furniture (html/boilerplate.ts).
 * What stays keeps its shape (html/render.ts): headings as `#` levels,
 * lists, tables as Markdown tables, `<pre>` verbatim in fences, link text
 * with a few absolute URLs, character references decoded. The page's
 * `<title>` heads the text. One marker at the end says what went and
 * recalls the page byte for byte.
 *
 * Parsing is a small tolerant tokenizer and tree builder (html/tokenizer.ts,
 * html/tree.ts) rather than a dependency: the extractor reads a dozen
 * attributes and needs the tree only for layout decisions, and a
 * spec-complete parser would add 50–170 KB to a bundle that runs in
 * browsers. Every walk is iterative, every scan linear.
 */
import { hasMarker } from "../ccr/marker.js";
import { RenderContext, type Omitted } from "./html/context.js";
import { decodeEntities } from "./html/entities.js";
import { collapseSpace } from "./html/inline.js";
import { contentRoots } from "./html/main-content.js";
import { renderBlocks } from "./html/render.js";
import { TEXT, Tag } from "./html/tags.js";
import { HtmlTree, ROOT } from "./html/tree.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";

/** Link URLs shown next to their text at the default profile (links that are only a URL always show it). */
const LINK_URLS = 8;

/** Extracts a page's main content as Markdown-like text. */
export const htmlCompressor: Compressor = {
  name: "html",
  // Errors propagate: the pipeline fails open and counts them per strategy.
  compress: compressHtml,
};

/**
 * The HTML compressor's work without the fail-open guard of
 * {@link htmlCompressor}: tests call it so that an exception shows.
 */
export function compressHtml(input: CompressorInput): CompressorOutput | null {
  // Text from markup is lossy by nature; an output of ours carries a marker and is left alone.
  if (!input.canDrop || hasMarker(input.text)) return null;
  const tree = HtmlTree.parse(input.text);
  const elements = countElements(tree);
  if (elements === 0) return null;
  const ctx = new RenderContext(tree, scaled(LINK_URLS, input.scale, 0));
  const roots = contentRoots(tree);
  const blocks = renderBlocks(ctx, roots);
  const title = pageTitle(tree);
  const pieces: string[] = [];
  if (title !== "" && !(blocks.length > 0 && startsWithHeading(blocks[0], title)))
    pieces.push(`# ${title}`, blocks.length > 0 ? "\n\n" : "");
  for (const block of blocks) pieces.push(block);
  const marker = input.marker(summary(ctx.omitted));
  pieces.push(pieces.length > 0 ? "\n\n" : "", marker);
  // Measured before joining: a page that would not shrink costs no copy.
  let length = 0;
  for (const piece of pieces) length += piece.length;
  if (length >= input.text.length) return null;
  const output = pieces.join("");
  return {
    output,
    lossy: true,
    detail: {
      htmlElements: elements,
      htmlRoot: roots[0] === ROOT ? "page" : tree.tag[roots[0]],
      scriptsDropped: ctx.omitted.code,
      hiddenDropped: ctx.omitted.hidden,
      boilerplateDropped: ctx.omitted.boilerplate,
      linkUrlsDropped: ctx.omitted.urls,
    },
  };
}

function countElements(tree: HtmlTree): number {
  let count = 0;
  for (let i = ROOT + 1; i < tree.size; i++) if (tree.kind[i] !== TEXT) count++;
  return count;
}

/** The text of the page's first `<title>`, or "". */
function pageTitle(tree: HtmlTree): string {
  for (let i = ROOT + 1; i < tree.size; i++) {
    if (tree.kind[i] !== Tag.title) continue;
    let text = "";
    for (let c = tree.firstChild[i]; c >= 0; c = tree.nextSibling[c]) if (tree.isText(c)) text += tree.rawText(c);
    return collapseSpace(decodeEntities(text)).trim();
  }
  return "";
}

/** Whether the rendered text's first block opens with a heading that says `title` (then the title is not repeated). */
function startsWithHeading(firstBlock: string, title: string): boolean {
  const end = firstBlock.indexOf("\n");
  const first = end < 0 ? firstBlock : firstBlock.slice(0, end);
  let i = 0;
  while (i < first.length && first.charCodeAt(i) === 35 /* # */) i++;
  if (i === 0 || first.charCodeAt(i) !== 32) return false;
  const heading = first.slice(i + 1);
  return heading === title || heading.startsWith(title + " {#");
}

/** The marker's words: what extraction left out. */
function summary(omitted: Omitted): string {
  const parts = ["markup"];
  if (omitted.code > 0) parts.push(`${omitted.code} script/style/head elements`);
  if (omitted.boilerplate > 0) parts.push(`${omitted.boilerplate} nav/header/footer blocks`);
  if (omitted.hidden > 0) parts.push(`${omitted.hidden} hidden elements`);
  if (omitted.urls > 0) parts.push(`${omitted.urls} link URLs`);
  return `HTML as text: ${parts.join(", ")} omitted`;
}
