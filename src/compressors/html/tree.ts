/**
 * The element tree of a page, built from the tokenizer's events the way a
 * browser would for the cases that matter to reading it: void elements take
 * no children, a block start closes an open `<p>`, `<li>`/`<dt>`/`<dd>`/
 * `<tr>`/`<td>` close their open siblings, an end tag closes up to its
 * element and a stray one is ignored. Nodes live in flat arrays, numbered
 * in document order (a subtree is a range of numbers, so children need no
 * columns of their own), and every walk over them is iterative, so 10 000
 * nested `<div>`s cost memory, never stack.
 */
import { DOCUMENT, OTHER, TAG_COUNT, TAG_FLAGS, TAG_NAMES, TEXT, Tag, TagFlag } from "./tags.js";
import { ATTR_NAMES, scanHtml, type AttrName, type Attrs, type HtmlSink } from "./tokenizer.js";

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

/**
 * How far down the open-element stack an implied-end search looks. The
 * standard has no bound; ours keeps a page of 100 000 unclosed `<div>`s
 * linear, and real pages never need more.
 */
const MAX_SCOPE_SEARCH = 64;

/**
 * The parsed page, one column per node property: typed arrays for numbers.
 * Callers read the columns and never write them; they are not `readonly`
 * only because the parser replaces them with larger copies as the tree
 * grows (doubling from a guess by the page's length), which costs less
 * than a first pass counting the page's "<"s to size them exactly.
 *
 * Nothing is kept per node as a JS object or string: a 100 MB page has
 * four million nodes, and a name and an attribute object per node (8 bytes
 * a slot in two arrays, 112 bytes an object) held 2.5 bytes per input
 * character, more than the text rendered from it. Names of elements
 * pithy does not know and attribute values live in side lists holding only
 * the nodes that have them (see {@link tagName}, {@link attr}).
 */
export class HtmlTree {
  readonly source: string;
  /** Tag number of each node (tags.ts); what the renderers branch on, rather than names. */
  kind: Uint8Array;
  parent: Int32Array;
  /** Source range of a text node (references not decoded). */
  textStart: Int32Array;
  textEnd: Int32Array;
  /**
   * One past the last node of each node's subtree: nodes are numbered in
   * document order, so a subtree is the index range `[node, subtreeEnd[node])`.
   */
  subtreeEnd: Int32Array;
  /** {@link Has} bits of each node's subtree (the node itself included). */
  has: Uint8Array = new Uint8Array(0);
  /** Characters of readable text in each node's subtree (not scripts or styles), for main-content choices. */
  textLength: Int32Array = new Int32Array(0);
  /**
   * Attributes as one list in document order: node `i`'s are entries
   * `[attrEnd[i - 1], attrEnd[i])` of {@link attrName} (an index into
   * ATTR_NAMES), {@link attrStart} and {@link attrStop}.
   */
  private attrEnd: Int32Array;
  private attrName = new Uint8Array(64);
  /** Source range `[attrStart, attrStop)` of each attribute's value. */
  private attrStart = new Int32Array(64);
  private attrStop = new Int32Array(64);
  /** Nodes whose tag is {@link OTHER} (ascending) and their names, parallel. */
  private readonly otherNode: number[] = [];
  private readonly otherName: string[] = [];
  private count = 1;

  private constructor(source: string) {
    this.source = source;
    // One node per 16 characters: real pages run 20–40, so they rarely grow; doubling absorbs the rest.
    const capacity = (source.length >> 4) + 16;
    this.kind = new Uint8Array(capacity);
    this.parent = new Int32Array(capacity);
    this.textStart = new Int32Array(capacity);
    this.textEnd = new Int32Array(capacity);
    this.subtreeEnd = new Int32Array(capacity);
    this.attrEnd = new Int32Array(capacity);
    this.kind[ROOT] = DOCUMENT;
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

  /** Tag name (lowercase) of an element; "" for a text node; "#document" for {@link ROOT}. */
  tagName(node: number): string {
    const kind = this.kind[node];
    if (kind !== OTHER) return TAG_NAMES[kind];
    // Binary search: the names of unknown elements are asked for only when one closes.
    const nodes = this.otherNode;
    let lo = 0;
    let hi = nodes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (nodes[mid] < node) lo = mid + 1;
      else hi = mid;
    }
    return this.otherName[lo];
  }

  /** An attribute of element `node`, or undefined. */
  attr(node: number, name: AttrName): string | undefined {
    if (node === ROOT) return undefined;
    const end = this.attrEnd[node];
    for (let i = this.attrEnd[node - 1]; i < end; i++)
      if (ATTR_NAMES[this.attrName[i]] === name) return this.source.slice(this.attrStart[i], this.attrStop[i]);
    return undefined;
  }

