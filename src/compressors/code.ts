/**
 * The code skeleton: what an agent needs to find its way around a source
 * file it did not ask to edit, at a fraction of the tokens. It runs only when
 * the caller asks for code compression (`hint.compressCode`); on the
 * automatic path the gate keeps code verbatim.
 *
 * Kept, byte for byte and in place: package and imports, type, interface,
 * class, trait, impl and enum declarations, constants, every function and
 * method signature with the summary of its doc comment (first sentence or
 * paragraph), and one-line bodies. Elided: function bodies
 * (`func (c *Command) Run() error { [[pithy:… body of Run, lines 120-188]] }`,
 * or a marker line at the body's indentation in Python) and the rest of long
 * comments and docstrings. A marker costs ~35 tokens (its key alone is 32 hex
 * digits), so parts a few lines apart share one: the first shows the marker,
 * naming the whole run's line span, the others a placeholder (`{ … }`,
 * `...`, `// …`), and a run worth less than a marker is kept (code/runs.ts).
 * The original is stored under the marker's key, so every elided line can
 * be recalled.
 *
 * Languages: TypeScript/JavaScript, Python, Go, Rust and Java, chosen by the
 * file name's extension or sniffed; others give null. A per-language lexer
 * (code/scan.ts) tracks strings, comments, template literals, regex
 * literals, raw strings and lifetimes so that no brace inside them counts.
 * A line-numbered read (`cat -n`) is lexed without its prefixes and output
 * with them, so every kept line keeps its number.
 *
 * Compressing the output again changes nothing: text holding a marker is
 * left alone, and besides, elided bodies are one line and trimmed comments
 * end in their placeholder, too short to elide again.
 */
import { hasMarker } from "../ccr/marker.js";
import { planBraceBodies, type BodyPlan } from "./code/braces.js";
import { planCommentTails } from "./code/comments.js";
import { applyEdits, type Limits } from "./code/edits.js";
import { renderRuns } from "./code/runs.js";
import { planIndentBodies } from "./code/indent.js";
import { languageOf } from "./code/languages.js";
import { scanCode } from "./code/scan.js";
import { SourceView } from "./code/source.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";

/**
 * Caps at the default profile; the first five are multiplied by
 * `input.scale`. Measured on the corpus' code class (o200k tokens): 60%
 * saved over the class, 57–80% on each case with bodies.
 */
const CAPS = {
  minBodyLines: 2,
  minPartTokens: 12,
  minRunTokens: 48,
  docHeadLines: 2,
  minTailLines: 2,
  maxRunGap: 30,
  maxRunParts: 24,
};

/** Compresses source code to its skeleton: declarations and signatures kept, long bodies behind markers. */
export const codeCompressor: Compressor = {
  name: "code",
  // Errors propagate: the pipeline fails open and counts them per strategy.
  compress: compressCode,
};

/**
 * The code compressor's work without the fail-open guard of
 * {@link codeCompressor}: tests call it so that an exception shows.
 */
export function compressCode(input: CompressorInput): CompressorOutput | null {
  // Only when asked: code on the automatic path reaches this chain just for its
  // blobs. Text holding a marker is compressed output already.
  if (input.hint.compressCode !== true) return null;
  if (!input.canDrop || input.lines.count < 3 || hasMarker(input.text)) return null;
  const view = new SourceView(input.text, input.lines);
  const code = (i: number) => view.code(i);
  const lang = languageOf(input.hint.filename, code, view.count);
  if (lang === null) return null;
  const limits = limitsFor(input.scale);
  const scan = scanCode(code, view.count, lang.rules);
  const bodies: BodyPlan = lang.rules.braceBlocks
    ? planBraceBodies(view, scan, lang.id, limits)
    : planIndentBodies(view, scan, limits);
  const comments = planCommentTails(view, scan, bodies.covered, limits);
  const plan = renderRuns(view, [...bodies.elisions, ...comments], limits, input.marker);
  if (plan.markers === 0) return null;
  const output = applyEdits(input.text, plan.edits);
  // Every run holds more than its marker costs, so this only guards against a planner's mistake.
  if (output.length >= input.text.length) return null;
  return {
    output,
    lossy: true,
    detail: { language: lang.id, partsElided: plan.parts, markers: plan.markers, numbered: view.numbered ? 1 : 0 },
  };
}

function limitsFor(scale: number): Limits {
  return {
    minBodyLines: scaled(CAPS.minBodyLines, scale, 2),
    minPartTokens: scaled(CAPS.minPartTokens, scale, 8),
    minRunTokens: scaled(CAPS.minRunTokens, scale, 40),
    docHeadLines: scaled(CAPS.docHeadLines, scale, 1),
    minTailLines: scaled(CAPS.minTailLines, scale, 2),
    maxRunGap: CAPS.maxRunGap,
    maxRunParts: CAPS.maxRunParts,
  };
}
