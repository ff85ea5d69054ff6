import { countMarkerOpenings, parseMarkers } from "./ccr/marker.js";
import type { JsonValidity } from "./compressors/json/validity.js";

/** What the guardrail checks an output against. */
export interface GuardrailCheck {
  output: string;
  /**
   * The output as parts that meet at line breaks (a text and the marker line
   * appended to it), read apart so that the output is never flattened; no
   * marker spans a line break. Absent: `output` whole.
   */
  parts?: readonly string[];
  tokensIn: number;
  tokensOut: number;
  /** The key this call's markers must name. */
  key: string;
  /** Whether the input parsed as JSON (then the output must too). */
  inputIsJson: boolean;
  /** The call's JSON answers (the output may already be known to parse). */
  json: JsonValidity;
}

/**
 * The least saving worth an output, in estimated tokens: 2 % and at least 8.
 * The estimate errs by a few per cent on some text (bench/results/
 * tokens-calibration.md), so an output saving less could be larger in a
 * real tokenizer's count; one saving this much never is.
 */
export function savingsMargin(tokensIn: number): number {
  return Math.max(8, Math.ceil(0.02 * tokensIn));
}

/**
 * The last check before output leaves the pipeline. Returns null when the
 * output keeps the contract, or why not: it must save at least
 * {@link savingsMargin} tokens, every marker must parse and name this call's
 * key, and JSON that parsed before must still parse.
 */
export function guardrailViolation(check: GuardrailCheck): string | null {
  const { output, tokensIn, tokensOut, key } = check;
  if (tokensOut > tokensIn - savingsMargin(tokensIn)) {
    return `not smaller by the margin: ${tokensOut} > ${tokensIn} - ${savingsMargin(tokensIn)} tokens`;
  }
  const parts = check.parts ?? [output];
  const markers = parts.flatMap((part) => parseMarkers(part));
  for (const m of markers) if (m.key !== key) return `marker names a foreign key ${m.key}`;
  // A marker-looking fragment that does not parse would promise a recall that fails.
  let opened = 0;
  for (const part of parts) opened += countMarkerOpenings(part);
  if (opened !== markers.length) return `${opened - markers.length} malformed marker(s)`;
  if (check.inputIsJson && !check.json.parses(output)) return "JSON output does not parse";
  return null;
}
