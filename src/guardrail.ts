import { parseMarkers } from "./ccr/marker.js";
import { parsesAsJson } from "./json-validity.js";

/**
 * The last check before output leaves the pipeline. Returns null when the
 * output keeps the contract, or why not: it must be smaller in tokens, every
 * marker must parse and name this call's key, and JSON that parsed before must
 * still parse.
 */
export function guardrailViolation(args: {
  input: string;
  output: string;
  tokensIn: number;
  tokensOut: number;
  key: string;
  /** Whether the input parsed as JSON (then the output must too). */
  inputIsJson: boolean;
}): string | null {
  const { output, tokensIn, tokensOut, key, inputIsJson } = args;
  if (tokensOut >= tokensIn) return `not smaller: ${tokensOut} >= ${tokensIn} tokens`;
  const markers = parseMarkers(output);
  for (const m of markers) if (m.key !== key) return `marker names a foreign key ${m.key}`;
  // A marker-looking fragment that does not parse would promise a recall that fails.
  const opened = countOccurrences(output, "[[pithy:");
  if (opened !== markers.length) return `${opened - markers.length} malformed marker(s)`;
  if (inputIsJson && !parsesAsJson(output)) return "JSON output does not parse";
  return null;
}

function countOccurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}
