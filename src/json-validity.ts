/**
 * Whether a text is valid JSON, remembered for the last two texts asked about.
 *
 * Within one compress call the same texts are checked more than once: the
 * guardrail asks about the input the JSON compressor has just parsed (see
 * {@link noteValidJson}), the fallback and then the guardrail about the JSON
 * compressor's output. `JSON.parse` of a few hundred KB
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

/**
 * Records that `text` is valid JSON, known by other means: the JSON
 * compressor's strict parser accepts exactly what `JSON.parse` accepts, so
 * once it has parsed the input nobody needs to parse it again.
 */
export function noteValidJson(text: string): void {
  if (text === texts[0] || text === texts[1]) return;
  texts[next] = text;
  valid[next] = true;
  next = 1 - next;
}

/**
 * Records for `to` the answer remembered for `from`, if there is one. For a
 * text whose marker keys were swapped (ccr/pending-key.ts): a key is 32 hex
 * digits inside a `[[pithy:…]]` marker, which JSON admits only within a
 * string, where one hex digit is as good as another, so the swap cannot
 * change the answer. Saves parsing a JSON output a second time.
 */
export function carryJsonValidity(from: string, to: string): void {
  // No `from === to` test: two equally long strings compare by content, flattening both.
  const slot = from === texts[0] ? 0 : from === texts[1] ? 1 : -1;
  if (slot < 0) return;
  // Overwrite `from`'s own slot: it is not read again once its swapped copy exists.
  texts[slot] = to;
}

/** Drops the remembered texts. */
export function forgetJsonValidity(): void {
  texts[0] = null;
  texts[1] = null;
}
