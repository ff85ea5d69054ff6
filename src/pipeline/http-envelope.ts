/**
 * An HTTP response as `curl -i`, `curl -iL` or `http --print=hb` print it:
 * one or more response heads (a status line, `Name: value` headers, a blank
 * line), then the body. The heads are what the call answered (status,
 * `Link` pagination, rate limits, `Content-Type`), so they stay whole; the
 * body is routed and compressed as what it is (a JSON API response runs the
 * JSON chain). Without this, a JSON body behind its head routed as unknown
 * and the fallback cut the middle of its records blindly.
 */

/** Longest head read, in characters: a status line and a few dozen headers. */
const MAX_HEAD = 8192;
/** Heads read in a row: `100 Continue`, then redirects followed by `-L`, then the final response. */
const MAX_HEADS = 8;

/** A response split into its heads (the original's bytes, blank line included) and its body. */
export interface HttpEnvelope {
  /** The head or heads, verbatim, up to and including the blank line before the body. */
  readonly head: string;
  /** Lines of `head` (the body's first line is line `headLines` of the original, 0-based). */
  readonly headLines: number;
  readonly body: string;
}

/**
 * The heads and body of `text` when it opens with an HTTP response head and
 * has a body after its last head, else null (a `curl -I` list of heads alone
 * is left to the stanza compressor).
 */
export function splitHttpResponse(text: string): HttpEnvelope | null {
  if (!text.startsWith("HTTP/")) return null;
  let at = 0;
  let lines = 0;
  for (let heads = 0; heads < MAX_HEADS && text.startsWith("HTTP/", at); heads++) {
    const end = headEnd(text, at);
    if (end === null) return null;
    at = end.at;
    lines += end.lines;
  }
  if (at >= text.length || text.startsWith("HTTP/", at) || isBlank(text, at)) return null;
  return { head: text.slice(0, at), headLines: lines, body: text.slice(at) };
}

/**
 * Where the head starting at `from` ends (just past its blank line) and how
 * many lines it took, or null when what follows the status line is not a
 * header block ended by a blank line within MAX_HEAD characters.
 */
function headEnd(text: string, from: number): { at: number; lines: number } | null {
  let at = from;
  let lines = 0;
  while (at < text.length && at - from < MAX_HEAD) {
    const nl = text.indexOf("\n", at);
    if (nl === -1) return null;
    const end = nl > at && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    lines++;
    if (end === at) return lines > 1 ? { at: nl + 1, lines } : null;
    if (lines === 1 ? !isStatusLine(text, at, end) : !isHeaderLine(text, at, end)) return null;
    at = nl + 1;
  }
  return null;
}

/** `HTTP/1.1 200 OK`, `HTTP/2 404`: a version, then a three-digit status. */
function isStatusLine(text: string, from: number, end: number): boolean {
  const space = text.indexOf(" ", from);
  if (space === -1 || space >= end - 3) return false;
  for (let i = space + 1; i < space + 4; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return space + 4 === end || text.charCodeAt(space + 4) === 32;
}

/** `Name: value` with a token name, or a folded continuation (leading white space). */
function isHeaderLine(text: string, from: number, end: number): boolean {
  const first = text.charCodeAt(from);
  if (first === 32 || first === 9) return true;
  const colon = text.indexOf(":", from);
  if (colon <= from || colon >= end) return false;
  for (let i = from; i < colon; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c >= 127) return false;
  }
  return true;
}

function isBlank(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return true;
}
