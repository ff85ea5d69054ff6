import { computeKey, computeKeyAsync, normalizeKey } from "./ccr/key.js";
import { formatMarker, hasMarker } from "./ccr/marker.js";
import { MemoryStore } from "./ccr/memory-store.js";
import { PendingKey } from "./ccr/pending-key.js";
import { withNamespace, type Store } from "./ccr/store.js";
import { defaultChains, type Chains } from "./compressors/registry.js";
import type { Compressor, CompressorInput, CompressorOutput } from "./compressors/types.js";
import { DEFAULT_MAX_CHARS, DEFAULT_MIN_TOKENS, PROFILE_SCALE, checkCount, checkMode, checkProfile } from "./config.js";
import { PithyConfigError, PithyStoreError } from "./errors.js";
import { decide, type GateConfig } from "./gate.js";
import { guardrailViolation } from "./guardrail.js";
import { carryJsonValidity, forgetJsonValidity, parsesAsJson } from "./json-validity.js";
import {
  checkProseModelOptions,
  runProseModel,
  type ProseModel,
  type ProseModelOptions,
} from "./compressors/prose-model.js";
import { loadWasm } from "./kernels/wasm.js";
import { LineIndex } from "./kernels/lines.js";
import { estimateTokens } from "./kernels/tokens.js";
import { detect } from "./router/detect.js";
import { Telemetry, type TelemetrySnapshot } from "./telemetry.js";
import type { CompressResult, ContentType, Hint, Mode, Profile, SkipReason } from "./types.js";

/** Options of {@link createPithy}. Every one is optional. */
export interface PithyOptions {
  /**
   * Where originals are kept for recall. Default: a bounded {@link MemoryStore}.
   * `null`: no store, so nothing is ever dropped (lossless rewrites only).
   */
  store?: Store | null;
  /** `lossy` (default), `lossless` or `off`. Changeable later with `setMode`. */
  mode?: Mode;
  /** `default`, `conservative` (keeps ~2×) or `aggressive` (~½×). Changeable with `setProfile`. */
  profile?: Profile;
  /** Content estimated below this many tokens is left alone. Default 250. */
  minTokens?: number;
  /** Content longer than this many characters is left alone. Default 8 MiB. */
  maxChars?: number;
  /** Tool-name globs whose output is never touched (`mcp__*`). */
  excludeTools?: string[];
  /** `verbatim` keeps every file read as it is (for agents that edit what they read). Default `auto`. */
  reads?: "auto" | "verbatim";
  /** Tenant or session: keys are stored and recalled inside it only. */
  namespace?: string;
  /** Replaces the chain of some content types (advanced: custom compressors). */
  chains?: Partial<Chains>;
  /**
   * A model for prose and Markdown (an LLMLingua-style service, a small LLM):
   * tried first within a latency budget; on timeout, failure or no gain the
   * deterministic path runs. Its own token cost is reported with the savings.
   */
  proseFallback?: ProseModel | Omit<ProseModelOptions, "query" | "signal">;
}

/** The answer of {@link Pithy.recall}. */
export type RecallResult =
  | { found: true; key: string; content: string }
  | { found: false; key?: string; reason: "invalid_key" | "unknown" | "unavailable"; message: string };

/** A configured compressor with its store and telemetry. */
export interface Pithy {
  /**
   * Compresses one tool output. Never throws for content reasons: on any
   * failure the output is the input, byte for byte.
   */
  compress(content: string, hint?: Hint): Promise<CompressResult>;
  /** The exact original behind a key (or a call id), or a plain answer saying why not. */
  recall(keyOrCallId: string): Promise<RecallResult>;
  /** Stores `content` verbatim and returns its key (for callers that offload on their own). */
  archive(content: string): Promise<string>;
  /** A copy of the counters. */
  stats(): TelemetrySnapshot;
  setMode(mode: Mode): void;
  setProfile(profile: Profile): void;
  readonly mode: Mode;
  readonly profile: Profile;
  /** The store originals go to (namespaced when a namespace was given), or null. */
  readonly store: Store | null;
}

const MAX_REROUTES = 2;
const CALL_ALIAS_PREFIX = "pithy-call-id:";

/**
 * Creates a pithy instance: validates the options (bad ones throw
 * {@link PithyConfigError}), loads the WASM kernels once (the TS twins serve
 * where WASM cannot run) and returns the compressor.
 * @example
 * const pithy = await createPithy();
 * const r = await pithy.compress(toolOutput, { tool: "Bash" });
 * console.log(r.output, r.tokensIn, "→", r.tokensOut);
 */
export async function createPithy(options: PithyOptions = {}): Promise<Pithy> {
  const pipeline = new Pipeline(options);
  await loadWasm();
  return pipeline;
}

