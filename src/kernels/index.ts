// The kernels' public face: each function picks the WASM module or its TS twin
// by input size and availability (see each kernel's file for its crossover).
export { loadWasm, wasmHost, setWasmEnabled } from "./wasm.js";
export { estimateTokens, estimateTokensTwin, estimateTokensWasm } from "./tokens.js";
export { stripAnsi, stripAnsiTwin, stripAnsiWasm, hasAnsi } from "./ansi.js";
export { collapseCarriageReturns, collapseCarriageReturnsTwin, collapseCarriageReturnsWasm } from "./frames.js";
export { LineIndex, stripLineNumbers, stripLineNumbersTwin, stripLineNumbersWasm } from "./lines.js";
export {
  parseGrepRow,
  parseGrepRows,
  parseGrepRowsTwin,
  parseGrepRowsWasm,
  isGroupSeparator,
  GrepRows,
  type GrepRow,
} from "./grep.js";
export { hash64, hash64Twin, hash64Wasm, hash64Key, hash64KeyTwin, hash64KeyWasm } from "./hash64.js";
export { sha256Hex, sha256HexTwin, sha256HexWasm, sha256Bytes, sha256BytesTwin, sha256BytesWasm } from "./sha256.js";
export {
  maskLines,
  maskLinesTwin,
  maskLinesWasm,
  maskedTokenHash,
  MaskedLines,
  LOG_MASK_WASM_MIN,
  TOKEN_PLACEHOLDER,
  TOKEN_WILDCARD,
  type LineMaskTable,
} from "./log-mask.js";
export {
  lineHints,
  lineHintsTwin,
  lineHintsWasm,
  LOG_HINTS_WASM_MIN,
  LINE_MAY_HAVE_LEVEL,
  LINE_MAY_NAME_ANOMALY,
} from "./log-hints.js";
