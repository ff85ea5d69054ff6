/**
 * Token-wasting noise in Markdown prose: inline images (their alt text says
 * what they show), inline links (the text reads on its own; the URL is an
 * identifier, so it stays, once, beside the first link to it), and lines
 * that repeat word for word (navigation, banners, footers). Code spans are
 * copied untouched. Every scan here is linear.
 *
 * Whitespace inside a line is never touched: text routed here is not always
 * Markdown (a C header's `#define Z_DATA_ERROR   (-3)`, `diff -c` headers
 * with tabs, aligned columns), an agent greps and quotes the lines it sees,
 * and squeezing runs in real Markdown prose saved 15 tokens of 98 766 over
 * the corpus. A shown prose line keeps its bytes unless it holds a link or
 * an image, which is Markdown syntax rewritten by rule.
 */

/** What {@link cleanInline} rewrote, summed over calls. */
export interface NoiseCounts {
  links: number;
  images: number;
}

/** Creates zeroed {@link NoiseCounts}. */
export function noiseCounts(): NoiseCounts {
  return { links: 0, images: 0 };
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const BACKSLASH = 92;
const BACKTICK = 96;
const LBRACKET = 91;
const RBRACKET = 93;
const LPAREN = 40;
const RPAREN = 41;
const BANG = 33;
const LT = 60;

/** Longest link text or destination looked at; beyond it the bracket is taken literally. */
const MAX_LINK = 2048;

/**
 * Characters the look-ahead scans (brackets, code spans) may still read in
 * one cleaning pass: once spent, brackets and backticks are taken literally,
 * so `[[[[…` or a thousand unclosed backticks stay linear. Shared by the
 * nested cleans of one pass.
 */
interface Lookahead {
  left: number;
}

/**
 * Rewrites one stretch of prose: `![alt](src)` → `alt`; `[text](url)` →
 * `text (url)` the first time `url` is seen (tracked in `seenUrls`), `text`
 * after that and for in-page anchors; `[text][]` → `text`; everything else,
 * whitespace included, as it stands. With `seenUrls` null every URL is
 * written (an upper bound on the length, for budgeting).
 */
export function cleanInline(text: string, seenUrls: Set<string> | null, counts: NoiseCounts | null = null): string {
  // A rewrite can leave fragments that form a new link (`[[]([a](b))` →
  // `[[a](b)`), so passes repeat until nothing changes: the result is then a
  // fixed point, and cleaning it again (compressing the output again) is a
  // no-op. Every pass that changes the text shortens it; text that has not
  // settled after a few passes is left as it came.
  let current = text;
  for (let pass = 0; pass < MAX_CLEAN_PASSES; pass++) {
    const lookahead: Lookahead = { left: 4 * current.length + 65536 };
    const next = clean(current, seenUrls, pass === 0 ? counts : null, lookahead);
    if (next === current || next.indexOf("[") === -1) return next;
    current = next;
  }
  return text;
}

/** Passes {@link cleanInline} makes before it gives up on reaching a fixed point. */
const MAX_CLEAN_PASSES = 6;

/** The cleaned text as it is written: the source copied in runs, rewrites in between. */
class CleanedText {
  out = "";
  /** Where the next run copied from the source starts. */
  copyFrom = 0;

  constructor(private readonly text: string) {}

  /** Copies the source from {@link copyFrom} to `to`. */
  flush(to: number): void {
    if (to <= this.copyFrom) return;
    this.write(this.text.slice(this.copyFrom, to));
  }

  /** Writes `s` in place of what the source holds. */
  emit(s: string): void {
    if (s.length > 0) this.write(s);
  }

  /** A line ending at `i` (`\n`, or a `\r` that is dropped). */
  lineEnd(isLf: boolean, i: number): void {
    this.flush(i);
    if (isLf) this.out += "\n";
    this.copyFrom = i + 1;
  }

  private write(s: string): void {
    this.out += s;
  }
}

function clean(text: string, seenUrls: Set<string> | null, counts: NoiseCounts | null, lookahead: Lookahead): string {
  const w = new CleanedText(text);
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === LF || c === 13) {
      w.lineEnd(c === LF, i);
      i++;
    } else if (c === BACKSLASH) {
      i = Math.min(n, i + 2);
    } else if (c === BACKTICK) {
      i = codeSpanEnd(text, i, lookahead);
    } else if (lookahead.left > 0 && (c === LBRACKET || (c === BANG && text.charCodeAt(i + 1) === LBRACKET))) {
      i = cleanLinkAt(text, i, w, { seenUrls, counts, lookahead });
    } else {
      i++;
    }
  }
  w.flush(n);
  return w.out;
}