class Pipeline implements Pithy {
  mode: Mode;
  profile: Profile;
  readonly store: Store | null;
  private readonly gate: GateConfig;
  private readonly chains: Chains;
  private readonly telemetry = new Telemetry();
  private readonly prose: Omit<ProseModelOptions, "query" | "signal"> | null;

  constructor(options: PithyOptions) {
    if (options === null || typeof options !== "object") throw new PithyConfigError("options", "an object", options);
    this.mode = checkMode(options.mode ?? "lossy");
    this.profile = checkProfile(options.profile ?? "default");
    const minTokens = checkCount(options.minTokens ?? DEFAULT_MIN_TOKENS, "minTokens");
    const maxChars = checkCount(options.maxChars ?? DEFAULT_MAX_CHARS, "maxChars");
    const excludeTools = options.excludeTools ?? [];
    if (!Array.isArray(excludeTools) || excludeTools.some((g) => typeof g !== "string")) {
      throw new PithyConfigError("excludeTools", "an array of tool-name globs", excludeTools);
    }
    const reads = options.reads ?? "auto";
    if (reads !== "auto" && reads !== "verbatim") throw new PithyConfigError("reads", "auto or verbatim", reads);
    let store = options.store === undefined ? new MemoryStore() : options.store;
    if (
      store !== null &&
      (typeof store !== "object" || typeof store.put !== "function" || typeof store.get !== "function")
    ) {
      throw new PithyConfigError("store", "a Store (put, get, delete, stats) or null", store);
    }
    if (store !== null && options.namespace !== undefined) store = withNamespace(store, options.namespace);
    this.store = store;
    this.gate = { mode: this.mode, minTokens, maxChars, excludeTools: [...excludeTools], reads };
    this.chains = { ...defaultChains(), ...(options.chains ?? {}) };
    const prose = options.proseFallback;
    this.prose = prose === undefined ? null : typeof prose === "function" ? { model: prose } : prose;
    if (this.prose !== null) checkProseModelOptions(this.prose);
  }

  setMode(mode: Mode): void {
    this.mode = checkMode(mode);
    this.gate.mode = this.mode;
  }

  setProfile(profile: Profile): void {
    this.profile = checkProfile(profile);
  }

  stats(): TelemetrySnapshot {
    return this.telemetry.snapshot();
  }

  async compress(content: string, hint: Hint = {}): Promise<CompressResult> {
    const started = now();
    let result: CompressResult;
    try {
      result = await this.run(content, hint ?? {});
    } catch (error) {
      this.telemetry.recordFailOpen("pipeline", error);
      result = passthrough(content, "error", "unknown", 0);
    } finally {
      forgetJsonValidity();
    }
    const modelMs = typeof result.detail.modelMs === "number" ? result.detail.modelMs : undefined;
    this.telemetry.recordCall({ ...result, ms: now() - started, modelMs });
    return result;
  }

  private async run(content: string, hint: Hint): Promise<CompressResult> {
    if (typeof content !== "string") content = String(content ?? "");
    if (this.mode === "off") return passthrough(content, "mode_off", "unknown", 0);
    const tokensIn = content.length === 0 ? 0 : estimateTokens(content);
    // No line index up front: the router samples the head, and some compressors (JSON, HTML) never ask.
    const decision = decide(content, tokensIn, hint, this.gate);
    if (decision.action === "skip") return passthrough(content, decision.reason ?? "error", decision.klass, tokensIn);

    // A large input is hashed on another thread while the chain runs (ccr/pending-key.ts).
    const pending = PendingKey.start(content);
    const canDrop = this.mode === "lossy" && this.store !== null;
    const modelDetail: Record<string, number | string> = {};
    let run: ChainRun | null = null;
    if (canDrop && this.prose !== null && (decision.klass === "prose" || decision.klass === "markdown")) {
      run = await this.runModel(content, hint, await pending.key(), modelDetail);
    }
    if (run === null) {
      run = this.runChain(content, decision.klass, hint, pending.markerKey, canDrop);
      if (run !== null) {
        const settled = pending.settle(run.output, await pending.key());
        carryJsonValidity(run.output, settled);
        run.output = settled;
      }
    }
    const key = await pending.key();
    let storeNote: string | undefined;
    if (run?.lossy) {
      const stored = await this.keep(key, content, hint.callId);
      if (!stored.ok) {
        storeNote = stored.why;
        // The original is not safe: only lossless output may leave.
        run = this.runChain(content, decision.klass, hint, key, false);
      }
    }
    if (run === null) return passthrough(content, "no_gain", decision.klass, tokensIn, storeNote);

    let output = run.output;
    // Lossy output with no marker (ANSI stripped, say) still needs a way back to the original.
    if (run.lossy && !hasMarker(output)) {
      output +=
        (output.endsWith("\n") || output.length === 0 ? "" : "\n") + formatMarker(key, "original before cleaning");
    }
    const tokensOut = estimateTokens(output);
    const violation = guardrailViolation({
      input: content,
      output,
      tokensIn,
      tokensOut,
      key,
      inputIsJson: decision.klass === "json" && parsesAsJson(content),
    });
    if (violation !== null) {
      const reason: SkipReason = tokensOut >= tokensIn ? "no_gain" : "guardrail";
      return passthrough(content, reason, decision.klass, tokensIn, violation);
    }
    const detail = { ...run.detail, ...modelDetail };
    if (storeNote !== undefined) detail.store = storeNote;
    if (typeof modelDetail.modelInputTokens === "number" && run.strategy[0] === "prose-model") {
      // The model's own tokens are a cost of this saving: report what is left.
      detail.netTokensSaved =
        tokensIn - tokensOut - modelDetail.modelInputTokens - (Number(modelDetail.modelOutputTokens) || 0);
    }
    if (run.type !== decision.klass) detail.reroutedTo = run.type;
    return {
      output,
      action: "compressed",
      // The type the router chose; a reroute shows in the strategy (`terminal+log`).
      type: decision.klass,
      strategy: run.strategy.join("+"),
      key: run.lossy ? key : undefined,
      bytesIn: utf8Length(content),
      bytesOut: utf8Length(output),
      tokensIn,
      tokensOut,
      detail,
    };
  }

