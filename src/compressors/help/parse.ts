/**
 * A command's help text read as its outline (`node --help`, `curl --help
 * all`, `pytest --help`, `gcc --help=warnings`, `java --help-extra`, `tsc
 * --all`): option lists under headings. What an agent reads a help text for
 * is the one option it needs, so every option line is outline, with the
 * first line of what it does, and any line giving its default or allowed
 * values; the other lines of an option's description are its detail.
 * Plain character scans: no regex.
 */
import type { LineIndex } from "../../kernels/lines.js";
import { isDeprecationLine, isTroubleLine } from "../manual/mentions.js";

/** How a line of a help text is kept. */
export const HelpLine = {
  /** Blank: kept where it separates kept lines. */
  Blank: 0,
  /** Outline: options, headings, usage, tags, text that is not an option's description, the first line of one. */
  Outline: 1,
  /** A later line of an option's description: detail, cut. */
  Detail: 2,
  /**
   * A V8-style `type: bool  default: --no-<option>` line under its option:
   * the flag is off unless given, as every such flag is; cut, and the
   * marker says what the cut lines all say.
   */
  OffByDefault: 3,
} as const;
export type HelpLine = (typeof HelpLine)[keyof typeof HelpLine];

/** A help text: each line's kind, and the lines that open its sections (headings). */
export interface HelpText {
  kinds: Uint8Array;
  headings: number[];
}

/** Fewest option lines of a help text. */
const MIN_OPTIONS = 12;
/** Least share of its non-blank lines that are option lines. */
const MIN_OPTION_SHARE = 0.25;
/** Deepest indentation of an option or a tag (Java's `    -Xss<size>`; deeper is a description's text). */
const MAX_TAG_INDENT = 8;
/** Longest tag that shares its line with its text (`UV_THREADPOOL_SIZE   sets the…`). */
const MAX_TAG_LENGTH = 40;
/** Longest heading line (`Environment variables:`): a longer line ending in `:` is a sentence. */
const MAX_HEADING_LENGTH = 80;

/** The help text `lines` holds, or null when it is not one. */
export function parseHelp(lines: LineIndex): HelpText | null {
  const count = lines.count;
  let options = 0;
  let nonBlank = 0;
  for (let i = 0; i < count; i++) {
    const line = lines.line(i);
    const indent = indentOf(line);
    if (indent === line.length) continue;
    nonBlank++;
    if (isOptionAt(line, indent)) options++;
  }
  if (options < MIN_OPTIONS || options < nonBlank * MIN_OPTION_SHARE) return null;
  const kinds = new Uint8Array(count);
  const headings: number[] = [];
  /** Lines of the running option's description so far, or -1 outside one. */
  let described = -1;
  /** Indentation of a description line ending in `:` that opens a list of values, or -1. */
  let valuesIntro = -1;
  /** The running option's name (`harmony` of `--harmony (enable…)`), or "". */
  let option = "";
  for (let i = 0; i < count; i++) {
    const line = lines.line(i);
    const indent = indentOf(line);
    if (indent === line.length) {
      kinds[i] = HelpLine.Blank;
      described = -1;
      valuesIntro = -1;
      continue;
    }
    kinds[i] = HelpLine.Outline;
    if (isOptionAt(line, indent) || isTagAt(line, indent)) {
      // The option's text may start on its own line (`-k EXPRESSION   Only run…`) or on the next.
      described = hasTextAfterTag(line, indent) ? 1 : 0;
      valuesIntro = -1;
      option = longOptionName(line, indent);
    } else if (option !== "" && isOffByDefault(line, indent, option)) {
      kinds[i] = HelpLine.OffByDefault;
      described++;
    } else if (indent === 0 && isHeading(line)) {
      headings.push(i);
      described = -1;
      valuesIntro = -1;
    } else if (described >= 0) {
      // A value the option takes, listed under its description's `…:` line, is outline as the option is.
      const isValue = valuesIntro >= 0 && indent > valuesIntro && isTagShape(line, indent);
      if (!isValue && described > 0 && !isTroubleLine(line) && !isDeprecationLine(line) && !namesValues(line)) {
        kinds[i] = HelpLine.Detail;
      }
      if (line.trimEnd().endsWith(":")) valuesIntro = indent;
      else if (indent <= valuesIntro) valuesIntro = -1;
      described++;
    }
  }
  return { kinds, headings };
}

