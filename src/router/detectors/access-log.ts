/**
 * The detector of HTTP access logs (Apache/nginx combined format, Python's
 * `http.server`): `host ident user [date] "GET /path HTTP/1.1" 200 …`. A log,
 * though its rows could pass for grep rows; it runs before the search detector.
 */
import type { Detector } from "./detector.js";

/** Host, ident and user fields, then a bracketed date: what every line of such a log opens with. */
const ACCESS_LINE_RE = /^\S+ \S+ \S+ \[[^\]\n]{10,40}\] /;

/** HTTP access logs, routed as a log. */
export const accessLogDetector: Detector = {
  type: "log",
  threshold: 0.6,
  score(sample) {
    if (sample.nonBlank < 3) return 0;
    let hits = 0;
    for (let i = 0; i < sample.count; i++) {
      const line = sample.line(i);
      // The date's bracket follows a space: a line without one is read no further.
      if (line.includes(" [") && ACCESS_LINE_RE.test(line)) hits++;
    }
    const share = hits / sample.nonBlank;
    return share >= 0.7 ? share : 0;
  },
};
