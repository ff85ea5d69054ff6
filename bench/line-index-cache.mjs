// The line index of the input a kernel row is timed on, built once per input
// outside the timing and kept while the bench calls the row on that input.

/** @param {typeof import("../../src/kernels.ts")} lib */
export function lineIndexCache(lib) {
  let lastText = null;
  let lastLines = null;
  return (text) => {
    if (text !== lastText) {
      lastText = text;
      lastLines = lib.LineIndex.of(text);
    }
    return lastLines;
  };
}
