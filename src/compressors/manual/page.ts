import type { LineIndex } from "../../kernels/lines.js";
import {
  indentOf,
  isBlank,
  isHelpTitle,
  isSectionHeading,
  isSubsectionIndent,
  isTitleLine,
  withoutGutter,
} from "./shapes.js";

/**
 * A rendered manual page read as its outline: the title, the footer and the
 * units between them, each a section or subsection heading with the lines
 * under it.
 */

/** A section (heading at column 0) or subsection (at 3 spaces) and its lines. */
export interface ManualUnit {
  /** The heading's line. */
  heading: number;
  /** The line after its last one (the next heading, or the footer). */
  end: number;
  isSubsection: boolean;
  /** Its section's heading, trimmed (its own, for a section). */
  section: string;
}

/** Lines as the page's shapes are read: a manual page's own, or pydoc's with the class gutter as indentation. */
export interface PageLines {
  readonly count: number;
  line(i: number): string;
}

/** A manual page: its title line, its footer line (-1 when none), its units in order, and its lines as shapes read them. */
export interface ManualPage {
  title: number;
  footer: number;
  /** The page's width in columns: its title line's, or for a page without one, its longest line's. */
  width: number;
  units: ManualUnit[];
  shapes: PageLines;
}

/** Fewest section headings of a page: fewer, and it is a title over some other text. */
const MIN_SECTIONS = 2;
/** pydoc's help on one class or function has one: its `class str(object)` line, the body in the gutter under it. */
const MIN_HELP_SECTIONS = 1;

/** Longest line that sets a title-less page's width (a long verbatim line is no margin). */
const WIDTH_MAX = 200;

/**
 * The page `lines` holds, or null when it is none: the first non-blank line
 * a title, then at least two sections, and every other line blank or
 * indented (a line at column 0 after the title is a heading, the last
 * non-blank one the footer).
 * Pod rendered as text (`perldoc -T`, `pod2text`) is the same page without
 * a title or footer: it opens with its `NAME` section, and its `=head2` and
 * `=head3` titles sit at 2 and 3 spaces over text at 4.
 */
export function parseManual(index: LineIndex): ManualPage | null {
  let title = 0;
  while (title < index.count && isBlank(index.line(title))) title++;
  if (title >= index.count) return null;
  const titleLine = index.line(title);
  const isHelp = isHelpTitle(titleLine);
  const isPod = !isHelp && isPodStart(index, title);
  if (!isHelp && !isPod && !isTitleLine(titleLine)) return null;
  const lines: PageLines = isHelp ? { count: index.count, line: (i) => withoutGutter(index.line(i)) } : index;
  let footer = lines.count - 1;
  while (footer > title && isBlank(lines.line(footer))) footer--;
  // The footer is indented when centred (`       XARGS(1)`) or at column 0 (`BSD  date  BSD`): it only has to follow a blank line.
  if (isPod || footer <= title + 1 || !isBlank(lines.line(footer - 1))) footer = -1;
  const last = footer < 0 ? lines.count : footer;
  const units: ManualUnit[] = [];
  let section = "";
  let sections = 0;
  let width = titleLine.trimEnd().length;
  // Pod's NAME is its first section, not a title over the page.
  for (let i = isPod ? title : title + 1; i < last; i++) {
    const line = lines.line(i);
    if (isPod) width = Math.max(width, Math.min(WIDTH_MAX, line.trimEnd().length));
    if (isSectionHeading(line)) {
      section = line.trim();
      sections++;
      units.push({ heading: i, end: last, isSubsection: false, section });
    } else if (
      sections > 0 &&
      (isSubsectionIndent(line) || (isPod && isPodSubheadingIndent(line))) &&
      isAfterBreak(lines, i) &&
      isBodyNext(lines, i, last)
    ) {
      units.push({ heading: i, end: last, isSubsection: true, section });
    } else if (sections === 0 && !isBlank(line)) return null;
  }
  if (sections < (isHelp ? MIN_HELP_SECTIONS : MIN_SECTIONS)) return null;
  for (let u = 0; u + 1 < units.length; u++) units[u].end = units[u + 1].heading;
  return { title, footer, width, units, shapes: lines };
}

/** Whether line `title` opens a Pod page: `NAME` alone at column 0, its text indented on the next line. */
function isPodStart(index: LineIndex, title: number): boolean {
  if (index.line(title).trimEnd() !== "NAME" || title + 1 >= index.count) return false;
  const next = index.line(title + 1);
  return !isBlank(next) && indentOf(next) > 0;
}

/** Whether `line` sits where Pod's `=head2` does: two spaces, then a letter. */
function isPodSubheadingIndent(line: string): boolean {
  if (indentOf(line) !== 2) return false;
  const c = line.charCodeAt(2);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Whether line `i` follows a blank line or a section heading. */
function isAfterBreak(lines: PageLines, i: number): boolean {
  const prev = lines.line(i - 1);
  return isBlank(prev) || isSectionHeading(prev);
}

/** Whether the line after `i` is indented deeper than a subsection heading (its body). */
function isBodyNext(lines: PageLines, i: number, last: number): boolean {
  return i + 1 < last && !isBlank(lines.line(i + 1)) && indentOf(lines.line(i + 1)) > 3;
}
