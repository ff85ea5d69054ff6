/**
 * Writing a planned Markdown document back out: headings and verbatim
 * blocks byte for byte, prose cleaned of noise, blank runs as one blank
 * line, and one marker per trimmed section or per run of collapsed sections
 * saying what went where.
 */

import { cleanInline, cleanWhitespace, type NoiseCounts } from "./noise.js";
import type { Fate, Unit } from "./plan.js";
import type { Block, MarkdownDocument, Section } from "./sections.js";
import type { SegmentKind } from "./segment.js";

/** How to write. */
export interface RenderOptions {
  /** Line ending for the lines the compressor writes ("\n", or "\r\n" for CRLF documents). */
  eol: string;
  /** Formats a marker naming the stored original. */
  marker(summary: string): string;
  /** True: whitespace-only prose cleaning (no link, image or URL rewriting). */
  lossless: boolean;
  /** Summed rewrites of links and images. */
  counts: NoiseCounts;
}

/** What the rendering left out. */
export interface RenderStats {
  sectionsCollapsed: number;
  sectionsTrimmed: number;
  sentencesOmitted: number;
  blocksOmitted: number;
}

/** Collects output, keeping at most one blank line in a row and none at the start. */
class Writer {
  private readonly parts: string[] = [];
  private endsWithNewline = true;
  private blankPending = false;
  private empty = true;

  constructor(private readonly eol: string) {}

  /** Asks for a blank line before whatever comes next. */
  blank(): void {
    if (!this.empty) this.blankPending = true;
  }

  /** Writes text that carries its own line endings (verbatim blocks). */
  raw(text: string): void {
    if (text.length === 0) return;
    this.open();
    this.parts.push(text);
    this.endsWithNewline = text.charCodeAt(text.length - 1) === 10;
  }

  /** Writes one or more lines without their final ending. */
  line(text: string): void {
    this.open();
    this.parts.push(text, this.eol);
    this.endsWithNewline = true;
  }

  private open(): void {
    if (!this.endsWithNewline) this.parts.push(this.eol);
    if (this.blankPending) this.parts.push(this.eol);
    this.blankPending = false;
    this.empty = false;
    this.endsWithNewline = true;
  }

  toString(): string {
    return this.parts.join("");
  }
}

/** Renders `doc` under `fates` (one per section). */
export function renderDocument(
  doc: MarkdownDocument,
  fates: readonly Fate[],
  options: RenderOptions,
): { output: string; stats: RenderStats } {
  const w = new Writer(options.eol);
  const stats: RenderStats = { sectionsCollapsed: 0, sectionsTrimmed: 0, sentencesOmitted: 0, blocksOmitted: 0 };
  const seenUrls = new Set<string>();
  const prose = (text: string): string => {
    const cleaned = options.lossless
      ? text.split("\n").map(cleanWhitespace).join("\n")
      : cleanInline(text, seenUrls, options.counts);
    return options.eol === "\n" ? cleaned : cleaned.split("\n").join(options.eol);
  };
  // A run of collapsed sections shares one marker, written after the run's last heading.
  let run = 0;
  let runLines = 0;
  const endRun = () => {
    if (run === 0) return;
    const what = run === 1 ? "section body" : `bodies of the ${run} sections above`;
    w.line(options.marker(`${what} omitted (${runLines} lines)`));
    w.blank();
    run = 0;
    runLines = 0;
  };

  doc.sections.forEach((section, i) => {
    const fate = fates[i];
    if (fate.kind !== "collapse") endRun();
    if (section.heading !== null) w.raw(section.heading.text);
    if (fate.kind === "collapse") {
      if (section.blocks.some((b) => b.kind !== "blank")) {
        run++;
        runLines += section.bodyLines;
        stats.sectionsCollapsed++;
      }
      return;
    }
    if (fate.kind === "keep") {
      for (const b of section.blocks) writeBlock(w, b, prose);
      return;
    }
    stats.sectionsTrimmed++;
    writeTrimmed(w, section, fate.units, fate.kept, prose, options.marker, stats);
  });
  endRun();
  return { output: w.toString(), stats };
}

