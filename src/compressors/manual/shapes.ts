/**
 * The shapes of a rendered manual page (man-db / groff output without a
 * tty): a title line `NAME(SECTION)  …  NAME(SECTION)`, section headings at
 * column 0, subsection headings at 3 spaces, every other line indented
 * (paragraphs at 7, or 5 for BSD mdoc pages; tagged paragraphs' text
 * further in), and a footer line last. pydoc's text output (`python3 -m
 * pydoc json`) has the same shape under a `Help on module json:` title,
 * with a `|` gutter down a class's body. Shared by the router's detector
 * and the manual compressor. Plain character scans: no regex.
 */

/** Longest title line read: man renders it at the page width. */
const TITLE_MAX = 400;
/** Indent of a subsection heading (`.SS`, `.Ss`). */
export const SUBSECTION_INDENT = 3;

/** The leading spaces of `line`. */
export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
}

/** Whether `line` holds only spaces or tabs (or nothing). */
export function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** Whether `word` reads as `NAME(SECTION)`: a name, then a section of letters and digits in parentheses. */
function isPageName(word: string): boolean {
  const open = word.indexOf("(");
  if (open < 1 || word.charCodeAt(word.length - 1) !== 41 || word.length - open < 3) return false;
  for (let i = open + 1; i < word.length - 1; i++) {
    const c = word.charCodeAt(i);
    const isAlnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!isAlnum) return false;
  }
  // The section starts with a digit or `n`/`l` (man(7)); `f(x)` in prose is no title.
  const first = word.charCodeAt(open + 1);
  return (first >= 48 && first <= 57) || first === 110 || first === 108;
}

/**
 * Whether `line` is a manual page's title line: `NAME(SECTION)` at column 0,
 * the same word again at its end, and at least two spaces between them
 * (where the centre text sits).
 */
export function isTitleLine(line: string): boolean {
  const text = line.trimEnd();
  if (text.length > TITLE_MAX || text.length < 8 || indentOf(text) > 0) return false;
  const firstEnd = text.indexOf(" ");
  if (firstEnd < 0 || text.charCodeAt(firstEnd + 1) !== 32) return false;
  const name = text.slice(0, firstEnd);
  const lastStart = text.lastIndexOf(" ") + 1;
  return lastStart > firstEnd + 1 && text.slice(lastStart) === name && isPageName(name);
}

/** Whether `line` is a section heading: text at column 0 that opens with a letter. */
export function isSectionHeading(line: string): boolean {
  if (line.length === 0) return false;
  const c = line.charCodeAt(0);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Whether `line` sits where a subsection heading does: exactly three spaces, then a letter. */
export function isSubsectionIndent(line: string): boolean {
  if (indentOf(line) !== SUBSECTION_INDENT) return false;
  const c = line.charCodeAt(SUBSECTION_INDENT);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Longest pydoc title line read (`Help on class OrderedDict in module collections:`). */
const HELP_TITLE_MAX = 200;

/** Whether `line` is pydoc's title: `Help on` at column 0, a colon at its end. */
export function isHelpTitle(line: string): boolean {
  const text = line.trimEnd();
  return text.length <= HELP_TITLE_MAX && text.startsWith("Help on ") && text.endsWith(":");
}

/**
 * `line` with pydoc's class gutter (`     |  get(self, key)`) read as
 * indentation: the `|` becomes a space, so a method's signature sits
 * outside its docstring as an option's tag sits outside its text, and a
 * gutter-only line is blank.
 */
export function withoutGutter(line: string): string {
  const at = indentOf(line);
  if (line.charCodeAt(at) !== 124 /* | */) return line;
  const next = line.charCodeAt(at + 1);
  return Number.isNaN(next) || next === 32 ? `${line.slice(0, at)} ${line.slice(at + 1)}` : line;
}
