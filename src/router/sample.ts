import { LineIndex } from "../kernels/lines.js";
import { stripAnsi } from "../kernels/ansi.js";
import { JsonValidity } from "../compressors/json/validity.js";

/**
 * How much of the content the detectors look at: routing cost stays flat for
 * huge inputs. 16 KB routes every corpus case and Headroom fixture as 64 KB
 * did, at a quarter of the cost; 400 lines are needed (at 200, a node:test
 * TAP log whose head is stack frames reads as unknown).
 */
export const SAMPLE_CHARS = 16 * 1024;
export const SAMPLE_LINES = 400;

/**
 * The head of the content that every detector reads: ANSI escapes removed (a
 * coloured diff is still a diff), at most {@link SAMPLE_LINES} lines and
 * {@link SAMPLE_CHARS} characters, indexed once.
 */
export interface Sample {
  /** The whole content, untouched. */
  readonly content: string;
  /** The sampled head, escape-free. */
  readonly text: string;
  readonly lines: LineIndex;
  /** Lines in the sample. */
  readonly count: number;
  /** Non-blank lines in the sample. */
  readonly nonBlank: number;
  /** Whether the content has ESC or C1 control sequences. */
  readonly hasEscapes: boolean;
  /** Whether the content has a bare CR (one not followed by LF): progress redraws or CR-only records. */
  readonly hasBareCr: boolean;
  /** Whether the sample is the whole content. */
  readonly complete: boolean;
  /** Whether texts of this call parse as JSON (shared with the rest of the call). */
  readonly json: JsonValidity;
  /**
   * Line `i` of the sample, cut to {@link MAX_LINE} characters: detectors run
   * regexes per line, and a cap keeps even a 1 MB single line linear.
   */
  line(i: number): string;
}

/** Longest line prefix a detector looks at. */
export const MAX_LINE = 1024;

/**
 * What opens an escape the sample strips: ESC and the C1 CSI, OSC and DCS.
 * One indexOf per character, not a character class: V8 scans for one code
 * unit at memchr speed, and the class regex over a 16 KB head was a tenth to
 * a fifth of routing a log, a search or a diff.
 */
const ESCAPE_OPENERS = ["\x1b", "\x9b", "\x9d", "\x90"];

/** Whether `head` holds one of {@link ESCAPE_OPENERS}. */
function hasEscapeOpener(head: string): boolean {
  for (const c of ESCAPE_OPENERS) if (head.indexOf(c) !== -1) return true;
  return false;
}

/**
 * Builds the sample of `content`, reusing `index` when it is the content's
 * own line index, and `json` when the call already has one.
 */
export function sampleOf(content: string, index?: LineIndex, json: JsonValidity = new JsonValidity()): Sample {
  let head = content.length > SAMPLE_CHARS ? content.slice(0, SAMPLE_CHARS) : content;
  const hasEscapes = hasEscapeOpener(head);
  if (hasEscapes) head = stripAnsi(head);
  let lines = index !== undefined && head === content ? index : LineIndex.of(head);
  const hasBareCr = hasBareCarriageReturn(head);
  // A text whose only record separator is a bare CR is one huge "line": look at it by records.
  if (hasBareCr && lines.count <= 2 && head.length > 200) lines = LineIndex.of(head.replace(/\r(?!\n)/g, "\n"));
  const count = Math.min(lines.count, SAMPLE_LINES);
  let nonBlank = 0;
  for (let i = 0; i < count; i++) if (lines.line(i).trim() !== "") nonBlank++;
  const indexed = lines;
  // Every detector reads the sample's lines, several of them more than once: each is cut once.
  const cut: (string | undefined)[] = [];
  return {
    line(i: number): string {
      let line = cut[i];
      if (line === undefined) {
        line = indexed.line(i);
        if (line.length > MAX_LINE) line = line.slice(0, MAX_LINE);
        if (i >= 0 && i < indexed.count) cut[i] = line;
      }
      return line;
    },
    content,
    text: lines.text,
    lines,
    count,
    nonBlank,
    hasEscapes,
    hasBareCr,
    complete: content.length <= SAMPLE_CHARS && lines.count <= SAMPLE_LINES,
    json,
  };
}

function hasBareCarriageReturn(text: string): boolean {
  for (let i = text.indexOf("\r"); i !== -1; i = text.indexOf("\r", i + 1)) {
    if (text.charCodeAt(i + 1) !== 10) return true;
  }
  return false;
}
