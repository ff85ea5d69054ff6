// Log-mask rows for the kernel benchmark (bench/kernels.mjs): the masked-token
// hashes of every line, in WASM (one call over the whole log) and in the TS
// twin (`maskTokens` per line, then hashed). Both rows take the same line
// index, built once per input outside the timing.

import { lineIndexCache } from "../line-index-cache.mjs";

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  const linesOf = lineIndexCache(lib);
  return [
    { kernel: "logMask", impl: "wasm", fn: (text) => lib.maskLinesWasm(host, linesOf(text)).flags.length },
    { kernel: "logMask", impl: "twin", fn: (text) => lib.maskLinesTwin(linesOf(text)).flags.length },
  ];
}
