// Log line hint rows for the kernel benchmark (bench/kernels.mjs): the level
// and anomaly hint byte of every line, in WASM (one SIMD pass over each
// line's first 240 units) and in the TS twin (a regex per line plus one
// regex scan of the whole text). Both rows take the same line index, built
// once per input outside the timing.

import { lineIndexCache } from "../line-index-cache.mjs";

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  const linesOf = lineIndexCache(lib);
  return [
    { kernel: "logHints", impl: "wasm", fn: (text) => lib.lineHintsWasm(host, linesOf(text)).length },
    { kernel: "logHints", impl: "twin", fn: (text) => lib.lineHintsTwin(linesOf(text)).length },
  ];
}
