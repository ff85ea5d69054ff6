import { scaled, type Compressor } from "./types.js";

/** Above this many characters, content no compressor shrank is cut to a head and a tail. */
export const FALLBACK_CAP = 64 * 1024;
const HEAD_CHARS = 12 * 1024;
const TAIL_CHARS = 6 * 1024;
/** A line longer than this is itself cut (with a marker saying so) rather than kept whole. */
const LONG_LINE = 4 * 1024;

/**
 * The last resort for content no compressor claims (or claimed and could not
 * shrink): below the cap it passes; above it, a head and a tail on line
 * boundaries stay and the middle goes behind one marker, so nobody's context
 * gets a megabyte of raw text.
 */
export const fallbackCompressor: Compressor = {
  name: "fallback",
  lastResort: true,
  compress(input) {
    const { text, scale } = input;
    if (!input.canDrop || text.length <= scaled(FALLBACK_CAP, scale)) return null;
    // Cutting lines out of valid JSON breaks it (and the guardrail would then
    // pass the whole input through): JSON the JSON compressor left this large stays.
    if (input.type === "json" && input.json.parses(text)) return null;
    const lines = input.lines;
    const headBudget = scaled(HEAD_CHARS, scale);
    const tailBudget = scaled(TAIL_CHARS, scale);
    let head = 0;
    let headChars = 0;
    while (head < lines.count && headChars + (lines.end(head) - lines.start(head) + 1) <= headBudget) {
      headChars += lines.end(head) - lines.start(head) + 1;
      head++;
    }
    let tail = lines.count;
    let tailChars = 0;
    while (tail > head && tailChars + (lines.end(tail - 1) - lines.start(tail - 1) + 1) <= tailBudget) {
      tailChars += lines.end(tail - 1) - lines.start(tail - 1) + 1;
      tail--;
    }
    const parts: string[] = [];
    parts.push(lines.slice(0, head));
    let omittedLines = tail - head;
    let from = head;
    // A first line longer than the whole head budget: show its beginning, say the rest was cut.
    if (head === 0 && lines.count > 0 && lines.end(0) - lines.start(0) > LONG_LINE) {
      const cut = lines.start(0) + Math.min(headBudget, LONG_LINE);
      const rest = `${lines.end(0) - cut} more chars of line 1 omitted`;
      parts.push(text.slice(0, cut) + " " + input.marker(rest, { lines: [[0, 1]] }) + "\n");
      from = 1;
      omittedLines--;
    }
    if (from < tail) {
      const chars = (tail < lines.count ? lines.start(tail) : text.length) - lines.start(from);
      parts.push(input.marker(`${omittedLines} lines (${chars} chars) omitted`, { lines: [[from, tail]] }) + "\n");
    }
    parts.push(lines.slice(tail, lines.count));
    const output = parts.join("");
    return {
      output,
      lossy: true,
      detail: { headLines: head, tailLines: lines.count - tail, linesOmitted: Math.max(0, omittedLines) },
    };
  },
};
