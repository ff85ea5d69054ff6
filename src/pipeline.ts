/**
 * The pipeline: one tool output in, what the model should see out.
 *
 *     gate → route → chain → guardrail → store
 *
 * Each step is one method of {@link Pipeline} below, in that order. Nothing
 * lossy leaves before the original is in the store; every failure on the
 * way ends in the input itself, byte for byte (fail open, counted).
 */
import { callAliasKey } from "./ccr/call-alias.js";
import { computeKeyAsync, keyNames, normalizeKey } from "./ccr/key.js";
import {
  defuseMarkers,
  forgetUnmarked,
  formatMarker,
  hasMarker,
  hasMarkerOpening,
  parseMarkers,
} from "./ccr/marker.js";
import { PendingKey } from "./ccr/pending-key.js";
import { type RecallSelector, viewOf } from "./ccr/recall-view.js";
import { type CallOptions, abortError, throwIfAborted } from "./ccr/abort.js";
import type { Store } from "./ccr/store.js";
import { JsonValidity } from "./compressors/json/validity.js";
import { runProseModel } from "./compressors/prose-model.js";
import { PROFILE_SCALE, checkMode, checkProfile } from "./config.js";
import { PithyStoreError } from "./errors.js";
import { admit, admitRouted } from "./gate.js";
import { guardrailViolation, savingsMargin } from "./guardrail.js";
import { loadWasm } from "./kernels/wasm.js";
import { loadChains } from "./compressors/chain-loaders.js";
import type { Chains } from "./compressors/registry.js";
import { estimateTokens, estimateTokensJoined } from "./kernels/tokens.js";
import { forgetStripped, hasAnsi, stripAnsi } from "./kernels/ansi.js";
import { collapseCarriageReturns } from "./kernels/frames.js";
import { stripLineNumbers } from "./kernels/lines.js";
import { dropErasedLines } from "./compressors/terminal/erased-lines.js";
import { type ChainRun, runChain } from "./pipeline/chain.js";
import { type HttpEnvelope, splitHttpResponse } from "./pipeline/http-envelope.js";
import { type PithyOptions, type ResolvedOptions, resolveOptions } from "./pipeline/options.js";
import { compressed, passthrough } from "./pipeline/result.js";
import { type Detection, detect } from "./router/detect.js";
import { missingAsRead } from "./pipeline/markdown-links.js";
import {
  forgetSalientKinds,
  missingSalient,
  rememberSalientKinds,
  type SalientLine,
  salientLines,
} from "./fidelity/salient.js";
import { utf8Length } from "./ccr/wtf8.js";
import { Telemetry, type TelemetrySnapshot } from "./telemetry.js";
import type { CompressResult, ContentType, Fidelity, Hint, Mode, Profile } from "./types.js";

export type { PithyOptions } from "./pipeline/options.js";
export type { RecallSelector } from "./ccr/recall-view.js";
export type { CallOptions } from "./ccr/abort.js";

/** The answer of {@link Pithy.recall}. */
export type RecallResult =
  | {
      found: true;
      key: string;
      /** The original (exactly, whole, when no selector was given), or the part the selector chose. */
      content: string;
      /** What the selector chose (`lines 120-180`, `grep "timeout"`, `$.items[2:4]`). */
      range?: string;
      /** Whether `maxTokens` cut the content (at a line end). */
      truncated: boolean;
      /** When cut: the `lines` selector that asks for what follows. */
      next?: string;
      /** When cut: lines of the rest that stand out (errors, headers), numbered in the original. */
      outline?: string[];
    }
  | {
      found: false;
      key?: string;
      reason: "invalid_key" | "unknown" | "unavailable" | "bad_selector";
      message: string;
    };

