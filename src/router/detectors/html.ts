/** The detector of HTML pages. */
import { isJunitHead } from "../../compressors/html/junit.js";
import { type Detector, fraction, count } from "./detector.js";

/** HTML pages and fragments, and JUnit XML reports (the HTML compressor outlines them by their lines). */
export const htmlDetector: Detector = {
  type: "html",
  threshold: 0.5,
  score(sample) {
    const head = sample.text.slice(0, 2048).trimStart().toLowerCase();
    if (
      head.startsWith("<!doctype html") ||
      head.startsWith("<html") ||
      (head.startsWith("<?xml") && head.includes("<html"))
    )
      return 1;
    if (isJunitHead(head)) return 1;
    const tags = fraction(sample, (l) => /^\s*<\/?[a-zA-Z][\w-]*[\s>/]/.test(l));
    const closes = count(sample, (l) => /<\/(?:div|p|span|a|li|ul|table|td|tr|body|section|article|h\d)>/i.test(l));
    return tags >= 0.5 && closes >= 3 ? tags : 0;
  },
};
