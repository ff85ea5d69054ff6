/**
 * State shared by the renderers of one page: the tree, the drop decisions
 * and their counts, the budget of link URLs still allowed into the text,
 * and a named anchor waiting for the heading it labels.
 */
import { decodeEntities } from "./entities.js";
import { Drop, dropReason } from "./boilerplate.js";
import { ROOT, type HtmlTree } from "./tree.js";

/** Longest URL worth showing; longer ones are tracking links and data, not addresses. */
const MAX_URL = 300;

const WEB_URL = /^https?:\/\/\S/i;
const SCRIPT_URL = /^javascript:/i;

/** Counts of what extraction left out, for the marker and the result's detail. */
export interface Omitted {
  /** Scripts, styles, embedded objects, form controls. */
  code: number;
  hidden: number;
  /** Navigation, menus, sidebars, header and footer blocks. */
  boilerplate: number;
  /** Link targets not shown next to their text. */
  urls: number;
}

/** Per-page rendering state. */
export class RenderContext {
  readonly tree: HtmlTree;
  readonly omitted: Omitted = { code: 0, hidden: 0, boilerplate: 0, urls: 0 };
  /** The `name`/`id` of an empty `<a name>` anchor, until a heading takes it or text passes it by. */
  pendingAnchor = "";
  private readonly pageText: number;
  private urlBudget: number;
  private readonly shownUrls = new Set<string>();
  /** Each node's {@link dropReason}, or -1 until asked: walks ask about a node more than once. */
  private readonly dropCache: Int8Array;

  /** `urlBudget`: how many link URLs (besides links that are nothing but a URL) may be shown. */
  constructor(tree: HtmlTree, urlBudget: number) {
    this.tree = tree;
    this.pageText = tree.textLength[ROOT];
    this.urlBudget = urlBudget;
    this.dropCache = new Int8Array(tree.size).fill(-1);
  }

  /** Whether element `node` is left out; counts it when it is. */
  isDropped(node: number): boolean {
    let reason = this.dropCache[node];
    if (reason < 0) reason = this.dropCache[node] = dropReason(this.tree, node, this.pageText);
    if (reason === Drop.Kept) return false;
    if (reason === Drop.Code) this.omitted.code++;
    else if (reason === Drop.Hidden) this.omitted.hidden++;
    else this.omitted.boilerplate++;
    return true;
  }

  /**
   * The URL to show with a link whose visible text is `text`, or null (the
   * text alone stands). Shown, where `allowed` (running text, not a heading
   * or table cell): absolute web URLs while the budget lasts, each once;
   * always, when the link has no text of its own.
   */
  linkUrl(rawHref: string | undefined, text: string, allowed: boolean): string | null {
    if (rawHref === undefined) return null;
    const href = decodeEntities(rawHref).trim();
    const isWeb = WEB_URL.test(href);
    const isTarget = href.length > 0 && href[0] !== "#" && !SCRIPT_URL.test(href);
    if (!allowed || !isWeb || href.length > MAX_URL) {
      if (isTarget) this.omitted.urls++;
      return null;
    }
    const label = text.trim();
    if (label === href || href.endsWith("//" + label) || href.endsWith("//" + label + "/")) return null;
    // A link on a code name (`java.lang.Object`, `RuntimeException`) is a cross-reference: the name already says where it goes.
    if (isCodeName(label)) {
      this.omitted.urls++;
      return null;
    }
    if (this.shownUrls.has(href)) return null;
    if (label.length > 0) {
      if (this.urlBudget <= 0) {
        this.omitted.urls++;
        return null;
      }
      this.urlBudget--;
    }
    this.shownUrls.add(href);
    return href;
  }
}

/**
 * Whether a link's text is a code name rather than words: one token with a
 * dot between letters, a lower-to-upper camelCase hump, brackets or a
 * backtick (code span).
 */
function isCodeName(label: string): boolean {
  if (label.length === 0 || label.length > 200) return false;
  let hasSign = false;
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10) return false;
    if (c === 96 /* ` */ || c === 40 /* ( */ || c === 60 /* < */) hasSign = true;
    else if (
      c === 46 /* . */ &&
      i > 0 &&
      i + 1 < label.length &&
      isLetter(label.charCodeAt(i - 1)) &&
      isLetter(label.charCodeAt(i + 1))
    )
      hasSign = true;
    else if (c >= 65 && c <= 90 && i > 0 && label.charCodeAt(i - 1) >= 97 && label.charCodeAt(i - 1) <= 122)
      hasSign = true;
  }
  return hasSign;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
