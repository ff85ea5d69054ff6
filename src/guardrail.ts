import { countMarkerOpenings, parseMarkers } from "./ccr/marker.js";
import type { JsonValidity } from "./compressors/json/validity.js";

/** What the guardrail checks an output against. */
export interface GuardrailCheck {
  output: string;
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
 * The last check before output leaves the pipeline. Returns null when the
 * output keeps the contract, or why not: it must be smaller in tokens, every
 * marker must parse and name this call's key, and JSON that parsed before must
 * still parse.
 */
export function guardrailViolation(check: GuardrailCheck): string | null {
  const { output, tokensIn, tokensOut, key } = check;
  if (tokensOut >= tokensIn) return `not smaller: ${tokensOut} >= ${tokensIn} tokens`;
  const markers = parseMarkers(output);
  for (const m of markers) if (m.key !== key) return `marker names a foreign key ${m.key}`;
  // A marker-looking fragment that does not parse would promise a recall that fails.
  const opened = countMarkerOpenings(output);
  if (opened !== markers.length) return `${opened - markers.length} malformed marker(s)`;
  if (check.inputIsJson && !check.json.parses(output)) return "JSON output does not parse";
  return null;
}
