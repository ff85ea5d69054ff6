// stripAnsi rows for the kernel benchmark (bench/kernels.mjs): the WASM path,
// the TS twin, the npm `strip-ansi` package, and strip-ansi behind the same
// indexOf pre-check the dispatcher uses (the fair peer on sparse escapes).
import stripAnsiPeer from "strip-ansi";

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  return [
    { kernel: "stripAnsi", impl: "wasm", fn: (text) => lib.stripAnsiWasm(host, text) },
    { kernel: "stripAnsi", impl: "twin", fn: (text) => lib.stripAnsiTwin(text) },
    { kernel: "stripAnsi", impl: "dispatch", fn: (text) => lib.stripAnsi(text) },
    { kernel: "stripAnsi", impl: "strip-ansi", fn: (text) => stripAnsiPeer(text) },
    {
      kernel: "stripAnsi",
      impl: "strip-ansi+indexOf",
      fn: (text) => (text.indexOf("\x1b") === -1 ? text : stripAnsiPeer(text)),
    },
  ];
}
