import { describe, expect, it } from "vitest";
import { ATTR_NAMES, scanHtml, type Attrs } from "../../../src/compressors/html/tokenizer.js";
import { Has, HtmlTree, ROOT } from "../../../src/compressors/html/tree.js";

type Event = ["open", string, Record<string, string> | null] | ["close", string] | ["text", string];

/** A tag's attributes by name, their values read from `html`. */
function values(html: string, attrs: Attrs | null): Record<string, string> | null {
  if (attrs === null) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < attrs.count; i++) out[ATTR_NAMES[attrs.name[i]]] = html.slice(attrs.start[i], attrs.end[i]);
  return out;
}

function events(html: string): Event[] {
  const out: Event[] = [];
  scanHtml(html, {
    openTag: (name, _kind, attrs) => out.push(["open", name, values(html, attrs)]),
    closeTag: (name) => out.push(["close", name]),
    text: (start, end) => out.push(["text", html.slice(start, end)]),
  });
  return out;
}

/** The tree as an S-expression: `(div (p "a") "b")`. */
function shape(tree: HtmlTree, node = ROOT): string {
  if (tree.isText(node)) return JSON.stringify(tree.rawText(node));
  const kids: string[] = [];
  for (let c = tree.firstChild(node); c >= 0; c = tree.nextSibling(c)) kids.push(shape(tree, c));
  if (node === ROOT) return kids.join(" ");
  return `(${[tree.tagName(node), ...kids].join(" ")})`;
}

describe("scanHtml", () => {
  it("reports tags with lowercased names and the attributes the extractor reads", () => {
    expect(events(`<DIV Class="a b" data-x=1 id=main HIDDEN>t</div>`)).toEqual([
      ["open", "div", { class: "a b", id: "main", hidden: "" }],
      ["text", "t"],
      ["close", "div"],
    ]);
  });

  it("keeps the attributes it reads in any case, the first of duplicates winning, and skips the rest", () => {
    expect(events(`<P ARIA-HIDDEN=true Role='main' STYLE="a" aria_hidden=x data-id=1 id=a ID=b>t</P>`)).toEqual([
      ["open", "p", { "aria-hidden": "true", role: "main", style: "a", id: "a" }],
      ["text", "t"],
      ["close", "p"],
    ]);
  });

  it("reports unknown elements by their lowercased name", () => {
    expect(events(`<My-Widget>x</MY-WIDGET>`)).toEqual([
      ["open", "my-widget", null],
      ["text", "x"],
      ["close", "my-widget"],
    ]);
  });

  it("skips comments, doctypes, processing instructions and conditional comments", () => {
    expect(events(`<!DOCTYPE html><!-- <p>no</p> --><?xml x?><!--[if lt IE 9]><script></script><![endif]-->a`)).toEqual(
      [["text", "a"]],
    );
  });

  it("reads script content as text up to its own end tag, whatever it holds", () => {
    expect(events(`<script>if (a < b && "</div>") x();</SCRIPT >after`)).toEqual([
      ["open", "script", null],
      ["text", `if (a < b && "</div>") x();`],
      ["close", "script"],
      ["text", "after"],
    ]);
  });

  it("runs an unclosed script, comment or quote to the end without throwing", () => {
    expect(events("<p>a<script>never closed <b>")).toEqual([
      ["open", "p", null],
      ["text", "a"],
      ["open", "script", null],
      ["text", "never closed <b>"],
      ["close", "script"],
    ]);
    expect(events("a<!-- open comment <p>x")).toEqual([["text", "a"]]);
    expect(events(`a<a href="unterminated>b`)).toEqual([["text", "a"]]);
  });

  it("keeps a lone '<' as text", () => {
    expect(events("a < b <3 <")).toEqual([["text", "a < b <3 <"]]);
  });
});

