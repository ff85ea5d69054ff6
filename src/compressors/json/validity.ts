/**
 * Whether texts parse as JSON, remembered for one compress call.
 *
 * Within one call the same texts are checked more than once: the router asks
 * about a small input, the guardrail about the input the JSON compressor has
 * just parsed (see {@link note}), the fallback and then the guardrail about
 * the JSON compressor's output. `JSON.parse` of a few hundred KB costs about
 * a millisecond, while comparing a string with one remembered is far cheaper
 * (identical objects compare at once). The pipeline makes one instance per
 * call and hands it to every step (`CompressorInput.json`), so concurrent
 * calls never see each other's texts and nothing outlives its call.
 */
export class JsonValidity {
  private readonly texts: (string | null)[] = [null, null];
  private readonly valid: boolean[] = [false, false];
  /** The slot the next new text goes to (the older of the two). */
  private next = 0;

  /** Whether `text` is valid JSON (`JSON.parse` accepts it). */
  parses(text: string): boolean {
    if (text === this.texts[0]) return this.valid[0]!;
    if (text === this.texts[1]) return this.valid[1]!;
    let ok: boolean;
    try {
      // Unbalanced brackets cannot parse; V8 would first build a stack for every open one.
      if (text.length >= CHECK_BRACKETS_FROM && !bracketsBalance(text)) ok = false;
      else {
        JSON.parse(text);
        ok = true;
      }
    } catch {
      ok = false;
    }
    this.remember(text, ok);
    return ok;
  }

  /**
   * Records that `text` is valid JSON, known by other means: the JSON
   * compressor's strict parser accepts exactly what `JSON.parse` accepts, so
   * once it has parsed the input nobody needs to parse it again.
   */
  note(text: string): void {
    if (text === this.texts[0] || text === this.texts[1]) return;
    this.remember(text, true);
  }

  /**
   * Records for `to` the answer remembered for `from`, if there is one. For a
   * text whose marker keys were swapped (ccr/pending-key.ts): a key is 32 hex
   * digits inside a `[[pithy:…]]` marker, which JSON admits only within a
   * string, where one hex digit is as good as another, so the swap cannot
   * change the answer. Saves parsing a JSON output a second time.
   */
  carry(from: string, to: string): void {
    // No `from === to` test: two equally long strings compare by content, flattening both.
    const slot = from === this.texts[0] ? 0 : from === this.texts[1] ? 1 : -1;
    // Overwrite `from`'s own slot: it is not read again once its swapped copy exists.
    if (slot >= 0) this.texts[slot] = to;
  }

  private remember(text: string, ok: boolean): void {
    this.texts[this.next] = text;
    this.valid[this.next] = ok;
    this.next = 1 - this.next;
  }
}

/** Texts at least this long get the bracket scan first (below it, JSON.parse's stack is small). */
const CHECK_BRACKETS_FROM = 64 * 1024;

/**
 * Whether the brackets outside strings of `text` close as they open (a
 * necessary condition of valid JSON, so false means JSON.parse would throw).
 * One allocation-free scan: `JSON.parse` of 8 MB of `[` took 336 MB of stack
 * before it found the end.
 */
function bracketsBalance(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \\ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) depth++;
    else if (c === 93 || c === 125) {
      if (--depth < 0) return false;
    }
  }
  return depth === 0;
}
