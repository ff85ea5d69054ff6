// hash64 rows for the kernel benchmark (bench/kernels.mjs): the WASM path, the
// TS twin, the dispatcher, the numeric Map-key form, and the npm peers that
// compute the same XXH64 of the UTF-8 string: xxhash-wasm (`h64` returns a
// bigint, `h64ToString` the same 16 hex chars as ours) and hash-wasm.
import xxhash from "xxhash-wasm";
import { createXXHash64 } from "hash-wasm";

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  const { h64, h64ToString } = await xxhash();
  // hash-wasm's one-shot functions are async; a reused hasher is its sync path.
  const hasher = await createXXHash64();
  return [
    { kernel: "hash64", impl: "wasm", fn: (text) => lib.hash64Wasm(host, text) },
    { kernel: "hash64", impl: "twin", fn: (text) => lib.hash64Twin(text) },
    { kernel: "hash64", impl: "dispatch", fn: (text) => lib.hash64(text) },
    { kernel: "hash64", impl: "key (wasm)", fn: (text) => lib.hash64KeyWasm(host, text) },
    { kernel: "hash64", impl: "xxhash-wasm h64", fn: (text) => h64(text) },
    { kernel: "hash64", impl: "xxhash-wasm h64ToString", fn: (text) => h64ToString(text) },
    { kernel: "hash64", impl: "hash-wasm", fn: (text) => hasher.init().update(text).digest("hex") },
  ];
}
