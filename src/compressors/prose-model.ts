/**
 * The pluggable prose model: for callers who have one (an LLMLingua-style
 * service, a small LLM), prose and Markdown can be handed to it instead of
 * the deterministic path. Compressors are synchronous, so this is a
 * standalone async helper the pipeline calls around them.
 *
 * A model can only help: text above a size ceiling never reaches it; a
 * model slower than its latency budget is aborted (and its late answer
 * ignored); a model that throws, rejects, answers with something that is not
 * text, or answers with text no shorter than the input counts as a failure.
 * In every such case the result says why and `output` is null, so the caller
 * takes the deterministic path. This function never rejects.
 *
 * The result carries the model's own cost as the model reports it (name,
 * input and output tokens) and the time it took, so the net saving and the
 * model's latency can be shown.
 */

import { PithyConfigError } from "../errors.js";

/** What a prose model may answer: the compressed text, or the text with what it cost. */
export interface ProseModelReply {
  text: string;
  /** The model's name, for reports. */
  model?: string;
  /** Tokens the model read and wrote for this call, as the model's provider counts them. */
  inputTokens?: number;
  outputTokens?: number;
}

/**
 * A caller's prose model: compresses `text`, keeping what matters for
 * `query`. It should stop work when `signal` aborts.
 */
export type ProseModel = (
  text: string,
  context: { signal: AbortSignal; query?: string },
) => Promise<string | ProseModelReply>;

/** Options of {@link runProseModel}. */
export interface ProseModelOptions {
  /** The model to call. */
  model: ProseModel;
  /** The caller's query, passed on to the model. */
  query?: string;
  /** Latency budget in milliseconds; past it the call is aborted. Default 2000. */
  timeoutMs?: number;
  /** Text longer than this many characters skips the model up front. Default 65 536. */
  maxChars?: number;
  /** The caller's own cancellation. */
  signal?: AbortSignal;
}

/** Why the model's answer was not used. */
export type ProseModelFailure = "too_large" | "aborted" | "timeout" | "error" | "invalid" | "no_gain";

/** The outcome of {@link runProseModel}. */
export interface ProseModelRun {
  /** The model's compressed text, or null when it failed (then use the deterministic path). */
  output: string | null;
  /** Milliseconds spent waiting for the model (0 when it was skipped). */
  modelMs: number;
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  /** Set when `output` is null. */
  failure?: ProseModelFailure;
  /** What went wrong, for logs (the error's message, or what the model answered instead of text). */
  message?: string;
}

// What the deadline and the caller's abort resolve with (never mistaken for a model's answer).
const TIMEOUT: unique symbol = Symbol("timeout");
const ABORTED: unique symbol = Symbol("aborted");

/** Default latency budget of a prose model call, in milliseconds. */
export const PROSE_MODEL_TIMEOUT_MS = 2000;
/** Default size ceiling of a prose model call, in characters. */
export const PROSE_MODEL_MAX_CHARS = 64 * 1024;

/**
 * Validates prose model options; call it at set-up so a bad option throws
 * there, naming the option, rather than failing every call.
 */
export function checkProseModelOptions(options: ProseModelOptions): void {
  if (options === null || typeof options !== "object")
    throw new PithyConfigError("proseModel", "an object with a model function", options);
  if (typeof options.model !== "function")
    throw new PithyConfigError(
      "proseModel.model",
      "a function (text, { signal, query }) => Promise<string | { text }>",
      options.model,
    );
  const { timeoutMs, maxChars } = options;
  if (timeoutMs !== undefined && !(typeof timeoutMs === "number" && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new PithyConfigError("proseModel.timeoutMs", "a positive number of milliseconds", timeoutMs);
  }
  if (maxChars !== undefined && !(typeof maxChars === "number" && Number.isInteger(maxChars) && maxChars > 0)) {
    throw new PithyConfigError("proseModel.maxChars", "a positive integer", maxChars);
  }
}

/**
 * Runs the caller's prose model on `text` within its latency budget and size
 * ceiling. Never rejects: every failure comes back as `failure` with a null
 * `output`.
 * @example
 * const run = await runProseModel(doc, { model: myLingua, query: "retry", timeoutMs: 800 });
 * const text = run.output ?? deterministic(doc);
 */
export async function runProseModel(text: string, options: ProseModelOptions): Promise<ProseModelRun> {
  try {
    checkProseModelOptions(options);
  } catch (error) {
    return { output: null, modelMs: 0, failure: "error", message: messageOf(error) };
  }
  if (text.length > (options.maxChars ?? PROSE_MODEL_MAX_CHARS))
    return { output: null, modelMs: 0, failure: "too_large" };
  if (options.signal?.aborted === true) return { output: null, modelMs: 0, failure: "aborted" };

  const controller = new AbortController();
  let callerAborted: (value: typeof ABORTED) => void = () => undefined;
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    callerAborted = resolve;
  });
  const onCallerAbort = () => {
    controller.abort();
    callerAborted(ABORTED);
  };
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = now();
  try {
    const deadline = new Promise<typeof TIMEOUT>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(TIMEOUT);
      }, options.timeoutMs ?? PROSE_MODEL_TIMEOUT_MS);
    });
    // A model that throws synchronously is a rejected call, not a crash.
    const call = Promise.resolve().then(() => options.model(text, { signal: controller.signal, query: options.query }));
    // A late rejection (after the deadline) must not surface as an unhandled rejection.
    call.catch(() => undefined);
    let reply: unknown;
    try {
      reply = await Promise.race([call, deadline, aborted]);
    } catch (error) {
      return { output: null, modelMs: now() - started, failure: "error", message: messageOf(error) };
    }
    const modelMs = now() - started;
    if (reply === TIMEOUT) return { output: null, modelMs, failure: "timeout" };
    if (reply === ABORTED) return { output: null, modelMs, failure: "aborted" };
    return judge(text, reply, modelMs);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/** Checks the model's answer: text, non-empty, shorter than the input. */
function judge(text: string, reply: unknown, modelMs: number): ProseModelRun {
  let output: unknown = reply;
  const run: ProseModelRun = { output: null, modelMs };
  if (reply !== null && typeof reply === "object") {
    const r = reply as Partial<ProseModelReply>;
    output = r.text;
    if (typeof r.model === "string") run.model = r.model;
    if (isCount(r.inputTokens)) run.inputTokens = r.inputTokens;
    if (isCount(r.outputTokens)) run.outputTokens = r.outputTokens;
  }
  if (typeof output !== "string" || output.trim().length === 0) {
    return { ...run, failure: "invalid", message: `the model answered ${describe(output)}, not text` };
  }
  if (output.length >= text.length)
    return { ...run, failure: "no_gain", message: `${output.length} characters back for ${text.length}` };
  return { ...run, output };
}

function isCount(n: unknown): n is number {
  return typeof n === "number" && Number.isFinite(n) && n >= 0;
}

function describe(value: unknown): string {
  if (typeof value === "string") return value.length === 0 ? "an empty string" : "blank text";
  return value === null ? "null" : typeof value;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