/** A configured compressor with its store and telemetry. */
export interface Pithy {
  /**
   * Compresses one tool output. Never throws for content reasons: on any
   * failure the output is the input, byte for byte. Rejects only with an
   * `AbortError` once `options.signal` has fired (then nothing is stored).
   */
  compress(content: string, hint?: Hint, options?: CallOptions): Promise<CompressResult>;
  /**
   * The exact original behind a key (or a call id), or a plain answer saying
   * why not. With a selector, only the part it asks for: line ranges (as a
   * marker names them), the lines matching a text, or the value at a JSON
   * path, cut to `maxTokens` when given.
   * @example await pithy.recall(key, { lines: "120-180" })
   */
  recall(keyOrCallId: string, selector?: RecallSelector, options?: CallOptions): Promise<RecallResult>;
  /** Stores `content` verbatim and returns its key (for callers that offload on their own). */
  archive(content: string, options?: CallOptions): Promise<string>;
  /** A copy of the counters. */
  stats(): TelemetrySnapshot;
  setMode(mode: Mode): void;
  setProfile(profile: Profile): void;
  readonly mode: Mode;
  readonly profile: Profile;
  /** The store originals go to (namespaced when a namespace was given), or null. */
  readonly store: Store | null;
  /** The most tokens a recall answer to a model holds (the `recallMaxTokens` option). */
  readonly recallMaxTokens?: number;
}

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
  const resolved = resolveOptions(options);
  const [chains] = await Promise.all([loadChains(resolved.gate.types), loadWasm()]);
  return new Pipeline(resolved, { ...chains, ...resolved.customChains });
}

/** Distinct marker keys of an input looked up in the store to tell pithy's own output (bounded: inputs are untrusted). */
const MAX_OWNERSHIP_CHECKS = 8;

/** Keys whose strategy is remembered for recall telemetry (about 200 KB at most). */
const MAX_REMEMBERED_KEYS = 4096;

/** One call on its way through the steps. */
interface Call {
  /** The input as given: what the store keeps and the key names. */
  readonly content: string;
  /** What the chain reads: the input with marker-like text pithy did not issue defused. */
  readonly text: string;
  readonly hint: Hint;
  readonly tokensIn: number;
  /** The routed type (of the body, when `envelope` holds HTTP response heads). */
  readonly type: ContentType;
  /** `curl -i` output: the response heads stay verbatim and the chain runs on the body. */
  readonly envelope: HttpEnvelope | null;
  /** This call's JSON answers, shared by every step. */
  readonly json: JsonValidity;
  readonly key: PendingKey;
  /** What the caller's prose model reported, when it was asked. */
  readonly modelDetail: Record<string, number | string>;
  /** The caller's cancellation. */
  readonly signal: AbortSignal | undefined;
}

/** Why a call's input passes through after the chain, and the note to say so. */
interface Refusal {
  reason: "no_gain" | "guardrail";
  note?: string;
}

/** A chain's output that passed the guardrail. */
interface Checked {
  run: ChainRun;
  /** The run's output, and the marker line {@link Pipeline.check} appended when it had none. */
  output: string;
  /** That marker line ("" when none was appended): `output` is `run.output + tail`, read in those parts. */
  tail: string;
  tokensOut: number;
  key: string;
  /** What the fidelity check found, when it ran. */
  fidelity?: Fidelity;
}

/**
 * Types whose outputs show the input's lines, so that the fidelity check can
 * look for them: JSON and HTML are rendered in a form of their own, checked
 * by their compressors.
 */
const FIDELITY_TYPES: ReadonlySet<ContentType> = new Set<ContentType>([
  "log",
  "search",
  "diff",
  "terminal",
  "tabular",
  "markdown",
  "prose",
  "doc_read",
  "code",
  "unknown",
]);

/** The renders tried, in order, while a salient line is missing: wider caps, then nothing dropped. */
const FIDELITY_STEPS: readonly { scale: number; canDrop: boolean }[] = [
  { scale: 2, canDrop: true },
  { scale: 4, canDrop: true },
  { scale: 1, canDrop: false },
];

class Pipeline implements Pithy {
  mode: Mode;
  profile: Profile;
  readonly store: Store | null;
  readonly recallMaxTokens: number;
  private readonly options: ResolvedOptions;
  private readonly telemetry = new Telemetry();
  /** The strategy each recent key's original was compressed by, so recalls count against it (bounded). */
  private readonly strategyOfKey = new Map<string, string>();
  /** The entry {@link verified} checked last: the same string again needs no second hash. */
  private lastVerified: { key: string; content: string } | null = null;

  constructor(
    options: ResolvedOptions,
    private readonly chains: Chains,
  ) {
    this.options = options;
    this.mode = options.mode;
    this.profile = options.profile;
    this.store = options.store;
    this.recallMaxTokens = options.recallMaxTokens;
  }

