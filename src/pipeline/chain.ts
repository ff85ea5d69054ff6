/**
 * The chain step: runs a content type's compressors in order, each on the
 * previous one's output, and follows reroutes (a terminal capture cleaned of
 * its escapes is routed again and runs the log chain). A compressor that
 * throws is skipped and counted: the chain fails open link by link.
 *
 * Each link's input knows how its lines stand for the original's (its line
 * origin), so a marker written by any link can name the original's lines.
 */
import type { MarkerPlace } from "../ccr/marker.js";
import type { JsonValidity } from "../compressors/json/validity.js";
import type { Chains } from "../compressors/registry.js";
import type { Compressor, CompressorInput, CompressorOutput, OmissionPlace } from "../compressors/types.js";
import { LineIndex } from "../kernels/lines.js";
import { detect } from "../router/detect.js";
import type { ContentType, Hint } from "../types.js";
import type { HttpEnvelope } from "./http-envelope.js";

/** Reroutes one chain run may take (terminal → log, doc_read → markdown …). */
const MAX_REROUTES = 2;

/**
 * Longest text whose line index a run hands on ({@link ChainRun.indexes}).
 * Past it the index (4 bytes a line) would outlive the chain through the
 * fidelity check at the size where memory, not speed, is the limit
 * (bench/results/memory.md: a 100 MB log peaks at 3.9 bytes a char).
 */
const KEPT_INDEX_MAX_UNITS = 4 * 1024 * 1024;

/** What a chain made of the content. */
export interface ChainRun {
  output: string;
  /** Whether any link dropped something (the original must then be stored). */
  lossy: boolean;
  /** The type whose chain ran last (differs from the routed type after a reroute). */
  type: ContentType;
  /** Names of the links that changed the text, in order. */
  strategy: string[];
  detail: Record<string, number | string>;
  /** Whether a compressor (not a cleaning step) changed the text. */
  claimed: boolean;
  /**
   * The line indexes the links built, each of the text it names: the
   * fidelity check reads the input (or its cleaned copy) by lines too, and
   * need not find them again.
   */
  indexes?: readonly LineIndex[];
  /** What cleaning steps pinned to the end of the output (CompressorOutput.pinnedTail), in order. */
  pinnedTail?: string;
}

/** Everything a chain run needs besides the content and its type. */
export interface ChainContext {
  readonly chains: Chains;
  readonly hint: Hint;
  /** The profile's multiplier of every cap. */
  readonly scale: number;
  readonly canDrop: boolean;
  /** Formats a marker naming this call's key and, when given, where in the original. */
  readonly marker: (summary: string, place?: MarkerPlace) => string;
  readonly json: JsonValidity;
  /** Told about each link that threw. */
  readonly onFailure: (compressor: string, error: unknown) => void;
}

/**
 * Runs the chain of `type` over `content` and returns what it made, or null
 * when no link changed anything. With an HTTP `envelope` (the content's
 * response heads and body), the chain runs on the body and the heads are put
 * back in front, verbatim; markers still name the original's lines.
 */
export function runChain(
  content: string,
  type: ContentType,
  ctx: ChainContext,
  envelope: HttpEnvelope | null = null,
): ChainRun | null {
  const body = envelope === null ? content : envelope.body;
  const run: ChainRun = { output: body, lossy: false, type, strategy: [], detail: {}, claimed: false };
  const indexes: LineIndex[] = [];
  let input = LinkInput.first(content, type, ctx, indexes);
  if (envelope !== null) input = input.after({ output: body, lossy: false, lineOrigin: bodyLines(envelope) }, type);
  for (let reroutes = 0; ; reroutes++) {
    const last = runLinks(ctx.chains[run.type] ?? [], input, run, ctx, reroutes < MAX_REROUTES);
    if (last === null) break;
    const next = detect(run.output, { ...ctx.hint, contentType: undefined }).type;
    // Code stays as it is unless the caller asked for code compression.
    if (next === "code" && ctx.hint.compressCode !== true) break;
    run.type = next;
    input = last.retyped(next);
  }
  if (run.strategy.length === 0) return null;
  if (run.pinnedTail !== undefined) run.output += run.pinnedTail;
  if (envelope !== null) {
    run.output = envelope.head + run.output;
    run.strategy.unshift("http");
  }
  run.indexes = indexes;
  return run;
}

