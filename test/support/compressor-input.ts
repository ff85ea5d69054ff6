// The one way tests build what the pipeline hands a compressor: every field
// has the pipeline's default, and a test names only what it is about.
import { formatMarker } from "../../src/ccr/marker.js";
import { JsonValidity } from "../../src/compressors/json/validity.js";
import type { CompressorInput } from "../../src/compressors/types.js";
import { LineIndex } from "../../src/kernels/lines.js";

/** The key test markers name (32 hex digits, like a real key). */
export const TEST_KEY = "0".repeat(32);

/**
 * A compressor input for `text`: type `unknown`, no hint, default profile,
 * dropping allowed, markers naming `key` ({@link TEST_KEY} unless given), a
 * fresh JSON memo.
 * @example compressorInput(log, { type: "log", scale: 0.5 })
 */
export function compressorInput(text: string, over: Partial<CompressorInput> & { key?: string } = {}): CompressorInput {
  const { key = TEST_KEY, ...fields } = over;
  return {
    text,
    lines: LineIndex.of(text),
    type: "unknown",
    hint: {},
    scale: 1,
    canDrop: true,
    // As the pipeline does for a chain's first link: the input's lines are the original's.
    marker: (summary, place) =>
      formatMarker(
        key,
        summary,
        place === undefined || "path" in place
          ? place
          : { lines: place.lines.map(([from, to]) => [from + 1, to] as [number, number]) },
      ),
    json: new JsonValidity(),
    ...fields,
  };
}
