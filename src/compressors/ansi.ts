/**
 * The first link of every chain but the terminal one: ANSI escape sequences
 * (colour, bold, hyperlinks) go before any compressor reads the text, so a
 * coloured test run is read as the log it is and what stays is plain text.
 * The original, colours and all, is what the store keeps (the step is lossy,
 * so it runs only when the original can be stored). Lines stay where they
 * are: markers of later links still name the original's lines.
 */
import { hasAnsi, stripAnsi } from "../kernels/ansi.js";
import type { Compressor } from "./types.js";

/** Strips ANSI escapes, keeping every line. */
export const ansiCompressor: Compressor = {
  name: "ansi",
  compress(input) {
    if (!input.canDrop || !hasAnsi(input.text)) return null;
    const output = stripAnsi(input.text);
    return output === input.text ? null : { output, lossy: true, keepsLines: true };
  },
};
