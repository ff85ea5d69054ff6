/**
 * Lines a live display erased before redrawing itself: vitest, listr2, ink and
 * other log-update renderers repaint a status block by moving the cursor up
 * one line at a time and erasing it (`ESC[K ESC[1A ESC[K ESC[1A … ESC[K`),
 * then print the block again. A pty capture holds every frame; a person saw
 * only the last. This drops what each such run erased, as the terminal did.
 *
 * Only runs where every cursor-up is followed by an erase count: a renderer
 * that moves up to rewrite one line and then moves down again (docker pull's
 * `ESC[3A … ESC[3B`) erases nothing and is left alone. One indexOf scan; the
 * text between runs is copied once.
 */

const ESC = "\x1b[";
const UP = "\x1b[1A";
/** Sequences that may sit in an erase run without changing what it erases. */
const NEUTRAL = ["\x1b[?2026h", "\x1b[?2026l", "\x1b[1G", "\x1b[G"];
const ERASES = ["\x1b[K", "\x1b[0K", "\x1b[2K"];
const IN_RUN = [...ERASES, ...NEUTRAL];

/** `text` with every line an erase-and-move-up run wiped removed (escapes of the run too). */
export function dropErasedLines(text: string): string {
  let at = text.indexOf(UP);
  if (at === -1) return text;
  // Kept text as pieces: an erase cuts lines off the end, touching only what it removes.
  const parts: string[] = [];
  let from = 0;
  while (at !== -1) {
    const start = runStart(text, at, from);
    const run = readRun(text, start);
    if (run.ups > 0) {
      parts.push(text.slice(from, start));
      cutLines(parts, run.ups);
      from = run.end;
    }
    at = text.indexOf(UP, run.end);
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join("");
}

/** Where the run holding the cursor-up at `at` begins: back over erases and neutral sequences. */
function runStart(text: string, at: number, floor: number): number {
  let s = at;
  for (;;) {
    const prev = IN_RUN.find((seq) => s - seq.length >= floor && text.startsWith(seq, s - seq.length));
    if (prev === undefined) return s;
    s -= prev.length;
  }
}

/** The run from `start`: how many lines it moved up erasing (0 when an up is not followed by an erase), and its end. */
function readRun(text: string, start: number): { ups: number; end: number } {
  let p = start;
  let ups = 0;
  let erasing = true;
  while (text.startsWith(ESC, p)) {
    if (text.startsWith(UP, p)) {
      p += UP.length;
      const erase = ERASES.find((seq) => text.startsWith(seq, p));
      if (erase === undefined) erasing = false;
      else {
        ups++;
        p += erase.length;
      }
      continue;
    }
    const seq = IN_RUN.find((e) => text.startsWith(e, p));
    if (seq === undefined) break;
    p += seq.length;
  }
  return { ups: erasing ? ups : 0, end: p };
}

/**
 * Drops the current (partial) line at the end of `parts` and the `count`
 * lines above it: cuts after the (count + 1)-th line end from the end.
 */
function cutLines(parts: string[], count: number): void {
  let need = count + 1;
  while (parts.length > 0) {
    const last = parts[parts.length - 1];
    let p = last.length;
    while (need > 0 && p > 0) {
      const nl = last.lastIndexOf("\n", p - 1);
      if (nl === -1) break;
      need--;
      p = nl;
    }
    if (need === 0) {
      parts[parts.length - 1] = last.slice(0, p + 1);
      return;
    }
    parts.pop();
  }
}
