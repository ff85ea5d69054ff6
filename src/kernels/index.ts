// The kernels' public face: each function picks the WASM module or its TS twin
// by input size and availability (see each kernel's file for its crossover).
export { loadWasm, wasmHost, setWasmEnabled } from "./wasm.js";
export { estimateTokens, estimateTokensTwin } from "./tokens.js";
export { stripAnsi, stripAnsiTwin, hasAnsi } from "./ansi.js";
export { collapseCarriageReturns, collapseCarriageReturnsTwin } from "./frames.js";
export { LineIndex, stripLineNumbers, stripLineNumbersTwin } from "./lines.js";
export { parseGrepRow, type GrepRow } from "./grep.js";
export { hash64, hash64Twin } from "./hash64.js";
export { sha256Hex, sha256HexTwin } from "./sha256.js";
