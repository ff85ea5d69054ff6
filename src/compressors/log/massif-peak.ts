/**
 * Valgrind massif's report (`ms_print`): a graph, a table of snapshots and,
 * under some rows of the table, a detailed snapshot's allocation tree:
 *
 *      Detailed snapshots: [5, 15 (peak), 25]
 *     …
 *      15      6,973,249          297,592          297,487           105            0
 *     99.96% (297,487B) (heap allocation functions) malloc/new/new[], --alloc-fns, etc.
 *     ->22.02% (65,536B) 0x485CE18: deflateInit2_ (in /usr/lib/x86_64-linux-gnu/libz.so.1.2.13)
 *     | ->22.02% (65,536B) 0x4868132: ??? (in /usr/lib/x86_64-linux-gnu/libz.so.1.2.13)
 *     …
 *
 * The peak's tree is what the report is read for (who held the memory when
 * most was held), yet its lines share their templates with every other
 * tree's. The peak snapshot's row and its whole tree stay, up to the next
 * table; the other trees are read as any other lines.
 */

/** The line naming the detailed snapshots, the peak among them: ` Detailed snapshots: [5, 15 (peak), 25]`. */
const DETAILED = " Detailed snapshots: [";
/** The separator line that opens each table: `------…`. */
const SEPARATOR = "----------";
/** Most lines of a peak's tree kept (ms_print's threshold keeps trees short; a deep one is cut). */
const MAX_TREE_LINES = 400;

/** The peak snapshot's row and tree as `[from, to)` line indexes, or null when `visible` holds none. */
export function massifPeak(visible: readonly string[]): [number, number] | null {
  const n = visible.length;
  let at = -1;
  let peak = "";
  for (let i = 0; i < n; i++) {
    const text = visible[i];
    if (!text.startsWith(DETAILED)) continue;
    // The number before ` (peak)`: digits only, back to the `[` or `, ` before them.
    const mark = text.indexOf(" (peak)", DETAILED.length);
    let from = mark;
    while (from > DETAILED.length && isDigit(text.charCodeAt(from - 1))) from--;
    if (mark < 0 || from === mark || (from > DETAILED.length && text.charCodeAt(from - 1) !== 32)) return null;
    at = i;
    peak = text.slice(from, mark);
    break;
  }
  if (at < 0) return null;
  for (let i = at + 1; i < n; i++) {
    if (!isRowOf(visible[i], peak)) continue;
    let end = i + 1;
    while (end < n && end - i <= MAX_TREE_LINES && !visible[end].startsWith(SEPARATOR)) end++;
    return [i, end];
  }
  return null;
}

/** Whether `text` is the table row of snapshot `n`: spaces, the number, spaces, a digit. */
function isRowOf(text: string, n: string): boolean {
  let p = 0;
  while (p < text.length && text.charCodeAt(p) === 32) p++;
  if (p === 0 || !text.startsWith(n, p)) return false;
  p += n.length;
  if (p >= text.length || text.charCodeAt(p) !== 32) return false;
  while (p < text.length && text.charCodeAt(p) === 32) p++;
  return isDigit(text.charCodeAt(p));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
