/**
 * The Markdown and prose compressor (READMEs, API references, changelogs,
 * articles).
 *
 * The document is segmented once (markdown/segment.ts): code, tables, lists,
 * quotes, HTML, link definitions and headings are verbatim and are never
 * rewritten; only prose paragraphs are. Prose loses its noise
 * (markdown/noise.ts): images become their alt text, links their text with
 * the URL written once beside the first link to it, navigation lines and
 * word-for-word repeated lines go. Whitespace inside a line stays: text that
 * reaches this path is not always Markdown (a C header, `diff -c`), and a
 * line the output shows keeps its bytes.
 *
 * Then the document is fitted to a budget (markdown/plan.ts): every heading
 * stays, so the outline survives; each section's body is kept, trimmed
 * (warning sentences and blocks, query matches by BM25, head and tail) or
 * put whole behind a marker. A changelog is mostly lists, which are never
 * rewritten, so its savings come from older releases collapsing under their
 * headings. Sections that carry warning words (breaking, deprecated,
 * security, removed, error) are served before the others.
 *
 * Scripts (`#!` first line) and config-dominated text are left alone; input
 * that already holds a pithy marker is compressed output and is left alone,
 * which makes the compressor idempotent. In lossless mode only blank-line
 * runs change.
 */

import { hasMarker } from "../ccr/marker.js";
import { isHelpText } from "./help/parse.js";
import { noiseCounts } from "./markdown/noise.js";
import { outlineCost, planDocument, type Budget, type Fate } from "./markdown/plan.js";
import { renderDocument } from "./markdown/render.js";
import { buildDocument, type MarkdownDocument } from "./markdown/sections.js";
import { segmentMarkdown } from "./markdown/segment.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";

export { segmentMarkdown } from "./markdown/segment.js";
export type { MarkdownSegmentation, MarkdownStats, Segment, SegmentKind } from "./markdown/segment.js";

/** Share of the (noise-cleaned) document kept at the default profile. */
const KEEP_SHARE = 0.6;
/** Budget floor and ceiling in characters at the default profile: short documents lose only noise. */
const MIN_BUDGET = 3000;
const MAX_BUDGET = 24_000;
/**
 * Budget per section at the default profile, in characters, where it beats
 * {@link MAX_BUDGET}: a document of 178 short sections (32 troubleshooting
 * pages) needs room to show a piece of each.
 */
const SECTION_BUDGET = 200;
/** Longest section body kept whole at the default profile, in characters. */
const SECTION_CAP = 6000;
/** Lossy output must be at least this many characters shorter than the input (a marker's worth). */
const MIN_GAIN = 120;
/** Strong-warning items shown from a collapsed section at the default profile. */
const SURFACED_WARNINGS = 2;

/**
 * Compresses Markdown and prose: noise out of prose, verbatim blocks intact,
 * every heading kept, over-budget sections trimmed or collapsed behind markers.
 * @example markdownCompressor.compress({ text, lines: LineIndex.of(text), type: "markdown", hint: { query: "retry" }, scale: 1, canDrop: true, marker })
 */
export const markdownCompressor: Compressor = {
  name: "markdown",
  // Errors propagate: the pipeline fails open and counts them per strategy.
  compress: compressMarkdown,
};

function compressMarkdown(input: CompressorInput): CompressorOutput | null {
  const { text } = input;
  if (text.length === 0 || hasMarker(text)) return null;
  // A command's help text is the help compressor's, which keeps every option: no section budget cuts one.
  if (isHelpText(input.lines)) return null;
  const { segments, stats } = segmentMarkdown(text, input.lines);
  if (stats.shebang || stats.configDominated) return null;
  const eol = lineEnding(text);

  const lossless = () => {
    const r = render(buildDocument(segments, false), null, eol, input, true);
    return r.output === text ? null : { output: r.output, lossy: false, detail: r.detail };
  };
  if (!input.canDrop) return lossless();

  const doc = buildDocument(segments, true);
  let docCost = 0;
  for (const s of doc.sections) docCost += s.bodyCost + (s.heading === null ? 0 : s.heading.text.length);
  // A long document's detail is capped; its outline is not detail, so it comes on top of the cap:
  // a manual whose options are its outline shows them all and still as much of every section.
  const ceiling = Math.max(MAX_BUDGET, doc.sections.length * SECTION_BUDGET) + outlineCost(doc);
  const total = scaled(Math.min(ceiling, Math.max(MIN_BUDGET, docCost * KEEP_SHARE)), input.scale);
  const budget: Budget = {
    total,
    sectionCap: Math.max(scaled(SECTION_CAP, input.scale), Math.floor(total / Math.max(1, doc.sections.length))),
    surfaced: scaled(SURFACED_WARNINGS, input.scale),
  };
  const fates = docCost > total ? planDocument(doc, budget, input.hint.query) : null;
  const { output: rendered, detail } = render(doc, fates, eol, input, false);
  const dropped =
    detail.sectionsCollapsed +
      detail.sectionsTrimmed +
      detail.linksRewritten +
      detail.imagesRewritten +
      detail.boilerplateLines >
    0;
  // Nothing dropped: only blank runs changed, which is what the lossless rendering does too.
  if (!dropped) return rendered === text ? null : { output: rendered, lossy: false, detail };
  let output = rendered;
  if (!hasMarker(output)) {
    output += (output.length === 0 || output.endsWith("\n") ? "" : eol) + input.marker(noiseSummary(detail)) + eol;
  }
  // Noise that saves less than its marker costs is not worth dropping: the lossless text then goes out.
  if (output.length >= text.length - MIN_GAIN) return lossless();
  return { output, lossy: true, detail };
}

function render(
  doc: MarkdownDocument,
  fates: Fate[] | null,
  eol: string,
  input: CompressorInput,
  lossless: boolean,
): { output: string; detail: Record<string, number> } {
  const counts = noiseCounts();
  const planned = fates ?? doc.sections.map((): Fate => ({ kind: "keep" }));
  const { output, stats } = renderDocument(doc, planned, { eol, marker: input.marker, lossless, counts });
  const detail: Record<string, number> = { sections: doc.sections.length };
  if (!lossless) {
    Object.assign(detail, stats);
    detail.linksRewritten = counts.links;
    detail.imagesRewritten = counts.images;
    detail.boilerplateLines = doc.boilerplateLines;
  }
  return { output, detail };
}

function noiseSummary(detail: Record<string, number>): string {
  const parts: string[] = [];
  if (detail.linksRewritten > 0) parts.push(`${detail.linksRewritten} links`);
  if (detail.imagesRewritten > 0) parts.push(`${detail.imagesRewritten} images`);
  if (detail.boilerplateLines > 0) parts.push(`${detail.boilerplateLines} boilerplate lines`);
  return parts.length === 0 ? "original formatting" : `original of ${parts.join(", ")}`;
}

/**
 * "\r\n" when every line ends so, else "\n": a mixed document gets "\n" for
 * the lines written here, so compressing the output again picks the same.
 */
function lineEnding(text: string): string {
  let crlf = false;
  for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", nl + 1)) {
    if (nl === 0 || text.charCodeAt(nl - 1) !== 13) return "\n";
    crlf = true;
  }
  return crlf ? "\r\n" : "\n";
}