describe("HtmlTree", () => {
  it("closes an open paragraph at a block start, as browsers do", () => {
    expect(shape(HtmlTree.parse("<p>one<pre>two</pre><p>three<div>four</div>"))).toBe(
      `(p "one") (pre "two") (p "three") (div "four")`,
    );
  });

  it("closes open list items, definition terms and table cells at their siblings", () => {
    expect(shape(HtmlTree.parse("<ul><li>a<li>b</ul><dl><dt>k<dd>v</dl>"))).toBe(
      `(ul (li "a") (li "b")) (dl (dt "k") (dd "v"))`,
    );
    expect(shape(HtmlTree.parse("<table><tr><td>1<td>2<tr><td>3</table>"))).toBe(
      `(table (tr (td "1") (td "2")) (tr (td "3")))`,
    );
  });

  it("gives void elements no children and ignores stray end tags", () => {
    expect(shape(HtmlTree.parse("<p>a<br>b<img src=x>c</span></p>"))).toBe(`(p "a" (br) "b" (img) "c")`);
  });

  it("closes everything up to an end tag's element", () => {
    expect(shape(HtmlTree.parse("<div><p><b>x</div>y"))).toBe(`(div (p (b "x"))) "y"`);
  });

  it("honours <x/> only inside SVG", () => {
    expect(shape(HtmlTree.parse("<div/>a</div><svg><path/>b</svg>"))).toBe(`(div "a") (svg (path) "b")`);
  });

  it("builds 10 000 nested divs without recursion and numbers subtrees in document order", () => {
    const tree = HtmlTree.parse("<div>".repeat(10_000) + "deep" + "</div>".repeat(10_000) + "<p>after</p>");
    expect(tree.size).toBe(10_000 + 1 + 2 + 1);
    expect(tree.subtreeEnd[1]).toBe(10_002);
    expect(tree.textLength[1]).toBe(4);
  });

  it("summarises what each subtree holds", () => {
    const tree = HtmlTree.parse("<div><section><h2>t</h2><pre>x</pre></section></div><main><table></table></main>");
    expect(tree.has[1] & (Has.TopHeading | Has.Heading | Has.Pre)).toBe(Has.TopHeading | Has.Heading | Has.Pre);
    expect(tree.has[ROOT] & Has.Main).toBe(Has.Main);
    expect(tree.has[1] & Has.Table).toBe(0);
  });

  it("closes an unknown element by name, leaving other unknown elements open", () => {
    expect(shape(HtmlTree.parse("<x-a><x-b>t</x-a>u"))).toBe(`(x-a (x-b "t")) "u"`);
    expect(shape(HtmlTree.parse("<x-a><x-b>t</x-c>u</x-b>v"))).toBe(`(x-a (x-b "t" "u") "v")`);
  });

  it("grows past its first guess of the node count", () => {
    const html = "<b></b>".repeat(5_000);
    const tree = HtmlTree.parse(html);
    expect(tree.size).toBe(5_001);
    expect(tree.subtreeEnd[ROOT]).toBe(5_001);
  });

  it("answers each element's attributes and each unknown element's name, past its first guess of the page", () => {
    const html =
      `<p id=a class="x y">t</p><x-card role=main HREF='u' id=b id=c></x-card>` + "<i alt=q></i>".repeat(3_000);
    const tree = HtmlTree.parse(html);
    expect([tree.attr(1, "id"), tree.attr(1, "class"), tree.attr(1, "role")]).toEqual(["a", "x y", undefined]);
    expect(tree.hasAttrs(2)).toBe(false); // the text node
    expect([tree.tagName(3), tree.attr(3, "role"), tree.attr(3, "href"), tree.attr(3, "id")]).toEqual([
      "x-card",
      "main",
      "u",
      "b",
    ]);
    expect(tree.has[ROOT] & Has.Main).toBe(Has.Main);
    expect([tree.tagName(tree.size - 1), tree.attr(tree.size - 1, "alt")]).toEqual(["i", "q"]);
    expect([tree.tagName(ROOT), tree.attr(ROOT, "id"), tree.hasAttrs(ROOT)]).toEqual(["#document", undefined, false]);
  });

  it("does not count script or style text as readable text", () => {
    const tree = HtmlTree.parse("<body><script>var x = 1;</script><style>p{}</style>hello</body>");
    expect(tree.textLength[ROOT]).toBe(5);
  });
});
