/**
 * Frames a program wiped with spaces: redis-benchmark redraws its live
 * `SET: rps=… avg_msec=…` line by returning to column 1, writing as many
 * spaces as the line had, and returning again (`\r<58 spaces>\r`) before
 * the next frame. A terminal shows none of the wiped frames, but they share
 * too little (every number changes) to pass for redraws of each other, so
 * the CR collapse left them, and each bare CR then became a line end: the
 * cleaned text came out larger than the capture. A frame followed by a run of
 * spaces at least as long is erased here, both pieces dropped, as the
 * terminal did; so are spaces the next frame covers whole. What the program
 * wrote last on the line stays.
 *
 * Only bare CRs separate frames (a CR before LF ends a line). One indexOf
 * scan over the CRs; lines without one are copied untouched.
 */

const CR = 13;
const LF = 10;
const SPACE = 32;

/** Whether `text[from, to)` is one or more spaces and nothing else. */
function isSpaces(text: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== SPACE) return false;
  return true;
}

/** `text` without the frames that a following run of spaces wiped (and without those runs). */
export function dropSpaceWipes(text: string): string {
  let cr = text.indexOf("\r");
  if (cr === -1) return text;
  const parts: string[] = [];
  let copied = 0;
  while (cr !== -1) {
    const lineStart = text.lastIndexOf("\n", cr) + 1;
    let lineEnd = text.indexOf("\n", cr);
    if (lineEnd === -1) lineEnd = text.length;
    // Frames of the line: pieces between bare CRs (trailing CRs end the line).
    let contentEnd = lineEnd;
    while (contentEnd > lineStart && text.charCodeAt(contentEnd - 1) === CR) contentEnd--;
    const starts: number[] = [];
    const ends: number[] = [];
    let from = lineStart;
    for (let i = lineStart; i <= contentEnd; i++) {
      if (i === contentEnd || text.charCodeAt(i) === CR) {
        starts.push(from);
        ends.push(i);
        from = i + 1;
      }
    }
    const kept: string[] = [];
    let wiped = false;
    for (let k = 0; k < starts.length; k++) {
      const next = k + 1;
      if (
        next < starts.length &&
        ends[k] > starts[k] &&
        !isSpaces(text, starts[k], ends[k]) &&
        isSpaces(text, starts[next], ends[next]) &&
        ends[next] - starts[next] >= ends[k] - starts[k]
      ) {
        wiped = true;
        k++;
        continue;
      }
      // Spaces that the next frame covers whole (redis-benchmark's line opens with ` \r`) show nothing.
      if (
        next < starts.length &&
        isSpaces(text, starts[k], ends[k]) &&
        ends[next] - starts[next] >= ends[k] - starts[k]
      ) {
        wiped = true;
        continue;
      }
      kept.push(text.slice(starts[k], ends[k]));
    }
    if (wiped) {
      parts.push(text.slice(copied, lineStart), kept.join("\r"));
      copied = contentEnd;
    }
    cr = lineEnd < text.length && text.charCodeAt(lineEnd) === LF ? text.indexOf("\r", lineEnd + 1) : -1;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join("");
}
