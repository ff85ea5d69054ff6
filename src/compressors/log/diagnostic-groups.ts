/**
 * Repeated compiler and linter diagnostics, grouped. By default every head
 * (place and message) stays as written and a repeat's code frame goes behind
 * a marker. Under the aggressive profile a message (with its
 * level and code) that a run reports at many places is shown in full at
 * its first and last place in each file, and the places between are listed
 * under its first instance, each file named once
 * (`↳ same at: a.py:40, :52; b.py:7`),
 * so 46 copies of `Cannot override writable attribute "content_model"…` cost
 * one message and 45 places instead of 46 lines, while every distinct
 * diagnostic and every place stays visible. The repeats' lines go behind the
 * log's markers, recallable by range.
 *
 * A repeat's body, its code frame (tsc --pretty's quoted source and
 * tildes, gcc's carets: blank, indented or line-numbered lines), goes with
 * it: the first instance's frame shows what such a place looks like. A
 * repeat is grouped only when its body ends at the next head or at the end
 * of the log; one followed by anything else (the wrapped rest of its
 * message under mypy --pretty, a scope line) stays as it is, since the
 * lines under it would lose their head. A frame quoting an error word
 * stays too, the log keeps such lines wherever they stand, unless the first
 * instance's frame shows that very line (esbuild's hint "…which will remove
 * this error." under every `Could not resolve "fs"`): it stays visible there.
 *
 * A place is what a reader goes to: `path(l,c)` (tsc), `path:l:c` (gcc,
 * ruff, pylint, tsc --pretty), `path:l` (mypy). The message is the rest of
 * the line after the place's separator, compared exactly: numbers in a
 * message ("already defined on line 1952") are information.
 *
 * A head may also lead with its level and put its place on the indented
 * line below (`✘ [ERROR] Could not resolve "fs"` then
 * `    node_modules/x/index.js:5:21:` under esbuild, vite, tsx). Its message is the
 * whole head line; the head and its place line both stay as written, and
 * the frame is what follows the place. (rustc's `error[E0308]: …` over
 * `  --> src/main.rs:3:9` has the same shape, but its pointer is outline
 * of its own: see PLACE_BELOW_RE.) Such a repeat is never listed by
 * place, even under the aggressive profile: its head and place are two
 * lines, and a reader searching for either finds it as written.
 */

import { namesError } from "./outline.js";

/** The place and the message of a diagnostic head. */
export interface DiagnosticParts {
  /** The file, and the position in it: `:l[:c]` or `(l,c)`. */
  file: string;
  position: string;
  message: string;
}

/**
 * A place-led head: group 1 the place, group 2 the message (level word or
 * code first). Runs of one character class each, anchored: linear.
 */
const PLACED_RE =
  /^([^\s:()]+)(\(\d+,\d+\)|:\d+(?::\d+)?)(?:: | - )((?:fatal error|error|warning|note)\b.*|[A-Z]{1,4}\d{2,5}\b.*)$/;

/**
 * A level-led head: a level word, bracketed or before a colon (with an
 * optional code), after at most one glyph. Anchored, no nested runs: linear.
 */
const LEVEL_LED_RE = /^(?:\S )?(?:\[(?:ERROR|WARNING)\]|(?:error|warning)(?:\[[A-Z]{0,4}\d{1,5}\])?:) \S/;

/**
 * The indented place alone below a level-led head (`    path:l:c:`); group 1
 * the file, 2 the position. rustc's `  --> path:l:c` is not one: the log
 * keeps such pointers as outline and hides repeated warnings whole, and
 * grouping their frames here made a second pass find more to drop.
 */
const PLACE_BELOW_RE = /^ +([^\s:()]+)(:\d+(?::\d+)?):?$/;

/**
 * AssemblyScript's head (`ERROR AS101: Operation is unsafe.`, `WARNING TS2322: …`),
 * whose place closes the code frame below it: `    └─ in assembly/x.ts(326,28)`
 * (group 1 the file, 2 the position).
 */
const CLOSED_HEAD_RE = /^(?:ERROR|WARNING|INFO) [A-Z]{1,4}\d{2,5}: \S/;
const CLOSING_PLACE_RE = /^ *└─ in ([^\s()]+)(\(\d+,\d+\))$/;
/** Most frame lines between such a head and its place (asc writes three or four). */
const CLOSED_FRAME_LINES = 8;

/** How many lines (blank ones) may stand between a level-led head and its place. */
const PLACE_GAP = 2;

/** What a reader of the output sees ahead of a group's places. */
export const GROUP_LEAD = "  ↳ same at: ";

