import { stripAnsi } from "../kernels/ansi.js";
import { collapseCarriageReturns } from "../kernels/frames.js";
import type { Compressor } from "./types.js";
import { dropErasedLines } from "./terminal/erased-lines.js";
import { dropStatusOverlays } from "./terminal/status-overlays.js";

/**
 * Cleans what a pty received into the lines a person would read: status lines
 * drawn on a fixed row moved out of the text they interrupted
 * (terminal/status-overlays.ts), lines a live
 * display erased before redrawing (terminal/erased-lines.ts) dropped, CR-redrawn
 * frames (progress bars, spinners) collapsed to their last frame, then ANSI
 * escapes stripped. Frames collapse first because the redraw escapes
 * (`ESC[1G`, `ESC[K`) are what mark them. The cleaned text is routed again
 * (usually to the log chain). Dropping escapes changes bytes, so this step
 * counts as lossy and runs only when the original can be stored.
 *
 * `\r`-terminated records are records, never frames: when most pieces after
 * a bare CR open with a timestamp (a syslog written with CR line ends), every
 * bare CR becomes a line end before anything collapses, since records of one
 * log share long prefixes and would otherwise pass for redraws of each other.
 * A bare CR left after collapsing (the last frame, then a line printed over
 * it: apt's `(Reading database ... 100%` then its final count) also becomes a
 * line end in text that has LF line ends: both pieces were written, and the
 * text is then routed as lines. A CR-only file stays as it is.
 */
export const terminalCompressor: Compressor = {
  name: "terminal",
  compress(input) {
    if (!input.canDrop) return null;
    const records = hasCrRecords(input.text) ? crToLf(input.text) : input.text;
    const text = dropErasedLines(dropStatusOverlays(records));
    const collapsed = collapseCarriageReturns(text);
    const stripped = stripAnsi(collapsed);
    // A CR-only file (no LF at all) is records the router reads as they are.
    const clean = stripped.includes("\n") ? crToLf(stripped) : stripped;
    if (clean === input.text) return null;
    return {
      output: clean,
      lossy: true,
      reroute: true,
      detail: {
        erasedCharsRemoved: records.length - text.length,
        frameCharsRemoved: text.length - collapsed.length,
        ansiCharsRemoved: collapsed.length - stripped.length,
      },
    };
  },
};

/** A record's opening: an ISO date, a syslog date, a dmesg stamp, or a `[date]`. */
const RECORD_START_RE =
  /^(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d |\[ *\d+\.\d+\] |\[\d{1,4}[-/][\w/-]+[ :T]\d\d:\d\d)/;
/** Pieces after bare CRs looked at, at most. */
const SAMPLED_PIECES = 64;

/** Whether most pieces that follow a bare CR open like log records (at least 3 of them). */
export function hasCrRecords(text: string): boolean {
  let pieces = 0;
  let records = 0;
  for (let i = text.indexOf("\r"); i !== -1 && pieces < SAMPLED_PIECES; i = text.indexOf("\r", i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next === 10 || i + 1 >= text.length) continue;
    pieces++;
    // A timestamp is short: 40 characters hold any of the shapes above.
    if (RECORD_START_RE.test(text.slice(i + 1, i + 41))) records++;
  }
  return records >= 3 && 3 * records >= 2 * pieces;
}

/** Every bare CR (one not before LF, nor ending the text) as a line end. */
export function crToLf(text: string): string {
  let i = text.indexOf("\r");
  if (i === -1) return text;
  let out = "";
  let from = 0;
  for (; i !== -1; i = text.indexOf("\r", i + 1)) {
    if (i + 1 >= text.length || text.charCodeAt(i + 1) === 10) continue;
    out += `${text.slice(from, i)}\n`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