/**
 * An image (`![alt](src)`), an inline link or a collapsed reference
 * (`[text][]`) at `i`: writes its cleaned text and returns the index past it;
 * anything else is literal text (the index past the bracket).
 */
function cleanLinkAt(
  text: string,
  i: number,
  w: CleanedText,
  ctx: { seenUrls: Set<string> | null; counts: NoiseCounts | null; lookahead: Lookahead },
): number {
  const { seenUrls, counts, lookahead } = ctx;
  if (text.charCodeAt(i) === BANG) {
    const image = parseInlineLink(text, i + 1, lookahead);
    if (image === null) return i + 1;
    w.flush(i);
    const alt = clean(image.text, seenUrls, null, lookahead).trim();
    w.emit(alt);
    if (counts !== null) counts.images++;
    // An image with no alt text leaves nothing: one of the spaces around it goes with it.
    const isBetweenSpaces =
      alt.length === 0 && text.charCodeAt(i - 1) === SPACE && text.charCodeAt(image.end) === SPACE;
    return (w.copyFrom = isBetweenSpaces ? image.end + 1 : image.end);
  }
  const link = parseInlineLink(text, i, lookahead);
  if (link !== null) {
    w.flush(i);
    w.emit(renderLink(clean(link.text, seenUrls, counts, lookahead).trim(), link.url, seenUrls));
    if (counts !== null) counts.links++;
    return (w.copyFrom = link.end);
  }
  const collapsed = collapsedReference(text, i, lookahead);
  if (collapsed === -1) return i + 1;
  w.flush(i);
  // The reference's text is cleaned like an inline link's, so a link nested
  // inside it (`[[a](b)][]`) is rewritten now, not on a second pass.
  w.emit(clean(text.slice(i + 1, collapsed - 3), seenUrls, counts, lookahead).trim());
  if (counts !== null) counts.links++;
  return (w.copyFrom = collapsed);
}

function renderLink(text: string, url: string, seenUrls: Set<string> | null): string {
  if (url.length === 0 || url.charCodeAt(0) === 35 /* # */) return text;
  if (text.length === 0) return url;
  if (text === url || text === `\`${url}\``) return text;
  if (seenUrls !== null) {
    if (seenUrls.has(url)) return text;
    seenUrls.add(url);
  }
  return `${text} (${url})`;
}

/** Index just past the code span opened by the backtick run at `i` (or past the run when it never closes). */
function codeSpanEnd(text: string, i: number, lookahead: Lookahead): number {
  let run = i;
  while (run < text.length && text.charCodeAt(run) === BACKTICK) run++;
  const width = run - i;
  let at = run;
  while (lookahead.left > 0) {
    const close = text.indexOf("`", at);
    if (close === -1) {
      lookahead.left -= text.length - at;
      return run;
    }
    let end = close;
    while (end < text.length && text.charCodeAt(end) === BACKTICK) end++;
    lookahead.left -= end - at;
    if (end - close === width) return end;
    at = end;
  }
  return run;
}

/** Index of the `]` closing the bracket opened at `open`, or -1 (nesting, escapes and code spans respected). */
function closingBracket(text: string, open: number, lookahead: Lookahead): number {
  let depth = 0;
  const limit = Math.min(text.length, open + MAX_LINK);
  for (let i = open; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === BACKTICK) i = codeSpanEnd(text, i, lookahead) - 1;
    else if (c === LBRACKET) depth++;
    else if (c === RBRACKET && --depth === 0) {
      lookahead.left -= i - open;
      return i;
    }
  }
  lookahead.left -= limit - open;
  return -1;
}