/** Whether `text` is a group's line of places: kept as it stands, so compressing again drops nothing. */
export function isGroupLine(text: string): boolean {
  return text.startsWith(GROUP_LEAD);
}

/** The place and message of `text` when it is a one-line diagnostic head, else null. */
export function diagnosticParts(text: string): DiagnosticParts | null {
  if (text.length > 2000) return null;
  const m = PLACED_RE.exec(text);
  if (m === null) return null;
  return { file: m[1], position: m[2], message: m[3] };
}

/**
 * The line holding the place of the level-led head on line `i`, or -1 when
 * line `i` is no such head or no place follows it within {@link PLACE_GAP} blank lines.
 */
export function placeBelow(visible: readonly string[], i: number): number {
  const head = visible[i];
  if (head.length > 2000 || !LEVEL_LED_RE.test(head)) return -1;
  for (let k = i + 1; k < visible.length && k <= i + 1 + PLACE_GAP; k++) {
    const text = visible[k];
    if (text.length <= 2000 && PLACE_BELOW_RE.test(text)) return k;
    if (text.trim().length > 0) return -1;
  }
  return -1;
}

/** The line of the place closing the frame under the asc head on line `i`, or -1. */
function closingPlace(visible: readonly string[], i: number): number {
  const head = visible[i];
  if (head.length > 2000 || !CLOSED_HEAD_RE.test(head)) return -1;
  const last = Math.min(visible.length - 1, i + 1 + CLOSED_FRAME_LINES);
  for (let k = i + 1; k <= last; k++) {
    const text = visible[k];
    if (text.length > 2000 || !FRAME_LINE_RE.test(text)) return -1;
    if (CLOSING_PLACE_RE.test(text)) return k;
  }
  return -1;
}

/** The groups of a log: for each line, the first instance of its message when it is a grouped repeat. */
export interface DiagnosticGroups {
  /** firstOf[i]: the line whose message line `i` (a head or its frame) repeats (-1: not a grouped repeat). */
  firstOf: Int32Array;
  /** listed[i]: 1 when line `i` belongs to a repeat whose place is listed, 0 when only its frame is grouped. */
  listed: Uint8Array;
  /** The places of line `i`'s repeats, in log order, for each first instance that has any. */
  repeats: Map<number, number[]>;
  /** The place of each grouped head. */
  places: Map<number, DiagnosticParts>;
  /**
   * placeOf[i]: for a level-led head on line `i`, the line of its place
   * below (-1: none). The place stays wherever its head does: no level word
   * or outline shape marks a place alone on its line.
   */
  placeOf: Int32Array;
  /**
   * closedFrame[i]: 1 for a line of a repeat's frame between its head and the
   * place that closes it (asc): both stay, and the frame between them goes
   * even where it is short.
   */
  closedFrame: Uint8Array;
}

/**
 * Finds the grouped repeats among `visible` lines. `isHead(i)` says whether
 * line `i` is a diagnostic head by the log's outline rules. Unless
 * `listPlaces` (the aggressive profile), every head stays as written and
 * only the code frames of repeats are grouped: a head is an error line an
 * agent may look for byte for byte, while a repeat's frame only shows again
 * what such a place looks like.
 */
