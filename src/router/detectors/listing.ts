/** The detector of recursive `ls -lR` listings: a section per directory. */
import type { Sample } from "../sample.js";
import type { Detector } from "./detector.js";

const LS_ROW_RE = /^[-dlcbpsD][rwxsStTlL-]{9}[.@+]? +\d+ /;

/**
 * Recursive listings route as `tabular`, where the listing compressor
 * outlines them. Claims a sample that opens with a `dir:` header and is made
 * only of headers (after a blank line), `total N` lines and `ls -l` rows,
 * with at least two headers: a listing of many small directories holds too
 * few rows for the table detector.
 */
export const listingDetector: Detector = {
  type: "tabular",
  threshold: 0.9,
  score(sample: Sample): number {
    let headers = 0;
    let rows = 0;
    let nonBlank = 0;
    let isAfterBlank = true;
    for (let i = 0; i < sample.count; i++) {
      const line = sample.line(i);
      if (line === "") {
        isAfterBlank = true;
        continue;
      }
      nonBlank++;
      const isRow = LS_ROW_RE.test(line);
      if (isAfterBlank && !isRow && line.length > 1 && line.endsWith(":")) headers++;
      else if (isRow) rows++;
      else if (!line.startsWith("total ")) {
        // The sample may end inside a long line; anything else is not a listing.
        if (i < sample.count - 1) return 0;
      }
      if (nonBlank === 1 && headers === 0) return 0;
      isAfterBlank = false;
    }
    return headers >= 2 && rows > 0 ? 0.95 : 0;
  },
};
