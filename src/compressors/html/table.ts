/**
 * Data tables as Markdown tables: one line per row, cells as one-line
 * inline text with `|` escaped, the first row as the header. Tables used
 * for layout (a heading, list, `<pre>` or another table inside a cell, a
 * single column, `role="presentation"`) are not tables to a reader: the
 * renderer reads them as ordinary blocks instead.
 */
import type { RenderContext } from "./context.js";
import { InlineMode, inlineText } from "./inline.js";
import { TEXT, Tag } from "./tags.js";
import { Has } from "./tree.js";

/** What in a cell makes its table a layout table. */
const LAYOUT_CONTENT = Has.Heading | Has.Pre | Has.List | Has.Table;

/**
 * The Markdown of table element `table` (caption first when there is one),
 * "" when it has no rows, or null when it is a layout table.
 */
export function renderTable(ctx: RenderContext, table: number): string | null {
  const tree = ctx.tree;
  const role = tree.attr(table, "role");
  if (role !== undefined && /^\s*(presentation|none)\s*$/i.test(role)) return null;
  const rows: string[][] = [];
  let caption = "";
  let row: string[] | null = null;
  const stack: number[] = [];
  tree.pushChildren(table, stack);
  while (stack.length > 0) {
    const node = stack.pop() as number;
    const kind = tree.kind[node];
    if (kind === TEXT || ctx.isDropped(node)) continue;
    if (kind === Tag.td || kind === Tag.th) {
      if ((tree.has[node] & LAYOUT_CONTENT) !== 0) return null;
      if (row === null) rows.push((row = []));
      const cell = inlineText(ctx, node, InlineMode.Line);
      row.push(cell.includes("|") ? cell.replace(/\|/g, "\\|") : cell);
    } else if (kind === Tag.table) {
      return null;
    } else if (kind === Tag.caption) {
      caption = inlineText(ctx, node, InlineMode.Line);
    } else if (kind !== Tag.colgroup) {
      if (kind === Tag.tr) rows.push((row = []));
      tree.pushChildren(node, stack);
    }
  }
  let columns = 0;
  for (const r of rows) if (r.length > columns) columns = r.length;
  if (columns <= 1 && rows.length > 0) return null;
  const nonEmpty = rows.filter((r) => r.some((cell) => cell !== ""));
  if (nonEmpty.length === 0) return caption;
  const lines: string[] = [];
  if (caption !== "") lines.push(caption);
  lines.push(tableRow(nonEmpty[0], columns));
  lines.push("|" + "---|".repeat(columns));
  for (let i = 1; i < nonEmpty.length; i++) lines.push(tableRow(nonEmpty[i], columns));
  return lines.join("\n");
}

function tableRow(cells: readonly string[], columns: number): string {
  let line = "|";
  for (let i = 0; i < columns; i++) {
    const cell = i < cells.length ? cells[i] : "";
    line += cell === "" ? " |" : ` ${cell} |`;
  }
  return line;
}
