import type { LineIndex } from "../kernels/lines.js";
import type { JsonValidity } from "../compressors/json/validity.js";
import type { ContentType, Hint } from "../types.js";
import { FUZZY_DETECTORS, STRUCTURAL_DETECTORS, proseDetector } from "./detectors.js";
import { isBlame } from "./blame.js";
import { isJsonLinesText } from "./detectors/json.js";
import { isSearchTool, namesJsonLines, typeFromHint } from "./hint.js";
import { SAMPLE_CHARS, sampleOf, type Sample } from "./sample.js";

/** The router's answer. */
export interface Detection {
  type: ContentType;
  /** 0–1; 1 for a type the hint named outright. */
  confidence: number;
  /** Whether the type came from the hint or from the content. */
  by: "hint" | "content";
  /** For line-numbered reads (`cat -n`): the content carries line-number prefixes. */
  numbered?: boolean;
}

const NUMBERED_LINE_RE = /^ *\d+(?:\t|→)/;

/**
 * Sniffs the content type: the hint first (forced type, file extension, MIME),
 * then the ordered detectors over one sample of the head of the content.
 * `lines` (the content's line index) and `json` (the call's JSON answers)
 * are reused when given.
 * @example detect('{"a": 1}') // { type: "json", confidence: 1, by: "content" }
 */
export function detect(content: string, hint?: Hint, lines?: LineIndex, json?: JsonValidity): Detection {
  const hinted = typeFromHint(hint);
  const sample = sampleOf(content, lines, json);
  if (hinted !== null) {
    return { type: hinted, confidence: 1, by: "hint", numbered: isNumberedRead(sample) || undefined };
  }
  if (sample.nonBlank === 0) return { type: "unknown", confidence: 0, by: "content" };
  if (namesJsonLines(hint)) return jsonLinesFile(sample);
  if (isNumberedRead(sample)) {
    const inner = detectSample(sampleOf(stripNumbers(sample)));
    const type: ContentType = inner.type === "code" ? "code" : "doc_read";
    return { type, confidence: inner.confidence, by: "content", numbered: true };
  }
  // A blamed file is a read of it (code or not): no detector below should take its dates for a log.
  if (isBlame(sample)) return { type: "code", confidence: 0.9, by: "content" };
  const found = detectSample(sample);
  // A search tool's output that no detector claims confidently is still search output.
  if (found.confidence < 0.6 && isSearchTool(hint?.tool)) return { type: "search", confidence: 0.6, by: "hint" };
  return found;
}

/**
 * A `.jsonl` / `.ndjson` file: JSON (or `rg --json` search) when every
 * non-blank line is a JSON record, else the log its name suggests.
 */
function jsonLinesFile(sample: Sample): Detection {
  const found = detectSample(sample);
  if ((found.type === "json" || found.type === "search") && isJsonLinesText(sample.content, sample.json)) return found;
  return { type: "log", confidence: 1, by: "hint" };
}

function detectSample(sample: Sample): Detection {
  for (const detector of STRUCTURAL_DETECTORS) {
    const score = detector.score(sample);
    if (score >= detector.threshold) return { type: detector.type, confidence: Math.min(1, score), by: "content" };
  }
  let best: Detection = { type: "unknown", confidence: 0, by: "content" };
  let bestMargin = 0;
  for (const detector of FUZZY_DETECTORS) {
    const score = detector.score(sample);
    const margin = score - detector.threshold;
    if (margin >= 0 && (margin > bestMargin || best.type === "unknown")) {
      best = { type: detector.type, confidence: Math.min(1, score), by: "content" };
      bestMargin = margin;
    }
  }
  if (best.type !== "unknown") return best;
  // Prose is what text is when it is nothing more specific.
  const prose = proseDetector.score(sample);
  return prose >= proseDetector.threshold ? { type: "prose", confidence: prose, by: "content" } : best;
}

/**
 * Every non-blank line of the sample starts with a line number and a TAB (or
 * →). A sample cut at its character cap may end inside a line's number
 * (`  2871`): that last line is not judged.
 */
function isNumberedRead(sample: Sample): boolean {
  if (sample.nonBlank < 2) return false;
  const judged = sample.complete || sample.content.length <= SAMPLE_CHARS ? sample.count : sample.count - 1;
  for (let i = 0; i < judged; i++) {
    const line = sample.line(i);
    if (line.trim() !== "" && !NUMBERED_LINE_RE.test(line)) return false;
  }
  return true;
}

function stripNumbers(sample: Sample): string {
  const out: string[] = [];
  for (let i = 0; i < sample.count; i++) out.push(sample.line(i).replace(NUMBERED_LINE_RE, ""));
  return out.join("\n");
}
