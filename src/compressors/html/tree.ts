/**
 * The element tree of a page, built from the tokenizer's events the way a
 * browser would for the cases that matter to reading it: void elements take
 * no children, a block start closes an open `<p>`, `<li>`/`<dt>`/`<dd>`/
 * `<tr>`/`<td>` close their open siblings, an end tag closes up to its
 * element and a stray one is ignored. Nodes live in flat arrays (parent,
 * first child, next sibling), and every walk over them is iterative, so
 * 10 000 nested `<div>`s cost memory, never stack.
 */
import { scanHtml, type Attrs, type HtmlSink } from "./tokenizer.js";

/** Node index of the document (the root every other node descends from). */
export const ROOT = 0;

/** Facts about a node's subtree, OR-ed up from its descendants. */
export const Has = {
  /** An `<h1>` or `<h2>`: the page's title block. */
  TopHeading: 1,
  /** Any heading `<h1>`–`<h6>`. */
  Heading: 2,
  /** A `<table>`. */
  Table: 4,
  /** A `<pre>`. */
  Pre: 8,
  /** A list (`<ul>`, `<ol>`, `<dl>`, `<menu>`). */
  List: 16,
  /** A block element that breaks a line (`<p>`, `<div>`…) or any of the above. */
  Block: 32,
  /** `<main>`, `<article>` or `role="main"`. */
  Main: 64,
} as const;

const VOID: ReadonlySet<string> = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr", "frame", "basefont", "bgsound",
]);

/** Start tags that close an open `<p>`, as in the HTML standard. */
const CLOSES_P: ReadonlySet<string> = new Set([
  "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset", "figcaption", "figure",
  "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "dd", "dt", "main", "menu", "nav", "ol", "p",
  "pre", "section", "summary", "table", "ul",
]);

/** Elements that make a line break in rendered text. */
export const BLOCKS: ReadonlySet<string> = new Set([
  ...CLOSES_P, "body", "html", "caption", "tr", "td", "th", "thead", "tbody", "tfoot", "option", "legend", "noscript", "template",
]);

/** Elements whose text no reader sees as page content. */
const UNREAD: ReadonlySet<string> = new Set(["script", "style", "noscript", "template", "title", "textarea", "iframe", "noembed", "noframes", "xmp"]);