export function groupDiagnostics(
  visible: readonly string[],
  isHead: (i: number) => boolean,
  listPlaces: boolean,
): DiagnosticGroups {
  const n = visible.length;
  const firstOf = new Int32Array(n).fill(-1);
  const listed = new Uint8Array(n);
  const repeats = new Map<number, number[]>();
  const places = new Map<number, DiagnosticParts>();
  const parts: (DiagnosticParts | null)[] = new Array<DiagnosticParts | null>(n).fill(null);
  // The last line of each head: its place line for a level-led head, else the head itself.
  const headEnd = new Int32Array(n).fill(-1);
  const placeOf = new Int32Array(n).fill(-1);
  // The place line closing each asc frame: outline of its own, it stays when the frame goes.
  const closing = new Int32Array(n).fill(-1);
  const closedFrame = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const p = diagnosticParts(visible[i]);
    if (p !== null && isHead(i)) {
      parts[i] = p;
      headEnd[i] = i;
      continue;
    }
    const closed = closingPlace(visible, i);
    if (closed >= 0) {
      const place = CLOSING_PLACE_RE.exec(visible[closed]) as RegExpExecArray;
      parts[i] = { file: place[1], position: place[2], message: visible[i] };
      headEnd[i] = i;
      closing[i] = closed;
      i = closed;
      continue;
    }
    const at = placeBelow(visible, i);
    if (at < 0) continue;
    const place = PLACE_BELOW_RE.exec(visible[at]) as RegExpExecArray;
    parts[i] = { file: place[1], position: place[2], message: visible[i] };
    headEnd[i] = at;
    placeOf[i] = at;
    i = at;
  }
  const edges = fileEdges(parts);
  const firsts = new Map<string, number>();
  // The lines of each first instance's frame: a repeat's copy of one of them adds nothing.
  const shown = new Map<number, Set<string>>();
  for (let i = 0; i < n; i++) {
    const p = parts[i];
    if (p === null) continue;
    const first = firsts.get(p.message);
    if (first === undefined) {
      firsts.set(p.message, i);
      continue;
    }
    let frame = shown.get(first);
    if (frame === undefined) {
      frame = frameLines(visible, parts, headEnd[first]);
      shown.set(first, frame);
    }
    const end = bodyEnd(visible, parts, headEnd[i], frame);
    if (end < 0) continue;
    if (!listPlaces || edges.has(i) || headEnd[i] !== i || closing[i] >= 0) {
      // The head stays as written; only its frame repeats what the first instance's shows.
      for (let k = headEnd[i] + 1; k < end; k++) firstOf[k] = first;
      if (closing[i] >= 0) {
        firstOf[closing[i]] = -1;
        closedFrame.fill(1, i + 1, closing[i]);
      }
      i = end - 1;
      continue;
    }
    for (let k = i; k < end; k++) {
      firstOf[k] = first;
      listed[k] = 1;
    }
    places.set(i, p);
    const list = repeats.get(first);
    if (list === undefined) repeats.set(first, [i]);
    else list.push(i);
    i = end - 1;
  }
  return { firstOf, listed, repeats, places, placeOf, closedFrame };
}

/**
 * The heads shown as written although their message repeats: the first and
 * the last place of each message in each file. The file is what a reader
 * navigates by, and a flood collapses "once with a count and the first/last
 * instance": each file's range of a repeated message stays readable in full,
 * only the places between its ends are listed.
 */
function fileEdges(parts: readonly (DiagnosticParts | null)[]): Set<number> {
  const firstIn = new Map<string, number>();
  const lastIn = new Map<string, number>();
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p === null) continue;
    // The file's length first makes the pair's key unambiguous.
    const key = `${p.file.length}:${p.file}${p.message}`;
    if (!firstIn.has(key)) firstIn.set(key, i);
    lastIn.set(key, i);
  }
  const edges = new Set<number>(firstIn.values());
  for (const i of lastIn.values()) edges.add(i);
  return edges;
}

/** A line of a code frame: blank, indented, or quoted source after its line number (`94   this.x()`). */
const FRAME_LINE_RE = /^(?:\s|$|\d+ )/;

/**
 * The end (exclusive) of the diagnostic whose head ends on line `i`, with
 * its frame, when the next head or the end of the log follows the frame; else -1.
 */
function bodyEnd(
  visible: readonly string[],
  parts: readonly (DiagnosticParts | null)[],
  i: number,
  shown: ReadonlySet<string>,
): number {
  let k = i + 1;
  while (k < visible.length && parts[k] === null && FRAME_LINE_RE.test(visible[k])) {
    if (namesError(visible[k]) && !shown.has(visible[k])) return -1;
    k++;
  }
  if (k < visible.length && parts[k] === null) return -1;
  // Blank lines before the next head separate diagnostics; they stay with the head that follows.
  while (k > i + 1 && visible[k - 1].trim().length === 0) k--;
  return k;
}

/** The lines of the frame under the head that ends on line `i`. */
function frameLines(visible: readonly string[], parts: readonly (DiagnosticParts | null)[], i: number): Set<string> {
  const lines = new Set<string>();
  for (let k = i + 1; k < visible.length && parts[k] === null && FRAME_LINE_RE.test(visible[k]); k++) {
    lines.add(visible[k]);
  }
  return lines;
}

/**
 * The line listing the places of a group's repeats (without its line end):
 * a run of places in one file names the file once (`a.py:40, :52; b.py:7`).
 */
export function groupLine(places: readonly DiagnosticParts[]): string {
  let line = GROUP_LEAD;
  for (let k = 0; k < places.length; k++) {
    const p = places[k];
    if (k > 0 && places[k - 1].file === p.file) line += `, ${p.position}`;
    else line += `${k > 0 ? "; " : ""}${p.file}${p.position}`;
  }
  return line;
}
