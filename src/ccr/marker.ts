/**
 * The one marker grammar every compressor uses to say "something was omitted
 * here; recall it with this key", and, where it can, where in the original:
 *
 *     [[pithy:0123456789abcdef0123456789abcdef L120-180 58 INFO lines omitted]]
 *     [[pithy:0123456789abcdef0123456789abcdef $.items[20:480] 460 rows omitted]]
 *
 * Double brackets and the `pithy:` tag make it unmistakably ours; the key is
 * 32 lowercase hex digits (128 bits of SHA-256, see key.ts), matched
 * case-insensitively. The place is optional: one to eight 1-based line
 * ranges of the original (`L7`, `L120-180,L300-310`), or a JSON path
 * (`$`, `.name`, `[3]`, `[20:480]`, `['percent%20encoded']`) that holds no
 * space and no quote, so it survives inside a JSON string unescaped. The
 * summary is one line with no brackets, so a marker can sit inside a JSON
 * string or a Markdown paragraph without escaping.
 */

import { encodeWtf8 } from "./wtf8.js";
import { isSpace } from "../kernels/space.js";

/** Where in the original a marker's omission sits. */
export type MarkerPlace =
  /** 1-based, inclusive line ranges of the original, in order. */
  | { readonly lines: readonly (readonly [number, number])[] }
  /** A JSON path into the original document. */
  | { readonly path: string };

/** A marker found in text by {@link parseMarkers}. */
export interface ParsedMarker {
  /** The key, lowercased. */
  key: string;
  /** What the marker says was omitted (may be empty). */
  summary: string;
  /** The 1-based, inclusive line ranges of the original it stands for, when it names them. */
  lines?: [number, number][];
  /** The JSON path it stands for, when it names one. */
  path?: string;
  /** Offset of the marker's first character in the text. */
  index: number;
  /** Length of the whole marker in the text. */
  length: number;
}

/** What every marker opens with (then its key). */
const OPENING = "[[pithy:";
const MAX_SUMMARY = 160;
/** Most line ranges one marker lists; past it, the ranges' hull is named. */
export const MAX_MARKER_RANGES = 8;
const RANGE = String.raw`L\d{1,9}(?:-\d{1,9})?`;
const SEGMENT = String.raw`\.[A-Za-z_$][\w$-]{0,63}|\[\d{1,9}(?::\d{1,9})?\]|\['[^'\s[\]]{0,200}'\]`;
const PLACE = `${RANGE}(?:,${RANGE}){0,${MAX_MARKER_RANGES - 1}}|\\$(?:${SEGMENT}){0,32}`;
const BODY = `(?: (${PLACE}))?(?: ([^[\\]\\r\\n]{0,${MAX_SUMMARY}}))?\\]\\]`;
/** One whole marker starting exactly at `lastIndex` (sticky), with its key, place and summary captured. */
const MARKER_RE = new RegExp(`\\[\\[pithy:([0-9a-f]{32,64})${BODY}`, "iy");
/** One whole marker starting exactly at `lastIndex` (sticky). */
const MARKER_AT_RE = new RegExp(`\\[\\[pithy:[0-9a-f]{32,64}${BODY}`, "iy");
/** A summary that would read as a place. */
const PLACE_START_RE = new RegExp(`^(?:${PLACE})(?: |$)`);
const KEY_RE = /^[0-9a-f]{32,64}$/;

/**
 * Formats a marker for `key` saying what was omitted and, when `place` is
 * given, where. The summary is cleaned to one short bracket-free line so the
 * marker always parses back.
 * @example formatMarker(key, "58 INFO lines omitted", { lines: [[120, 180]] }) // "[[pithy:… L120-180 58 INFO lines omitted]]"
 */
export function formatMarker(key: string, summary: string, place?: MarkerPlace): string {
  const k = key.toLowerCase();
  if (!KEY_RE.test(k)) throw new RangeError(`pithy: not a pithy key: ${JSON.stringify(key).slice(0, 80)}`);
  let s = isCleanSummary(summary)
    ? summary
    : summary
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
  const where = place === undefined ? "" : formatPlace(place);
  // A summary that starts like a place would be read as one.
  if (where === "" && PLACE_START_RE.test(s)) s = `- ${s}`;
  let marker = OPENING + k;
  if (where !== "") marker += ` ${where}`;
  if (s !== "") marker += ` ${s}`;
  return `${marker}]]`;
}

