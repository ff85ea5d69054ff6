// sha256Hex rows for the kernel benchmark (bench/kernels.mjs): the WASM path,
// the TS twin, the dispatcher, hash-wasm's SHA-256 and node:crypto (native,
// with SHA extensions where the CPU has them: what computeKey uses in Node and
// Deno, see src/kernels/sha256-native.ts).
import { createHash } from "node:crypto";
import { createSHA256 } from "hash-wasm";

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  // hash-wasm's one-shot functions are async; a reused hasher is its sync path.
  const hasher = await createSHA256();
  return [
    { kernel: "sha256Hex", impl: "wasm", fn: (text) => lib.sha256HexWasm(host, text) },
    { kernel: "sha256Hex", impl: "twin", fn: (text) => lib.sha256HexTwin(text) },
    { kernel: "sha256Hex", impl: "dispatch", fn: (text) => lib.sha256Hex(text) },
    { kernel: "sha256Hex", impl: "hash-wasm", fn: (text) => hasher.init().update(text).digest("hex") },
    { kernel: "sha256Hex", impl: "node:crypto", fn: (text) => createHash("sha256").update(text).digest("hex") },
  ];
}
