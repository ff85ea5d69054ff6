/**
 * The compressor of command-line help texts (`--help`, `--help all`,
 * `--help=warnings`): option lists, which used to read as prose and lose
 * whole runs of options to the Markdown compressor's section budget.
 *
 * Its outline (help/parse.ts) is every option line and tag line with the
 * first line of its description, every heading and every line that is not
 * an option's description, and any description line that speaks of errors
 * or of something deprecated. Only the second and later lines of options'
 * descriptions go, behind one marker per section (the text between two
 * headings) that names the section and its line ranges. A help text with
 * nothing to cut comes back unchanged, claimed: no later link cuts options.
 *
 * Our own output (holding a marker) returns null, so a second pass changes nothing.
 */
import { hasMarker } from "../ccr/marker.js";
import { HelpLine, parseHelp } from "./help/parse.js";
import { keptLinesOutput } from "./kept-lines.js";
import type { Compressor, CompressorInput, CompressorOutput } from "./types.js";

/** Least share of the text the cuts must save: a short help text is read whole rather than recalled in pieces. */
const MIN_SAVED_SHARE = 0.15;
/** Fewest characters a section's cut must save: its marker (a 32-digit key, ranges, the heading) costs about this. */
const MIN_CUT_CHARS = 160;

export const helpCompressor: Compressor = {
  name: "help",
  compress(input: CompressorInput): CompressorOutput | null {
    if (hasMarker(input.text)) return null;
    const help = parseHelp(input.lines);
    if (help === null) return null;
    const unchanged: CompressorOutput = { output: input.text, lossy: false };
    if (!input.canDrop) return unchanged;
    return render(input, help.kinds, help.headings) ?? unchanged;
  },
};

/** Whether a line of kind `kind` goes: a later line of a description, or a flag's off-by-default line. */
function isCut(kind: number): boolean {
  return kind === HelpLine.Detail || kind === HelpLine.OffByDefault;
}

/** What a section's marker says went: the count, and what the off-by-default lines all say. */
function cutSummary(dropped: number, offByDefault: number): string {
  if (offByDefault === 0) return `${dropped} more lines of option descriptions`;
  const off = `${offByDefault} lines \`type: bool  default: --no-<flag>\` (off unless given)`;
  const rest = dropped - offByDefault;
  return rest === 0 ? off : `${off} and ${rest} more lines of option descriptions`;
}

/** The kept lines in order, each section that lost lines closed by a marker naming them; null when nothing goes. */
function render(input: CompressorInput, kinds: Uint8Array, headings: readonly number[]): CompressorOutput | null {
  const lines = input.lines;
  const out: string[] = [];
  const origin: number[] = [];
  let cut = 0;
  let droppedTotal = 0;
  const starts = headings[0] === 0 ? [...headings] : [0, ...headings];
  for (let s = 0; s < starts.length; s++) {
    const from = starts[s];
    let end = s + 1 < starts.length ? starts[s + 1] : lines.count;
    while (end > from && kinds[end - 1] === HelpLine.Blank) end--;
    let droppedChars = 0;
    for (let i = from; i < end; i++) if (isCut(kinds[i])) droppedChars += lines.line(i).length + 1;
    const cuts = droppedChars >= MIN_CUT_CHARS;
    const ranges: [number, number][] = [];
    let dropped = 0;
    let offByDefault = 0;
    for (let i = from; i < end; i++) {
      if (cuts && isCut(kinds[i])) {
        dropped++;
        if (kinds[i] === HelpLine.OffByDefault) offByDefault++;
        const last = ranges[ranges.length - 1];
        if (last !== undefined && last[1] === i) last[1] = i + 1;
        else ranges.push([i, i + 1]);
        continue;
      }
      out.push(lines.line(i));
      origin.push(i);
    }
    if (dropped > 0) {
      droppedTotal += droppedChars;
      const name = headings.includes(from) ? lines.line(from).trim() : "options";
      out.push(input.marker(`${name}: ${cutSummary(dropped, offByDefault)}`, { lines: ranges }));
      origin.push(-1);
      cut += dropped;
    }
    // The blank lines after the section's last line, as the input has them.
    const next = s + 1 < starts.length ? starts[s + 1] : lines.count;
    for (let i = end; i < next; i++) {
      out.push(lines.line(i));
      origin.push(i);
    }
  }
  if (cut === 0 || droppedTotal < input.text.length * MIN_SAVED_SHARE) return null;
  return keptLinesOutput(input.text, out, origin, { linesCut: cut });
}
