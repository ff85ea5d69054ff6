/**
 * Which elements a reader of the page never sees or never needs: scripts and
 * styles, hidden elements, form controls, and the navigation, menus,
 * sidebars, footers, banners and cookie notices around the content. The
 * last group is recognised by tag, ARIA role, or a class or id word
 * (`topNav`, `site-footer`, `breadcrumb`), with two guards against
 * over-eager class names: an element holding most of the page's text or
 * its main content is never dropped for its class, nor is a heading (rustdoc's
 * `code-header`), and a header-like one that holds the page's `<h1>`/`<h2>`
 * stays (its title is content).
 */
import { TAG_FLAGS, Tag, TagFlag } from "./tags.js";
import { Has, type HtmlTree } from "./tree.js";

/** Why an element is left out; {@link Drop.Kept} when it is not. */
export const Drop = {
  Kept: 0,
  /** Scripts, styles, templates, embedded objects, form controls, `<head>`. */
  Code: 1,
  /** `hidden`, `aria-hidden="true"`, `display:none`. */
  Hidden: 2,
  /** Navigation, menus, sidebars, header and footer boilerplate. */
  Boilerplate: 3,
} as const;

/** A {@link Drop} value. */
export type DropReason = (typeof Drop)[keyof typeof Drop];

const BOILERPLATE_ROLES: ReadonlySet<string> = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "search",
  "menu",
  "menubar",
  "toolbar",
]);

/** Class and id words (after splitting on punctuation and camelCase) that mark page furniture. */
const BOILERPLATE_WORDS: ReadonlySet<string> = new Set([
  "nav",
  "navbar",
  "navigation",
  "navlist",
  "sidenav",
  "topnav",
  "subnav",
  "menu",
  "menubar",
  "sidebar",
  "footer",
  "header",
  "masthead",
  "breadcrumb",
  "breadcrumbs",
  "cookie",
  "cookies",
  "consent",
  "gdpr",
  "banner",
  "skip",
  "skiplink",
  "toc",
  "ads",
  "advert",
  "advertisement",
  "sponsored",
  "share",
  "social",
]);

/** Words of a header or banner: those keep an element that holds the page's `<h1>`/`<h2>`. */
const TITLE_HOLDERS: ReadonlySet<string> = new Set(["header", "masthead", "banner"]);

/** Whole class names that mean "not displayed" in the common CSS frameworks (one test, no split per element). */
const HIDDEN_CLASS = /(?:^|\s)(?:hidden|d-none|sr-only|visually-hidden|screen-reader-text)(?:\s|$)/i;

/**
 * Why element `node` is left out of the text, or {@link Drop.Kept}.
 * `pageText` is the readable text length of the whole page.
 */
export function dropReason(tree: HtmlTree, node: number, pageText: number): DropReason {
  const kind = tree.kind[node];
  const flags = TAG_FLAGS[kind];
  if ((flags & TagFlag.Code) !== 0) return Drop.Code;
  if (!tree.hasAttrs(node)) return (flags & TagFlag.Furniture) !== 0 ? tagVerdict(tree, node, kind) : Drop.Kept;
  if (isHidden(tree, node)) return Drop.Hidden;
  if ((flags & TagFlag.Furniture) !== 0) return tagVerdict(tree, node, kind);
  const role = tree.attr(node, "role");
  if (role !== undefined && BOILERPLATE_ROLES.has(role.trim().toLowerCase())) {
    const holdsTitle = role.trim().toLowerCase() === "banner" && (tree.has[node] & Has.TopHeading) !== 0;
    return holdsTitle ? Drop.Kept : Drop.Boilerplate;
  }
  if ((flags & TagFlag.NeverFurniture) !== 0 || (tree.has[node] & Has.Main) !== 0) return Drop.Kept;
  // A heading is the page's outline whatever its class: rustdoc heads each method with
  // `<h4 class="code-header">pub fn len(&self) -> usize</h4>`. Furniture around one goes with its container.
  if ((flags & TagFlag.Heading) !== 0) return Drop.Kept;
  // A wrapper named "has-sidebar" around the whole page is not a sidebar.
  if (tree.textLength[node] * 2 > pageText) return Drop.Kept;
  const word = boilerplateWord(tree.attr(node, "class")) ?? boilerplateWord(tree.attr(node, "id"));
  if (word === null) return Drop.Kept;
  if (TITLE_HOLDERS.has(word) && (tree.has[node] & Has.TopHeading) !== 0) return Drop.Kept;
  // mdBook's `<h1><a class="header">Error code E0382</a></h1>`: what a heading holds is its text.
  if (inHeading(tree, node)) return Drop.Kept;
  return Drop.Boilerplate;
}

/** Whether `node` sits inside a heading (a few levels up at most: headings hold inline markup). */
function inHeading(tree: HtmlTree, node: number): boolean {
  let p = tree.parent[node];
  for (let depth = 0; p > 0 && depth < 4; depth++, p = tree.parent[p]) {
    if ((TAG_FLAGS[tree.kind[p]] & TagFlag.Heading) !== 0) return true;
  }
  return false;
}

/** The verdict for a `<nav>`, `<menu>`, `<aside>`, `<header>` or `<footer>` element (tag number `kind`). */
function tagVerdict(tree: HtmlTree, node: number, kind: number): DropReason {
  if ((kind === Tag.header || kind === Tag.footer) && (tree.has[node] & Has.TopHeading) !== 0) return Drop.Kept;
  return Drop.Boilerplate;
}

/** Whether element `node` says by its attributes that it is not displayed. */
function isHidden(tree: HtmlTree, node: number): boolean {
  if (tree.attr(node, "hidden") !== undefined) return true;
  const aria = tree.attr(node, "aria-hidden");
  if (aria !== undefined && aria.trim().toLowerCase() === "true") return true;
  const style = tree.attr(node, "style");
  if (style !== undefined && hidesByStyle(style)) return true;
  const cls = tree.attr(node, "class");
  return cls !== undefined && HIDDEN_CLASS.test(cls);
}

/** `display: none` or `visibility: hidden` in an inline style, spacing and case aside. */
function hidesByStyle(style: string): boolean {
  if (!style.includes(":")) return false;
  const compact = style.replace(/\s+/g, "").toLowerCase();
  return compact.includes("display:none") || compact.includes("visibility:hidden");
}

/**
 * The first furniture word among the words of a class or id value, or null.
 * Words split at anything not a letter or digit and at camelCase humps
 * (`topNav` → top, nav), so `canvas` or `unavailable` never match `nav`.
 */
export function boilerplateWord(value: string | undefined): string | null {
  if (value === undefined) return null;
  const n = Math.min(value.length, 512);
  let start = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? value.charCodeAt(i) : 32;
    const upper = c >= 65 && c <= 90;
    const alnum = upper || (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    const hump = upper && i > start && isLower(value.charCodeAt(i - 1));
    if (!alnum || hump) {
      if (i > start) {
        const word = value.slice(start, i).toLowerCase();
        if (BOILERPLATE_WORDS.has(word)) return word;
      }
      start = alnum ? i : i + 1;
    }
  }
  return null;
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}
