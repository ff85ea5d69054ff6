/**
 * Whether a text is valid JSON, remembered for the last two texts asked about.
 *
 * Within one compress call the same texts are checked more than once: the
 * router asks about the input, the fallback about the JSON compressor's
 * output, then the guardrail about both. `JSON.parse` of a few hundred KB
 * costs about a millisecond, while comparing a string with the one
 * remembered is far cheaper (identical objects compare at once). The
 * pipeline calls {@link forgetJsonValidity} when a call ends, so no input
 * outlives its call here.
 */

const texts: (string | null)[] = [null, null];
const valid: boolean[] = [false, false];
/** The slot the next new text goes to (the older of the two). */
let next = 0;

/** Whether `text` is valid JSON (`JSON.parse` accepts it). */
export function parsesAsJson(text: string): boolean {
  if (text === texts[0]) return valid[0]!;
  if (text === texts[1]) return valid[1]!;
  let ok: boolean;
  try {
    JSON.parse(text);
    ok = true;
  } catch {
    ok = false;
  }
  texts[next] = text;
  valid[next] = ok;
  next = 1 - next;
  return ok;
}

/** Drops the remembered texts. */
export function forgetJsonValidity(): void {
  texts[0] = null;
  texts[1] = null;
}
