import { hasMarker } from "../ccr/marker.js";
import { isDeprecationLine, isEnumerated, isTroubleLine } from "./manual/mentions.js";
import { type ManualUnit, type PageLines, parseManual } from "./manual/page.js";
import { indentOf, isBlank } from "./manual/shapes.js";
import { tableRanges } from "./manual/table.js";
import { keptLinesOutput } from "./kept-lines.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";

/**
 * The manual-page compressor: `man` output rendered without a tty (man-db,
 * groff; man(7) and BSD mdoc pages alike).
 *
 * Its outline is the title line, every section and subsection heading,
 * every tag line (an option's `-x, --long` line, an item whose text is
 * indented under it), every line about errors and failures or about what
 * is deprecated, every
 * enumerated item (manual/mentions.ts), every table (tbl's header, rule
 * and rows: manual/table.ts), the sections that say what the page is and how it
 * ends (NAME, SYNOPSIS, EXIT STATUS…) whole, and the footer. Then, while
 * the line budget allows, the first line of each other paragraph, in page
 * order. Every kept line stays verbatim, indentation and justified doubled
 * spaces included: a reader quotes option lines exactly. What a unit
 * (section or subsection) loses goes behind one marker at its end, naming
 * the unit and its line ranges.
 *
 * Our own output (holding a marker) returns null, so a second pass changes nothing.
 */

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Output lines before paragraphs' first lines stop being added. */
  lines: 400,
} as const;

/**
 * Sections kept whole: what the page is (NAME, SYNOPSIS), what it returns
 * and refers to. The conventional names of man-pages(7), upper-cased.
 */
const WHOLE_SECTIONS: ReadonlySet<string> = new Set(["NAME", "SYNOPSIS", "EXIT STATUS", "RETURN VALUE", "SEE ALSO"]);
/** Longest section kept whole by its name (a SYNOPSIS of 300 options is outlined like the rest). */
const WHOLE_MAX_LINES = 60;
/** Fewest characters a unit's cut must save: its marker (a 32-digit key, ranges, the unit's name) costs about this. */
const MIN_CUT_CHARS = 160;
/** Longest example block kept whole. */
const EXAMPLE_MAX_LINES = 8;
/** A line this close to the page's width is filled text, not a preformatted example. */
const FILL_SLACK = 12;
/** Units of at most this many non-blank lines stay whole: a marker would cost as much. */
const SHORT_UNIT = 4;

/** How a line of a unit is kept: dropped behind the unit's marker, part of the outline (always shown), or a paragraph's first line (shown while the budget allows). */
const Keep = { No: 0, Outline: 1, Lead: 2 } as const;

/** The manual-page compressor (see the file's head). */
export const manualCompressor: Compressor = {
  name: "manual",
  compress(input: CompressorInput): CompressorOutput | null {
    if (!input.canDrop || hasMarker(input.text)) return null;
    const page = parseManual(input.lines);
    if (page === null) return null;
    // Shapes are read on the page's lines (pydoc's gutter as indentation); what is written is the input's.
    const lines = page.shapes;
    const keep = new Uint8Array(lines.count);
    for (let i = 0; i < lines.count; i++) keep[i] = Keep.Outline;
    // Filled text reaches near the page's width, examples do not.
    for (const unit of page.units) classifyUnit(lines, unit, keep, page.width);
    // Leads in page order until the budget is spent; the outline is never cut.
    let shown = 0;
    for (let i = 0; i < lines.count; i++) if (keep[i] === Keep.Outline && !isBlank(lines.line(i))) shown++;
    const budget = scaled(CAPS.lines, input.scale, 50);
    for (let i = 0; i < lines.count; i++) {
      if (keep[i] !== Keep.Lead) continue;
      if (shown < budget) {
        keep[i] = Keep.Outline;
        shown++;
      } else keep[i] = Keep.No;
    }
    return render(input, lines, page.units, keep);
  },
};

/** Marks the lines of `unit` that go (Keep.No) and the paragraph leads (Keep.Lead); the rest stays marked as outline. */
function classifyUnit(lines: PageLines, unit: ManualUnit, keep: Uint8Array, width: number): void {
  const from = unit.heading + 1;
  let nonBlank = 0;
  for (let i = from; i < unit.end; i++) if (!isBlank(lines.line(i))) nonBlank++;
  if (nonBlank <= SHORT_UNIT) return;
  if (!unit.isSubsection && WHOLE_SECTIONS.has(unit.section.toUpperCase()) && nonBlank <= WHOLE_MAX_LINES) return;
  const tables = tableRanges(lines, from, unit.end);
  let table = 0;
  let prevIndent = -1;
  for (let i = from; i < unit.end; i++) {
    if (table < tables.length && i === tables[table][0]) {
      // A table is reference data: its lines stay (already marked as outline), and a paragraph starts after it.
      i = tables[table++][1] - 1;
      prevIndent = -1;
      continue;
    }
    const line = lines.line(i);
    if (isBlank(line)) {
      prevIndent = -1;
      continue;
    }
    const indent = indentOf(line);
    // A paragraph starts after a blank line or where the indent changes (a tag, then its text further
    // in), unless the tag shares its line with the text this line goes on with (`Host    Restricts…`).
    const isStart =
      indent !== prevIndent && !(indent > prevIndent && prevIndent >= 0 && isTextAt(lines.line(i - 1), indent));
    const isAfterBlank = prevIndent < 0;
    prevIndent = indent;
    if (isAfterBlank) {
      const block = exampleBlockEnd(lines, i, unit.end, indent, width);
      if (block > i) {
        // An example (a command, its output) is kept whole: its lines are no filled text to sum up by the first.
        i = block - 1;
        continue;
      }
    }
    if (isTroubleLine(line) || isDeprecationLine(line) || isEnumerated(line, indent) || isInlineOption(line, indent)) {
      keep[i] = Keep.Outline;
    } else if (!isStart) keep[i] = Keep.No;
    else keep[i] = isTag(lines, i, unit.end, indent) ? Keep.Outline : Keep.Lead;
  }
}

