/**
 * How a salient line holding Markdown links reads once the Markdown
 * compressor has shown it: `[text](url)` becomes `text (url)` where the URL
 * is shown for the first time and `text` after that (or for an in-page
 * anchor), images their alt text (compressors/markdown/noise.ts). The
 * fidelity check looks for the line as it stands; for a Markdown render it
 * also accepts either reading, else every document with a link on a salient
 * line (a table of contents naming an "Error handling" section) failed the
 * check and passed through whole. A table of contents entry (a list item
 * that is one in-page link) names a heading: it is visible where its text
 * is, as that heading.
 */

import { cleanInline } from "../compressors/markdown/noise.js";
import { missingSalient, type SalientLine } from "../fidelity/salient.js";

/** A set that has seen every URL: {@link cleanInline} then reads each link as its text alone. */
class EveryUrlSeen extends Set<string> {
  override has(): boolean {
    return true;
  }
}
const EVERY_URL_SEEN = new EveryUrlSeen();

/** A table of contents entry: a list item that is one in-page link (its text at group 1). */
const TOC_ENTRY_RE = /^(?:[-*+]|\d{1,3}[.)]) \[([^\]]{1,200})\]\(#[^\s()]{0,200}\)$/;

/**
 * The readings of `line` (URLs written, URLs dropped; a table of contents
 * entry's text alone), or null when it holds no link or image.
 */
export function linkReadings(line: string): readonly string[] | null {
  if (line.indexOf("](") === -1 && line.indexOf("][") === -1) return null;
  const withUrls = cleanInline(line, null);
  if (withUrls === line) return null;
  const readings = [withUrls, cleanInline(line, EVERY_URL_SEEN)];
  const toc = TOC_ENTRY_RE.exec(line);
  if (toc !== null) readings.push(cleanInline(toc[1], EVERY_URL_SEEN));
  return readings;
}

/**
 * The lines of `missing` (salient lines not found in `output` as they stand)
 * that neither reading of their links shows either.
 */
export function missingAsRead(missing: readonly SalientLine[], output: string): SalientLine[] {
  return missing.filter((line) => {
    const readings = linkReadings(line.text);
    if (readings === null) return true;
    return readings.every((text) => missingSalient([{ ...line, text }], output).length > 0);
  });
}
