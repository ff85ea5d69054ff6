/**
 * How large a text is once it is inside a JSON-RPC reply, and how much of it
 * fits under a cap: measured without building the JSON.
 *
 * The cap exists because the official SDK client reads stdio into a 10 MiB
 * buffer: one larger reply closes its connection, and every later call fails
 * with "Not connected". What counts is the text as a JSON string in UTF-8 —
 * `\n` and `"` take two bytes, other control characters and lone surrogates
 * six (`\u001b`, `\ud800`), a non-ASCII character two to four.
 */

/**
 * Default cap on the text of one tool answer, in UTF-8 bytes of its JSON
 * form (1 MiB). A tenth of the client's buffer, and already some 250 000
 * tokens: more than a model's context holds, so nothing useful is lost.
 */
export const DEFAULT_MAX_REPLY_BYTES = 1024 * 1024;

/**
 * Bytes `text` takes as a JSON string in UTF-8, quotes excluded — exactly
 * `utf8Length(JSON.stringify(text)) - 2`. Counting stops once past `limit`,
 * so measuring a 30 MB text against a 1 MiB cap reads 1 MiB of it.
 */
export function jsonTextBytes(text: string, limit = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const cost = unitCost(text, i);
    bytes += cost;
    if (cost === PAIR) i++;
  }
  return bytes;
}

/**
 * The longest prefix of `text` (in UTF-16 code units) whose JSON form fits in
 * `budget` bytes, never splitting a surrogate pair.
 */
export function jsonPrefixLength(text: string, budget: number): number {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const cost = unitCost(text, i);
    if (bytes + cost > budget) break;
    bytes += cost;
    i += cost === PAIR ? 2 : 1;
  }
  return i;
}

/** UTF-8 bytes of a surrogate pair (one code point beyond the BMP): it spans two code units. */
const PAIR = 4;

/** JSON-in-UTF-8 bytes of the code unit at `i` (of the pair starting there, as {@link PAIR}). */
function unitCost(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x20) return c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
  if (c === 0x22 || c === 0x5c) return 2;
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? PAIR : 6;
  }
  // A lone low surrogate is escaped; every other BMP character is three bytes.
  return c >= 0xdc00 && c <= 0xdfff ? 6 : 3;
}