  /**
   * Runs the chain of `type` over `content`: each link gets the previous
   * link's output; reroutes send the text through the router again.
   */
  private runChain(content: string, type: ContentType, hint: Hint, key: string, canDrop: boolean): ChainRun | null {
    const scale = PROFILE_SCALE[this.profile];
    const marker = (summary: string) => formatMarker(key, summary);
    let text = content;
    let current = type;
    let lossy = false;
    const strategy: string[] = [];
    const detail: Record<string, number | string> = {};
    let reroutes = 0;
    let chain: readonly Compressor[] = this.chains[current] ?? [];
    // One input per text: links that pass the text on share its line index.
    let input = new LinkInput(text, current, hint, scale, canDrop, marker);
    for (let i = 0; i < chain.length; i++) {
      const compressor = chain[i];
      let out: CompressorOutput | null;
      try {
        out = compressor.compress(input);
      } catch (error) {
        this.telemetry.recordFailOpen(compressor.name, error);
        out = null;
      }
      if (out === null || out.output === text) continue;
      strategy.push(compressor.name);
      lossy ||= out.lossy;
      if (out.detail !== undefined) Object.assign(detail, out.detail);
      text = out.output;
      if (out.reroute === true && reroutes < MAX_REROUTES) {
        reroutes++;
        const next = detect(text, { ...hint, contentType: undefined }).type;
        if (next === "code" && hint.compressCode !== true) break;
        current = next;
        chain = this.chains[current] ?? [];
        i = -1;
      }
      input = new LinkInput(text, current, hint, scale, canDrop, marker);
    }
    if (strategy.length === 0) return null;
    return { output: text, lossy, type: current, strategy, detail };
  }

