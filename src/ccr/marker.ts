/**
 * The one marker grammar every compressor uses to say "something was omitted
 * here; recall it with this key":
 *
 *     [[pithy:0123456789abcdef0123456789abcdef 312 INFO lines omitted]]
 *
 * Double brackets and the `pithy:` tag make it unmistakably ours; the key is
 * 32 lowercase hex digits (128 bits of SHA-256, see key.ts), matched
 * case-insensitively; the summary is one line with no brackets, so a marker
 * can sit inside a JSON string or a Markdown paragraph without escaping.
 */

/** A marker found in text by {@link parseMarkers}. */
export interface ParsedMarker {
  /** The key, lowercased. */
  key: string;
  /** What the marker says was omitted (may be empty). */
  summary: string;
  /** Offset of the marker's first character in the text. */
  index: number;
  /** Length of the whole marker in the text. */
  length: number;
}

/** What every marker opens with (then its key). */
const OPENING = "[[pithy:";
const MAX_SUMMARY = 160;
const MARKER_RE = /\[\[pithy:([0-9a-f]{32,64})(?: ([^[\]\r\n]{0,160}))?\]\]/gi;
/** One whole marker starting exactly at `lastIndex` (sticky). */
const MARKER_AT_RE = /\[\[pithy:[0-9a-f]{32,64}(?: [^[\]\r\n]{0,160})?\]\]/iy;
const KEY_RE = /^[0-9a-f]{32,64}$/;

/**
 * Formats a marker for `key` saying what was omitted. The summary is cleaned
 * to one short bracket-free line so the marker always parses back.
 * @example formatMarker(key, "312 INFO lines omitted") // "[[pithy:… 312 INFO lines omitted]]"
 */
export function formatMarker(key: string, summary: string): string {
  const k = key.toLowerCase();
  if (!KEY_RE.test(k)) throw new RangeError(`pithy: not a pithy key: ${JSON.stringify(key).slice(0, 80)}`);
  let s = summary
    .replace(/[[\]\r\n]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (s.length > MAX_SUMMARY) {
    let cut = MAX_SUMMARY - 1;
    // Never split a surrogate pair: half an emoji becomes U+FFFD on the wire.
    const c = s.charCodeAt(cut - 1);
    if (c >= 0xd800 && c <= 0xdbff) cut--;
    s = s.slice(0, cut).trimEnd() + "…";
  }
  return s.length > 0 ? `${OPENING}${k} ${s}]]` : `${OPENING}${k}]]`;
}

/** Every marker in `text`, in order. Markers of other tools never match. */
export function parseMarkers(text: string): ParsedMarker[] {
  const found: ParsedMarker[] = [];
  if (!hasMarker(text)) return found;
  MARKER_RE.lastIndex = 0;
  for (let m = MARKER_RE.exec(text); m !== null; m = MARKER_RE.exec(text)) {
    found.push({ key: m[1].toLowerCase(), summary: m[2] ?? "", index: m.index, length: m[0].length });
  }
  return found;
}

/** Whether `text` holds at least one pithy marker (compressed output, so not compressed again). */
export function hasMarker(text: string): boolean {
  // Every marker opens with "[[pithy:": native searches for "[[" and a look at
  // the next six characters settle most texts. A case-insensitive regex
  // scanning the whole text was 7 % of a JSON call where "[[" is common.
  for (let at = text.indexOf("[["); at !== -1; at = text.indexOf("[[", at + 1)) {
    if (!isPithyTag(text, at + 2)) continue;
    MARKER_AT_RE.lastIndex = at;
    if (MARKER_AT_RE.test(text)) return true;
  }
  return false;
}

/** Whether a whole marker starts exactly at `at` in `text`. */
export function isMarkerAt(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== 91 || text.charCodeAt(at + 1) !== 91 || !isPithyTag(text, at + 2)) return false;
  MARKER_AT_RE.lastIndex = at;
  return MARKER_AT_RE.test(text);
}

/**
 * How many times `text` holds a marker's opening (`[[pithy:`), whole marker
 * or not: more openings than {@link parseMarkers} finds means a fragment
 * that looks like a marker and would not recall.
 */
export function countMarkerOpenings(text: string): number {
  let n = 0;
  for (let i = text.indexOf(OPENING); i !== -1; i = text.indexOf(OPENING, i + OPENING.length)) n++;
  return n;
}

/**
 * `text` with every marker opening, in any letter case, turned into plain
 * text (`[[pithy:` → `[pithy:`): what a model wrote can then never pass for a
 * marker of ours.
 */
export function defuseMarkers(text: string): string {
  return text.replace(/\[\[pithy:/gi, "[pithy:");
}

/**
 * Whether `pithy:` in any letter case starts at `at`. `| 0x20` lowercases an
 * ASCII letter and maps no other character onto one, which is exactly the
 * regex's `i` flag on ASCII (without `u` it never folds a non-ASCII
 * character onto an ASCII one).
 */
function isPithyTag(text: string, at: number): boolean {
  return (
    (text.charCodeAt(at) | 0x20) === 0x70 && // p
    (text.charCodeAt(at + 1) | 0x20) === 0x69 && // i
    (text.charCodeAt(at + 2) | 0x20) === 0x74 && // t
    (text.charCodeAt(at + 3) | 0x20) === 0x68 && // h
    (text.charCodeAt(at + 4) | 0x20) === 0x79 && // y
    text.charCodeAt(at + 5) === 0x3a // :
  );
}
