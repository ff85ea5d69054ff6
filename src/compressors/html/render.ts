/**
 * Renders the kept parts of a page as Markdown-like text: headings as `#`
 * levels (with the name of an `<a name>` anchor just before them as
 * `{#name}`, since javadoc and similar generators use those as the members'
 * addresses), paragraphs separated by blank lines, lists as `-`/`1.` items
 * indented by nesting, `<dt>` labels joined to their `<dd>`, blockquotes
 * as `>`, `<pre>` verbatim in fences and tables as Markdown tables.
 * Lists and tables used for page layout (javadoc nests every member in
 * `<ul class="blockList">`) are read as plain blocks. The walk is iterative.
 */
import type { RenderContext } from "./context.js";
import { decodeEntities } from "./entities.js";
import { CODE_SPANS, InlineMode, codeSpan, collapseSpace, inlineText, longestRun, plainText } from "./inline.js";
import { renderTable } from "./table.js";
import { BLOCKS, Has, ROOT, type HtmlTree } from "./tree.js";

/** Nesting beyond this many lists or quotes adds no more indentation (10 000 nested lists stay linear). */
const MAX_INDENT = 8;

const HEADING_LEVEL: Readonly<Record<string, number>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** A list element being rendered. */
interface ListFrame {
  ordered: boolean;
  next: number;
}

/** Markdown-like text of the subtrees `roots` (in order); {@link ROOT} means the whole document. */
export function renderBlocks(ctx: RenderContext, roots: readonly number[]): string {
  const writer = new BlockWriter(ctx);
  for (const root of roots) writer.walk(root);
  return writer.finish();
}

class BlockWriter {
  private readonly ctx: RenderContext;
  /** Finished blocks, joined at the end. */
  private readonly out: string[] = [];
  /** Whether the last block was a list item or a definition (then the next such block follows without a blank line). */
  private lastTight = false;
  /** Pieces of the paragraph being gathered. */
  private inline: string[] = [];
  /** Open lists that render as lists (layout lists are not here). */
  private readonly lists: ListFrame[] = [];
  /** The bullet of an `<li>` whose first block is yet to come. */
  private bullet = "";
  /** Width of the current item's bullet, for the indentation of its later lines. */
  private bulletWidth = 2;
  private quoteDepth = 0;
  private definitionDepth = 0;
  /** A `<dt>`'s text, written in front of its `<dd>`. */
  private label = "";

  constructor(ctx: RenderContext) {
    this.ctx = ctx;
  }

  walk(root: number): void {
    const tree = this.ctx.tree;
    // Entries >= 0 enter a node; ~node leaves it.
    const stack: number[] = [];
    if (root === ROOT) tree.pushChildren(ROOT, stack);
    else stack.push(root);
    while (stack.length > 0) {
      const entry = stack.pop() as number;
      if (entry < 0) this.leave(~entry);
      else if (tree.isText(entry)) this.inline.push(collapseSpace(decodeText(this.ctx, entry)));
      else if (!this.ctx.isDropped(entry) && this.enter(entry)) {
        stack.push(~entry);
        tree.pushChildren(entry, stack);
      }
    }
    this.flush();
  }

  finish(): string {
    this.flush();
    this.writeLabel();
    return this.out.join("");
  }

  /** Handles the start of element `node`; true when its children are to be walked (then {@link leave} follows). */
  private enter(node: number): boolean {
    const tree = this.ctx.tree;
    const tag = tree.tag[node];
    const level = HEADING_LEVEL[tag];
    if (level !== undefined) {
      this.flush();
      const text = inlineText(this.ctx, node, InlineMode.Line);
      if (text !== "") {
        const anchor = this.ctx.pendingAnchor;
        this.ctx.pendingAnchor = "";
        this.emit("#".repeat(level) + " " + text + (anchor !== "" ? ` {#${anchor}}` : ""));
      }
      return false;
    }
    switch (tag) {
      case "pre":
        this.flush();
        this.emit(fencedBlock(this.ctx, node));
        return false;
      case "table": {
        this.flush();
        const table = renderTable(this.ctx, node);
        if (table === null) return true;
        this.emit(table);
        return false;
      }
      case "ul":
      case "ol":
        this.flush();
        if (!isLayoutList(tree, node)) {
          const start = Number.parseInt(tree.attr(node, "start") ?? "1", 10);
          this.lists.push({ ordered: tag === "ol", next: Number.isFinite(start) ? start : 1 });
        }
        return true;
      case "li": {
        this.flush();
        const list = this.lists.length > 0 && this.isInRenderedList(node) ? this.lists[this.lists.length - 1] : null;
        if (list !== null) {
          this.bullet = list.ordered ? `${list.next++}. ` : "- ";
          this.bulletWidth = this.bullet.length;
        }
        return true;
      }
      case "dd":
        this.flush();
        this.definitionDepth++;
        return true;
      case "blockquote":
        this.flush();
        this.quoteDepth++;
        return true;
      case "br":
        this.inline.push("\n");
        return false;
      case "img":
        this.inline.push(collapseSpace(decodeAttr(tree.attr(node, "alt"))));
        return false;
      default:
        break;
    }
    if (CODE_SPANS.has(tag)) {
      this.inline.push(codeSpan(plainText(this.ctx, node)));
      return false;
    }
    if (BLOCKS.has(tag)) {
      this.flush();
      return true;
    }
    // Inline element: render it in one go, unless it wraps blocks (a card-like <a><div>…).
    if ((tree.has[node] & Has.Block) === 0) {
      this.inline.push(inlineText(this.ctx, node, InlineMode.Flow));
      return false;
    }
    return true;
  }

