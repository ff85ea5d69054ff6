/**
 * What a terminal would show of one log line, for classification and
 * templating only (kept lines are always emitted with their original bytes).
 *
 * Colour logs wrap level words in SGR codes (`ESC[31m✖ name ESC[39m`) and
 * progress bars redraw a line with CRs, so both are removed here: escape
 * sequences are skipped in one linear scan, and of a CR-redrawn line only the
 * last non-empty frame counts. Huge lines are cut to {@link MAX_SCAN}
 * characters so that a 100 000-character line costs no more than a long one.
 */

/** Characters of a line that classification and templating look at. */
export const MAX_SCAN = 2048;

const ESC = 0x1b;
const CR = 0x0d;

/** The visible text of `raw`: ANSI escapes removed, last CR frame, at most {@link MAX_SCAN} chars. */
export function visibleText(raw: string): string {
  let text = raw;
  if (text.indexOf("\r") !== -1) text = lastFrame(text);
  if (text.length > MAX_SCAN * 2) text = text.slice(0, MAX_SCAN * 2);
  if (text.indexOf("\u001b") !== -1) text = stripEscapes(text);
  return text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
}

/** The last frame of a CR-redrawn line that holds more than whitespace. */
function lastFrame(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === CR) end--;
  while (end > 0) {
    const cr = text.lastIndexOf("\r", end - 1);
    const frame = text.slice(cr + 1, end);
    if (frame.trim().length > 0 || cr === -1) return frame;
    end = cr;
  }
  return "";
}

/** Removes CSI (`ESC [ … final`), OSC (`ESC ] … BEL|ESC \`) and two-byte escapes. */
function stripEscapes(text: string): string {
  const n = text.length;
  let out = "";
  let from = 0;
  let i = 0;
  while (i < n) {
    if (text.charCodeAt(i) !== ESC) {
      i++;
      continue;
    }
    out += text.slice(from, i);
    const next = i + 1 < n ? text.charCodeAt(i + 1) : -1;
    let j = i + 2;
    if (next === 0x5b) {
      // CSI: parameter and intermediate bytes 0x20–0x3f, then one final byte 0x40–0x7e.
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c < 0x20 || c > 0x3f) break;
        j++;
      }
      if (j < n) j++;
    } else if (next === 0x5d) {
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === 0x07) {
          j++;
          break;
        }
        if (c === ESC && j + 1 < n && text.charCodeAt(j + 1) === 0x5c) {
          j += 2;
          break;
        }
        j++;
      }
    } else if (next === -1) {
      j = n;
    }
    i = j;
    from = j;
  }
  return from === 0 ? text : out + text.slice(from);
}