/** The name of a long option opening `line` at `indent` (`harmony` of `--harmony (enable…)`), or "". */
function longOptionName(line: string, indent: number): string {
  if (!line.startsWith("--", indent)) return "";
  let end = indent + 2;
  while (end < line.length && line.charCodeAt(end) > 32 && line.charCodeAt(end) !== 61 /* = */) end++;
  return line.slice(indent + 2, end);
}

/** What opens a boolean flag's type-and-default line (V8's `--v8-options`). */
const BOOL_TYPE = "type: bool ";
/** What closes it when the flag is off by default, before the flag's name. */
const OFF_DEFAULT = "default: --no-";

/**
 * Whether `line` says only that boolean flag `option` is off unless given:
 * `type: bool  default: --no-<option>`, as V8 (`node --v8-options`, `deno
 * --v8-flags=--help`) writes under each of its ~500 flags. A flag that is
 * on by default (`default: --harmony-shipping`) or takes a value
 * (`type: int  default: --stack-size=984`) is what stands out, and stays.
 */
function isOffByDefault(line: string, indent: number, option: string): boolean {
  if (!line.startsWith(BOOL_TYPE, indent)) return false;
  const text = line.trimEnd();
  const at = text.length - option.length - OFF_DEFAULT.length;
  return at > indent + BOOL_TYPE.length && text.startsWith(OFF_DEFAULT, at) && text.endsWith(option);
}

/** Whether `lines` holds a help text (the Markdown compressor leaves one to the help compressor). */
export function isHelpText(lines: LineIndex): boolean {
  return parseHelp(lines) !== null;
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9 || line.charCodeAt(i) === 13)) i++;
  return i;
}

/**
 * Whether `line` opens, at `indent`, with an option: `-` then a letter, a
 * digit or a second `-` (`-k`, `--all`, `-Wall`, `-Xss<size>`, `--`), never
 * a bullet (`- item`) or a rule (`-----`).
 */
function isOptionAt(line: string, indent: number): boolean {
  if (indent > MAX_TAG_INDENT || line.charCodeAt(indent) !== 45 /* - */) return false;
  const next = line.charCodeAt(indent + 1);
  if (next === 45) {
    let j = indent + 2;
    while (j < line.length && line.charCodeAt(j) === 45) j++;
    // `--` alone before its text is an option (the end of options); a run of three or more dashes is a rule.
    return j - indent === 2;
  }
  return (next >= 48 && next <= 57) || (next >= 65 && next <= 90) || (next >= 97 && next <= 122) || next === 63;
}

/** Whether `line` opens, at `indent`, with a one-word tag and its text after a gap (`TZ    specify the…`). */
function isTagAt(line: string, indent: number): boolean {
  return indent <= MAX_TAG_INDENT && isTagShape(line, indent);
}

/**
 * Whether `line` holds, from `indent` on, a one-word name and its text
 * after a gap at any depth: an option's value under the line that
 * introduces them (bash's `set -o`: `pipefail     the return value of…`;
 * diff's `%<  lines from FILE1`).
 */
function isTagShape(line: string, indent: number): boolean {
  const gap = line.indexOf(" ", indent);
  return (
    gap > indent && gap - indent <= MAX_TAG_LENGTH && line.charCodeAt(gap + 1) === 32 && hasTextAfterTag(line, indent)
  );
}

/** Whether the option or tag at `indent` has text on its line after a gap of two spaces or more. */
function hasTextAfterTag(line: string, indent: number): boolean {
  const gap = line.indexOf("  ", indent);
  if (gap < 0) return false;
  let j = gap;
  while (j < line.length && line.charCodeAt(j) === 32) j++;
  return j < line.length && line.charCodeAt(j) !== 13;
}

/** Phrases of a description line that gives an option's default or its allowed values (`one of: none, commonjs…`). */
const VALUE_PHRASES = ["default", "one of", "choices", "possible values", "allowed values"] as const;

/** Whether a description line gives the option's default or allowed values, which an agent writing the option needs. */
function namesValues(line: string): boolean {
  const text = line.toLowerCase();
  for (const phrase of VALUE_PHRASES) if (text.includes(phrase)) return true;
  return false;
}

/** A heading at column 0: `Options:`, `### Modules`, `ALL COMPILER OPTIONS`. */
function isHeading(line: string): boolean {
  const text = line.trimEnd();
  if (text.length === 0 || text.length > MAX_HEADING_LENGTH) return false;
  if (text.charCodeAt(0) === 35 /* # */ || text.charCodeAt(text.length - 1) === 58 /* : */) return true;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) return false;
    if (c >= 65 && c <= 90) letters++;
  }
  return letters >= 4;
}