function writeBlock(w: Writer, b: Block, prose: (text: string) => string): void {
  if (b.kind === "blank") w.blank();
  else if (b.kind === "prose") {
    const text = prose(b.text);
    if (text.trim().length > 0) w.line(text);
  } else w.raw(b.text);
}

const KIND_LABEL: Partial<Record<SegmentKind, string>> = {
  fence: "code block",
  indented_code: "code block",
  list: "list",
  table: "table",
  blockquote: "quote",
  html: "HTML block",
};

/** What the omitted units of a trimmed section were, for its marker. */
function omissionSummary(section: Section, units: readonly Unit[], kept: Uint8Array, stats: RenderStats): string {
  const counts = new Map<string, number>();
  let sentences = 0;
  units.forEach((u, k) => {
    if (kept[k] === 1) return;
    const kind = section.blocks[u.block].kind;
    if (kind === "prose") {
      sentences++;
      return;
    }
    const label =
      kind === "list" && u.end - u.start < section.blocks[u.block].text.length
        ? "list item"
        : (KIND_LABEL[kind] ?? "block");
    counts.set(label, (counts.get(label) ?? 0) + 1);
  });
  const parts: string[] = [];
  let blocks = 0;
  for (const [label, n] of counts) {
    parts.push(`${n} ${label}${n === 1 ? "" : "s"}`);
    blocks += n;
  }
  if (sentences > 0) parts.push(`${sentences} sentence${sentences === 1 ? "" : "s"}`);
  stats.sentencesOmitted += sentences;
  stats.blocksOmitted += blocks;
  return `section trimmed: ${parts.join(", ")} omitted`;
}

/**
 * Writes a trimmed section: kept units in order; the first omitted stretch
 * of whole blocks gets the section's marker, later ones an ellipsis line;
 * dropped sentences inside a paragraph become an inline ellipsis. When only
 * sentences went, the marker closes the section.
 */
function writeTrimmed(
  w: Writer,
  section: Section,
  units: readonly Unit[],
  kept: Uint8Array,
  prose: (text: string) => string,
  marker: (summary: string) => string,
  stats: RenderStats,
): void {
  const summary = omissionSummary(section, units, kept, stats);
  let markerWritten = false;
  // An omitted stretch is written when the next kept unit comes; a stretch at the very end adds
  // nothing once the marker is out.
  let inGap = false;
  let gapPending = false;
  const gap = () => {
    inGap = true;
    gapPending = true;
  };
  const resume = () => {
    if (gapPending) {
      w.line(markerWritten ? "…" : marker(summary));
      markerWritten = true;
    }
    gapPending = false;
    inGap = false;
  };
  let u = 0;
  section.blocks.forEach((b, index) => {
    if (b.kind === "blank") {
      if (!inGap) w.blank();
      return;
    }
    const first = u;
    while (u < units.length && units[u].block === index) u++;
    let keptHere = 0;
    for (let k = first; k < u; k++) keptHere += kept[k];
    if (keptHere === 0) {
      gap();
      return;
    }
    if (b.kind !== "prose") {
      // One unit for most blocks; a list surfaced from a collapsed section has one per item.
      for (let k = first; k < u; k++) {
        if (kept[k] === 0) gap();
        else {
          resume();
          w.raw(b.text.slice(units[k].start, units[k].end));
        }
      }
      return;
    }
    resume();
    // Runs of consecutive kept sentences keep their original spacing; a dropped run becomes "…".
    let text = "";
    let k = first;
    while (k < u) {
      if (kept[k] === 0) {
        text += text.length === 0 ? "… " : " … ";
        while (k < u && kept[k] === 0) k++;
        continue;
      }
      const start = units[k].start;
      while (k + 1 < u && kept[k + 1] === 1) k++;
      text += b.text.slice(start, units[k].end);
      k++;
    }
    if (kept[u - 1] === 0) text = text.trimEnd();
    w.line(prose(text));
  });
  if (!markerWritten) w.line(marker(summary));
  w.blank();
}
