// parseGrepRows rows for the kernel benchmark (bench/kernels.mjs): the WASM
// path, the TS twin, and a plain-JS baseline (split("\n") plus one regex per
// line, which knows none of the ambiguity rules).

const ROW_RE = /^(.*?)([:-])(\d+)\2(.*)$/;

function splitRegexBaseline(text) {
  const rows = [];
  for (const line of text.split("\n")) {
    const m = ROW_RE.exec(line);
    if (m !== null) rows.push(m);
  }
  return rows.length;
}

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  return [
    { kernel: "parseGrepRows", impl: "wasm", fn: (text) => lib.parseGrepRowsWasm(host, text).count },
    { kernel: "parseGrepRows", impl: "twin", fn: (text) => lib.parseGrepRowsTwin(text).count },
    { kernel: "parseGrepRows", impl: "split+regex", fn: splitRegexBaseline },
  ];
}
