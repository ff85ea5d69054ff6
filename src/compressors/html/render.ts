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
import { InlineMode, codeSpan, collapseSpace, inlineText, longestRun, plainText } from "./inline.js";
import { renderTable } from "./table.js";
import { OTHER, TAG_FLAGS, Tag, TagFlag } from "./tags.js";
import { Has, ROOT, type HtmlTree } from "./tree.js";

/** Nesting beyond this many lists or quotes adds no more indentation (10 000 nested lists stay linear). */
const MAX_INDENT = 8;

/** A list element being rendered. */
interface ListFrame {
  ordered: boolean;
  next: number;
}

/**
 * Markdown-like text of the subtrees `roots` (in order; {@link ROOT} means
 * the whole document) as pieces to concatenate: its blocks and the line
 * breaks between them, first block first. The caller joins them once with
 * what goes around them, since a flat copy of a large text is the one
 * expensive string operation here.
 */
export function renderBlocks(ctx: RenderContext, roots: readonly number[]): string[] {
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
  /**
   * Whether the pieces may hold whitespace still to collapse (a line break,
   * an inline element's text, or one piece's trailing space meeting the
   * next one's leading space); when not, the paragraph needs no second scan.
   */
  private inlineDirty = false;
  /** Whether the last non-empty piece ends with a space. */
  private inlineEndsWithSpace = false;
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
      else if (tree.isText(entry)) this.addCollapsed(collapseSpace(decodeText(this.ctx, entry)));
      else if (!this.ctx.isDropped(entry) && this.enter(entry)) {
        stack.push(~entry);
        tree.pushChildren(entry, stack);
      }
    }
    this.flush();
  }

  finish(): string[] {
    this.flush();
    this.writeLabel();
    return this.out;
  }

  /** Handles the start of element `node`; true when its children are to be walked (then {@link leave} follows). */
  private enter(node: number): boolean {
    const tree = this.ctx.tree;
    const kind = tree.kind[node];
    const flags = TAG_FLAGS[kind];
    if ((flags & TagFlag.Heading) !== 0) {
      const level = kind - Tag.h1 + 1;
      this.flush();
      const text = inlineText(this.ctx, node, InlineMode.Heading);
      if (text !== "") {
        const anchor = this.ctx.pendingAnchor;
        this.ctx.pendingAnchor = "";
        this.emit("#".repeat(level) + " " + text + (anchor !== "" ? ` {#${anchor}}` : ""));
      }
      return false;
    }
    switch (kind) {
      case Tag.pre:
        this.flush();
        this.emit(fencedBlock(this.ctx, node));
        return false;
      case Tag.table: {
        this.flush();
        const table = renderTable(this.ctx, node);
        if (table === null) return true;
        this.emit(table);
        return false;
      }
      case Tag.ul:
      case Tag.ol:
        this.flush();
        if (!isLayoutList(tree, node)) {
          const start = Number.parseInt(tree.attr(node, "start") ?? "1", 10);
          this.lists.push({ ordered: kind === Tag.ol, next: Number.isFinite(start) ? start : 1 });
        }
        return true;
      case Tag.li: {
        this.flush();
        const list = this.lists.length > 0 && this.isInRenderedList(node) ? this.lists[this.lists.length - 1] : null;
        if (list !== null) {
          this.bullet = list.ordered ? `${list.next++}. ` : "- ";
          this.bulletWidth = this.bullet.length;
        }
        return true;
      }
      case Tag.dt:
        this.flush();
        if (!isOptionTerm(this.ctx, node)) return true;
        // One code span, so the term reads as on the page ("--jobs N", not "`--jobs` N") and stays an entry.
        this.addCollapsed(codeSpan(plainText(this.ctx, node)));
        this.closeTerm();
        return false;
      case Tag.dd:
        this.flush();
        this.definitionDepth++;
        return true;
      case Tag.blockquote:
        this.flush();
        this.quoteDepth++;
        return true;
      case Tag.br:
        this.addRaw("\n");
        return false;
      case Tag.img:
        this.addCollapsed(collapseSpace(decodeAttr(tree.attr(node, "alt"))));
        return false;
      default:
        break;
    }
    if ((flags & TagFlag.CodeSpan) !== 0) {
      const code = plainText(this.ctx, node);
      // An entry's key reads as on the page ("101: Cargo failed to complete.", not "`101`: …").
      this.addCollapsed(isEntryKey(tree, node, code) ? collapseSpace(code).trim() : codeSpan(code));
      return false;
    }
    if ((flags & TagFlag.Block) !== 0) {
      this.flush();
      return true;
    }
    // Inline element: render it in one go, unless it wraps blocks (a card-like <a><div>…).
    if ((tree.has[node] & Has.Block) === 0) {
      this.addRaw(inlineText(this.ctx, node, InlineMode.Flow));
      return false;
    }
    return true;
  }

  private leave(node: number): void {
    const tree = this.ctx.tree;
    const kind = tree.kind[node];
    switch (kind) {
      case Tag.ul:
      case Tag.ol:
        this.flush();
        if (!isLayoutList(tree, node)) this.lists.pop();
        this.bullet = "";
        this.lastTight = false;
        return;
      case Tag.dl:
        this.flush();
        this.writeLabel();
        this.lastTight = false;
        return;
      case Tag.dt:
        this.closeTerm();
        return;
      case Tag.dd:
        this.flush();
        this.definitionDepth--;
        return;
      case Tag.blockquote:
        this.flush();
        this.quoteDepth--;
        return;
      default:
        if ((TAG_FLAGS[kind] & TagFlag.Block) !== 0) this.flush();
    }
  }

  /** Makes the gathered `<dt>` text the label written in front of the next `<dd>`. */
  private closeTerm(): void {
    const text = this.takeInline();
    if (text !== "") {
      this.writeLabel();
      this.label = text.replace(/\n/g, " ");
    }
  }

  /** Whether `li`'s nearest list ancestor is a rendered (not layout) list. */
  private isInRenderedList(li: number): boolean {
    const tree = this.ctx.tree;
    const p = tree.parent[li];
    const kind = tree.kind[p];
    if (kind !== Tag.ul && kind !== Tag.ol) return true; // a stray <li>: treat as the current list's
    return !isLayoutList(tree, p);
  }

  /** The gathered paragraph as lines (from `<br>`s), whitespace normalised; "" when empty. */
  private takeInline(): string {
    if (this.inline.length === 0) return "";
    const raw = this.inline.length === 1 ? this.inline[0] : this.inline.join("");
    const dirty = this.inlineDirty;
    this.inline = [];
    this.inlineDirty = false;
    this.inlineEndsWithSpace = false;
    if (!dirty) return raw.trim();
    if (!raw.includes("\n")) return collapseSpace(raw).trim();
    let text = "";
    for (const line of raw.split("\n")) {
      const clean = collapseSpace(line).trim();
      if (clean !== "") text += (text === "" ? "" : "\n") + clean;
    }
    return text;
  }

  /** Adds a piece whose whitespace is collapsed already (only single spaces). */
  private addCollapsed(piece: string): void {
    if (piece === "") return;
    if (this.inlineEndsWithSpace && piece.charCodeAt(0) === 32) this.inlineDirty = true;
    this.inlineEndsWithSpace = piece.charCodeAt(piece.length - 1) === 32;
    this.inline.push(piece);
  }

  /** Adds a piece that may hold any whitespace. */
  private addRaw(piece: string): void {
    if (piece === "") return;
    this.inlineDirty = true;
    this.inline.push(piece);
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
  for (let c = tree.firstChild(list); c >= 0 && items < 2; c = tree.nextSibling(c)) {
    if (tree.kind[c] === Tag.li) {
      items++;
      only = c;
    }
  }
  return items === 1 && (tree.has[only] & Has.Pre) !== 0;
}

