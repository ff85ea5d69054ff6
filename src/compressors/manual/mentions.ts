/**
 * Lines of a manual page that stay whatever the budget: those that speak of
 * errors and failures (what a command does when it goes wrong is what an
 * agent reading the page most often needs), those that say an option or a
 * form is deprecated or obsolete (what an agent must not write), and enumerated items (`1) …`, `2. …`,
 * the tags of a numbered list, even where wrapping puts one at a line's
 * start). Plain scans over a lower-cased copy: no regex.
 */

/** Word stems that say something went wrong. */
const TROUBLE_STEMS = ["error", "fail", "fatal", "abort", "panic", "crash", "cannot", "unable"] as const;

/** Word stems that say an option or a form is on its way out. */
const DEPRECATION_STEMS = ["deprecat", "obsolete"] as const;

/** Whether `line` speaks of an error or a failure: a stem at a word's start. */
export function isTroubleLine(line: string): boolean {
  return hasStemAtWordStart(line, TROUBLE_STEMS);
}

/** Whether `line` says something is deprecated or obsolete (`Deprecated; use -L`, `is a deprecated alias`). */
export function isDeprecationLine(line: string): boolean {
  return hasStemAtWordStart(line, DEPRECATION_STEMS);
}

function hasStemAtWordStart(line: string, stems: readonly string[]): boolean {
  const text = line.toLowerCase();
  for (const stem of stems) {
    let at = text.indexOf(stem);
    while (at >= 0) {
      const before = at === 0 ? 32 : text.charCodeAt(at - 1);
      if (!((before >= 97 && before <= 122) || (before >= 48 && before <= 57))) return true;
      at = text.indexOf(stem, at + 1);
    }
  }
  return false;
}

/** Whether `line`'s text opens with an enumerator: up to three digits, then `)` or `.` and a space. */
export function isEnumerated(line: string, indent: number): boolean {
  let i = indent;
  while (i < line.length && line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57) i++;
  return (
    i > indent &&
    i - indent <= 3 &&
    (line.charCodeAt(i) === 41 || line.charCodeAt(i) === 46) &&
    line.charCodeAt(i + 1) === 32
  );
}
