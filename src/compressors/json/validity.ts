import { isValidJson } from "./streaming-validator.js";

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

  /** The last text whose brackets were scanned, and their depth (see {@link bracketDepth}). */
  private scanned: string | null = null;
  private scannedDepth = 0;

  /** Whether `text` is valid JSON (`JSON.parse` accepts it). */
  parses(text: string): boolean {
    if (text === this.texts[0]) return this.valid[0]!;
    if (text === this.texts[1]) return this.valid[1]!;
    let ok: boolean;
    try {
      // Unbalanced brackets cannot parse; V8 would first build a stack for every open one.
      const depth = text.length >= CHECK_BRACKETS_FROM ? this.depthOf(text) : 0;
      if (depth < 0) ok = false;
      // Deep valid JSON would make V8 build one container per level: decide without building.
      else if (depth > PARSE_DEPTH_LIMIT) ok = isValidJson(text);
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
   * Whether `text` surely is not JSON, by a scan far cheaper than parsing:
   * its brackets do not close as they open. For long texts only (below
   * {@link CHECK_BRACKETS_FROM} a parser's failure costs little): a parser
   * would first open a container for every `[` of `[[[[…`.
   */
  surelyNot(text: string): boolean {
    if (text === this.texts[0]) return !this.valid[0]!;
    if (text === this.texts[1]) return !this.valid[1]!;
    if (text.length < CHECK_BRACKETS_FROM || this.depthOf(text) >= 0) return false;
    this.remember(text, false);
    return true;
  }

  /**
   * Whether the brackets of `text` close as they open and nest deeper than
   * `limit` levels, by the same allocation-free scan, remembered for the call.
   */
  nestsDeeperThan(text: string, limit: number): boolean {
    return this.depthOf(text) > limit;
  }

  private depthOf(text: string): number {
    if (text !== this.scanned) {
      this.scannedDepth = bracketDepth(text);
      this.scanned = text;
    }
    return this.scannedDepth;
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
 * Deepest nesting `JSON.parse` is left to decide; deeper texts go to the
 * streaming validator. Below it V8's containers cost a bounded amount (a few
 * hundred KB); the validator is slower than V8 on ordinary JSON, so it runs
 * only where building would cost per char.
 */
const PARSE_DEPTH_LIMIT = 4096;

/**
 * The deepest nesting of the brackets outside strings of `text`, or -1 when
 * they do not close as they open (a necessary condition of valid JSON, so -1
 * means JSON.parse would throw). One allocation-free scan: `JSON.parse` of
 * 8 MB of `[` took 336 MB of stack before it found the end.
 */
function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \\ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 93 || c === 125) {
      if (--depth < 0) return -1;
    }
  }
  return depth === 0 ? deepest : -1;
}
