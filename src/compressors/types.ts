import type { LineIndex } from "../kernels/lines.js";
import type { ContentType, Hint } from "../types.js";
import type { JsonValidity } from "./json/validity.js";

/** What the pipeline hands a compressor. */
export interface CompressorInput {
  /** The content to compress (already cleaned by earlier links of the chain). */
  readonly text: string;
  /**
   * Its line index, built once and shared by the router and every compressor
   * (for a link's output, built on first use: a cheap check may not need it).
   */
  readonly lines: LineIndex;
  /** The type the router settled on. */
  readonly type: ContentType;
  readonly hint: Hint;
  /**
   * Multiplier for every cap (lines kept, rows kept, matches per file…):
   * 2 for `conservative`, 1 for `default`, 0.5 for `aggressive`.
   */
  readonly scale: number;
  /**
   * Whether the compressor may drop content. False in `lossless` mode or when
   * no store can take the original: then only lossless rewrites are allowed.
   */
  readonly canDrop: boolean;
  /**
   * A marker naming the stored original, saying what was omitted
   * ("312 INFO lines omitted") and, when `place` is given, where: the
   * pipeline turns this input's line ranges into the original's (`L120-180`),
   * so a recall can return just those lines. Only meaningful when `canDrop`
   * is true.
   */
  marker(summary: string, place?: OmissionPlace): string;
  /**
   * Whether texts of this call parse as JSON, remembered for the call: ask it
   * (or tell it, having parsed a text) instead of parsing again.
   */
  readonly json: JsonValidity;
}

/**
 * Where an omission sits in a compressor's input: 0-based, half-open line
 * ranges of `text` (in order), or a JSON path into the document (see
 * `pathKey` in ccr/marker.ts for its segments).
 */
export type OmissionPlace =
  | { readonly lines: readonly (readonly [from: number, to: number])[] }
  | { readonly path: string };

/** What a compressor gives back. */
export interface CompressorOutput {
  output: string;
  /** True when anything was dropped (the pipeline then stores the original before returning). */
  lossy: boolean;
  /** Counts worth reporting (lines kept, matches dropped…), copied to the result's `detail`. */
  detail?: Record<string, number | string>;
  /** Set by cleaning steps (terminal): route the output again and run that type's chain. */
  reroute?: boolean;
  /**
   * With `reroute`: text that ends the final output as it is, after whatever
   * the rerouted chain makes of `output` (a pager's last screen and its
   * prompt: where the reader stopped, not part of the document shown).
   */
  pinnedTail?: string;
  /**
   * For each line of `output`, the 0-based input line it shows, or -1 (a
   * marker, a line of its own): lets later links' markers name the
   * original's lines. Without it, a later marker names lines only when the
   * output has as many lines as the input (a cleaning step).
   */
  lineOrigin?: Int32Array;
  /**
   * Set by cleaning steps that leave every line where it was (ANSI
   * stripping): line `i` of the output is line `i` of the input. Such a step
   * claims nothing: the fallback may still run after it.
   */
  keepsLines?: boolean;
  /**
   * Set with an unchanged output by a link that claims the content as it is
   * (a short list of paths, each one something an agent may quote back): no
   * later link of the chain runs on it.
   */
  final?: boolean;
}

/**
 * One compressor. `compress` returns null when it has nothing to offer for this
 * input (the chain moves on); it may throw, and the pipeline then fails open.
 */
export interface Compressor {
  /** Strategy name reported in results and telemetry (`log`, `search`, `json-crush`…). */
  readonly name: string;
  /**
   * A last resort (the fallback's blind cut): it runs only when no earlier
   * link of the chain claimed the content, since a compressor that claimed
   * it fits its own output to its budget, outline first.
   */
  readonly lastResort?: boolean;
  compress(input: CompressorInput): CompressorOutput | null;
}

/** Scales a base cap by the profile multiplier, never below `min`. */
export function scaled(base: number, scale: number, min = 1): number {
  return Math.max(min, Math.round(base * scale));
}