const HEADINGS: ReadonlySet<string> = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Elements a search for an open ancestor stops at (the standard's "scope"). */
const SCOPE: ReadonlySet<string> = new Set(["table", "td", "th", "caption", "html", "body", "template", "button", "object", "marquee", "applet"]);

/**
 * How far down the open-element stack an implied-end search looks. The
 * standard has no bound; ours keeps a page of 100 000 unclosed `<div>`s
 * linear, and real pages never need more.
 */
const MAX_SCOPE_SEARCH = 64;

/**
 * The parsed page, one column per node property, each allocated once at its
 * final size (a node needs a "<" or the text after one, so a page has at
 * most twice as many nodes as "<"s, plus one): growing arrays node by node
 * was the parser's main cost.
 */
export class HtmlTree {
  readonly source: string;
  /** Tag name (lowercase) of an element; "" for a text node; "#document" for {@link ROOT}. */
  readonly tag: string[];
  readonly attrs: (Attrs | null)[];
  readonly parent: Int32Array;
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
  /** Source range of a text node (references not decoded). */
  readonly textStart: Int32Array;
  readonly textEnd: Int32Array;
  /** {@link Has} bits of each node's subtree (the node itself included). */
  readonly has: Uint8Array;
  /** Characters of readable text in each node's subtree (not scripts or styles), for main-content choices. */
  readonly textLength: Int32Array;
  /**
   * One past the last node of each node's subtree: nodes are numbered in
   * document order, so a subtree is the index range `[node, subtreeEnd[node])`.
   */
  readonly subtreeEnd: Int32Array;
  private count = 1;

  private constructor(source: string) {
    this.source = source;
    let capacity = 2;
    for (let at = source.indexOf("<"); at >= 0; at = source.indexOf("<", at + 1)) capacity += 2;
    this.tag = new Array<string>(capacity);
    this.attrs = new Array<Attrs | null>(capacity);
    this.parent = new Int32Array(capacity);
    this.firstChild = new Int32Array(capacity).fill(-1);
    this.nextSibling = new Int32Array(capacity).fill(-1);
    this.textStart = new Int32Array(capacity);
    this.textEnd = new Int32Array(capacity);
    this.has = new Uint8Array(capacity);
    this.textLength = new Int32Array(capacity);
    this.subtreeEnd = new Int32Array(capacity);
    this.tag[ROOT] = "#document";
    this.attrs[ROOT] = null;
    this.parent[ROOT] = -1;
    this.subtreeEnd[ROOT] = 1;
  }

  /** Parses `html` into a tree. Never throws on content. */
  static parse(html: string): HtmlTree {
    const tree = new HtmlTree(html);
    scanHtml(html, new TreeBuilder(tree));
    tree.summarise();
    return tree;
  }

  /** Number of nodes, the document included. */
  get size(): number {
    return this.count;
  }

  /** An attribute of element `node`, or undefined. */
  attr(node: number, name: keyof Attrs): string | undefined {
    const a = this.attrs[node];
    return a === null ? undefined : a[name];
  }

  /** Raw (undecoded) text of text node `node`. */
  rawText(node: number): string {
    return this.source.slice(this.textStart[node], this.textEnd[node]);
  }

  /**
   * Pushes `node`'s children onto `stack` so that they pop in document
   * order: the step of every iterative walk over the tree.
   */
  pushChildren(node: number, stack: number[]): void {
    const from = stack.length;
    for (let c = this.firstChild[node]; c >= 0; c = this.nextSibling[c]) stack.push(c);
    for (let i = from, j = stack.length - 1; i < j; i++, j--) {
      const t = stack[i];
      stack[i] = stack[j];
      stack[j] = t;
    }
  }

  /** Whether `node` is a text node. */
  isText(node: number): boolean {
    return this.tag[node] === "";
  }

  /** Appends a node under `parent` (children are appended in document order). */
  add(parent: number, tag: string, attrs: Attrs | null, lastChildOfParent: number): number {
    const id = this.count++;
    this.tag[id] = tag;
    this.attrs[id] = attrs;
    this.parent[id] = parent;
    this.subtreeEnd[id] = id + 1;
    if (lastChildOfParent < 0) this.firstChild[parent] = id;
    else this.nextSibling[lastChildOfParent] = id;
    return id;
  }

  /**
   * Fills {@link has} and {@link textLength}: a child always has a larger
   * index than its parent, so one backward pass sees children first.
   */
  private summarise(): void {
    for (let i = this.size - 1; i > ROOT; i--) {
      const tag = this.tag[i];
      let bits = this.has[i];
      const p = this.parent[i];
      if (tag === "") {
        if (!UNREAD.has(this.tag[p])) this.textLength[i] = this.textEnd[i] - this.textStart[i];
      } else {
        if (HEADINGS.has(tag)) bits |= Has.Heading | Has.Block | (tag === "h1" || tag === "h2" ? Has.TopHeading : 0);
        else if (tag === "table") bits |= Has.Table | Has.Block;
        else if (tag === "pre") bits |= Has.Pre | Has.Block;
        else if (tag === "ul" || tag === "ol" || tag === "dl" || tag === "menu") bits |= Has.List | Has.Block;
        else if (BLOCKS.has(tag)) bits |= Has.Block;
        if (tag === "main" || tag === "article" || this.attr(i, "role") === "main") bits |= Has.Main;
      }
      this.has[i] = bits;
      this.has[p] |= bits;
      this.textLength[p] += this.textLength[i];
      if (this.subtreeEnd[i] > this.subtreeEnd[p]) this.subtreeEnd[p] = this.subtreeEnd[i];
    }
  }
}

/** Turns tokenizer events into tree nodes, applying the implied end tags. */
class TreeBuilder implements HtmlSink {
  private readonly tree: HtmlTree;
  /** Open elements, innermost last; starts with the document. */
  private readonly open: number[] = [ROOT];
  /** Last child of each open element, parallel to {@link open}. */
  private readonly lastChild: number[] = [-1];
  /** How many open elements have each tag, so a stray end tag costs one lookup. */
  private readonly openCount = new Map<string, number>();

  constructor(tree: HtmlTree) {
    this.tree = tree;
  }

  openTag(name: string, attrs: Attrs | null, selfClosing: boolean): void {
    this.closeImplied(name);
    const top = this.open.length - 1;
    const id = this.tree.add(this.open[top], name, attrs, this.lastChild[top]);
    this.lastChild[top] = id;
    // "<x/>" closes itself only in SVG and MathML; in HTML the slash means nothing.
    if (VOID.has(name) || (selfClosing && this.isForeign())) return;
    this.open.push(id);
    this.lastChild.push(-1);
    this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
  }

  closeTag(name: string): void {
    if ((this.openCount.get(name) ?? 0) === 0) return;
    const tag = this.tree.tag;
    while (this.open.length > 1) {
      const popped = this.pop();
      if (tag[popped] === name) return;
    }
  }

  text(start: number, end: number): void {
    const top = this.open.length - 1;
    const id = this.tree.add(this.open[top], "", null, this.lastChild[top]);
    this.tree.textStart[id] = start;
    this.tree.textEnd[id] = end;
    this.lastChild[top] = id;
  }

  private pop(): number {
    const id = this.open.pop() as number;
    this.lastChild.pop();
    const name = this.tree.tag[id];
    this.openCount.set(name, (this.openCount.get(name) ?? 1) - 1);
    return id;
  }

  private isForeign(): boolean {
    return (this.openCount.get("svg") ?? 0) > 0 || (this.openCount.get("math") ?? 0) > 0;
  }

  /** Closes what a start tag `name` implicitly ends. */
  private closeImplied(name: string): void {
    if (CLOSES_P.has(name)) this.closeOpen(["p"], SCOPE);
    if (name === "li") this.closeOpen(["li"], LIST_SCOPE);
    else if (name === "dt" || name === "dd") this.closeOpen(["dt", "dd"], DL_SCOPE);
    else if (name === "tr") this.closeOpen(["tr"], TABLE_SCOPE);
    else if (name === "td" || name === "th") this.closeOpen(["td", "th"], ROW_SCOPE);
    else if (name === "thead" || name === "tbody" || name === "tfoot") this.closeOpen(["thead", "tbody", "tfoot"], TABLE_SCOPE);
    else if (name === "option") this.closeOpen(["option"], SELECT_SCOPE);
    else if (HEADINGS.has(name) && HEADINGS.has(this.tree.tag[this.open[this.open.length - 1]])) this.pop();
  }

  /**
   * Pops up to and including the innermost open element named in `names`,
   * if one is open above the nearest `boundary` element.
   */
  private closeOpen(names: readonly string[], boundary: ReadonlySet<string>): void {
    if (!names.some((n) => (this.openCount.get(n) ?? 0) > 0)) return;
    const tag = this.tree.tag;
    const stop = Math.max(1, this.open.length - MAX_SCOPE_SEARCH);
    for (let k = this.open.length - 1; k >= stop; k--) {
      const t = tag[this.open[k]];
      if (names.includes(t)) {
        while (this.open.length > k) this.pop();
        return;
      }
      if (boundary.has(t)) return;
    }
  }
}

const LIST_SCOPE: ReadonlySet<string> = new Set([...SCOPE, "ul", "ol", "menu"]);
const DL_SCOPE: ReadonlySet<string> = new Set([...SCOPE, "dl"]);
const TABLE_SCOPE: ReadonlySet<string> = new Set(["table", "html", "template"]);
const ROW_SCOPE: ReadonlySet<string> = new Set(["tr", "table", "html", "template"]);
const SELECT_SCOPE: ReadonlySet<string> = new Set(["select", "datalist", "optgroup", "html"]);
