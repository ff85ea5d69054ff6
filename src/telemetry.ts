/**
 * Counters for what pithy did: calls, savings per strategy, why content was
 * skipped, which strategies failed open, how the CCR store and recalls fared.
 *
 * Recording is a few additions per call (no clock, no allocation beyond the
 * first call of a strategy), so it can stay on in production. Distinct
 * strategy and reason names are capped, so a bug that mints names cannot grow
 * memory without bound. A snapshot is a fresh plain object with its keys in
 * sorted order: safe to mutate, serialise or compare.
 */
import type { SkipReason } from "./types.js";

/** One `compress` call, as the pipeline reports it. */
export interface CallRecord {
  action: "compressed" | "skipped";
  reason?: SkipReason;
  /** Compressors that ran, joined by `+`, or `none`. */
  strategy: string;
  /** The content type the router chose. */
  type: string;
  bytesIn: number;
  bytesOut: number;
  tokensIn: number;
  tokensOut: number;
  /** Wall time of the call. */
  ms: number;
  /** Time spent in a model (a tokenizer or ML scorer), where a strategy uses one. */
  modelMs?: number;
}

/** Totals of the calls one strategy handled. */
export interface StrategyStats {
  calls: number;
  bytesIn: number;
  bytesOut: number;
  tokensIn: number;
  tokensOut: number;
  /** tokensIn − tokensOut. */
  tokensSaved: number;
  ms: number;
  modelMs: number;
  /** Tokens that recalls of this strategy's originals handed back (a cost of its savings). */
  tokensRecalled: number;
}

/** Fail-open events of one strategy. */
export interface FailOpenStats {
  count: number;
  /** The last error's message, one line, at most 200 characters. */
  lastError: string;
}

/** A copy of a {@link Telemetry}'s counters at one moment. */
export interface TelemetrySnapshot {
  calls: number;
  compressions: number;
  skips: number;
  skipsByReason: Record<string, number>;
  /** Calls that failed inside a strategy and returned their input unchanged. */
  failOpen: { total: number; byStrategy: Record<string, FailOpenStats> };
  byStrategy: Record<string, StrategyStats>;
  /** Calls per content type. */
  byType: Record<string, number>;
  totals: StrategyStats & {
    bytesSaved: number;
    /** tokensSaved / tokensIn, 0 when nothing came in. */
    savingsRatio: number;
    /** tokensSaved less the tokens recalls handed back: what compression saved in the end. */
    netTokensSaved: number;
  };
  ccr: { puts: number; dedupes: number; refused: number; failures: number };
  /** The fidelity check: calls it ran on, re-renders it asked for, inputs passed through because every render hid a salient line. */
  fidelity: { checks: number; rerenders: number; passedThrough: number };
  recalls: {
    total: number;
    hits: number;
    misses: number;
    hitRate: number;
    /** Tokens the found recalls handed back (estimated). */
    tokensReturned: number;
  };
}

/** What {@link Telemetry.recordStore} counts. */
export type StoreEvent = "put" | "dedupe" | "refused" | "failure";

/** Most distinct names kept per table; later ones are counted under {@link OTHER}. */
const MAX_NAMES = 256;
/** Where names beyond {@link MAX_NAMES} are counted. */
const OTHER = "(other)";
const MAX_ERROR_LENGTH = 200;

/**
 * Counts what a pipeline does. One instance per pipeline (or shared by
 * several, to pool their figures).
 * @example
 * const telemetry = new Telemetry();
 * telemetry.recordCall(result);
 * console.log(telemetry.snapshot().totals.savingsRatio);
 */
export class Telemetry {
  private calls = 0;
  private compressions = 0;
  private readonly skips = new Map<string, number>();
  private readonly failOpen = new Map<string, FailOpenStats>();
  private readonly strategies = new Map<string, StrategyStats>();
  private readonly types = new Map<string, number>();
  private readonly ccr = { puts: 0, dedupes: 0, refused: 0, failures: 0 };
  private recallHits = 0;
  private recallMisses = 0;
  private recallTokens = 0;
  private readonly fidelity = { checks: 0, rerenders: 0, passedThrough: 0 };

  /** Counts one `compress` call. Non-finite or negative figures count as 0. */
  recordCall(call: CallRecord): void {
    this.calls++;
    if (call.action === "compressed") this.compressions++;
    else bump(this.skips, call.reason ?? "unknown");
    bump(this.types, String(call.type));
    const s = entry(this.strategies, String(call.strategy), emptyStrategy);
    const tokensIn = figure(call.tokensIn);
    const tokensOut = figure(call.tokensOut);
    s.calls++;
    s.bytesIn += figure(call.bytesIn);
    s.bytesOut += figure(call.bytesOut);
    s.tokensIn += tokensIn;
    s.tokensOut += tokensOut;
    s.tokensSaved += tokensIn - tokensOut;
    s.ms += figure(call.ms);
    s.modelMs += figure(call.modelMs);
  }

  /** Counts a strategy that threw and was bypassed; keeps its last message. */
  recordFailOpen(strategy: string, error: unknown): void {
    const f = entry(this.failOpen, String(strategy), () => ({ count: 0, lastError: "" }));
    f.count++;
    f.lastError = describeError(error);
  }

  /** Counts one outcome of putting an original into the CCR store. */
  recordStore(event: StoreEvent): void {
    switch (event) {
      case "put":
        this.ccr.puts++;
        break;
      case "dedupe":
        this.ccr.dedupes++;
        break;
      case "refused":
        this.ccr.refused++;
        break;
      default:
        this.ccr.failures++;
    }
  }

