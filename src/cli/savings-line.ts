/**
 * The one line of savings `pithy` prints on stderr, and the percentage in it.
 *
 * A percentage is rounded to a whole number only when that does not change
 * what it says: 99.7 % saved is not "−100 %" (which would claim nothing is
 * left) and 0.3 % is not "−0 %" (which would claim nothing was saved).
 */
import type { CompressResult } from "../types.js";

/** How much smaller `after` is than `before`, as a signed percentage: `−98%`, `−99.7%`, `0%`, `+2%`. */
export function formatChange(before: number, after: number): string {
  if (before === after || before <= 0) return "0%";
  if (after === 0) return "−100%";
  const percent = (100 * Math.abs(before - after)) / before;
  const sign = after < before ? "−" : "+";
  return `${sign}${honestPercent(percent, after < before)}%`;
}

/**
 * `percent` (> 0) rounded to a whole number, or to one decimal near 0 and
 * 100, never reaching a bound it does not reach: `<0.1` and `>99.9` where
 * even one decimal would.
 */
function honestPercent(percent: number, isSaving: boolean): string {
  const whole = Math.round(percent);
  if (whole > 0 && (whole < 100 || !isSaving)) return String(whole);
  const tenth = percent.toFixed(1);
  if (tenth === "0.0") return "<0.1";
  if (tenth === "100.0" && isSaving) return ">99.9";
  return tenth;
}

/** `pithy: 62330 → 958 tokens (−98%), log via log, key e6ab…`. */
export function savingsLine(r: CompressResult): string {
  const what = r.action === "compressed" ? `${r.type} via ${r.strategy}` : `skipped (${r.reason})`;
  const change = formatChange(r.tokensIn, r.tokensOut);
  return `pithy: ${r.tokensIn} → ${r.tokensOut} tokens (${change}), ${what}${r.key ? `, key ${r.key}` : ""}`;
}

/** The line for input passed through as bytes: `pithy: 151234 bytes passed through unchanged, skipped (binary)`. */
export function passthroughLine(bytes: number, reason: string): string {
  return `pithy: ${bytes} bytes passed through unchanged, skipped (${reason})`;
}