/** Elements that mark a placeholder in a command's synopsis (`--jobs <em>N</em>`). */
const PLACEHOLDER_TAGS: ReadonlySet<string> = new Set(["em", "var", "i"]);
/** Text between an option term's parts: separators only (`-h, --help`, `--color=WHEN`, `[N]`, `spec…`). */
const TERM_SEPARATORS = /^[\s,=|[\]<>.\u2026]*$/;

/** Longest term read as an option's synopsis when it holds words besides its code (`--config KEY=VALUE or PATH`). */
const OPTION_TERM_CHARS = 80;

/**
 * Whether `<dt>` `term` names a command-line option or the like: it opens
 * with code, and besides code holds only placeholders and separators
 * (`<code>-j</code> <em>N</em>`, as mdbook, DocBook and texinfo write a
 * manual's options), or its code is an option (`-`, `+`) and the term is a
 * short synopsis (`<code>--config</code> <em>KEY</em>=<em>VALUE</em> or
 * <em>PATH</em>`). Such a term renders as one code span.
 */
function isOptionTerm(ctx: RenderContext, term: number): boolean {
  const tree = ctx.tree;
  const stack: number[] = [];
  tree.pushChildren(term, stack);
  let first = -1;
  let onlyParts = true;
  while (stack.length > 0) {
    const n = stack.pop() as number;
    const kind = tree.kind[n];
    if (tree.isText(n)) {
      if (TERM_SEPARATORS.test(tree.rawText(n))) continue;
      if (first < 0) return false;
      onlyParts = false;
    } else if ((TAG_FLAGS[kind] & TagFlag.CodeSpan) !== 0) {
      if (first < 0) first = n;
    } else if (kind === Tag.a) tree.pushChildren(n, stack);
    else if (first < 0 || kind !== OTHER || !PLACEHOLDER_TAGS.has(tree.tagName(n))) return false;
  }
  if (first < 0) return false;
  if (onlyParts) return true;
  const code = plainText(ctx, first).trimStart();
  return (code.startsWith("-") || code.startsWith("+")) && plainText(ctx, term).length <= OPTION_TERM_CHARS;
}