  setMode(mode: Mode): void {
    this.mode = checkMode(mode);
    this.options.gate.mode = this.mode;
  }

  setProfile(profile: Profile): void {
    this.profile = checkProfile(profile);
  }

  stats(): TelemetrySnapshot {
    return this.telemetry.snapshot();
  }

  async compress(content: string, hint: Hint = {}, options?: CallOptions): Promise<CompressResult> {
    const started = now();
    const text = typeof content === "string" ? content : String(content ?? "");
    throwIfAborted(options);
    let result: CompressResult;
    rememberSalientKinds();
    try {
      result = await this.run(text, hint ?? {}, options?.signal);
    } catch (error) {
      if (options?.signal?.aborted === true) throw abortError(options.signal);
      this.failOpen("pipeline", error);
      result = passthrough(text, "error", "unknown", 0);
    } finally {
      forgetStripped();
      forgetUnmarked();
      forgetSalientKinds();
    }
    const modelMs = typeof result.detail.modelMs === "number" ? result.detail.modelMs : undefined;
    this.telemetry.recordCall({ ...result, ms: now() - started, modelMs });
    this.hook(() => this.options.onCompress?.(result, hint ?? {}));
    return result;
  }

  /** Counts a fail-open event and tells the caller's `onError`. */
  private failOpen(stage: string, error: unknown): void {
    this.telemetry.recordFailOpen(stage, error);
    this.hook(() => this.options.onError?.(error, { stage }));
  }

  /** Runs a caller's hook; what it throws is its own business, never the pipeline's. */
  private hook(call: () => void): void {
    try {
      call();
    } catch {
      // A hook that throws must not turn a result into a failure.
    }
  }

  /** The steps, in order; any step may end the call with the input passed through. */
  private async run(content: string, hint: Hint, signal: AbortSignal | undefined): Promise<CompressResult> {
    // 1. Gate: worth compressing at all?
    if (this.mode === "off") return passthrough(content, "mode_off", "unknown", 0);
    const tokensIn = content.length === 0 ? 0 : estimateTokens(content);
    const refused = admit(content, tokensIn, hint, this.options.gate);
    if (refused !== null) return passthrough(content, refused.reason, "unknown", tokensIn);
    // Pithy's own earlier output is left as it is; marker-like text pithy did not issue is content.
    const text = await this.markerStep(content, signal);
    if (text === null) return passthrough(content, "already_compressed", "unknown", tokensIn);

    // 2. Route: which content type, hence which chain. No line index up front:
    // the router samples the head, and some compressors (JSON, HTML) never ask.
    const json = new JsonValidity();
    // An HTTP response (`curl -i`) is routed by its body; its heads stay as they are.
    const envelope = splitHttpResponse(text);
    const routed = envelope === null ? text : envelope.body;
    const detection = routeJson(routed, detect(routed, hint, undefined, json), json);
    const refusedType = admitRouted(detection, routed, hint, this.options.gate);
    if (refusedType !== null) return passthrough(content, refusedType.reason, detection.type, tokensIn);

    // A large input is hashed on another thread while the chain runs (ccr/pending-key.ts).
    const key = PendingKey.start(content);
    const type = detection.type;
    const call: Call = { content, text, hint, tokensIn, type, envelope, json, key, modelDetail: {}, signal };
    const canDrop = this.mode === "lossy" && this.store !== null;

    // 3 + 4. Chain, then guardrail and the fidelity check (more conservative renders while a salient line is hidden).
    let checked = await this.compressFaithful(call, canDrop);
    // 5. Store: lossy output leaves only once its original is safe.
    let storeNote: string | undefined;
    if ("run" in checked && checked.run.lossy) {
      // Aborted before the original is stored: nothing is stored, and the call rejects.
      if (signal?.aborted === true) throw abortError(signal);
      storeNote = (await this.keep(checked.key, content, hint.callId, signal)) ?? undefined;
      // The original is not safe: only lossless output may leave.
      if (storeNote !== undefined) checked = await this.compressChecked(call, false, 1);
    }
    if ("reason" in checked) {
      return passthrough(content, checked.reason, call.type, tokensIn, checked.note ?? storeNote);
    }
    return this.result(call, checked, storeNote);
  }

