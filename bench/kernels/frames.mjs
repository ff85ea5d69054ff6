// collapseCarriageReturns rows for the kernel benchmark (bench/kernels.mjs):
// the WASM path, the TS twin, and a plain-JS baseline that splits lines and
// frames with split() and keeps each line's last non-empty frame.

/** Keeps the last non-empty "\r" frame of every line: what split() costs. */
function splitBaseline(text) {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].indexOf("\r") < 0) continue;
    const frames = lines[i].split("\r").filter((f) => f !== "");
    lines[i] = frames.length > 0 ? frames[frames.length - 1] : lines[i];
  }
  return lines.join("\n");
}

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  return [
    { kernel: "collapseCarriageReturns", impl: "wasm", fn: (text) => lib.collapseCarriageReturnsWasm(host, text) },
    { kernel: "collapseCarriageReturns", impl: "twin", fn: (text) => lib.collapseCarriageReturnsTwin(text) },
    { kernel: "collapseCarriageReturns", impl: 'split("\\n")', fn: splitBaseline },
  ];
}
