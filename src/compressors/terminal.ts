import { stripAnsi } from "../kernels/ansi.js";
import { collapseCarriageReturns } from "../kernels/frames.js";
import type { Compressor } from "./types.js";
import { dropErasedLines } from "./terminal/erased-lines.js";
import { dropSpaceWipes } from "./terminal/space-wipes.js";
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
 *
 * A pager's capture (`less`, `more`, a REPL's `help()`) ends at its prompt:
 * `(END)`, `--More--(26%)`, `lines 1-40/300 12%`. The prompt says where the
 * reader stopped, and the screen above it is what they saw last; both are
 * the terminal's, not the document's, so they end the output as they are
 * while the document's pages before them are routed on (a Markdown page
 * would drop `[vm]: vm.md` definitions and the prompt as boilerplate).
 */
export const terminalCompressor: Compressor = {
  name: "terminal",
  compress(input) {
    if (!input.canDrop) return null;
    const records = hasCrRecords(input.text) ? crToLf(input.text) : input.text;
    const text = dropSpaceWipes(dropErasedLines(dropStatusOverlays(records)));
    const collapsed = collapseCarriageReturns(text);
    const stripped = stripAnsi(collapsed);
    // A CR-only file (no LF at all) is records the router reads as they are.
    const clean = stripped.includes("\n") ? crToLf(stripped) : stripped;
    if (clean === input.text) return null;
    const screen = pagerScreenStart(withPagerPrompt(clean, input.text));
    const pinned = screen === -1 ? null : withPagerPrompt(clean, input.text);
    return {
      output: pinned === null ? clean : pinned.slice(0, screen),
      ...(pinned === null ? {} : { pinnedTail: pinned.slice(screen) }),
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

/**
 * A pager's prompt on the last line of a capture: less's `(END)` (also
 * pydoc's `… (END) (press h for help or q to quit)`), its `lines 1-40/300
 * 12%` and `byte 2048/9000 22%`, more's `--More--` with or without its percentage.
 */
const PAGER_PROMPT_RE = /(?:\(END\)|--More--(?:\(\d{1,3}%\))?|\b(?:lines \d+-\d+|byte \d+)\/\d+ \d{1,3}%)/;
/** Longest prompt line read. */
const PAGER_PROMPT_MAX = 200;
/** Rows of the last screen kept above the prompt: the classic terminal's height, the least a screen shows. */
const PAGER_SCREEN_ROWS = 24;

/** Characters at the end of a capture read for a pager's last prompt. */
const PROMPT_WINDOW = 512;

/**
 * `clean` ending with the pager prompt that ends the raw capture, when the
 * pager erased it on quitting (more's `--More--(26%)` then `\r ESC[K`):
 * erased or not, it is where the reader stopped.
 */
function withPagerPrompt(clean: string, raw: string): string {
  const tail = stripAnsi(raw.slice(Math.max(0, raw.length - PROMPT_WINDOW)));
  let end = tail.length;
  while (end > 0 && tail.charCodeAt(end - 1) <= 32) end--;
  const start = Math.max(tail.lastIndexOf("\n", end - 1), tail.lastIndexOf("\r", end - 1)) + 1;
  const prompt = tail.slice(start, end);
  if (prompt.length === 0 || prompt.length > PAGER_PROMPT_MAX || !PAGER_PROMPT_RE.test(prompt)) return clean;
  let cleanEnd = clean.length;
  while (cleanEnd > 0 && clean.charCodeAt(cleanEnd - 1) <= 32) cleanEnd--;
  if (clean.slice(0, cleanEnd).endsWith(prompt)) return clean;
  return `${clean.slice(0, cleanEnd)}\n${prompt}\n`;
}

/**
 * Where a pager's last screen starts in cleaned `text` (the rows above its
 * closing prompt, then the prompt), or -1 when the text does not end at a pager prompt.
 */
export function pagerScreenStart(text: string): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) <= 32) end--;
  const lineStart = text.lastIndexOf("\n", end - 1) + 1;
  if (end - lineStart > PAGER_PROMPT_MAX || !PAGER_PROMPT_RE.test(text.slice(lineStart, end))) return -1;
  let at = lineStart;
  for (let rows = 0; rows < PAGER_SCREEN_ROWS && at > 0; rows++) at = text.lastIndexOf("\n", at - 2) + 1;
  return at;
}

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
