/**
 * Writing a planned Markdown document back out: headings and verbatim
 * blocks byte for byte, prose lines as they stand but for their links and
 * images (markdown/noise.ts), blank runs as one blank line, and one marker
 * per trimmed section or per run of collapsed sections saying what went
 * where.
 */

import { cleanInline, type NoiseCounts } from "./noise.js";
import type { OmissionPlace } from "../types.js";
import { HEADER_CHARS, KEPT_COMPACT, ROW_CHARS, type Fate, type Unit } from "./plan.js";
import type { Block, MarkdownDocument, Section } from "./sections.js";
import type { SegmentKind } from "./segment.js";
import { lineStartOf } from "./sentences.js";

/** How to write. */
export interface RenderOptions {
  /** Line ending for the lines the compressor writes ("\n", or "\r\n" for CRLF documents). */
  eol: string;
  /** Formats a marker naming the stored original and, with `place`, the input lines it stands for. */
  marker(summary: string, place?: OmissionPlace): string;
  /** True: prose as it stands (no link, image or URL rewriting); only blank runs change. */
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
    const cleaned = options.lossless ? text : cleanInline(text, seenUrls, options.counts);
    return options.eol === "\n" ? cleaned : cleaned.split("\n").join(options.eol);
  };
  // A run of collapsed sections shares one marker, written after the run's last heading; it names
  // the run by its first and last headings and the lines of every body.
  let run: Section[] = [];
  let leads = 0;
  const endRun = () => {
    if (run.length === 0) return;
    let lines = 0;
    let code = 0;
    const ranges: Array<[number, number]> = [];
    for (const s of run) {
      lines += s.bodyLines;
      for (const b of s.blocks) if (b.kind === "fence" || b.kind === "indented_code") code++;
      const range = bodyRange(s);
      if (range !== null) ranges.push(range);
    }
    const first = headingTitle(run[0]);
    const what =
      run.length === 1
        ? `body of ${quoteTitle(first)}`
        : `bodies of ${run.length} sections ${quoteTitle(first)} … ${quoteTitle(headingTitle(run[run.length - 1]))}`;
    const past = leads > 0 ? `, ${leads === run.length ? "all" : leads} past their first sentence` : "";
    // Code is what docs are read for: a cut code block is counted, never silent.
    const blocks = code > 0 ? `, ${code} code block${code === 1 ? "" : "s"}` : "";
    w.line(options.marker(`${what} omitted (${lines} lines${blocks}${past})`, { lines: ranges }));
    leads = 0;
    w.blank();
    run = [];
  };

  doc.sections.forEach((section, i) => {
    const fate = fates[i];
    if (fate.kind !== "collapse" && fate.kind !== "lead") endRun();
    if (section.heading !== null) w.raw(section.heading.text);
    if (fate.kind === "lead") {
      w.blank();
      if (fate.prose) w.line(prose(fate.text).trimEnd());
      else w.raw(fate.text);
      w.blank();
      run.push(section);
      leads++;
      stats.sectionsCollapsed++;
      return;
    }
    if (fate.kind === "collapse") {
      if (section.blocks.some((b) => b.kind !== "blank")) {
        run.push(section);
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

/** Input lines `[from, to)` of a section's body, or null when it has none. */
function bodyRange(s: Section): [number, number] | null {
  if (s.blocks.length === 0) return null;
  const last = s.blocks[s.blocks.length - 1];
  return [s.blocks[0].startLine, last.startLine + last.lines];
}

/** Longest heading title a marker quotes. */
const TITLE_CHARS = 60;

/** A section's title as a marker names it: its heading's text line without `#`s or adornment, or "(top)". */
function headingTitle(s: Section): string {
  if (s.heading === null) return "(top)";
  for (const raw of s.heading.text.split("\n")) {
    const line = raw.trim();
    if (line.length === 0 || isAdornment(line)) continue;
    let from = 0;
    while (from < line.length && (line.charCodeAt(from) === 35 || line.charCodeAt(from) === 61)) from++;
    let title = line.slice(from).trim();
    let to = title.length;
    while (to > 0 && title.charCodeAt(to - 1) === 35) to--;
    title = title.slice(0, to).trim();
    return title.length > TITLE_CHARS ? `${title.slice(0, TITLE_CHARS - 1)}…` : title;
  }
  return "(untitled)";
}

function isAdornment(line: string): boolean {
  for (let n = 1; n < line.length; n++) if (line.charCodeAt(n) !== line.charCodeAt(0)) return false;
  return line.length >= 3 && !/[\p{L}\p{N}]/u.test(line[0]);
}

function quoteTitle(title: string): string {
  return `"${title}"`;
}

/** Each line of `text` cut to `limit` characters, an ellipsis where it was cut. */
export function compactLines(text: string, limit = ROW_CHARS): string {
  let out = "";
  for (let from = 0; from < text.length; ) {
    const nl = text.indexOf("\n", from);
    const end = nl === -1 ? text.length : nl + 1;
    let bodyEnd = end;
    while (bodyEnd > from && (text.charCodeAt(bodyEnd - 1) === 10 || text.charCodeAt(bodyEnd - 1) === 13)) bodyEnd--;
    if (bodyEnd - from <= limit + 3) out += text.slice(from, end);
    else {
      let cut = from + limit;
      const c = text.charCodeAt(cut - 1);
      if (c >= 0xd800 && c <= 0xdbff) cut--;
      out += `${text.slice(from, cut).trimEnd()} …${text.slice(bodyEnd, end)}`;
    }
    from = end;
  }
  return out;
}

function writeBlock(w: Writer, b: Block, prose: (text: string) => string): void {
  if (b.kind === "blank") w.blank();
  else if (b.kind === "prose") {
    const text = prose(b.text);
    if (text.trim().length > 0) w.line(text);
  } else w.raw(b.text);
}

const KIND_LABEL: Partial<Record<SegmentKind | "indented_code_line", string>> = {
  fence: "code block",
  indented_code: "code block",
  list: "list",
  table: "table",
  blockquote: "quote",
  html: "HTML block",
  image: "image line",
  link_def: "link definition",
  config: "config block",
  indented_code_line: "code line",
};

/** Longest first cell a marker quotes to name a run of omitted rows. */
const CELL_CHARS = 24;

/** A table row's first non-empty cell, to name it in a marker. */
function firstCell(row: string): string {
  for (const cell of row.split("|")) {
    const t = cell.trim();
    if (t.length > 0) return t.length > CELL_CHARS ? `${t.slice(0, CELL_CHARS - 1)}…` : t;
  }
  return "";
}

/**
 * What the omitted (or shortened) units of a trimmed section were, for its
 * marker: the section by its title, then counts per kind, omitted table
 * rows named by their first and last first cells; and the lines they hold.
 */
function omission(
  section: Section,
  units: readonly Unit[],
  kept: Uint8Array,
  stats: RenderStats,
): { summary: string; place: OmissionPlace } {
  const counts = new Map<string, number>();
  const ranges: Array<[number, number]> = [];
  const rows: string[] = [];
  /** Omitted record lines, named by their start, so the marker names the first and the last. */
  const records: string[] = [];
  let sentences = 0;
  let shortened = 0;
  units.forEach((u, k) => {
    if (kept[k] === 1) return;
    ranges.push([u.from, u.to]);
    const b = section.blocks[u.block];
    if (kept[k] === KEPT_COMPACT) {
      shortened++;
      return;
    }
    if (b.kind === "prose" && u.record === true) {
      counts.set("line", (counts.get("line") ?? 0) + 1);
      records.push(recordName(b.text.slice(u.start, u.end)));
      return;
    }
    if (b.kind === "prose") {
      sentences++;
      return;
    }
    let label: string;
    let n = 1;
    if (u.role === "row" && b.kind === "list") {
      label = "list item";
    } else if (u.role === "row") {
      label = "table row";
      rows.push(firstCell(b.text.slice(u.start, u.end)));
    } else if ((b.kind === "fence" || b.kind === "indented_code") && u.role === "code") {
      label = "code line";
      n = u.to - u.from;
    } else if (b.kind === "list" && u.end - u.start < b.text.length) label = "list item";
    else label = KIND_LABEL[b.kind] ?? "block";
    counts.set(label, (counts.get(label) ?? 0) + n);
  });
  const parts: string[] = [];
  let blocks = 0;
  for (const [label, n] of counts) {
    let part = `${n} ${label}${n === 1 ? "" : "s"}`;
    if (label === "table row" && rows.length > 0)
      part += rows.length === 1 ? ` (${rows[0]})` : ` (${rows[0]} … ${rows[rows.length - 1]})`;
    if (label === "line" && records.length > 0)
      part += records.length === 1 ? ` (${records[0]})` : ` (${records[0]} … ${records[records.length - 1]})`;
    parts.push(part);
    blocks += n;
  }
  if (sentences > 0) parts.push(`${sentences} sentence${sentences === 1 ? "" : "s"}`);
  stats.sentencesOmitted += sentences;
  stats.blocksOmitted += blocks;
  const omitted = parts.length === 0 ? "" : `${parts.join(", ")} omitted`;
  const cut = shortened === 0 ? "" : `${shortened} line${shortened === 1 ? "" : "s"} cut to ${ROW_CHARS} chars`;
  const what = [omitted, cut].filter((p) => p.length > 0).join("; ");
  return { summary: `section ${quoteTitle(headingTitle(section))} trimmed: ${what}`, place: { lines: ranges } };
}

/**
 * Writes a trimmed section: kept units in order (table rows kept compact cut
 * short); the first omitted stretch gets the section's marker, later ones an
 * ellipsis line; dropped sentences inside a paragraph become an inline
 * ellipsis. When only sentences went, the marker closes the section.
 */
/** Longest name of a record line in a marker. */
const RECORD_NAME_CHARS = 40;

/** A record line's name in a marker: its start, up to a run of spaces or {@link RECORD_NAME_CHARS}. */
function recordName(line: string): string {
  const text = line.trim();
  const gap = text.indexOf("  ");
  const name = gap > 0 ? text.slice(0, gap) : text;
  return name.length > RECORD_NAME_CHARS ? `${name.slice(0, RECORD_NAME_CHARS - 1)}…` : name;
}

function writeTrimmed(
  w: Writer,
  section: Section,
  units: readonly Unit[],
  kept: Uint8Array,
  prose: (text: string) => string,
  marker: (summary: string, place?: OmissionPlace) => string,
  stats: RenderStats,
): void {
  const { summary, place } = omission(section, units, kept, stats);
  let markerWritten = false;
  // An omitted stretch is written when the next kept unit comes; a stretch at the very end adds
  // nothing once the marker is out.
  let inGap = false;
  let gapPending = false;
  const gap = () => {
    inGap = true;
    gapPending = true;
  };
  const writeMarker = () => {
    w.line(marker(summary, place));
    markerWritten = true;
  };
  const resume = () => {
    if (gapPending) {
      if (markerWritten) w.line("…");
      else writeMarker();
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
          const text = b.text.slice(units[k].start, units[k].end);
          const limit = units[k].role === "outline" ? HEADER_CHARS : ROW_CHARS;
          w.raw(kept[k] === KEPT_COMPACT ? compactLines(text, limit) : text);
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
        // Between whole records the gap is a line of its own, so every kept record stays a line.
        const record = units[k].record === true;
        text += text.length === 0 ? (record ? "…\n" : "… ") : record ? "\n…\n" : " … ";
        while (k < u && kept[k] === 0) k++;
        continue;
      }
      // The first piece written keeps the indentation of the line it opens.
      const start = text.length === 0 ? lineStartOf(b.text, units[k].start) : units[k].start;
      while (k + 1 < u && kept[k + 1] === 1) k++;
      text += b.text.slice(start, units[k].end);
      k++;
    }
    if (kept[u - 1] === 0) text = text.trimEnd();
    w.line(prose(text));
  });
  if (!markerWritten) writeMarker();
  w.blank();
}
