/** The detector of Markdown documents. */
import { CHANGELOG_ENTRY_RE } from "../../compressors/markdown/changelog.js";
import type { Detector } from "./detector.js";

const MD_LINE_RE =
  /^(?:#{1,6} \S|```|~~~|\s{0,3}[-*+] \S|\s{0,3}\d+[.)] \S|> |\|.*\|\s*$|\[[^\]]+\]: \S)|\[[^\]]+\]\([^)]+\)|`[^`]+`|\*\*[^*]+\*\*/;

/** reStructuredText explicit markup: a directive (`.. code-block:: python`), a target (`.. _label:`), a substitution. */
const RST_MARKUP_RE = /^\.\. (?:[\w:-]+::|_[^:\n]+:|\|[^|\n]+\|)/;
/** Characters an RST section adornment repeats. */
const ADORNMENT = "=-~^\"'`#*+:._";

/** Whether `line` is an RST adornment (one punctuation character, at least 3) at least as long as `title`. */
function isAdornmentUnder(line: string, title: string): boolean {
  const end = line.trimEnd().length;
  if (end < 3 || ADORNMENT.indexOf(line[0]) === -1) return false;
  for (let i = 1; i < end; i++) if (line.charCodeAt(i) !== line.charCodeAt(0)) return false;
  const t = title.trim();
  return t.length > 0 && end >= t.length && ADORNMENT.indexOf(t[0]) === -1;
}

/** Markdown documents (READMEs, docs, changelogs), reStructuredText and AsciiDoc ones too. */
export const markdownDetector: Detector = {
  type: "markdown",
  threshold: 0.25,
  score(sample) {
    // A Debian changelog opens with an entry's line (`git (1:2.39.5-0+deb12u3) bookworm; urgency=medium`):
    // a document, however much its `  * ` items look like a block comment's lines.
    if (sample.count > 0 && CHANGELOG_ENTRY_RE.test(sample.line(0))) return 1;
    let headings = 0;
    let fences = 0;
    let inFence = false;
    let md = 0;
    let fenced = 0;
    let rstHeadings = 0;
    let rstMarkup = 0;
    for (let i = 0; i < sample.count; i++) {
      const l = sample.line(i);
      if (i > 0 && !inFence && isAdornmentUnder(l, sample.line(i - 1))) rstHeadings++;
      if (RST_MARKUP_RE.test(l)) rstMarkup++;
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
    // Titles underlined and explicit markup: an RST document, whatever its share of Markdown-looking lines.
    if (rstHeadings >= 2 && rstMarkup >= 1) return Math.max(share, 0.6);
    return headings >= 1 || share >= 0.4 ? share : 0;
  },
};
