/** The detector of JSON documents. */
import type { Sample } from "../sample.js";
import { type Detector, fraction, firstNonSpace } from "./detector.js";

/** The first line of `rg --json` output (which is search output, not a JSON document). */
export const RG_JSON_RE = /^\{"type":"(?:begin|match|context|end|summary)"/;

/**
 * JSON documents (valid or truncated), and JSON Lines whose sampled lines
 * each parse (`cargo build --message-format=json`, structured logs; the JSON
 * compressor writes them back one record per line); `rg --json` is search.
 * Judged on the sample's opening, never by parsing the whole content: a
 * large document is parsed once, by the JSON compressor.
 */
export const jsonDetector: Detector = {
  type: "json",
  threshold: 0.5,
  score(sample) {
    const c = firstNonSpace(sample.content);
    if (c !== 123 /* { */ && c !== 91 /* [ */) return 0;
    if (sample.count > 1 && RG_JSON_RE.test(sample.line(0))) return 0;
    // Only a document opening with "{" can be JSON Lines; an array whose rows sit one per line is JSON.
    if (c === 123 && isJsonLines(sample)) return isEachLineJson(sample) ? 0.9 : 0;
    if (!JSON_OPENING_RE.test(sample.text)) return 0;
    // A whole small document can be checked outright; a large one opening like JSON is taken as JSON.
    if (sample.complete) return sample.json.parses(sample.content) ? 1 : 0.6;
    return 0.9;
  },
};

/** An object or array opening with a value (or closing at once): what JSON, even truncated, looks like. */
const JSON_OPENING_RE = /^\s*[[{]\s*(?:"|\{|\[|\]|\}|$|-?\d|true|false|null)/;

function isJsonLines(sample: Sample): boolean {
  if (sample.nonBlank < 3) return false;
  return fraction(sample, (l) => /^\s*\{"/.test(l)) >= 0.9;
}

/** Most characters of the content's head read to judge JSON Lines (sampled lines are cut at 1 KB, records are longer). */
const JSON_LINES_READ = 256 * 1024;

/**
 * Whether the content's first lines (as many as the sample holds, within
 * {@link JSON_LINES_READ} characters) each parse as JSON, at least two of
 * them. Read from the content, not the sample: a sampled line is cut short,
 * and one cargo diagnostic is 2 KB.
 */
function isEachLineJson(sample: Sample): boolean {
  const { content } = sample;
  let records = 0;
  let start = 0;
  for (let i = 0; i < sample.count && start < content.length; i++) {
    const nl = content.indexOf("\n", start);
    const end = nl < 0 ? content.length : nl;
    if (end > JSON_LINES_READ) break;
    const line = content.slice(start, end);
    start = end + 1;
    if (line.trim() === "") continue;
    if (!sample.json.parses(line)) return false;
    records++;
  }
  return records >= 2;
}
