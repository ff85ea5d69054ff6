// Line kernel rows for the kernel benchmark (bench/kernels.mjs): the line
// index (WASM, twin, and `split("\n")` as the plain-JS baseline) and the
// line-number strip (WASM, twin, and a multiline regex replace).

const NUMBER_PREFIX_RE = /^ *\d{1,9}[\t→]/gm;

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  return [
    { kernel: "lineIndex", impl: "wasm", fn: (text) => lib.LineIndex.ofWasm(host, text).count },
    { kernel: "lineIndex", impl: "twin", fn: (text) => lib.LineIndex.ofTwin(text).count },
    { kernel: "lineIndex", impl: 'split("\\n")', fn: (text) => text.split("\n").length },
    { kernel: "stripLineNumbers", impl: "wasm", fn: (text) => lib.stripLineNumbersWasm(host, text) },
    { kernel: "stripLineNumbers", impl: "twin", fn: (text) => lib.stripLineNumbersTwin(text) },
    { kernel: "stripLineNumbers", impl: "regex replace", fn: (text) => text.replace(NUMBER_PREFIX_RE, "") },
  ];
}