  /**
   * Counts one recall: whether the key was found, how many tokens it handed
   * back, and the strategy whose original it was (when known), whose net
   * savings the recall lowers.
   */
  recordRecall(hit: boolean, tokens = 0, strategy?: string): void {
    if (hit) this.recallHits++;
    else this.recallMisses++;
    const n = Number.isFinite(tokens) && tokens > 0 ? tokens : 0;
    this.recallTokens += n;
    if (strategy !== undefined && n > 0) entry(this.strategies, strategy, emptyStrategy).tokensRecalled += n;
  }

  /** Counts one fidelity check: the re-renders it asked for, and whether the input passed through in the end. */
  recordFidelity(rerenders: number, passedThrough: boolean): void {
    this.fidelity.checks++;
    this.fidelity.rerenders += Math.max(0, rerenders);
    if (passedThrough) this.fidelity.passedThrough++;
  }

  /** A deep copy of every counter, keys sorted. */
  snapshot(): TelemetrySnapshot {
    const totals = emptyStrategy();
    for (const s of this.strategies.values()) {
      totals.calls += s.calls;
      totals.bytesIn += s.bytesIn;
      totals.bytesOut += s.bytesOut;
      totals.tokensIn += s.tokensIn;
      totals.tokensOut += s.tokensOut;
      totals.tokensSaved += s.tokensSaved;
      totals.ms += s.ms;
      totals.modelMs += s.modelMs;
      totals.tokensRecalled += s.tokensRecalled;
    }
    let failOpenTotal = 0;
    for (const f of this.failOpen.values()) failOpenTotal += f.count;
    const recalls = this.recallHits + this.recallMisses;
    return {
      calls: this.calls,
      compressions: this.compressions,
      skips: this.calls - this.compressions,
      skipsByReason: copyTable(this.skips, (n) => n),
      failOpen: { total: failOpenTotal, byStrategy: copyTable(this.failOpen, (f) => ({ ...f })) },
      byStrategy: copyTable(this.strategies, (s) => ({ ...s })),
      byType: copyTable(this.types, (n) => n),
      totals: {
        ...totals,
        bytesSaved: totals.bytesIn - totals.bytesOut,
        savingsRatio: totals.tokensIn > 0 ? totals.tokensSaved / totals.tokensIn : 0,
        netTokensSaved: totals.tokensSaved - this.recallTokens,
      },
      ccr: { ...this.ccr },
      fidelity: { ...this.fidelity },
      recalls: {
        total: recalls,
        hits: this.recallHits,
        misses: this.recallMisses,
        hitRate: recalls > 0 ? this.recallHits / recalls : 0,
        tokensReturned: this.recallTokens,
      },
    };
  }

  /** Forgets everything counted so far. */
  reset(): void {
    this.calls = 0;
    this.compressions = 0;
    this.skips.clear();
    this.failOpen.clear();
    this.strategies.clear();
    this.types.clear();
    this.ccr.puts = this.ccr.dedupes = this.ccr.refused = this.ccr.failures = 0;
    this.recallHits = 0;
    this.recallMisses = 0;
    this.recallTokens = 0;
    this.fidelity.checks = this.fidelity.rerenders = this.fidelity.passedThrough = 0;
  }
}

function emptyStrategy(): StrategyStats {
  return {
    calls: 0,
    bytesIn: 0,
    bytesOut: 0,
    tokensIn: 0,
    tokensOut: 0,
    tokensSaved: 0,
    ms: 0,
    modelMs: 0,
    tokensRecalled: 0,
  };
}

function figure(n: unknown): number {
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : 0;
}

function entry<V>(table: Map<string, V>, name: string, make: () => V): V {
  let v = table.get(name);
  if (v === undefined) {
    const key = table.size >= MAX_NAMES ? OTHER : name;
    v = table.get(key);
    if (v === undefined) {
      v = make();
      table.set(key, v);
    }
  }
  return v;
}

function bump(table: Map<string, number>, name: string): void {
  const key = table.has(name) || table.size < MAX_NAMES ? name : OTHER;
  table.set(key, (table.get(key) ?? 0) + 1);
}

/** A plain object with the table's entries in sorted order (own properties, so `__proto__` is just a name). */
function copyTable<V, W>(table: Map<string, V>, copy: (v: V) => W): Record<string, W> {
  const names = [...table.keys()].sort();
  return Object.fromEntries(names.map((name) => [name, copy(table.get(name) as V)]));
}

/** One line of at most 200 characters from whatever was thrown; never throws itself. */
function describeError(error: unknown): string {
  let text: string;
  try {
    if (error instanceof Error) text = `${error.name}: ${error.message}`;
    else if (typeof error === "string") text = error;
    else text = String(error);
  } catch {
    text = "unprintable error";
  }
  // Bound the scan first: a message may be a whole tool output.
  if (text.length > 4 * MAX_ERROR_LENGTH) text = text.slice(0, 4 * MAX_ERROR_LENGTH);
  const newline = text.search(/[\r\n]/);
  if (newline >= 0) text = text.slice(0, newline);
  if (text.length > MAX_ERROR_LENGTH) {
    let end = MAX_ERROR_LENGTH - 1;
    // Do not leave half of a surrogate pair behind the cut.
    const c = text.charCodeAt(end - 1);
    if (c >= 0xd800 && c <= 0xdbff) end--;
    text = text.slice(0, end) + "…";
  }
  return text;
}
