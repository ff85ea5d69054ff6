/** The detector of RFC 822-style stanza lists (`apt-cache show`, `dpkg -s`, header blocks). */
import {
  alignedLabelColumn,
  fieldNameLength,
  isNamedHead,
  isRecordHead,
  parseIndented,
} from "../../compressors/stanzas/parse.js";
import type { Sample } from "../sample.js";
import type { Detector } from "./detector.js";

/**
 * A line of a nested YAML mapping or list (`  name: project`, `  - &project`):
 * RFC 822 continues a field with one space or a tab and free text, YAML nests
 * lower-case keys and dashes two spaces or more deep.
 */
const YAML_NESTED_RE = /^ {2,}(?:- |[a-z_][\w-]*:(?: |$))/;

/** Share of non-blank sampled lines that must be fields, continuations or record heads. */
const NEEDED = 0.95;

/**
 * Stanza lists route as `tabular`: records of named fields, which the
 * tabular chain's stanza compressor outlines. The sample must open with a
 * field or a record head, hold at least two records (a blank line between
 * fields) or eight fields, and be made almost only of fields and
 * continuations; field names must start with a capital letter (`Package:`,
 * `Content-Type:`), which keeps YAML and `key: value` logs out. Labels
 * right-aligned to one column (`stat`'s `  File:`, ` Birth:`) are fields too,
 * and so are labels indented under a line that names the record (`curl:`).
 */
export const stanzasDetector: Detector = {
  type: "tabular",
  threshold: 0.9,
  score(sample: Sample): number {
    if (isNestedYaml(sample)) return 0;
    // Right-aligned labels (`stat`): the parser's own test, at least 9 lines in 10 are labels.
    if (alignedLabelColumn(sample.count, (i) => sample.line(i)) > 0) return 0.95;
    // Named heads over indented fields (`apt-cache policy`): the parser's own reading of the sample.
    if (isNamedHead(sample.line(0)) && parseIndented(sample.count, (i) => sample.line(i), 3) !== null) return 0.95;
    let fields = 0;
    let other = 0;
    let nonBlank = 0;
    let records = 0;
    let isInRecord = false;
    let isFirst = true;
    for (let i = 0; i < sample.count; i++) {
      const line = sample.line(i);
      if (line.trim() === "") {
        isInRecord = false;
        continue;
      }
      nonBlank++;
      const c = line.charCodeAt(0);
      const isContinuation = c === 32 || c === 9;
      const isField = !isContinuation && c >= 65 && c <= 90 && fieldNameLength(line) > 0;
      const isHead = !isInRecord && !isField && !isContinuation && isRecordHead(line);
      if (isFirst && !isField && !isHead) return 0;
      isFirst = false;
      if (isField) fields++;
      else if (!isHead && !(isContinuation && isInRecord)) other++;
      if (!isInRecord && (isField || isHead)) records++;
      if (isField || isHead) isInRecord = true;
      if (other > (1 - NEEDED) * Math.max(nonBlank, 20)) return 0;
    }
    if (nonBlank === 0 || (records < 2 && fields < 8)) return 0;
    // Continuations may be most lines (long Descriptions), but fields must be a good share.
    if (fields < nonBlank * 0.3) return 0;
    return (nonBlank - other) / nonBlank;
  },
};

/** A YAML mapping under capitalised keys (`Project:` over `  name: project`): most indented lines nest keys or lists. */
function isNestedYaml(sample: Sample): boolean {
  let indented = 0;
  let nested = 0;
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    const c = line.charCodeAt(0);
    if ((c !== 32 && c !== 9) || line.trim() === "") continue;
    indented++;
    if (YAML_NESTED_RE.test(line)) nested++;
  }
  return nested >= 3 && nested * 2 >= indented;
}
