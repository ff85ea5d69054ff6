/**
 * gcc's `-v` account of a compile: its specs and configuration, each
 * program it runs (`cc1`, `as`, `collect2`) with its command line, and the
 * include search it set up: `ignoring nonexistent directory "…"` per
 * directory it dropped, then `#include <...> search starts here:`, one
 * directory a line, `End of search list.`. The search is what `-v` is run
 * for (where does a header come from, why is one not found), and its lines
 * are paths a template masks into one: every directory listed or ignored
 * stays.
 */

const IGNORING_RE = /^ignoring (?:nonexistent|duplicate) directory "/;
const SEARCH_START_RE = /^#include (?:"\.\.\."|<\.\.\.>) search starts here:$/;
const SEARCH_END = "End of search list.";
/** Most directories read as one search list: a longer run is no search list. */
const MAX_LIST = 200;

/** The lines of `visible` that are gcc's include search (none in any other log). */
export function includeSearch(visible: readonly string[]): number[] {
  const lines: number[] = [];
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (text.startsWith("ignoring ") && IGNORING_RE.test(text)) {
      lines.push(i);
      continue;
    }
    if (text.charCodeAt(0) !== 35 /* # */ || !SEARCH_START_RE.test(text)) continue;
    // The quoted and the bracketed lists follow each other; each runs to the next heading or the end.
    let end = i + 1;
    while (end < visible.length && end <= i + MAX_LIST && visible[end].startsWith(" ")) end++;
    if (end < visible.length && (visible[end] === SEARCH_END || SEARCH_START_RE.test(visible[end]))) {
      for (let k = i; k <= end; k++) lines.push(k);
      i = end - 1;
    }
  }
  return lines;
}
