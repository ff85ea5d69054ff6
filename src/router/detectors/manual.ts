/** The detector of rendered manual pages (`man ls` without a tty). */
import { indentOf, isBlank, isHelpTitle, isSectionHeading, isTitleLine } from "../../compressors/manual/shapes.js";
import type { Sample } from "../sample.js";
import type { Detector } from "./detector.js";

/** Fewest section headings the sample must show (NAME and SYNOPSIS open every page). */
const MIN_SECTIONS = 2;
/** pydoc's help on one class (`Help on class str in module builtins:`) has one: the class line. */
const MIN_HELP_SECTIONS = 1;

/**
 * Manual pages route as `markdown`, where the manual compressor outlines
 * them (their justified text would otherwise read as prose). Claims a
 * sample whose first non-blank line is a title (`LS(1)  …  LS(1)`, or
 * pydoc's `Help on module json:`), then
 * lines that are blank, section headings at column 0 or indented text,
 * with at least two headings. The sample may end inside a long line, so
 * its last line is not judged.
 */
export const manualDetector: Detector = {
  type: "markdown",
  threshold: 0.9,
  score(sample: Sample): number {
    let at = 0;
    while (at < sample.count && isBlank(sample.line(at))) at++;
    if (at >= sample.count) return 0;
    const isHelp = isHelpTitle(sample.line(at));
    if (!isHelp && !isTitleLine(sample.line(at))) return 0;
    let sections = 0;
    let body = 0;
    for (let i = at + 1; i < sample.count - 1; i++) {
      const line = sample.line(i);
      if (isBlank(line)) continue;
      if (indentOf(line) > 0) body++;
      else if (isSectionHeading(line)) sections++;
      else return 0;
    }
    return sections >= (isHelp ? MIN_HELP_SECTIONS : MIN_SECTIONS) && body >= sections ? 0.95 : 0;
  },
};
