// The kernels' public face (the `pithy/kernels` subpath): each function picks
// the WASM module or its TS twin by input size and availability (see each
// kernel's file for its crossover). The log kernels live with the log
// compressor, their only user.
export { loadWasm, wasmHost, setWasmEnabled } from "./kernels/wasm.js";
export { estimateTokens, estimateTokensTwin, estimateTokensWasm } from "./kernels/tokens.js";
export { stripAnsi, stripAnsiTwin, stripAnsiWasm, hasAnsi } from "./kernels/ansi.js";
export { collapseCarriageReturns, collapseCarriageReturnsTwin, collapseCarriageReturnsWasm } from "./kernels/frames.js";
export { LineIndex, stripLineNumbers, stripLineNumbersTwin, stripLineNumbersWasm } from "./kernels/lines.js";
export {
  parseGrepRow,
  parseGrepRows,
  parseGrepRowsTwin,
  parseGrepRowsWasm,
  isGroupSeparator,
  GrepRows,
  type GrepRow,
} from "./kernels/grep.js";
export { hash64, hash64Twin, hash64Wasm, hash64Key, hash64KeyTwin, hash64KeyWasm } from "./kernels/hash64.js";
export {
  sha256Hex,
  sha256HexTwin,
  sha256HexWasm,
  sha256Bytes,
  sha256BytesTwin,
  sha256BytesWasm,
} from "./kernels/sha256.js";
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
} from "./compressors/log/masked-lines.js";
export {
  lineHints,
  lineHintsTwin,
  lineHintsWasm,
  LOG_HINTS_WASM_MIN,
  LINE_MAY_HAVE_LEVEL,
  LINE_MAY_NAME_ANOMALY,
} from "./compressors/log/line-hints.js";