  /** Whether element `node` has any of the attributes the tokenizer keeps. */
  hasAttrs(node: number): boolean {
    return node !== ROOT && this.attrEnd[node] > this.attrEnd[node - 1];
  }

  /** Raw (undecoded) text of text node `node`. */
  rawText(node: number): string {
    return this.source.slice(this.textStart[node], this.textEnd[node]);
  }

  /**
   * The first child of `node`, or -1. Children are not stored: a subtree is
   * a range of node numbers, so the first child is the next node when the
   * range holds one (two columns of four million nodes fewer on a 100 MB page).
   */
  firstChild(node: number): number {
    return node + 1 < this.subtreeEnd[node] ? node + 1 : -1;
  }

  /** The sibling after `node`, or -1: the node after its subtree, when that is still inside its parent's. */
  nextSibling(node: number): number {
    const parent = this.parent[node];
    if (parent < 0) return -1;
    const next = this.subtreeEnd[node];
    return next < this.subtreeEnd[parent] ? next : -1;
  }

  /**
   * Pushes `node`'s children onto `stack` so that they pop in document
   * order: the step of every iterative walk over the tree.
   */
  pushChildren(node: number, stack: number[]): void {
    const from = stack.length;
    for (let c = this.firstChild(node); c >= 0; c = this.nextSibling(c)) stack.push(c);
    for (let i = from, j = stack.length - 1; i < j; i++, j--) {
      const t = stack[i];
      stack[i] = stack[j];
      stack[j] = t;
    }
  }

  /** Whether `node` is a text node. */
  isText(node: number): boolean {
    return this.kind[node] === TEXT;
  }

  /**
   * Appends a node under `parent`, which must be the innermost open element
   * (children are appended in document order); `kind` is `tag`'s number.
   * Subtrees are complete only once the parse has summarised them.
   */
  add(parent: number, tag: string, kind: number, attrs: Attrs | null): number {
    if (this.count === this.kind.length) this.grow();
    const id = this.count++;
    this.kind[id] = kind;
    if (kind === OTHER) {
      this.otherNode.push(id);
      this.otherName.push(tag);
    }
    let fields = this.attrEnd[id - 1];
    if (attrs !== null) {
      if (fields + attrs.count > this.attrName.length) {
        const room = (fields + attrs.count) * 2;
        this.attrName = grown(this.attrName, new Uint8Array(room));
        this.attrStart = grown(this.attrStart, new Int32Array(room));
        this.attrStop = grown(this.attrStop, new Int32Array(room));
      }
      for (let a = 0; a < attrs.count; a++, fields++) {
        this.attrName[fields] = attrs.name[a];
        this.attrStart[fields] = attrs.start[a];
        this.attrStop[fields] = attrs.end[a];
      }
    }
    this.attrEnd[id] = fields;
    this.parent[id] = parent;
    this.subtreeEnd[id] = id + 1;
    return id;
  }

  /** Doubles every column's room for nodes. */
  private grow(): void {
    const capacity = this.kind.length * 2;
    const more = grown;
    this.attrEnd = more(this.attrEnd, new Int32Array(capacity));
    this.kind = more(this.kind, new Uint8Array(capacity));
    this.parent = more(this.parent, new Int32Array(capacity));
    this.textStart = more(this.textStart, new Int32Array(capacity));
    this.textEnd = more(this.textEnd, new Int32Array(capacity));
    this.subtreeEnd = more(this.subtreeEnd, new Int32Array(capacity));
  }

  /**
   * Fills {@link has} and {@link textLength}: a child always has a larger
   * index than its parent, so one backward pass sees children first.
   */
  private summarise(): void {
    this.has = new Uint8Array(this.count);
    this.textLength = new Int32Array(this.count);
    const kind = this.kind;
    for (let i = this.size - 1; i > ROOT; i--) {
      const k = kind[i];
      let bits = this.has[i];
      const p = this.parent[i];
      if (k === TEXT) {
        if ((TAG_FLAGS[kind[p]] & TagFlag.Unread) === 0) this.textLength[i] = this.textEnd[i] - this.textStart[i];
      } else {
        const flags = TAG_FLAGS[k];
        if ((flags & TagFlag.Heading) !== 0)
          bits |= Has.Heading | Has.Block | (k === Tag.h1 || k === Tag.h2 ? Has.TopHeading : 0);
        else if (k === Tag.table) bits |= Has.Table | Has.Block;
        else if (k === Tag.pre) bits |= Has.Pre | Has.Block;
        else if ((flags & TagFlag.List) !== 0) bits |= Has.List | Has.Block;
        else if ((flags & TagFlag.Block) !== 0) bits |= Has.Block;
        if (k === Tag.main || k === Tag.article || this.attr(i, "role") === "main") bits |= Has.Main;
      }
      this.has[i] = bits;
      this.has[p] |= bits;
      this.textLength[p] += this.textLength[i];
      if (this.subtreeEnd[i] > this.subtreeEnd[p]) this.subtreeEnd[p] = this.subtreeEnd[i];
    }
  }
}

