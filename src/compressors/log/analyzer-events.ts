/**
 * A static analyzer's event path (gcc -fanalyzer, under a warning head):
 * numbered events `(1) entry to ‘main’` … `(34) use after ‘free’ of
 * ‘head’; freed at (33)`, drawn in the margin of quoted source. The event
 * with the highest number is the path's conclusion, what the warning is
 * about, and it stays visible; the events leading there are detail. The
 * highest number, not the last line: the drawing may print a later event
 * above an earlier one on the same source line.
 */

import { diagnosticParts } from "./diagnostic-groups.js";

/** An event of a path: margin bars and spaces, then `(n) ` and its text. */
const EVENT_RE = /^[ |]*\((\d{1,4})\) \S/;

/** The lines of the conclusions of the event paths of `visible` lines (a path of two events or more). */
export function conclusionEvents(visible: readonly string[]): number[] {
  const found: number[] = [];
  let best = -1;
  let bestLine = -1;
  let events = 0;
  const close = (): void => {
    if (events >= 2) found.push(bestLine);
    best = -1;
    bestLine = -1;
    events = 0;
  };
  let inDiagnostic = false;
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (diagnosticParts(text) !== null) {
      close();
      inDiagnostic = true;
      continue;
    }
    if (!inDiagnostic) continue;
    const m = EVENT_RE.exec(text);
    if (m === null) continue;
    events++;
    const n = Number(m[1]);
    if (n > best) {
      best = n;
      bestLine = i;
    }
  }
  close();
  return found;
}