  /**
   * Steps 3 and 4 until nothing salient is hidden: the first render at the
   * profile's caps; while the fidelity check finds a salient line of the
   * input missing from it, the same chain again at twice and four times the
   * caps, then lossless; when even that hides one (a rewrite that changes how
   * lines read), the input passes through. The render kept reports what the
   * check found.
   */
  private async compressFaithful(call: Call, canDrop: boolean): Promise<Checked | Refusal> {
    let checked = await this.compressChecked(call, canDrop, 1);
    if (!("run" in checked) || !checked.run.lossy || !FIDELITY_TYPES.has(checked.run.type)) return checked;
    // What a reader of the input sees: escapes gone, a redrawn line as its last frame. Lines cut
    // from the input itself hold nothing the call does not; from a cleaned copy they are copied out.
    // A numbered read (`cat -n`, a Read tool) is checked by its text: the numbers were stripped
    // (compressors/doc-read.ts), and each marker names the lines it hides by those numbers.
    const shown = checked.run.strategy[0] === "doc_read" ? withoutNumbers(asShown(call.text)) : asShown(call.text);
    // The chain indexed the lines of the text it read (the input, or its copy without escapes).
    const index = checked.run.indexes?.find((built) => built.text === shown);
    const salient = salientLines(shown, shown !== call.text, index);
    let missing = missingIn(salient, checked);
    let rerenders = 0;
    for (const next of FIDELITY_STEPS) {
      if (missing.length === 0) break;
      // Soft lines (a diff's content) widen the render; they never make it lossless.
      if (!next.canDrop && missing.every((s) => s.isSoft === true)) break;
      const again = await this.compressChecked(call, next.canDrop && canDrop, next.scale);
      rerenders++;
      // A render refused (the chain declines without dropping, say): try the next.
      if (!("run" in again)) continue;
      checked = again;
      missing = missingIn(salient, again);
    }
    // A diff's hunks and commit messages are content (fidelity/diff-content.ts): when only such
    // lines are hidden, the widest render stands. A 2 MB `git log -p` of code that handles
    // errors passed through whole (650 K tokens) for its `+throw new Error(…)` lines.
    const isOnlySoft = missing.length > 0 && "run" in checked && missing.every((s) => s.isSoft === true);
    if (missing.length > 0 && canDrop && !isOnlySoft) {
      // Last: the input as a reader sees it (escapes and redraws gone), nothing else dropped.
      const shown = await this.shownRender(call);
      rerenders++;
      if (shown !== null && "run" in shown && missingIn(salient, shown).length === 0) {
        checked = shown;
        missing = [];
      }
    }
    this.telemetry.recordFidelity(rerenders, missing.length > 0 && !isOnlySoft);
    if (missing.length > 0 && !isOnlySoft) {
      return {
        reason: "guardrail",
        note: `${missing.length} salient line(s) would be hidden, first: ${missing[0].text.slice(0, 80)}`,
      };
    }
    if ("run" in checked)
      checked.fidelity = { salient: salient.length, visible: salient.length - missing.length, rerenders };
    return checked;
  }

  /**
   * Steps 3 and 4: the chain (or the caller's prose model), then the
   * guardrail. Returns the checked output, or why the input must pass
   * through instead, with the guardrail's objection as the note.
   */
  private async compressChecked(call: Call, canDrop: boolean, scaleFactor: number): Promise<Checked | Refusal> {
    const { run, key } = await this.compressBody(call, canDrop, scaleFactor);
    return run === null ? { reason: "no_gain" } : this.check(call, run, key);
  }

  /**
   * Step 4 for one run: the marker back to the original a cleaning needs,
   * then the guardrail. That marker line is read apart from the text it
   * follows, never in the concatenation: its first reader would flatten it,
   * a second copy of a cleaned 100 MB input (the fidelity check's last
   * resort is the whole input without its escapes).
   */
  private check(call: Call, run: ChainRun, key: string): Checked | Refusal {
    const body = run.output;
    // Lossy output with no marker (ANSI stripped, say) still needs a way back to the original.
    const tail =
      run.lossy && !hasMarker(body)
        ? (body.endsWith("\n") || body.length === 0 ? "" : "\n") + formatMarker(key, "original before cleaning")
        : "";
    const output = tail === "" ? body : body + tail;
    const tokensOut = tail === "" ? estimateTokens(body) : estimateTokensJoined(body, tail);
    const violation = guardrailViolation({
      output,
      parts: tail === "" ? undefined : [body, tail],
      tokensIn: call.tokensIn,
      tokensOut,
      key,
      inputIsJson: call.type === "json" && call.json.parses(call.text),
      json: call.json,
    });
    if (violation === null) return { run, output, tail, tokensOut, key };
    return {
      reason: tokensOut > call.tokensIn - savingsMargin(call.tokensIn) ? "no_gain" : "guardrail",
      note: violation,
    };
  }

