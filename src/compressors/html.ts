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
 * recalls the page byte for byte. A JUnit XML report routes here too and
 * is outlined by its lines instead (html/junit.ts).
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
import { compressJunit, isJunitHead } from "./html/junit.js";
import { markdownCompressor } from "./markdown.js";
import { LineIndex } from "../kernels/lines.js";
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
  // A JUnit report is read by its lines (html/junit.ts): extracting text from it keeps nothing.
  if (isJunitHead(input.text.slice(0, 512))) return compressJunit(input);
  const page = readPage(input);
  if (page === null) return null;
  const pieces = page.head;
  const body = fitText(page, input);
  pieces.push(body.text);
  const marker = input.marker(summary(page.omitted));
  pieces.push(pieces.length > 0 ? "\n\n" : "", marker);
  // Measured before joining: a page that would not shrink costs no copy.
  let length = 0;
  for (const piece of pieces) length += piece.length;
  if (length >= input.text.length) return null;
  const output = pieces.join("");
  return { output, lossy: true, detail: page.detail };
}

/** A page read into text blocks, with what goes before them and what the result reports. */
interface ReadPage {
  /** What precedes the blocks: the HTTP head, the title, the page's top heading, with their line breaks. */
  head: string[];
  /** The rendered blocks; emptied once joined (see {@link fitText}). */
  blocks: string[];
  omitted: Omitted;
  detail: Record<string, number | string>;
}

/**
 * Parses and renders the page; null when it has no elements. Everything
 * the rest of the call needs from the tree is taken here, so that the
 * tree (1.3 bytes per input character of a 100 MB page) is garbage before
 * the text is joined and fitted, rather than held through the planner.
 */
function readPage(input: CompressorInput): ReadPage | null {
  const tree = HtmlTree.parse(input.text);
  const elements = countElements(tree);
  if (elements === 0) return null;
  const ctx = new RenderContext(tree, scaled(LINK_URLS, input.scale, 0));
  const roots = contentRoots(tree);
  const blocks = renderBlocks(ctx, roots);
  const title = pageTitle(tree);
  const head: string[] = [];
  // `curl -i`: the response's status line and headers are what the call answered.
  const http = httpHead(input.text);
  if (http !== "") head.push(http, "\n\n");
  if (title !== "" && !(blocks.length > 0 && startsWithHeading(blocks[0], title)))
    head.push(`# ${title}`, blocks.length > 0 ? "\n\n" : "");
  // The page's own top heading, when the main content leaves it out (a site header's `<h1>`).
  const top = outsideTopHeading(tree, roots);
  if (top !== "" && top !== title && !(blocks.length > 0 && startsWithHeading(blocks[0], top)))
    head.push(`# ${top}`, blocks.length > 0 ? "\n\n" : "");
  const { omitted } = ctx;
  const detail = {
    htmlElements: elements,
    htmlRoot: roots[0] === ROOT ? "page" : tree.tagName(roots[0]),
    scriptsDropped: omitted.code,
    hiddenDropped: omitted.hidden,
    boilerplateDropped: omitted.boilerplate,
    linkUrlsDropped: omitted.urls,
  };
  return { head, blocks, omitted, detail };
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
    for (let c = tree.firstChild(i); c >= 0; c = tree.nextSibling(c)) if (tree.isText(c)) text += tree.rawText(c);
    return collapseSpace(decodeEntities(text)).trim();
  }
  return "";
}

/** Extracted text longer than this (at the default profile) is fitted to a budget as Markdown. */
const FIT_CHARS = 12_000;

/**
 * The page's text, fitted to a budget when it is long: a manual of 90 000
 * characters of text is a long Markdown document, and the Markdown planner
 * keeps its outline (every heading, tables, code heads) and a fair piece of
 * every section. Its markers name the same stored page (no line places:
 * they would count the text's lines, not the page's).
 */
function fitText(page: ReadPage, input: CompressorInput): { text: string; fitted: boolean } {
  const text = page.blocks.join("");
  // The pieces are garbage from here: the planner below needs their room (0.8 B/char of a large page).
  page.blocks = [];
  if (text.length <= scaled(FIT_CHARS, input.scale)) return { text, fitted: false };
  const fitted = markdownCompressor.compress({
    ...input,
    text,
    lines: LineIndex.of(text),
    type: "markdown",
    marker: (summary) => input.marker(summary),
  });
  if (fitted === null || !fitted.lossy || fitted.output.length >= text.length) return { text, fitted: false };
  return { text: fitted.output.trimEnd(), fitted: true };
}

/** Longest HTTP response head kept, in characters (a status line and a few dozen headers). */
const MAX_HTTP_HEAD = 4096;

/**
 * The HTTP response head that `curl -i` writes before a page (status line,
 * then header lines up to the blank line), line ends as "\n", or "".
 */
export function httpHead(text: string): string {
  if (!text.startsWith("HTTP/")) return "";
  const lines: string[] = [];
  let from = 0;
  while (from < text.length && from < MAX_HTTP_HEAD) {
    let nl = text.indexOf("\n", from);
    if (nl === -1) nl = text.length;
    const line = text.slice(from, nl).replace(/\r$/, "");
    if (line === "") return lines.join("\n");
    // Past the status line, every line is `Name: value` (or a folded continuation).
    if (lines.length > 0 && !isHeaderLine(line)) return "";
    lines.push(line);
    from = nl + 1;
  }
  return "";
}

function isHeaderLine(line: string): boolean {
  const colon = line.indexOf(":");
  if (colon <= 0) return line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9;
  for (let i = 0; i < colon; i++) {
    const c = line.charCodeAt(i);
    if (c <= 32 || c >= 127) return false;
  }
  return true;
}

/** The text of the page's first `<h1>` when it lies outside every content root, else "". */
function outsideTopHeading(tree: HtmlTree, roots: readonly number[]): string {
  if (roots.length === 1 && roots[0] === ROOT) return "";
  for (let i = ROOT + 1; i < tree.size; i++) {
    if (tree.kind[i] !== Tag.h1) continue;
    if (roots.some((r) => i >= r && i < tree.subtreeEnd[r])) return "";
    let text = "";
    for (let c = i + 1; c < tree.subtreeEnd[i]; c++) if (tree.isText(c)) text += tree.rawText(c);
    return collapseSpace(decodeEntities(text)).trim().slice(0, 200);
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
