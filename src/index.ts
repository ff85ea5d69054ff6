// pithy's public API. Every export is named here one by one; runtime-specific
// parts (persistent stores, CLI, integrations) live behind subpath exports.

export { createPithy } from "./pipeline.js";
export type { Pithy, PithyOptions, RecallResult } from "./pipeline.js";
export type { CompressResult, ContentType, Fidelity, Hint, Mode, Profile, SkipReason } from "./types.js";
export { CONTENT_TYPES } from "./types.js";

export { admit, admitRouted, decide, globMatch } from "./gate.js";
export type { GateConfig, GateDecision, GateSkip } from "./gate.js";
export { detect } from "./router/detect.js";
export type { Detection } from "./router/detect.js";
export { guardrailViolation, savingsMargin } from "./guardrail.js";
export { salientLines, missingSalient, salientKind } from "./fidelity/salient.js";
export type { SalientLine, SalientKind } from "./fidelity/salient.js";
export type { GuardrailCheck } from "./guardrail.js";
export { MODES, PROFILE_SCALE, DEFAULT_MIN_TOKENS, DEFAULT_MAX_CHARS, optionsFromEnv } from "./config.js";
export type { EnvOptions } from "./config.js";

export { formatMarker, parseMarkers, hasMarker, isMarkerAt, countMarkerOpenings, defuseMarkers } from "./ccr/marker.js";
export type { ParsedMarker } from "./ccr/marker.js";
export { computeKey, isValidKey, normalizeKey } from "./ccr/key.js";
export { MemoryStore } from "./ccr/memory-store.js";
export type { MemoryStoreOptions } from "./ccr/memory-store.js";
export { LazyStore } from "./ccr/lazy-store.js";
export { withNamespace, entryBytes } from "./ccr/store.js";
export type { Store, StoreStats } from "./ccr/store.js";

export { Telemetry } from "./telemetry.js";
export type { TelemetrySnapshot, StrategyStats, CallRecord } from "./telemetry.js";

export type { Compressor, CompressorInput, CompressorOutput } from "./compressors/types.js";
export { defaultChains } from "./compressors/registry.js";
export { JsonValidity } from "./compressors/json/validity.js";
export { runProseModel, PROSE_MODEL_TIMEOUT_MS, PROSE_MODEL_MAX_CHARS } from "./compressors/prose-model.js";
export type {
  ProseModel,
  ProseModelOptions,
  ProseModelReply,
  ProseModelRun,
  ProseModelFailure,
} from "./compressors/prose-model.js";
export type { Chains } from "./compressors/registry.js";

export { compressMessages } from "./messages/compress-messages.js";
export type {
  CompressMessagesOptions,
  CompressMessagesResult,
  ToolResultReport,
  ToolResultSkipReason,
} from "./messages/compress-messages.js";
export { detectShape } from "./messages/detect-shape.js";
export { MESSAGE_SHAPES } from "./messages/shapes/shape.js";
export type { MessageShape } from "./messages/shapes/shape.js";
export { RECALL_TOOL_NAME, RECALL_TOOL_DESCRIPTION, recallTool, recallToolSchema } from "./messages/recall-tool.js";
export type {
  RecallToolFormat,
  RecallToolSchema,
  RecallToolByFormat,
  OpenAIChatRecallTool,
  OpenAIResponsesRecallTool,
  AnthropicRecallTool,
  McpRecallTool,
  AiSdkRecallTool,
} from "./messages/recall-tool.js";
export { withRecallTool, conversationHasMarkers, hasRecallTool } from "./messages/with-recall-tool.js";
export { handleRecall, readRecallCall, recallToolResult } from "./messages/handle-recall.js";
export type { RecallAnswer, RecallRequest, RecallResultFormat } from "./messages/handle-recall.js";

export { estimateTokens } from "./kernels/tokens.js";
export { stripAnsi } from "./kernels/ansi.js";
export { collapseCarriageReturns } from "./kernels/frames.js";
export { LineIndex, stripLineNumbers } from "./kernels/lines.js";
export { sha256Hex } from "./kernels/sha256.js";
export { hash64 } from "./kernels/hash64.js";
export { loadWasm } from "./kernels/wasm.js";

export { PithyError, PithyConfigError, PithyStoreError } from "./errors.js";
export { detectRuntime } from "./runtime.js";
export type { Runtime } from "./runtime.js";
