/**
 * Profile reports read as logs: what they are read for is where the time or
 * the cost went, and that is a few rows among many routine ones.
 *
 * - callgrind_annotate's function table (under `Ir  file:function`, sorted by
 *   cost): every row of at least {@link HOT_SHARE} % of the program's total
 *   (the hot spots, `6,777,146 (88.22%)  ???:gzwrite [libz.so]`), at most a
 *   cap; the rows below that share are its tail.
 * - gcc's `-ftime-report` (` phase parsing  :   0.40 ( 52%)   0.27 ( 68%)
 *   1.34 ( 53%)    77M ( 60%)`, one row per pass): its header, its `phase`
 *   rows (how the compile splits), its TOTAL, and every pass of at least
 *   {@link HOT_SHARE} % of the wall time.
 * - `python -X importtime` (`import time:  self |  cumulative | package`,
 *   nested imports indented in the last column): every top-level import (what
 *   the program asked for, each with its whole cost) and the imports that
 *   cost most by themselves or with what they imported.
 */

/** A callgrind_annotate table header: event names, then `file:function`. */
const CALLGRIND_TABLE_RE = /^[A-Za-z][\w ]{0,200}file:function\s*$/;
/** A cost row: `7,530,318 (98.02%)  file:function [object]`. */
const CALLGRIND_ROW_RE = /^ *[\d,]{1,20} \( ?(\d{1,3}\.\d\d?)%\) +\S/;
/** Least share of the total (in %) that makes a row a hot spot. */
const HOT_SHARE = 5;

/** The hot rows of callgrind_annotate's function tables in `visible` (at most `cap` a table). */
export function callgrindHotRows(visible: readonly string[], cap: number): number[] {
  const rows: number[] = [];
  for (let i = 0; i < visible.length; i++) {
    if (!visible[i].includes("file:function") || !CALLGRIND_TABLE_RE.test(visible[i])) continue;
    // The header's dash rule, then the rows up to the first line that is none.
    let k = i + 1;
    if (k < visible.length && visible[k].startsWith("---")) k++;
    let kept = 0;
    for (; k < visible.length; k++) {
      const m = CALLGRIND_ROW_RE.exec(visible[k]);
      if (m === null) break;
      if (kept < cap && Number(m[1]) >= HOT_SHARE) {
        rows.push(k);
        kept++;
      }
    }
    i = k - 1;
  }
  return rows;
}

/** The header of `-ftime-report`'s table. */
const TIME_HEADER_RE = /^Time variable +usr +sys +wall/;
/** A pass's row: its name, `:`, then usr, sys and wall times each with its share; the wall share is caught. */
const TIME_ROW_RE =
  /^ \|?[A-Za-z][\w ().,'-]{0,60}: +\d{1,6}\.\d\d \( *\d{1,3}%\) +\d{1,6}\.\d\d \( *\d{1,3}%\) +\d{1,6}\.\d\d \( *(\d{1,3})%\)/;
/** The row of the totals: ` TOTAL   :   0.77   0.40   2.55   129M`. */
const TIME_TOTAL_RE = /^ TOTAL +: /;

/** The outline of gcc's `-ftime-report` tables in `visible` (none when there is no such table). */
export function timeReportRows(visible: readonly string[]): number[] {
  const rows: number[] = [];
  for (let i = 0; i < visible.length; i++) {
    if (!visible[i].startsWith("Time variable") || !TIME_HEADER_RE.test(visible[i])) continue;
    rows.push(i);
    let k = i + 1;
    for (; k < visible.length; k++) {
      const text = visible[k];
      if (TIME_TOTAL_RE.test(text)) {
        rows.push(k);
        break;
      }
      const m = TIME_ROW_RE.exec(text);
      if (m === null) break;
      if (text.startsWith(" phase ") || Number(m[1]) >= HOT_SHARE) rows.push(k);
    }
    i = k;
  }
  return rows;
}

/** One `-X importtime` line: self and cumulative microseconds, then the package, indented by depth. */
const IMPORT_RE = /^import time: +(\d{1,12}) \| +(\d{1,12}) \| ( *)\S/;

/**
 * The outline of `python -X importtime` output in `visible`: its header,
 * every top-level import, and the `top` imports costing most by themselves
 * and the `top` costing most with what they imported. None when it is no such output.
 */
export function importTimeOutline(visible: readonly string[], top: number): number[] {
  const lines: number[] = [];
  const selfCost: [number, number][] = [];
  const cumulative: [number, number][] = [];
  let least = Number.POSITIVE_INFINITY;
  const imports: [number, number][] = [];
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (!text.startsWith("import time:")) continue;
    if (text.startsWith("import time: self [us]")) {
      lines.push(i);
      continue;
    }
    const m = IMPORT_RE.exec(text);
    if (m === null) continue;
    const depth = m[3].length;
    least = Math.min(least, depth);
    imports.push([i, depth]);
    selfCost.push([i, Number(m[1])]);
    cumulative.push([i, Number(m[2])]);
  }
  if (imports.length === 0) return [];
  for (const [i, depth] of imports) if (depth === least) lines.push(i);
  for (const costs of [selfCost, cumulative]) {
    costs.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (let k = 0; k < costs.length && k < top; k++) lines.push(costs[k][0]);
  }
  return lines;
}