/** `[text](destination "title")` starting at `open`: the text, the destination and the end, or null. */
function parseInlineLink(
  text: string,
  open: number,
  lookahead: Lookahead,
): { text: string; url: string; end: number } | null {
  const close = closingBracket(text, open, lookahead);
  if (close === -1 || text.charCodeAt(close + 1) !== LPAREN) return null;
  let i = close + 2;
  const limit = Math.min(text.length, i + MAX_LINK);
  while (i < limit && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  let url: string;
  if (text.charCodeAt(i) === LT) {
    const end = text.indexOf(">", i);
    if (end === -1 || end > limit || text.slice(i, end).includes("\n")) return null;
    url = text.slice(i + 1, end);
    i = end + 1;
  } else {
    const start = i;
    let depth = 0;
    for (; i < limit; i++) {
      const c = text.charCodeAt(i);
      if (c === BACKSLASH) {
        i++;
        continue;
      }
      if (c === SPACE || c === TAB || c === LF || c < 32) break;
      if (c === LPAREN) depth++;
      else if (c === RPAREN) {
        if (depth === 0) break;
        depth--;
      }
    }
    url = text.slice(start, i);
  }
  // An optional title, then the closing parenthesis.
  while (i < limit && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB || text.charCodeAt(i) === LF)) i++;
  const q = text.charCodeAt(i);
  if (q === 34 || q === 39 || q === LPAREN) {
    const closeQuote = q === LPAREN ? RPAREN : q;
    const end = text.indexOf(String.fromCharCode(closeQuote), i + 1);
    if (end === -1 || end > limit) return null;
    i = end + 1;
    while (i < limit && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  }
  if (text.charCodeAt(i) !== RPAREN) return null;
  return { text: text.slice(open + 1, close), url, end: i + 1 };
}

/** `[text][]` at `open` (a collapsed reference link, defined elsewhere): index past `[]`, or -1. */
function collapsedReference(text: string, open: number, lookahead: Lookahead): number {
  const close = closingBracket(text, open, lookahead);
  if (close <= open + 1 || !text.startsWith("[]", close + 1)) return -1;
  return close + 3;
}

// Navigation and banner lines that carry nothing even the first time.
const NAVIGATION_RE =
  /^\W{0,3}(?:skip to (?:main )?content|skip to navigation|jump to (?:navigation|content|search)|back to top|toggle navigation|toggle menu)\W{0,3}$/i;
const MAX_NAVIGATION = 40;
// Labels that repeat on purpose (`**Fixed**`, `Example:`): structure, not boilerplate.
const LABEL_RE = /^(?:[*_]{1,3}[^*_]{1,80}[*_]{1,3}:?|[^.!?]{1,60}:)$/;
// A field of a record (`License: MIT`, `By: Justin Ridgewell`): one to three words
// and a value. Each section of a list of records has its own, so a field that reads
// like an earlier one is the next record's value, not a repeated banner.
const FIELD_RE = /^[A-Z][\w-]*(?: [\w-]+){0,2}: \S/;
const MAX_FIELD = 160;

/**
 * Remembers prose lines to drop the ones that add nothing: navigation lines
 * and exact repeats of an earlier line (banners, repeated footers). Short
 * lines, labels and record fields (`License: MIT`) are never dropped, since
 * they repeat by design.
 */
export class BoilerplateFilter {
  private readonly seen = new Set<string>();
  /** Lines dropped so far. */
  dropped = 0;

  /** Whether `line` (already trimmed) should be dropped; remembers it otherwise. */
  drops(line: string): boolean {
    if (line.length <= MAX_NAVIGATION && NAVIGATION_RE.test(line)) {
      this.dropped++;
      return true;
    }
    if (line.length < 12 || LABEL_RE.test(line)) return false;
    if (line.length <= MAX_FIELD && FIELD_RE.test(line)) return false;
    if (this.seen.has(line)) {
      this.dropped++;
      return true;
    }
    this.seen.add(line);
    return false;
  }
}
