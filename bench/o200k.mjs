// Exact o200k_base token counts (js-tiktoken), counted line by line so a
// 100 KB single-line file stays fast; the sum differs from counting the whole
// text only at line joins, where o200k never merges across "\n" runs anyway.
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";

const enc = new Tiktoken(o200k);
const CHUNK = 4096;

/** Exact-enough o200k_base token count of `text`. */
export function countTokens(text) {
  let n = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    end = end === -1 ? text.length : end + 1;
    // Very long lines are counted in chunks (a few tokens of error at the cuts, never quadratic).
    for (let i = start; i < end; i += CHUNK) n += enc.encode(text.slice(i, Math.min(end, i + CHUNK))).length;
    start = end;
  }
  return n;
}
