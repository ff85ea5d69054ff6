import type { CompressorOutput } from "./types.js";

/**
 * The result of a compressor that shows lines of its input and marker lines
 * of its own: joined with the input's line end and ending as the input ends,
 * with the input line each output line shows (`origin`, -1 for a marker).
 * Null when it would not be shorter than the input.
 */
export function keptLinesOutput(
  text: string,
  out: readonly string[],
  origin: readonly number[],
  detail: Record<string, number | string>,
): CompressorOutput | null {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const output = out.join(eol) + (text.endsWith("\n") ? eol : "");
  if (output.length >= text.length) return null;
  return { output, lossy: true, lineOrigin: Int32Array.from(origin), detail };
}