/** For each line of an envelope's body, its line in the original (past the heads). */
function bodyLines(envelope: HttpEnvelope): Int32Array {
  const { body, headLines } = envelope;
  let count = 1;
  for (let at = body.indexOf("\n"); at !== -1; at = body.indexOf("\n", at + 1)) count++;
  const map = new Int32Array(count);
  for (let i = 0; i < count; i++) map[i] = headLines + i;
  return map;
}

/**
 * Runs one chain's links, recording each change in `run`. When a link asks
 * for its output to be routed again and `mayReroute` allows it, returns the
 * input made of that output (the rest of this chain then does not run);
 * else null. Past the reroute limit the chain simply goes on.
 */
function runLinks(
  chain: readonly Compressor[],
  first: LinkInput,
  run: ChainRun,
  ctx: ChainContext,
  mayReroute: boolean,
): LinkInput | null {
  let input = first;
  for (const compressor of chain) {
    // A blind last resort never cuts what a compressor claimed (and fitted to its own budget).
    if (compressor.lastResort === true && run.claimed) continue;
    let out = tryLink(compressor, input, ctx);
    if (out === null) continue;
    if (out.output === input.text) {
      // A compressor that read the content and found every line a fact still claims it.
      if (out.keepsLines !== true && out.reroute !== true) run.claimed = true;
      if (out.final === true) return null;
      continue;
    }
    run.strategy.push(compressor.name);
    run.lossy ||= out.lossy;
    if (out.detail !== undefined) Object.assign(run.detail, out.detail);
    const isRerouted = out.reroute === true && mayReroute;
    if (out.pinnedTail !== undefined) {
      // Rerouted, the other chain reads the text without it; else this chain goes on over all of it.
      if (isRerouted) run.pinnedTail = out.pinnedTail + (run.pinnedTail ?? "");
      else out = { ...out, output: out.output + out.pinnedTail, pinnedTail: undefined };
    }
    run.output = out.output;
    if (out.keepsLines !== true && out.reroute !== true) run.claimed = true;
    input = input.after(out, run.type);
    if (isRerouted) return input;
  }
  return null;
}

function tryLink(compressor: Compressor, input: LinkInput, ctx: ChainContext): CompressorOutput | null {
  try {
    return compressor.compress(input);
  } catch (error) {
    ctx.onFailure(compressor.name, error);
    return null;
  }
}

/** How a text's lines stand for the original's: `identity`, a map (-1: no original line), or `unknown`. */
type LineOrigin = "identity" | "unknown" | Int32Array;

/**
 * What one link of a chain receives. A class, not an object literal with a
 * `get lines()` closing over the loop: V8 gives such a literal slow
 * properties, and its getter (with the closure, hence the link's text)
 * stayed reachable from the old generation after the call until the next
 * full collection. Every scavenge then copied and promoted the recent
 * calls' intermediate outputs (72 KB each for a 100 KB search): pauses of
 * ~10 ms instead of ~0.6 ms, which set the p99 of every class in
 * bench/pipeline.mjs. One instance per text, so links that pass the text on
 * share its line index.
 */
class LinkInput implements CompressorInput {
  readonly hint: Hint;
  readonly scale: number;
  readonly canDrop: boolean;
  readonly json: JsonValidity;
  /** An own property, not a method: compressors may take it out of the input (`const { marker } = input`). */
  readonly marker: (summary: string, place?: OmissionPlace) => string;
  private index: LineIndex | null = null;
  private origin: LineOrigin | null;

  private constructor(
    readonly text: string,
    readonly type: ContentType,
    private readonly ctx: ChainContext,
    /** The input this text was made from, and what the link that made it said of its lines. */
    private readonly parent: LinkInput | null,
    private readonly step: CompressorOutput | null,
    /** Every index the inputs of this chain run built (shared by them all). */
    private readonly built: LineIndex[],
  ) {
    this.hint = ctx.hint;
    this.scale = ctx.scale;
    this.canDrop = ctx.canDrop;
    this.json = ctx.json;
    this.origin = parent === null ? "identity" : null;
    this.marker = (summary, place) =>
      ctx.marker(summary, place === undefined ? undefined : this.placeInOriginal(place));
  }