  /** The input as a terminal shows it, as a lossy render of its own; null when that is the input. */
  private async shownRender(call: Call): Promise<Checked | Refusal | null> {
    const shown = asShown(call.text);
    if (shown === call.text) return null;
    const run: ChainRun = {
      output: shown,
      lossy: true,
      type: call.type,
      strategy: ["shown"],
      detail: {},
      claimed: true,
    };
    return this.check(call, run, await call.key.key());
  }

  /**
   * Step 1b: markers already in the input. When one names an original this
   * store holds, the input is pithy's own earlier output: null, it passes as
   * it is (compressing it again would change nothing). Any other marker-like
   * text, a forged or foreign marker or a mention of the syntax, is content:
   * it is defused (`[[pithy(quoted):`) in what the chain reads, so it can
   * neither switch compression off nor pass for a marker in the output.
   */
  private async markerStep(content: string, signal: AbortSignal | undefined): Promise<string | null> {
    if (!hasMarkerOpening(content)) return content;
    if (this.store !== null) {
      const keys = [...new Set(parseMarkers(content).map((m) => m.key))].slice(0, MAX_OWNERSHIP_CHECKS);
      for (const key of keys) {
        try {
          const original = await this.store.get(key, { signal });
          if (original !== undefined && keyNames(key, original)) return null;
        } catch (error) {
          if (signal?.aborted === true) throw error;
          // A store that cannot answer owns nothing here: the markers are content.
        }
      }
    }
    return defuseMarkers(content);
  }

  /**
   * Step 3: the prose model where the caller gave one (prose and Markdown,
   * lossy only), else the chain of the routed type. Markers written while
   * the key was still being hashed are settled to the real key.
   */
  private async compressBody(
    call: Call,
    canDrop: boolean,
    scaleFactor: number,
  ): Promise<{ run: ChainRun | null; key: string }> {
    if (canDrop && this.options.prose !== null && (call.type === "prose" || call.type === "markdown")) {
      const key = await call.key.key();
      const run = await this.runModel(call, key, call.modelDetail);
      if (run !== null) return { run, key };
    }
    const markerKey = call.key.markerKey;
    const run = runChain(
      call.text,
      call.type,
      {
        chains: this.chains,
        hint: call.hint,
        scale: PROFILE_SCALE[this.profile] * scaleFactor,
        canDrop,
        marker: (summary, place) => formatMarker(markerKey, summary, place),
        json: call.json,
        onFailure: (compressor, error) => this.failOpen(compressor, error),
      },
      call.envelope,
    );
    const key = await call.key.key();
    if (run !== null) {
      const settled = call.key.settle(run.output, key);
      call.json.carry(run.output, settled);
      run.output = settled;
    }
    return { run, key };
  }

  /**
   * Asks the caller's prose model. Its failures (timeout, error, no gain)
   * are counted, and the chain runs instead (null).
   */
  private async runModel(call: Call, key: string, detail: Record<string, number | string>): Promise<ChainRun | null> {
    const reply = await runProseModel(call.text, {
      ...this.options.prose!,
      query: call.hint.query,
      signal: call.signal,
    });
    detail.modelMs = Math.round(reply.modelMs);
    if (reply.model !== undefined) detail.model = reply.model;
    if (reply.inputTokens !== undefined) detail.modelInputTokens = reply.inputTokens;
    if (reply.outputTokens !== undefined) detail.modelOutputTokens = reply.outputTokens;
    if (reply.output === null) {
      detail.modelFailure = reply.failure ?? "error";
      if (reply.failure !== "too_large" && reply.failure !== "no_gain") {
        this.failOpen("prose-model", new Error(reply.message ?? reply.failure ?? "failed"));
      }
      return null;
    }
    // What the model wrote is content: it must never pass for one of our markers.
    const output = defuseMarkers(reply.output) + "\n" + formatMarker(key, "original before the prose model");
    return { output, lossy: true, type: "prose", strategy: ["prose-model"], detail: {}, claimed: true };
  }

