import { stripAnsi } from "../kernels/ansi.js";
import { collapseCarriageReturns } from "../kernels/frames.js";
import type { Compressor } from "./types.js";

/**
 * Cleans what a pty received into the lines a person would read: CR-redrawn
 * frames (progress bars, spinners) collapsed to their last frame, then ANSI
 * escapes stripped; `\r`-separated records are left alone. Frames collapse
 * first because the redraw escapes (`ESC[1G`, `ESC[K`) are what mark them. The cleaned text is
 * routed again (usually to the log chain). Dropping escapes changes bytes, so
 * this step counts as lossy and runs only when the original can be stored.
 */
export const terminalCompressor: Compressor = {
  name: "terminal",
  compress(input) {
    if (!input.canDrop) return null;
    const collapsed = collapseCarriageReturns(input.text);
    const clean = stripAnsi(collapsed);
    if (clean === input.text) return null;
    return {
      output: clean,
      lossy: true,
      reroute: true,
      detail: {
        frameCharsRemoved: input.text.length - collapsed.length,
        ansiCharsRemoved: collapsed.length - clean.length,
      },
    };
  },
};
