/** The detector of Markdown documents. */
import type { Detector } from "./detector.js";

const MD_LINE_RE =
  /^(?:#{1,6} \S|```|~~~|\s{0,3}[-*+] \S|\s{0,3}\d+[.)] \S|> |\|.*\|\s*$|\[[^\]]+\]: \S)|\[[^\]]+\]\([^)]+\)|`[^`]+`|\*\*[^*]+\*\*/;

/** Markdown documents (READMEs, docs, changelogs). */
export const markdownDetector: Detector = {
  type: "markdown",
  threshold: 0.25,
  score(sample) {
    let headings = 0;
    let fences = 0;
    let inFence = false;
    let md = 0;
    let fenced = 0;
    for (let i = 0; i < sample.count; i++) {
      const l = sample.line(i);
      if (/^ {0,3}(?:```|~~~)/.test(l)) {
        if (inFence) {
          fences += 2;
          md += fenced + 2;
          fenced = 0;
        }
        inFence = !inFence;
        continue;
      }
      if (l.trim() === "") continue;
      // Code inside a closed fence belongs to the document, not to a source
      // file; a fence that never closes (a Python docstring underlined with
      // tildes) counts for nothing.
      if (inFence) fenced++;
      else if (MD_LINE_RE.test(l)) md++;
      if (!inFence && (/^#{1,6} \S/.test(l) || /^(?:=+|-+)\s*$/.test(l))) headings++;
    }
    const share = sample.nonBlank === 0 ? 0 : md / sample.nonBlank;
    if (headings >= 1 && fences >= 2) return Math.max(share, 0.6);
    return headings >= 1 || share >= 0.4 ? share : 0;
  },
};
