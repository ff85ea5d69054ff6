/**
 * The options of `createPithy`, checked once at construction: a bad value
 * (or a name that is no option at all, a typo that would otherwise be
 * ignored in silence) throws {@link PithyConfigError} naming the option and
 * what is allowed.
 */
import { MemoryStore } from "../ccr/memory-store.js";
import { type Store, withNamespace } from "../ccr/store.js";
import type { Chains } from "../compressors/registry.js";
import { checkProseModelOptions, type ProseModel, type ProseModelOptions } from "../compressors/prose-model.js";
import { checkCount, checkMode, checkProfile, DEFAULT_MAX_CHARS, DEFAULT_MIN_TOKENS } from "../config.js";
import { PithyConfigError } from "../errors.js";
import type { GateConfig } from "../gate.js";
import { CONTENT_TYPES, type CompressResult, type ContentType, type Hint, type Mode, type Profile } from "../types.js";

/** Options of `createPithy`. Every one is optional. */
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
  /**
   * The content types compressed; content routed to any other passes through
   * (skip reason `type_off`). Only these types' compressors are loaded, so a
   * browser bundle carries no others. Default: every type.
   * @example createPithy({ types: ["log", "json", "search"] })
   */
  types?: readonly ContentType[];
  /** Replaces the chain of some content types (advanced: custom compressors). */
  chains?: Partial<Chains>;
  /**
   * A model for prose and Markdown (an LLMLingua-style service, a small LLM):
   * tried first within a latency budget; on timeout, failure or no gain the
   * deterministic path runs. Its own token cost is reported with the savings.
   */
  proseFallback?: ProseModel | Omit<ProseModelOptions, "query" | "signal">;
  /**
   * The most tokens a recall answer to a model holds (handleRecall, the
   * recall tool of every integration): past it the model gets the first part
   * and how to ask for the next. Default 4000. The library's own
   * `recall(key)` is never cut.
   */
  recallMaxTokens?: number;
  /**
   * Told about every compress call's result (for logs and metrics of your
   * own); what it throws is ignored.
   */
  onCompress?: (result: CompressResult, hint: Hint) => void;
  /**
   * Told about every failure pithy failed open on (a compressor that threw,
   * a store that failed, a prose model that erred), with where it happened;
   * the call itself still answers. What it throws is ignored.
   */
  onError?: (error: unknown, context: { stage: string }) => void;
}

/** The options as the pipeline uses them: checked, defaulted, the store namespaced. */
export interface ResolvedOptions {
  mode: Mode;
  profile: Profile;
  store: Store | null;
  gate: GateConfig;
  /** The caller's chains, laid over the default chains once those are loaded. */
  customChains: Partial<Chains>;
  prose: Omit<ProseModelOptions, "query" | "signal"> | null;
  recallMaxTokens: number;
  onCompress: PithyOptions["onCompress"];
  onError: PithyOptions["onError"];
}

/** Every option name, for the unknown-option check. */
const OPTION_NAMES: ReadonlySet<string> = new Set<keyof PithyOptions>([
  "store",
  "mode",
  "profile",
  "minTokens",
  "maxChars",
  "excludeTools",
  "reads",
  "namespace",
  "types",
  "chains",
  "proseFallback",
  "recallMaxTokens",
  "onCompress",
  "onError",
]);

/** Checks `options` and fills in the defaults; throws {@link PithyConfigError} on the first bad one. */
export function resolveOptions(options: PithyOptions): ResolvedOptions {
  if (options === null || typeof options !== "object") throw new PithyConfigError("options", "an object", options);
  for (const name of Object.keys(options)) {
    if (OPTION_NAMES.has(name)) continue;
    const known = [...OPTION_NAMES].join(", ");
    const allowed = `left out: createPithy has no such option (its options: ${known})`;
    throw new PithyConfigError(name, allowed, options[name as keyof PithyOptions]);
  }
  const mode = checkMode(options.mode ?? "lossy");
  return {
    mode,
    profile: checkProfile(options.profile ?? "default"),
    store: resolveStore(options),
    gate: {
      mode,
      minTokens: checkCount(options.minTokens ?? DEFAULT_MIN_TOKENS, "minTokens"),
      maxChars: checkCount(options.maxChars ?? DEFAULT_MAX_CHARS, "maxChars"),
      excludeTools: resolveExcludeTools(options.excludeTools),
      reads: resolveReads(options.reads),
      types: resolveTypes(options.types),
    },
    customChains: { ...(options.chains ?? {}) },
    prose: resolveProse(options.proseFallback),
    recallMaxTokens: resolveRecallMaxTokens(options.recallMaxTokens),
    onCompress: resolveHook("onCompress", options.onCompress),
    onError: resolveHook("onError", options.onError),
  };
}

function resolveStore(options: PithyOptions): Store | null {
  const store = options.store === undefined ? new MemoryStore() : options.store;
  if (store === null) return null;
  if (typeof store !== "object" || typeof store.put !== "function" || typeof store.get !== "function") {
    throw new PithyConfigError("store", "a Store (put, get, delete, stats) or null", store);
  }
  return options.namespace === undefined ? store : withNamespace(store, options.namespace);
}

function resolveTypes(types: unknown): ReadonlySet<ContentType> | null {
  if (types === undefined) return null;
  const known: readonly string[] = CONTENT_TYPES;
  if (!Array.isArray(types) || types.length === 0 || types.some((t) => !known.includes(t))) {
    throw new PithyConfigError("types", `a non-empty array of content types (${CONTENT_TYPES.join(", ")})`, types);
  }
  return new Set(types as ContentType[]);
}

function resolveExcludeTools(globs: unknown): string[] {
  const list = globs ?? [];
  if (!Array.isArray(list) || list.some((g) => typeof g !== "string")) {
    throw new PithyConfigError("excludeTools", "an array of tool-name globs", globs);
  }
  return [...list];
}

function resolveReads(reads: unknown): "auto" | "verbatim" {
  const value = reads ?? "auto";
  if (value !== "auto" && value !== "verbatim") throw new PithyConfigError("reads", "auto or verbatim", reads);
  return value;
}

function resolveHook<F>(option: string, hook: F | undefined): F | undefined {
  if (hook !== undefined && typeof hook !== "function") throw new PithyConfigError(option, "a function", hook);
  return hook;
}

/** Default bound of a recall answer a model reads, in tokens. */
export const RECALL_MAX_TOKENS = 4000;

function resolveRecallMaxTokens(value: unknown): number {
  if (value === undefined) return RECALL_MAX_TOKENS;
  if (typeof value === "number" && Number.isInteger(value) && value >= 100) return value;
  throw new PithyConfigError("recallMaxTokens", "an integer of at least 100", value);
}

function resolveProse(prose: PithyOptions["proseFallback"]): ResolvedOptions["prose"] {
  if (prose === undefined) return null;
  const options = typeof prose === "function" ? { model: prose } : prose;
  checkProseModelOptions(options);
  return options;
}
