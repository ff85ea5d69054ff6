/**
 * The chain step: runs a content type's compressors in order, each on the
 * previous one's output, and follows reroutes (a terminal capture cleaned of
 * its escapes is routed again and runs the log chain). A compressor that
 * throws is skipped and counted: the chain fails open link by link.
 */
import type { Chains } from "../compressors/registry.js";
import type { JsonValidity } from "../compressors/json/validity.js";
import type { Compressor, CompressorInput, CompressorOutput } from "../compressors/types.js";
import { LineIndex } from "../kernels/lines.js";
import { detect } from "../router/detect.js";
import type { ContentType, Hint } from "../types.js";

/** Reroutes one chain run may take (terminal → log, doc_read → markdown …). */
const MAX_REROUTES = 2;

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
}

/** Everything a chain run needs besides the content and its type. */
export interface ChainContext {
  readonly chains: Chains;
  readonly hint: Hint;
  /** The profile's multiplier of every cap. */
  readonly scale: number;
  readonly canDrop: boolean;
  /** Formats a marker naming this call's key. */
  readonly marker: (summary: string) => string;
  readonly json: JsonValidity;
  /** Told about each link that threw. */
  readonly onFailure: (compressor: string, error: unknown) => void;
}

/**
 * Runs the chain of `type` over `content` and returns what it made, or null
 * when no link changed anything.
 */
export function runChain(content: string, type: ContentType, ctx: ChainContext): ChainRun | null {
  const run: ChainRun = { output: content, lossy: false, type, strategy: [], detail: {} };
  let input = new LinkInput(content, type, ctx);
  for (let reroutes = 0; ; reroutes++) {
    const asked = runLinks(ctx.chains[run.type] ?? [], input, run, ctx, reroutes < MAX_REROUTES);
    if (!asked) break;
    const next = detect(run.output, { ...ctx.hint, contentType: undefined }).type;
    // Code stays as it is unless the caller asked for code compression.
    if (next === "code" && ctx.hint.compressCode !== true) break;
    run.type = next;
    input = new LinkInput(run.output, next, ctx);
  }
  return run.strategy.length === 0 ? null : run;
}

/**
 * Runs one chain's links, recording each change in `run`. Returns true when
 * a link asked for its output to be routed again and `mayReroute` allows it
 * (the rest of this chain then does not run); past the reroute limit the
 * chain simply goes on.
 */
function runLinks(
  chain: readonly Compressor[],
  first: LinkInput,
  run: ChainRun,
  ctx: ChainContext,
  mayReroute: boolean,
): boolean {
  let input = first;
  for (const compressor of chain) {
    const out = tryLink(compressor, input, ctx);
    if (out === null || out.output === input.text) continue;
    run.strategy.push(compressor.name);
    run.lossy ||= out.lossy;
    if (out.detail !== undefined) Object.assign(run.detail, out.detail);
    run.output = out.output;
    if (out.reroute === true && mayReroute) return true;
    input = new LinkInput(out.output, run.type, ctx);
  }
  return false;
}

function tryLink(compressor: Compressor, input: LinkInput, ctx: ChainContext): CompressorOutput | null {
  try {
    return compressor.compress(input);
  } catch (error) {
    ctx.onFailure(compressor.name, error);
    return null;
  }
}

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
  readonly marker: (summary: string) => string;
  private index: LineIndex | null = null;

  constructor(
    readonly text: string,
    readonly type: ContentType,
    ctx: ChainContext,
  ) {
    this.hint = ctx.hint;
    this.scale = ctx.scale;
    this.canDrop = ctx.canDrop;
    this.json = ctx.json;
    this.marker = ctx.marker;
  }

  /** Built on first use: JSON and HTML never ask, nor most last links of a chain. */
  get lines(): LineIndex {
    return (this.index ??= LineIndex.of(this.text));
  }
}