  /**
   * Asks the caller's prose model first. Its failures (timeout, error, no
   * gain) are recorded in `detail` and telemetry, and the chain runs instead.
   */
  private async runModel(
    content: string,
    hint: Hint,
    key: string,
    detail: Record<string, number | string>,
  ): Promise<ChainRun | null> {
    const reply = await runProseModel(content, { ...this.prose!, query: hint.query });
    detail.modelMs = Math.round(reply.modelMs);
    if (reply.model !== undefined) detail.model = reply.model;
    if (reply.inputTokens !== undefined) detail.modelInputTokens = reply.inputTokens;
    if (reply.outputTokens !== undefined) detail.modelOutputTokens = reply.outputTokens;
    if (reply.output === null) {
      detail.modelFailure = reply.failure ?? "error";
      if (reply.failure !== "too_large" && reply.failure !== "no_gain") {
        this.telemetry.recordFailOpen("prose-model", new Error(reply.message ?? reply.failure ?? "failed"));
      }
      return null;
    }
    const output =
      reply.output.replace(/\[\[pithy:/gi, "[pithy:") + "\n" + formatMarker(key, "original before the prose model");
    return { output, lossy: true, type: "prose", strategy: ["prose-model"], detail: {} };
  }

  /** Puts the original (and the call-id alias) in the store; never throws. */
  private async keep(
    key: string,
    content: string,
    callId: string | undefined,
  ): Promise<{ ok: true } | { ok: false; why: string }> {
    if (this.store === null) return { ok: false, why: "no store" };
    try {
      await this.store.put(key, content);
      this.telemetry.recordStore("put");
    } catch (error) {
      const refused = error instanceof PithyStoreError && (error.code === "too_large" || error.code === "invalid_key");
      this.telemetry.recordStore(refused ? "refused" : "failure");
      return { ok: false, why: error instanceof Error ? error.message : String(error) };
    }
    if (callId !== undefined && callId !== "") {
      try {
        await this.store.put(computeKey(CALL_ALIAS_PREFIX + callId), key);
      } catch {
        // The alias is a convenience: the marker still names the key itself.
      }
    }
    return { ok: true };
  }

  async recall(keyOrCallId: string): Promise<RecallResult> {
    if (typeof keyOrCallId !== "string" || keyOrCallId.length === 0 || keyOrCallId.length > 512) {
      this.telemetry.recordRecall(false);
      return { found: false, reason: "invalid_key", message: "pithy: that is not a pithy key or call id." };
    }
    if (this.store === null) {
      this.telemetry.recordRecall(false);
      return {
        found: false,
        reason: "unavailable",
        message: "pithy: no store is configured, so nothing can be recalled.",
      };
    }
    const direct = normalizeKey(keyOrCallId);
    try {
      let key = direct;
      if (key === null) {
        const aliased = await this.store.get(computeKey(CALL_ALIAS_PREFIX + keyOrCallId));
        key = aliased === undefined ? null : normalizeKey(aliased);
        if (key === null) {
          this.telemetry.recordRecall(false);
          return {
            found: false,
            reason: aliased === undefined ? "unknown" : "invalid_key",
            message: `pithy: ${JSON.stringify(keyOrCallId.slice(0, 80))} is neither a pithy key nor a known call id.`,
          };
        }
      }
      const content = await this.store.get(key);
      this.telemetry.recordRecall(content !== undefined);
      if (content === undefined) {
        return {
          found: false,
          key,
          reason: "unknown",
          message: `pithy: key ${key} is unknown or has expired; the original is no longer stored.`,
        };
      }
      return { found: true, key, content };
    } catch (error) {
      this.telemetry.recordRecall(false);
      return {
        found: false,
        key: direct ?? undefined,
        reason: "unavailable",
        message: `pithy: the store is unavailable right now (${error instanceof Error ? error.message : String(error)}).`,
      };
    }
  }

  async archive(content: string): Promise<string> {
    const key = await computeKeyAsync(content);
    if (this.store === null) throw new PithyStoreError("pithy: no store is configured", "unavailable");
    await this.store.put(key, content);
    this.telemetry.recordStore("put");
    return key;
  }
}

interface ChainRun {
  output: string;
  lossy: boolean;
  type: ContentType;
  strategy: string[];
  detail: Record<string, number | string>;
}

function passthrough(
  content: string,
  reason: SkipReason,
  type: ContentType,
  tokens: number,
  note?: string,
): CompressResult {
  const bytes = utf8Length(content);
  return {
    output: content,
    action: "skipped",
    reason,
    type,
    strategy: "none",
    bytesIn: bytes,
    bytesOut: bytes,
    tokensIn: tokens,
    tokensOut: tokens,
    detail: note === undefined ? {} : { note },
  };
}

const nodeBuffer = (globalThis as { Buffer?: { byteLength(s: string, e: string): number } }).Buffer;

/** UTF-8 length without encoding (lone surrogates count as U+FFFD: 3 bytes, as Buffer counts them). */
export function utf8Length(text: string): number {
  if (nodeBuffer !== undefined && typeof nodeBuffer.byteLength === "function")
    return nodeBuffer.byteLength(text, "utf8");
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

/**
 * What one link of a chain receives. A class, not an object literal with a
 * `get lines()` closing over the loop: V8 gives such a literal slow
 * properties, and its getter (with the closure, hence the link's text)
 * stayed reachable from the old generation after the call until the next
 * full collection. Every scavenge then copied and promoted the recent
 * calls' intermediate outputs (72 KB each for a 100 KB search): pauses of
 * ~10 ms instead of ~0.6 ms, which set the p99 of every class in
 * bench/pipeline.mjs.
 */
class LinkInput implements CompressorInput {
  private index: LineIndex | null = null;

  constructor(
    readonly text: string,
    readonly type: ContentType,
    readonly hint: Hint,
    readonly scale: number,
    readonly canDrop: boolean,
    readonly marker: (summary: string) => string,
  ) {}

  /** Built on first use: JSON and HTML never ask, nor most last links of a chain. */
  get lines(): LineIndex {
    return (this.index ??= LineIndex.of(this.text));
  }
}