  /** The input of a chain's first link: the original itself. */
  static first(content: string, type: ContentType, ctx: ChainContext, built: LineIndex[]): LinkInput {
    return new LinkInput(content, type, ctx, null, null, built);
  }

  /** The next link's input: the output `out` of a link that read this input. */
  after(out: CompressorOutput, type: ContentType): LinkInput {
    return new LinkInput(out.output, type, this.ctx, this, out, this.built);
  }

  /** This text as the input of another type's chain (after a reroute). */
  retyped(type: ContentType): LinkInput {
    const input = new LinkInput(this.text, type, this.ctx, this.parent, this.step, this.built);
    input.index = this.index;
    input.origin = this.origin;
    return input;
  }

  /** Built on first use: JSON and HTML never ask, nor most last links of a chain. */
  get lines(): LineIndex {
    if (this.index === null) {
      this.index = LineIndex.of(this.text);
      if (this.isOriginalsView() && this.text.length <= KEPT_INDEX_MAX_UNITS) this.built.push(this.index);
    }
    return this.index;
  }

  /** Whether this text is the original or a cleaning of it (what the fidelity check reads). */
  private isOriginalsView(): boolean {
    return this.parent === null || (this.parent.parent === null && this.step?.keepsLines === true);
  }

  /**
   * How this text's lines stand for the original's, worked out on the first
   * marker that names lines: the link's own line origin composed with its
   * input's; without one, a cleaning step's output with as many lines as its
   * input keeps its input's numbering; anything else is unknown.
   */
  private lineOrigin(): LineOrigin {
    if (this.origin !== null) return this.origin;
    const parent = this.parent!;
    const from = parent.lineOrigin();
    const map = this.step?.lineOrigin;
    if (from === "unknown") this.origin = "unknown";
    else if (map !== undefined) this.origin = from === "identity" ? map : compose(map, from);
    else if (
      (this.step?.reroute === true || this.step?.keepsLines === true) &&
      this.lines.count === parent.lines.count
    ) {
      this.origin = from;
    } else this.origin = "unknown";
    return this.origin;
  }

  /** Lines of this text in the original's numbering (1-based, inclusive); a JSON path only for the original. */
  private placeInOriginal(place: OmissionPlace): MarkerPlace | undefined {
    const origin = this.lineOrigin();
    if ("path" in place) return origin === "identity" ? place : undefined;
    if (origin === "unknown") return undefined;
    const ranges: [number, number][] = [];
    for (const [from, to] of place.lines) {
      const range = origin === "identity" ? ([from + 1, to] as [number, number]) : this.mappedRange(origin, from, to);
      if (range === null || range[1] < range[0]) continue;
      const last = ranges[ranges.length - 1];
      if (last !== undefined && last[1] + 1 >= range[0]) last[1] = Math.max(last[1], range[1]);
      else ranges.push(range);
    }
    return ranges.length === 0 ? undefined : { lines: ranges };
  }

  /**
   * The original lines that this text's lines [from, to) stand for: those
   * after the last original line shown before `from`, up to the first one
   * shown at or after `to` (a text made of kept lines and markers keeps the
   * original's order, so everything between two shown lines is what the
   * range hides).
   */
  private mappedRange(origin: Int32Array, from: number, to: number): [number, number] | null {
    let before = -1;
    for (let i = Math.min(from, origin.length) - 1; i >= 0; i--) {
      if (origin[i] >= 0) {
        before = origin[i];
        break;
      }
    }
    let after = -1;
    for (let i = to; i < origin.length; i++) {
      if (origin[i] >= 0) {
        after = origin[i];
        break;
      }
    }
    if (after === -1) after = this.originalLineCount();
    return before + 1 < after ? [before + 2, after] : null;
  }

  private originalLineCount(): number {
    let first: LinkInput = this;
    while (first.parent !== null) first = first.parent;
    return first.lines.count;
  }
}

/** `map` (this text → its input) composed with `from` (that input → the original). */
function compose(map: Int32Array, from: Int32Array): Int32Array {
  const out = new Int32Array(map.length);
  for (let i = 0; i < map.length; i++) out[i] = map[i] >= 0 && map[i] < from.length ? from[map[i]] : -1;
  return out;
}
