import { stripLineNumbers } from "../kernels/lines.js";
import type { Compressor } from "./types.js";

/**
 * A line-numbered read (`cat -n`, `N\t`) of a prose or Markdown document: the
 * numbers cost tokens and say nothing about a document, so they go and the
 * text is routed again to the document path. Reads of code never reach this
 * step (the router calls them code, and code keeps its numbers).
 */
export const docReadCompressor: Compressor = {
  name: "doc_read",
  compress(input) {
    if (!input.canDrop) return null;
    const stripped = stripLineNumbers(input.text);
    if (stripped === null || stripped === input.text) return null;
    return { output: stripped, lossy: true, reroute: true, detail: { lineNumbersStripped: input.lines.count } };
  },
};