/**
 * The end of the example block that starts at line `i` (a paragraph of at
 * least two and at most EXAMPLE_MAX_LINES lines at one indent, none of them
 * reaching near the page's right margin: preformatted, not filled), or `i`
 * when there is none.
 */
function exampleBlockEnd(lines: PageLines, i: number, end: number, indent: number, width: number): number {
  let j = i;
  while (j < end && j - i <= EXAMPLE_MAX_LINES) {
    const line = lines.line(j);
    if (isBlank(line) || indentOf(line) !== indent) break;
    if (line.trimEnd().length > width - FILL_SLACK) return i;
    j++;
  }
  const isClosed = j >= end || isBlank(lines.line(j));
  return j - i >= 2 && j - i <= EXAMPLE_MAX_LINES && isClosed ? j : i;
}

/** Whether `line` holds a word starting at column `column`. */
function isTextAt(line: string, column: number): boolean {
  return line.length > column && line.charCodeAt(column - 1) === 32 && line.charCodeAt(column) !== 32;
}

/** Whether `line` opens, at `indent`, with an option whose text follows on the same line after a gap (`-l        Make bash…`). */
function isInlineOption(line: string, indent: number): boolean {
  if (line.charCodeAt(indent) !== 45) return false;
  const gap = line.indexOf(" ", indent);
  return gap > 0 && line.charCodeAt(gap + 1) === 32;
}

/**
 * Whether line `i`, at `indent`, is a tag: the next line is text indented
 * under it, or it names an option (`--help Print a summary…`, a tag short
 * enough to share its line with the text).
 */
function isTag(lines: PageLines, i: number, end: number, indent: number): boolean {
  if (lines.line(i).charCodeAt(indent) === 45) return true;
  if (i + 1 >= end) return false;
  const next = lines.line(i + 1);
  return !isBlank(next) && indentOf(next) > indent;
}

/**
 * The kept lines in order; a blank line stays where it separates kept
 * lines; each unit that lost lines ends with a marker naming them.
 */
function render(
  input: CompressorInput,
  lines: PageLines,
  units: readonly ManualUnit[],
  keep: Uint8Array,
): CompressorOutput | null {
  const text = (i: number) => input.lines.line(i);
  const out: string[] = [];
  const origin: number[] = [];
  const push = (text: string, from: number) => {
    out.push(text);
    origin.push(from);
  };
  let cut = 0;
  let next = 0;
  const flushUntil = (end: number) => {
    for (; next < end; next++) if (keep[next] !== Keep.No) push(text(next), next);
  };
  for (const unit of units) {
    flushUntil(unit.heading);
    let bodyEnd = unit.end;
    while (bodyEnd > unit.heading && isBlank(lines.line(bodyEnd - 1))) bodyEnd--;
    // A cut that saves less than its marker costs keeps the unit whole.
    let droppedChars = 0;
    for (let i = unit.heading; i < bodyEnd; i++) if (keep[i] === Keep.No) droppedChars += text(i).length;
    if (droppedChars < MIN_CUT_CHARS) for (let i = unit.heading; i < bodyEnd; i++) keep[i] = Keep.Outline;
    const ranges: [number, number][] = [];
    let dropped = 0;
    let total = 0;
    let wasShown = true;
    for (let i = unit.heading; i < bodyEnd; i++) {
      const line = lines.line(i);
      if (!isBlank(line)) total++;
      if (keep[i] === Keep.No) {
        dropped++;
        const last = ranges[ranges.length - 1];
        if (last !== undefined && last[1] === i) last[1] = i + 1;
        else ranges.push([i, i + 1]);
        wasShown = false;
        continue;
      }
      // A blank line inside a cut run stays out of the output but joins the run's range.
      if (isBlank(line) && !wasShown) {
        const last = ranges[ranges.length - 1];
        if (last !== undefined && last[1] === i && i + 1 < bodyEnd && keep[i + 1] === Keep.No) {
          last[1] = i + 1;
          continue;
        }
        // One blank line where a cut run sat between two blank-separated paragraphs.
        const shownLast = origin.length === 0 ? -1 : origin[origin.length - 1];
        if (shownLast >= 0 && isBlank(lines.line(shownLast))) continue;
      }
      push(text(i), i);
      wasShown = true;
    }
    if (dropped > 0) {
      const indent = " ".repeat(Math.min(7, indentOf(lines.line(bodyEnd - 1))));
      const summary = `${unit.isSubsection ? `${unit.section} › ${text(unit.heading).trim()}` : unit.section}: ${dropped} of ${total} lines cut`;
      push(indent + input.marker(summary, { lines: ranges }), -1);
      cut += dropped;
    }
    next = bodyEnd;
  }
  flushUntil(lines.count);
  if (cut === 0) return null;
  return keptLinesOutput(input.text, out, origin, { units: units.length, linesCut: cut });
}
