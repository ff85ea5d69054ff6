/** The detector of plain prose. */
import { type Detector, fraction } from "./detector.js";

/** Plain text made of sentences. */
export const proseDetector: Detector = {
  type: "prose",
  threshold: 0.3,
  score(sample) {
    return fraction(sample, (l) => /[A-Za-z]{2,}[,;]? [a-z]{2,} [a-z]{2,}/.test(l));
  },
};
