/**
 * Where a page's main content is. Authors say so with `<main>`,
 * `role="main"` or `<article>`; generators with an id or class such as
 * `#content` or `.markdown-body`. The first that holds a fair share of the
 * page's text wins; otherwise the whole page is read and only its
 * furniture is dropped (boilerplate.ts), which is what older hand-written
 * and generated pages (javadoc) need.
 */
import { TEXT, Tag } from "./tags.js";
import { Has, ROOT, type HtmlTree } from "./tree.js";

/** Ids that name the content container. */
const CONTENT_IDS: ReadonlySet<string> = new Set([
  "content",
  "main",
  "main-content",
  "maincontent",
  "page-content",
  "primary",
  "article",
  "post",
  "readme",
]);

/** Whole class names that name the content container (GitHub, WordPress, Read the Docs, MkDocs, Docusaurus…). */
const CONTENT_CLASS =
  /(?:^|\s)(?:markdown-body|entry-content|post-content|article-content|article-body|rst-content|md-content|theme-doc-markdown|main-content|page-content|content-body)(?:\s|$)/i;

/**
 * A candidate must hold at least this share of the page's readable text: a
 * `<main>` around a cookie widget is not the page.
 */
const MIN_SHARE = 0.2;

/**
 * The subtrees to read, in document order: the main element, else every
 * outermost article, else a content container, else the whole document.
 */
export function contentRoots(tree: HtmlTree): number[] {
  const pageText = tree.textLength[ROOT];
  if ((tree.has[ROOT] & Has.Main) !== 0) {
    const main = firstMatch(tree, (i) => tree.kind[i] === Tag.main || tree.attr(i, "role") === "main");
    if (main >= 0 && holdsShare(tree, [main], pageText)) return [main];
    const articles = outermost(tree, (i) => tree.kind[i] === Tag.article);
    if (articles.length > 0 && holdsShare(tree, articles, pageText)) return articles;
  }
  const container = firstMatch(tree, (i) => isContentContainer(tree, i));
  if (container >= 0 && holdsShare(tree, [container], pageText)) return [container];
  return [ROOT];
}

function holdsShare(tree: HtmlTree, roots: readonly number[], pageText: number): boolean {
  let text = 0;
  for (const r of roots) text += tree.textLength[r];
  return text > 0 && text >= pageText * MIN_SHARE;
}

function isContentContainer(tree: HtmlTree, node: number): boolean {
  if (!tree.hasAttrs(node)) return false;
  const id = tree.attr(node, "id");
  if (id !== undefined && CONTENT_IDS.has(id.trim().toLowerCase())) return true;
  const cls = tree.attr(node, "class");
  return cls !== undefined && CONTENT_CLASS.test(cls);
}

/** The first element in document order that satisfies `test`, or -1. */
function firstMatch(tree: HtmlTree, test: (node: number) => boolean): number {
  for (let i = ROOT + 1; i < tree.size; i++) if (tree.kind[i] !== TEXT && test(i)) return i;
  return -1;
}

/** Elements that satisfy `test` and have no ancestor that does, in document order. */
function outermost(tree: HtmlTree, test: (node: number) => boolean): number[] {
  const found: number[] = [];
  for (let i = ROOT + 1; i < tree.size; i++) {
    if (tree.kind[i] !== TEXT && test(i)) {
      found.push(i);
      i = tree.subtreeEnd[i] - 1; // skip the subtree: nested matches are inside this one
    }
  }
  return found;
}
