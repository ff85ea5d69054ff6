/**
 * Status lines drawn off the text's line: a program saves the cursor
 * (`ESC 7` or `ESC[s`), moves it to a fixed row (`ESC[40;0f`, `ESC[24;1H`),
 * draws a status there and restores the cursor (`ESC 8` or `ESC[u`), then
 * goes on writing where it was. apt's `Dpkg::Progress-Fancy` bar on the last
 * row works so, redrawn before every `Setting up …` line. Read as a stream,
 * each redraw lands in front of the next line of text (`Progress: [ 53%]
 * [####…] Setting up shellcheck (0.9.0-1) ...`); on the screen the two never
 * shared a row.
 *
 * Each such overlay is taken out of the line it interrupted. The last one,
 * the last frame of the status, is put back as a line of its own, where it
 * was drawn, when it was drawn at the start of a line. An overlay is only a
 * save, an absolute move and a restore with no line end between them, at
 * most {@link MAX_OVERLAY} characters long; a save without a move (to set a
 * scroll region) is left as it is. Each character is read about once: a
 * failed overlay ends its look at the next save, line end or the cap.
 */

const SAVES = ["\x1b7", "\x1b[s"];
const RESTORES = ["\x1b8", "\x1b[u"];
/** Longest overlay read: a status row of a wide terminal, with its colours. */
const MAX_OVERLAY = 4096;
/** An absolute cursor move (row;column), anchored where it is tried. */
const MOVE_RE = /\x1b\[\d{0,4};\d{0,4}[Hf]/;

/** `text` with every status overlay moved out of the lines it was drawn into. */
export function dropStatusOverlays(text: string): string {
  const saves = new SaveFinder(text);
  let at = saves.at(0);
  if (at === -1) return text;
  const parts: string[] = [];
  let from = 0;
  let last = "";
  let lastPart = -1;
  // Whether the kept text so far ends a line (overlays drawn back to back share their place).
  let atLineStart = true;
  let eol = "\n";
  while (at !== -1) {
    const end = overlayEnd(text, at);
    if (end === -1) {
      at = saves.at(at + 2);
      continue;
    }
    const before = text.slice(from, at);
    parts.push(before);
    if (before.length > 0) {
      atLineStart = before.charCodeAt(before.length - 1) === 10;
      eol = before.endsWith("\r\n") ? "\r\n" : "\n";
    }
    last = atLineStart ? text.slice(at, end) : "";
    lastPart = parts.length;
    parts.push("");
    from = end;
    at = saves.at(end);
  }
  if (lastPart === -1) return text;
  if (last !== "") parts[lastPart] = last + eol;
  parts.push(text.slice(from));
  return parts.join("");
}

/**
 * The save-cursor sequences of a text, in order: each kind's next place is
 * looked up again only once the scan has passed it, so a text with thousands
 * of one kind and none of the other is not searched to its end each time.
 */
class SaveFinder {
  private readonly next = SAVES.map(() => -2);

  constructor(private readonly text: string) {}

  /** The first save at or after `from`, or -1. */
  at(from: number): number {
    let best = -1;
    for (let k = 0; k < SAVES.length; k++) {
      let i = this.next[k];
      if (i !== -1 && i < from) {
        i = this.text.indexOf(SAVES[k], from);
        this.next[k] = i;
      }
      if (i !== -1 && (best === -1 || i < best)) best = i;
    }
    return best;
  }
}

/** The end (past its restore) of the overlay whose save is at `at`, or -1 when it is none. */
function overlayEnd(text: string, at: number): number {
  const limit = Math.min(text.length, at + MAX_OVERLAY);
  let moved = false;
  for (let p = at + 2; p < limit; p++) {
    const c = text.charCodeAt(p);
    if (c === 10 || c === 13) return -1;
    if (c !== 27) continue;
    for (const seq of RESTORES) if (text.startsWith(seq, p)) return moved ? p + seq.length : -1;
    // A second save before any restore: this one is no overlay, and the scan goes on from there.
    for (const seq of SAVES) if (text.startsWith(seq, p)) return -1;
    if (!moved && text.charCodeAt(p + 1) === 91) {
      const m = MOVE_RE.exec(text.slice(p, p + 12));
      moved = m !== null && m.index === 0;
    }
  }
  return -1;
}
