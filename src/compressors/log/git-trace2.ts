/**
 * git's trace2 performance target (`GIT_TRACE2_PERF=1`): one event a row,
 * columns between ` | `: time and source place, depth, thread, event,
 * repository, absolute and relative seconds, category, then the detail
 * (`label:do_read_index .git/index`, nested regions' labels opened by dots).
 * A region is printed twice: `region_enter` when it opens and `region_leave`
 * with the same thread, category and label and its elapsed time when it
 * closes. The leave says all the enter does and how long it took, so an enter
 * whose leave follows is detail; everything else (version, start, command,
 * data, exit) stays as the log's other lines do.
 */

/** A trace2 perf row's head: `00:54:24.143262 read-cache.c:2443 ` then ` | d0 | `. */
const ROW_RE = /^\d\d:\d\d:\d\d\.\d{6} \S{1,200} +\| d\d{1,3} \| /;

/** The region_enter rows of `visible` whose region_leave follows (none in any other log). */
export function enteredRegions(visible: readonly string[]): number[] {
  const open = new Map<string, number[]>();
  const lines: number[] = [];
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (text.length > 4000 || !ROW_RE.test(text)) continue;
    const cols = text.split(" | ");
    if (cols.length < 9) continue;
    const event = cols[3].trim();
    if (event !== "region_enter" && event !== "region_leave") continue;
    const key = `${cols[1]}\n${cols[2].trim()}\n${cols[7].trim()}\n${cols.slice(8).join(" | ").trim()}`;
    const stack = open.get(key);
    if (event === "region_enter") {
      if (stack === undefined) open.set(key, [i]);
      else stack.push(i);
    } else if (stack !== undefined && stack.length > 0) {
      lines.push(stack.pop() as number);
    }
  }
  return lines.sort((a, b) => a - b);
}
