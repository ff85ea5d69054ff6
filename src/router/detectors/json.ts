/** The detector of JSON documents. */
import type { JsonValidity } from "../../compressors/json/validity.js";
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

/**
 * Whether every non-blank line of `content` is one JSON record (an object or
 * an array), as the JSON compressor reads JSON Lines: for a file named as
 * JSON Lines, whose name alone does not say whether it holds records or log
 * lines. Each line must open and close like a record; the lines within
 * {@link JSON_LINES_READ} characters must also parse (past it, a record that
 * does not parse makes the JSON compressor pass the text on, which costs
 * savings, never a fact).
 */
export function isJsonLinesText(content: string, json: JsonValidity): boolean {
  let records = 0;
  for (let start = 0; start < content.length; ) {
    const nl = content.indexOf("\n", start);
    const end = nl < 0 ? content.length : nl;
    const line = content.slice(start, end).trim();
    const from = start;
    start = end + 1;
    if (line === "") continue;
    const open = line.charCodeAt(0);
    const close = line.charCodeAt(line.length - 1);
    if (!((open === 123 && close === 125) || (open === 91 && close === 93))) return false;
    if (from < JSON_LINES_READ && !json.parses(line)) return false;
    records++;
  }
  // Two records are neither one document nor the JSON Lines the compressor takes (three at least).
  return records === 1 || records >= JSON_LINES_MIN_RECORDS;
}

/**
 * Fewest records the JSON compressor takes as JSON Lines: its own
 * `JSON_LINES_MIN_RECORDS`, repeated here so the router does not load the
 * JSON parser (a test holds the two equal).
 */
export const JSON_LINES_MIN_RECORDS = 3;