  private leave(node: number): void {
    const tree = this.ctx.tree;
    const tag = tree.tag[node];
    switch (tag) {
      case "ul":
      case "ol":
        this.flush();
        if (!isLayoutList(tree, node)) this.lists.pop();
        this.bullet = "";
        this.lastTight = false;
        return;
      case "dl":
        this.flush();
        this.writeLabel();
        this.lastTight = false;
        return;
      case "dt": {
        const text = this.takeInline();
        if (text !== "") {
          this.writeLabel();
          this.label = text.replace(/\n/g, " ");
        }
        return;
      }
      case "dd":
        this.flush();
        this.definitionDepth--;
        return;
      case "blockquote":
        this.flush();
        this.quoteDepth--;
        return;
      default:
        if (BLOCKS.has(tag)) this.flush();
    }
  }

  /** Whether `li`'s nearest list ancestor is a rendered (not layout) list. */
  private isInRenderedList(li: number): boolean {
    const tree = this.ctx.tree;
    const p = tree.parent[li];
    const tag = tree.tag[p];
    if (tag !== "ul" && tag !== "ol") return true; // a stray <li>: treat as the current list's
    return !isLayoutList(tree, p);
  }

  /** The gathered paragraph as lines (from `<br>`s), whitespace normalised; "" when empty. */
  private takeInline(): string {
    if (this.inline.length === 0) return "";
    const raw = this.inline.length === 1 ? this.inline[0] : this.inline.join("");
    this.inline = [];
    if (!raw.includes("\n")) return collapseSpace(raw).trim();
    let text = "";
    for (const line of raw.split("\n")) {
      const clean = collapseSpace(line).trim();
      if (clean !== "") text += (text === "" ? "" : "\n") + clean;
    }
    return text;
  }

  /** Writes the gathered paragraph, if any. */
  private flush(): void {
    const text = this.takeInline();
    if (text === "") return;
    this.ctx.pendingAnchor = "";
    this.emit(text);
  }

  private writeLabel(): void {
    if (this.label === "") return;
    const label = this.label;
    this.label = "";
    this.emit(label);
  }

  /** Appends a block, prefixed for the lists and quotes it sits in. */
  private emit(block: string): void {
    if (block === "") return;
    if (this.label !== "") {
      if (this.definitionDepth > 0) {
        block = this.label + " " + block;
        this.label = "";
      } else this.writeLabel();
    }
    const depth = this.lists.length;
    const quote = "> ".repeat(Math.min(this.quoteDepth, MAX_INDENT));
    const indent = depth > 1 ? "  ".repeat(Math.min(depth - 1, MAX_INDENT)) : "";
    const continuation = quote + indent + (depth > 0 ? " ".repeat(this.bulletWidth) : "");
    const first = depth > 0 && this.bullet !== "" ? quote + indent + this.bullet : continuation;
    this.bullet = "";
    const prefixed = first + (continuation === "" ? block : block.replace(/\n/g, "\n" + continuation));
    const tight = depth > 0 || this.definitionDepth > 0;
    if (this.out.length > 0) this.out.push(tight && this.lastTight ? "\n" : "\n\n");
    this.out.push(prefixed);
    this.lastTight = tight;
  }
}

/**
 * Whether list `list` lays out the page rather than listing things: it holds
 * headings or tables, or it is a single item wrapping a `<pre>` (javadoc's
 * `<ul class="blockList"><li>` around a class description).
 */
function isLayoutList(tree: HtmlTree, list: number): boolean {
  if ((tree.has[list] & (Has.Heading | Has.Table)) !== 0) return true;
  let items = 0;
  let only = -1;
  for (let c = tree.firstChild[list]; c >= 0 && items < 2; c = tree.nextSibling[c]) {
    if (tree.tag[c] === "li") {
      items++;
      only = c;
    }
  }
  return items === 1 && (tree.has[only] & Has.Pre) !== 0;
}

function decodeText(ctx: RenderContext, node: number): string {
  return decodeEntities(ctx.tree.rawText(node));
}

function decodeAttr(value: string | undefined): string {
  return value === undefined ? "" : decodeEntities(value);
}

/** A `<pre>` as a fenced block: its text verbatim (first newline dropped, as browsers do), language from its class. */
function fencedBlock(ctx: RenderContext, pre: number): string {
  let text = plainText(ctx, pre).replace(/\r\n?/g, "\n");
  if (text.startsWith("\n")) text = text.slice(1);
  text = text.trimEnd();
  if (text === "") return "";
  const fence = "`".repeat(Math.max(3, longestRun(text, 96) + 1));
  return fence + languageOf(ctx, pre) + "\n" + text + "\n" + fence;
}

const LANGUAGE_CLASS = /(?:^|\s)(?:lang|language)-([A-Za-z0-9_+#.-]{1,32})/;

/** The language a `<pre>` (or the `<code>` inside it) declares by class (`language-java`), or "". */
function languageOf(ctx: RenderContext, pre: number): string {
  const tree = ctx.tree;
  const own = LANGUAGE_CLASS.exec(tree.attr(pre, "class") ?? "");
  if (own !== null) return own[1];
  for (let c = tree.firstChild[pre]; c >= 0; c = tree.nextSibling[c]) {
    if (tree.tag[c] === "code") {
      const inner = LANGUAGE_CLASS.exec(tree.attr(c, "class") ?? "");
      return inner === null ? "" : inner[1];
    }
  }
  return "";
}
