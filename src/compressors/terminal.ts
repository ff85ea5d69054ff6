import { stripAnsi } from "../kernels/ansi.js";
import { collapseCarriageReturns } from "../kernels/frames.js";
import type { Compressor } from "./types.js";

/**
 * Cleans what a pty received into the lines a person would read: ANSI
 * escapes stripped, CR-redrawn frames (progress bars, spinners) collapsed to
 * their last frame, `\r`-separated records left alone. The cleaned text is
 * routed again (usually to the log chain). Dropping escapes changes bytes, so
 * this step counts as lossy and runs only when the original can be stored.
 */
export const terminalCompressor: Compressor = {
  name: "terminal",
  compress(input) {
    if (!input.canDrop) return null;
    const clean = stripAnsi(input.text);
    const collapsed = collapseCarriageReturns(clean);
    if (collapsed === input.text) return null;
    return {
      output: collapsed,
      lossy: true,
      reroute: true,
      detail: {
        ansiCharsRemoved: input.text.length - clean.length,
        frameCharsRemoved: clean.length - collapsed.length,
      },
    };
  },
};