/**
 * Whether cleaning `summary` would leave it as it is: no bracket, no line
 * end, no white space but single spaces between other characters. Most
 * summaries are, and the two global replaces and the trim that clean one
 * were most of a marker's cost (a log's render formats hundreds).
 */
function isCleanSummary(summary: string): boolean {
  const n = summary.length;
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const c = summary.charCodeAt(i);
    if (c === 32) {
      if (i === 0 || i === n - 1 || previous === 32) return false;
    } else if (c < 32 || c === 91 /* [ */ || c === 93 /* ] */ || (c >= 0xa0 && isSpace(c))) return false;
    previous = c;
  }
  return true;
}

/** The place as a marker writes it (`L3-9,L20`, `$.a[2:5]`), or "" when it names nothing valid. */
function formatPlace(place: MarkerPlace): string {
  if ("path" in place) return new RegExp(`^\\$(?:${SEGMENT}){0,32}$`).test(place.path) ? place.path : "";
  if (place.lines.length === 1) {
    // One range, as most markers name: no sorting or joining to do.
    const [a, b] = place.lines[0];
    if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 1 && b >= a)) return "";
    return a === b ? `L${a}` : `L${a}-${b}`;
  }
  const valid = place.lines.filter(([a, b]) => Number.isInteger(a) && Number.isInteger(b) && a >= 1 && b >= a);
  // In order, touching ranges joined: `L3-5,L6-9` is `L3-9`.
  const sorted = [...valid].sort((x, y) => x[0] - y[0]);
  let ranges: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] + 1 >= a) last[1] = Math.max(last[1], b);
    else ranges.push([a, b]);
  }
  if (ranges.length === 0) return "";
  if (ranges.length > MAX_MARKER_RANGES) ranges = [[ranges[0][0], ranges[ranges.length - 1][1]]];
  return ranges.map(([a, b]) => (a === b ? `L${a}` : `L${a}-${b}`)).join(",");
}

/**
 * A JSON path segment for an object key: `.name` for plain names, else a
 * quoted form with every byte of its WTF-8 (wtf8.ts) outside letters, digits
 * and `-_.~` percent-encoded: no space, quote or bracket survives, so the
 * path stays one token inside a JSON string, and a lone surrogate encodes too.
 */
export function pathKey(name: string): string {
  if (/^[A-Za-z_$][\w$-]{0,63}$/.test(name)) return `.${name}`;
  let encoded = "";
  for (const byte of encodeWtf8(name)) {
    const plain =
      (byte >= 0x30 && byte <= 0x39) ||
      ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) ||
      byte === 0x2d ||
      byte === 0x5f ||
      byte === 0x2e ||
      byte === 0x7e;
    encoded += plain ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return `['${encoded}']`;
}

/** Every marker in `text`, in order. Markers of other tools never match. */
export function parseMarkers(text: string): ParsedMarker[] {
  const found: ParsedMarker[] = [];
  if (text === unmarked) return found;
  // Only where `[[pithy:` opens (found as hasMarker finds it) is the regex tried: a global
  // case-insensitive search read a whole output (0.05 ms of a 57 KB diff's guardrail).
  // A marker starts at the last `[[` of a run of brackets, which is where nextOpening stops.
  for (let at = nextOpening(text, 0); at !== -1; ) {
    if (!isPithyTag(text, at + 2)) {
      at = nextOpening(text, at + 2);
      continue;
    }
    MARKER_RE.lastIndex = at;
    const m = MARKER_RE.exec(text);
    if (m === null) {
      at = nextOpening(text, at + 2);
      continue;
    }
    at = nextOpening(text, at + m[0].length);
    const marker: ParsedMarker = { key: m[1].toLowerCase(), summary: m[3] ?? "", index: m.index, length: m[0].length };
    const place = m[2];
    if (place !== undefined) {
      if (place.charCodeAt(0) === 36 /* $ */) marker.path = place;
      else marker.lines = place.split(",").map(parseRange);
    }
    found.push(marker);
  }
  return found;
}