/** Longest code span read as the key of a keyed entry. */
const ENTRY_KEY_CHARS = 60;
/** What follows an entry's key: a colon, or a dash between spaces (`: Cargo failed`, ` — Cargo maintains`). */
const ENTRY_SEPARATOR = /^ ?(?::|[-\u2013\u2014] )/;

/**
 * Whether code span `code` (its text `text`) is the key of a keyed entry:
 * it opens a list item, a paragraph or a definition, and a separator
 * follows it (`<li><code>101</code>: Cargo failed to complete.</li>`,
 * `<li><code>CARGO_HOME</code> — Cargo maintains…`). Such an entry is a
 * definition written inline, and its key reads as on the page, as a
 * heading's or an option term's code does; code anywhere else keeps its
 * backticks.
 */
function isEntryKey(tree: HtmlTree, code: number, text: string): boolean {
  const parent = tree.parent[code];
  const kind = tree.kind[parent];
  if ((kind !== Tag.li && kind !== Tag.p && kind !== Tag.dd) || text.length > ENTRY_KEY_CHARS || text.includes("\n"))
    return false;
  for (let c = tree.firstChild(parent); c >= 0; c = tree.nextSibling(c)) {
    if (c === code) {
      const next = tree.nextSibling(c);
      return next >= 0 && tree.isText(next) && ENTRY_SEPARATOR.test(decodeEntities(tree.rawText(next).slice(0, 16)));
    }
    if (!tree.isText(c) || tree.rawText(c).trim() !== "") return false;
  }
  return false;
}

function decodeText(ctx: RenderContext, node: number): string {
  return decodeEntities(ctx.tree.rawText(node));
}

function decodeAttr(value: string | undefined): string {
  return value === undefined ? "" : decodeEntities(value);
}

/** A `<pre>` as a fenced block: its text verbatim (first newline dropped, as browsers do), language from its class. */
function fencedBlock(ctx: RenderContext, pre: number): string {
  let text = plainText(ctx, pre);
  if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
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
  for (let c = tree.firstChild(pre); c >= 0; c = tree.nextSibling(c)) {
    if (tree.kind[c] === Tag.code) {
      const inner = LANGUAGE_CLASS.exec(tree.attr(c, "class") ?? "");
      return inner === null ? "" : inner[1];
    }
  }
  return "";
}