  /**
   * Step 5: puts the original (and the call-id alias) in the store. Null
   * when it is safe; else why not (then only lossless output may leave).
   * Never throws.
   */
  private async keep(
    key: string,
    content: string,
    callId: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<string | null> {
    if (this.store === null) return "no store";
    try {
      await this.store.put(key, content, { signal });
      this.telemetry.recordStore("put");
    } catch (error) {
      if (signal?.aborted === true) throw abortError(signal);
      const refused = error instanceof PithyStoreError && (error.code === "too_large" || error.code === "invalid_key");
      this.telemetry.recordStore(refused ? "refused" : "failure");
      if (!refused) this.hook(() => this.options.onError?.(error, { stage: "store" }));
      return error instanceof Error ? error.message : String(error);
    }
    if (callId !== undefined && callId !== "") {
      try {
        await this.store.put(callAliasKey(callId), key, { signal });
      } catch {
        // The alias is a convenience: the marker still names the key itself.
      }
    }
    return null;
  }

  /** The compressed result, with what the chain, the model and the store had to say. */
  private result(call: Call, checked: Checked, storeNote: string | undefined): CompressResult {
    const { run } = checked;
    const detail: Record<string, number | string> = { ...run.detail, ...call.modelDetail };
    if (storeNote !== undefined) detail.store = storeNote;
    if (typeof detail.modelInputTokens === "number" && run.strategy[0] === "prose-model") {
      // The model's own tokens are a cost of this saving: report what is left.
      detail.netTokensSaved =
        call.tokensIn - checked.tokensOut - detail.modelInputTokens - (Number(detail.modelOutputTokens) || 0);
    }
    if (run.type !== call.type) detail.reroutedTo = run.type;
    if (run.lossy) this.rememberStrategy(checked.key, run.strategy.join("+"));
    if (checked.fidelity !== undefined) detail.fidelity = `${checked.fidelity.visible}/${checked.fidelity.salient}`;
    const result = compressed(call.content, checked.output, {
      // The type the router chose; a reroute shows in the strategy (`terminal+log`).
      type: call.type,
      bytesIn: call.key.utf8Bytes,
      bytesOut: utf8Length(checked.run.output) + utf8Length(checked.tail),
      strategy: run.strategy.join("+"),
      key: run.lossy ? checked.key : undefined,
      tokensIn: call.tokensIn,
      tokensOut: checked.tokensOut,
      detail,
    });
    if (checked.fidelity !== undefined) result.fidelity = checked.fidelity;
    return result;
  }

  async recall(keyOrCallId: string, selector?: RecallSelector, options?: CallOptions): Promise<RecallResult> {
    throwIfAborted(options);
    let result = await this.lookUp(keyOrCallId, options?.signal);
    if (result.found && selector !== undefined && selector !== null) {
      const view = viewOf(result.content, selector);
      result =
        "error" in view
          ? { found: false, key: result.key, reason: "bad_selector", message: view.error }
          : { found: true, key: result.key, ...view };
    }
    const tokens = result.found ? estimateTokens(result.content) : 0;
    this.telemetry.recordRecall(
      result.found,
      tokens,
      result.key === undefined ? undefined : this.strategyOfKey.get(result.key),
    );
    return result;
  }

  /** {@link keyNames}, remembered for the last entry checked (recalls of one key's parts come in a row). */
  private verified(key: string, content: string): boolean {
    const last = this.lastVerified;
    if (last !== null && last.key === key && last.content === content) return true;
    if (!keyNames(key, content)) return false;
    this.lastVerified = { key, content };
    return true;
  }

  private rememberStrategy(key: string, strategy: string): void {
    this.strategyOfKey.delete(key);
    this.strategyOfKey.set(key, strategy);
    if (this.strategyOfKey.size > MAX_REMEMBERED_KEYS)
      this.strategyOfKey.delete(this.strategyOfKey.keys().next().value!);
  }

  /** The original behind a key or a call id, or why not. Never throws. */
  private async lookUp(keyOrCallId: string, signal: AbortSignal | undefined): Promise<RecallResult> {
    if (typeof keyOrCallId !== "string" || keyOrCallId.length === 0 || keyOrCallId.length > 512) {
      return { found: false, reason: "invalid_key", message: "pithy: that is not a pithy key or call id." };
    }
    if (this.store === null) {
      return {
        found: false,
        reason: "unavailable",
        message: "pithy: no store is configured, so nothing can be recalled.",
      };
    }
    const direct = normalizeKey(keyOrCallId);
    try {
      const key = direct ?? (await this.keyOfCall(keyOrCallId, signal));
      if (typeof key !== "string") return key;
      const content = await this.store.get(key, { signal });
      // An entry that does not hash to its key (an older pithy's, or altered) never answers for it.
      if (content === undefined || !this.verified(key, content)) {
        const message = `pithy: key ${key} is unknown or has expired; the original is no longer stored.`;
        return { found: false, key, reason: "unknown", message };
      }
      return { found: true, key, content, truncated: false };
    } catch (error) {
      if (signal?.aborted === true) throw abortError(signal);
      const why = error instanceof Error ? error.message : String(error);
      const message = `pithy: the store is unavailable right now (${why}).`;
      return { found: false, key: direct ?? undefined, reason: "unavailable", message };
    }
  }

  /** The key a call id's alias names, or the answer for an id that names none. */
  private async keyOfCall(callId: string, signal: AbortSignal | undefined): Promise<string | RecallResult> {
    const aliased = await this.store!.get(callAliasKey(callId), { signal });
    const key = aliased === undefined ? null : normalizeKey(aliased);
    if (key !== null) return key;
    return {
      found: false,
      reason: aliased === undefined ? "unknown" : "invalid_key",
      message: `pithy: ${JSON.stringify(callId.slice(0, 80))} is neither a pithy key nor a known call id.`,
    };
  }

  async archive(content: string, options?: CallOptions): Promise<string> {
    throwIfAborted(options);
    const key = await computeKeyAsync(content);
    if (this.store === null) throw new PithyStoreError("pithy: no store is configured", "unavailable");
    await this.store.put(key, content, options);
    this.telemetry.recordStore("put");
    return key;
  }
}

/**
 * {@link missingSalient} of a checked output, read without its appended
 * marker line first (see {@link Pipeline.check}): whatever the text before
 * it shows, the whole shows too, so only a miss needs the whole.
 */
function missingIn(salient: readonly SalientLine[], checked: Checked): SalientLine[] {
  const first = checked.tail === "" ? [] : missingSalient(salient, checked.run.output);
  if (checked.tail !== "" && first.length === 0) return first;
  const missing = missingSalient(salient, checked.output);
  // A Markdown render reads links as their text (and URL): a line holding one is looked for so too.
  return missing.length === 0 || checked.run.type !== "markdown" ? missing : missingAsRead(missing, checked.output);
}

/**
 * `text` as a terminal shows it: lines a live display erased gone, ANSI escapes
 * removed, each CR-redrawn line as its last frame.
 */
function asShown(text: string): string {
  const kept = hasAnsi(text) ? dropErasedLines(text) : text;
  // Redraws collapse before the escapes go: an erase-in-line (`\r ESC[K`) is what marks a frame.
  const collapsed = kept.includes("\r") ? collapseCarriageReturns(kept) : kept;
  return hasAnsi(collapsed) ? stripAnsi(collapsed) : collapsed;
}

/** A numbered read's text without its line numbers, as the doc_read step stripped them. */
function withoutNumbers(text: string): string {
  return stripLineNumbers(text) ?? text;
}

/**
 * JSON in, JSON out, whatever the hint: an input that parses as a JSON
 * document (a `.json` served as text/plain, a JSON body read as `notes.md`)
 * runs the JSON chain, whose output stays JSON.
 */
function routeJson(text: string, detection: Detection, json: JsonValidity): Detection {
  if (detection.type === "json" || !opensLikeJson(text) || !json.parses(text)) return detection;
  return { ...detection, type: "json" };
}

/** Whether the first non-blank character opens an object or an array (only those are worth a parse). */
function opensLikeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) continue;
    return c === 123 || c === 91;
  }
  return false;
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