/** `L12` → [12, 12]; `L12-40` → [12, 40]. */
function parseRange(token: string): [number, number] {
  const dash = token.indexOf("-");
  const from = Number(token.slice(1, dash === -1 ? undefined : dash));
  return [from, dash === -1 ? from : Number(token.slice(dash + 1))];
}

/** Whether `text` holds at least one pithy marker (compressed output, so not compressed again). */
export function hasMarker(text: string): boolean {
  // Every marker opens with "[[pithy:": native searches for "[[" and a look at
  // the next six characters settle most texts. A case-insensitive regex
  // scanning the whole text was 7 % of a JSON call where "[[" is common.
  if (text === unmarked) return false;
  for (let at = nextOpening(text, 0); at !== -1; at = nextOpening(text, at + 2)) {
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
  // Stops only at the last `[[` of each bracket run, as hasMarker does: V8's
  // search for the whole 8-unit opening read a 50 KB output ten times slower
  // than its search for `[[` (it was 2 % of a compress call on a search).
  let n = 0;
  if (text === unmarked) return n;
  for (let at = nextOpening(text, 0); at !== -1; ) {
    if (text.startsWith(OPENING, at)) {
      n++;
      at = nextOpening(text, at + OPENING.length);
    } else at = nextOpening(text, at + 2);
  }
  return n;
}

/** What a defused marker opening reads as: plainly a quotation, never a marker. */
export const DEFUSED_OPENING = "[[pithy(quoted):";

/**
 * `text` with every marker opening, in any letter case, turned into plain
 * text (`[[pithy:` → `[[pithy(quoted):`): marker-like text pithy did not
 * issue (in a tool's output, in what a model wrote) can then never pass for
 * a marker of ours, nor switch compression off. Defusing twice changes nothing more.
 */
export function defuseMarkers(text: string): string {
  return hasMarkerOpening(text) ? text.replace(/\[\[(pithy):/gi, "[[$1(quoted):") : text;
}

/** Whether `text` holds `[[pithy:` in any letter case, whole marker or not. */
export function hasMarkerOpening(text: string): boolean {
  if (text === unmarked) return false;
  for (let at = nextOpening(text, 0); at !== -1; at = nextOpening(text, at + 2)) {
    if (isPithyTag(text, at + 2)) return true;
  }
  if (text.length >= REMEMBER_UNMARKED_MIN) unmarked = text;
  return false;
}

/**
 * Texts at least this long that hold no opening are remembered (one entry).
 * The pipeline asks about its input first, and the chain's compressors ask
 * again whether it holds a marker (a coloured diff twice: its `[` of every
 * escape made each search 0.3 ms of a 120 KB call). A text without an
 * opening holds no marker and no opening, so every question here has its
 * answer; shorter texts (lines, a marker's summary) are not worth it and
 * must not push the input out.
 */
const REMEMBER_UNMARKED_MIN = 1 << 14;

/** The last long text {@link hasMarkerOpening} found no opening in, or null. */
let unmarked: string | null = null;

/** Drops the remembered text, so that it is not kept alive past the call that read it. */
export function forgetUnmarked(): void {
  unmarked = null;
}

/** A run of `[` from `lastIndex` (sticky): how far a run of brackets goes. */
const BRACKET_RUN_RE = /\[*/y;

/**
 * Offset of the next `[[` from `from` that no other `[` follows: in a run of
 * brackets only the last two can open a marker. Stopping at each `[[` in
 * turn made a text of brackets one native search per char (90 ms per MB).
 * A longer run is skipped by a sticky regex, not char by char: a 1 MB run
 * took 5-7 ms in a `charCodeAt` loop, 0.5 ms in the regex's compiled one,
 * and the Markdown chain asks about the same text four times.
 */
function nextOpening(text: string, from: number): number {
  const at = text.indexOf("[[", from);
  if (at === -1) return -1;
  // Most `[[` end there (`[[0]]`, `[[pithy:`): one look, no regex call.
  if (text.charCodeAt(at + 2) !== 91 /* [ */) return at;
  BRACKET_RUN_RE.lastIndex = at + 2;
  BRACKET_RUN_RE.test(text);
  return BRACKET_RUN_RE.lastIndex - 2;
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