/** `fresh` holding `column` at its start. */
function grown<T extends Int32Array | Uint8Array>(column: T, fresh: T): T {
  fresh.set(column);
  return fresh;
}

/** Turns tokenizer events into tree nodes, applying the implied end tags. */
class TreeBuilder implements HtmlSink {
  private readonly tree: HtmlTree;
  /** Open elements, innermost last; starts with the document. */
  private readonly open: number[] = [ROOT];
  /** How many open elements have each known tag, so a stray end tag costs one read. */
  private readonly openCount = new Int32Array(TAG_COUNT);
  /** The same for tags not in {@link Tag}, by name. */
  private readonly openOther = new Map<string, number>();

  constructor(tree: HtmlTree) {
    this.tree = tree;
  }

  openTag(name: string, kind: number, attrs: Attrs | null, selfClosing: boolean): void {
    this.closeImplied(kind);
    const top = this.open.length - 1;
    this.tree.add(this.open[top], name, kind, attrs);
    // "<x/>" closes itself only in SVG and MathML; in HTML the slash means nothing.
    if ((TAG_FLAGS[kind] & TagFlag.Void) !== 0 || (selfClosing && this.isForeign())) return;
    this.open.push(this.tree.size - 1);
    if (kind === OTHER) this.openOther.set(name, (this.openOther.get(name) ?? 0) + 1);
    else this.openCount[kind]++;
  }

  closeTag(name: string, kind: number): void {
    const tree = this.tree;
    if (kind === OTHER) {
      if ((this.openOther.get(name) ?? 0) === 0) return;
      while (this.open.length > 1) {
        const popped = this.pop();
        if (tree.kind[popped] === OTHER && tree.tagName(popped) === name) return;
      }
      return;
    }
    if (this.openCount[kind] === 0) return;
    while (this.open.length > 1) if (tree.kind[this.pop()] === kind) return;
  }

  text(start: number, end: number): void {
    const top = this.open.length - 1;
    const id = this.tree.add(this.open[top], "", TEXT, null);
    this.tree.textStart[id] = start;
    this.tree.textEnd[id] = end;
  }

  private pop(): number {
    const id = this.open.pop() as number;
    const kind = this.tree.kind[id];
    if (kind === OTHER) {
      const name = this.tree.tagName(id);
      this.openOther.set(name, (this.openOther.get(name) ?? 1) - 1);
    } else this.openCount[kind]--;
    return id;
  }

  private isForeign(): boolean {
    return this.openCount[Tag.svg] > 0 || this.openCount[Tag.math] > 0;
  }

  /** Closes what a start tag of tag number `kind` implicitly ends. */
  private closeImplied(kind: number): void {
    const flags = TAG_FLAGS[kind];
    if ((flags & TagFlag.ClosesP) !== 0) this.closeOpen(Tag.p, Tag.p, TagFlag.Scope);
    switch (kind) {
      case Tag.li:
        this.closeOpen(Tag.li, Tag.li, TagFlag.ListScope);
        return;
      case Tag.dt:
      case Tag.dd:
        this.closeOpen(Tag.dt, Tag.dd, TagFlag.DefinitionScope);
        return;
      case Tag.tr:
        this.closeOpen(Tag.tr, Tag.tr, TagFlag.TableScope);
        return;
      case Tag.td:
      case Tag.th:
        this.closeOpen(Tag.td, Tag.th, TagFlag.RowScope);
        return;
      case Tag.thead:
      case Tag.tbody:
      case Tag.tfoot:
        this.closeOpen(Tag.thead, Tag.tbody, TagFlag.TableScope, Tag.tfoot);
        return;
      case Tag.option:
        this.closeOpen(Tag.option, Tag.option, TagFlag.SelectScope);
        return;
      default:
        if (
          (flags & TagFlag.Heading) !== 0 &&
          (TAG_FLAGS[this.tree.kind[this.open[this.open.length - 1]]] & TagFlag.Heading) !== 0
        )
          this.pop();
    }
  }

  /**
   * Pops up to and including the innermost open element of tag `a`, `b` or
   * `c`, if one is open above the nearest element with flag `boundary`.
   */
  private closeOpen(a: number, b: number, boundary: number, c = a): void {
    const count = this.openCount;
    if (count[a] === 0 && count[b] === 0 && count[c] === 0) return;
    const kind = this.tree.kind;
    const stop = Math.max(1, this.open.length - MAX_SCOPE_SEARCH);
    for (let k = this.open.length - 1; k >= stop; k--) {
      const t = kind[this.open[k]];
      if (t === a || t === b || t === c) {
        while (this.open.length > k) this.pop();
        return;
      }
      if ((TAG_FLAGS[t] & boundary) !== 0) return;
    }
  }
}
