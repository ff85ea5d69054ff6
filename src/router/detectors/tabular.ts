/** The detector of tables: CSV/TSV, aligned columns, `ls -l`. */
import type { Sample } from "../sample.js";
import { type Detector, fraction } from "./detector.js";

const LS_ROW_RE = /^[-dlcbps][rwxsStT-]{9}[.@+]?\s+\d+\s/;
const HEADER_COLUMNS_RE = /^[A-Z][A-Z%_-]*(?: {2,}|\t| )[A-Z][A-Z%_ -]*/;

/**
 * Share of the sample's first 200 non-blank lines that hold the most common
 * non-zero number of `delimiter`s, or 0 once that share can no longer reach
 * `needed` (a log rarely holds a tab: it is settled after a few dozen lines).
 */
function delimiterConsistency(sample: Sample, delimiter: string, needed: number): number {
  let counted = 0;
  const counts = new Map<number, number>();
  let top = 0;
  // The most lines the loop can count: non-blank lines hold every line it counts.
  const most = Math.min(200, sample.nonBlank);
  for (let i = 0; i < sample.count && counted < 200; i++) {
    const line = sample.line(i);
    if (line.trim() === "") continue;
    counted++;
    const n = countDelimiters(line, delimiter);
    const c = (counts.get(n) ?? 0) + 1;
    counts.set(n, c);
    if (n > 0 && c > top) top = c;
    // Even if every line left held the leading count, the share would fall short.
    if (top + (most - counted) < needed * most) return 0;
  }
  if (counted < 4) return 0;
  let best = 0;
  let bestCount = 0;
  for (const [n, c] of counts)
    if (n > 0 && c > bestCount) {
      best = n;
      bestCount = c;
    }
  return best > 0 ? bestCount / counted : 0;
}

/** Delimiters of a line outside double quotes (native searches when it has no quote at all). */
function countDelimiters(line: string, delimiter: string): number {
  let n = 0;
  if (line.indexOf('"') === -1) {
    for (let k = line.indexOf(delimiter); k !== -1; k = line.indexOf(delimiter, k + 1)) n++;
    return n;
  }
  const d = delimiter.charCodeAt(0);
  let quoted = false;
  for (let j = 0; j < line.length; j++) {
    const c = line.charCodeAt(j);
    if (c === 34) quoted = !quoted;
    else if (c === d && !quoted) n++;
  }
  return n;
}

/** CSV/TSV and whitespace-aligned tables (`ls -la`, `ps aux`, `df -h`, `docker ps`). */
export const tabularDetector: Detector = {
  type: "tabular",
  threshold: 0.8,
  score(sample) {
    if (fraction(sample, (l) => LS_ROW_RE.test(l) || /^total \d+/.test(l)) >= 0.8) return 0.95;
    const tsv = delimiterConsistency(sample, "\t", 0.85);
    if (tsv >= 0.85) return tsv;
    const csv = delimiterConsistency(sample, ",", 0.9);
    // Prose has commas too: a CSV row rarely has sentence punctuation followed by a space.
    if (csv >= 0.9 && fraction(sample, (l) => /[.!?] [A-Z]/.test(l)) < 0.2) return csv;
    if (isTopSnapshot(sample)) return 0.9;
    if (sample.count >= 3 && HEADER_COLUMNS_RE.test(sample.line(0))) {
      const aligned = alignedColumns(sample);
      if (aligned >= 0.85) return aligned;
    }
    return ruledTable(sample);
  },
};

/**
 * A `top -b` snapshot: `top - 17:01:22 up …, load average: …`, its summary
 * lines, a blank line, then the process table under its `PID USER …` header.
 */
function isTopSnapshot(sample: Sample): boolean {
  const head = sample.line(0);
  if (!head.startsWith("top - ") || !head.includes(" load average: ")) return false;
  for (let i = 1; i + 1 < Math.min(sample.count, 9); i++) {
    if (sample.line(i) !== "") continue;
    const header = sample.line(i + 1).trimStart();
    return header.startsWith("PID ") && HEADER_COLUMNS_RE.test(header);
  }
  return false;
}

/** A rule under a header (`+++-====-===`, `----- ----`): only these marks and spaces. */
const RULE_LINE_RE = /^[-=+| ]{10,}$/;

/**
 * A table under a ruled header after a short legend (`dpkg -l`, psql): the
 * share of lines below the rule with at least as many words as the header
 * has columns, or 0 without a rule in the first lines.
 */
function ruledTable(sample: Sample): number {
  const most = Math.min(sample.count, 9);
  for (let r = 1; r < most; r++) {
    if (!RULE_LINE_RE.test(sample.line(r))) continue;
    // `dpkg -l` rules each column with `=` runs between `-`s; psql with `-` runs between `+`s.
    const rule = sample.line(r);
    const columns = Math.max(
      rule.split(/[-+| ]+/).filter((c) => c !== "").length,
      rule.split(/[+| ]+/).filter((c) => c !== "").length,
    );
    if (columns < 3 || sample.count - r < 4) return 0;
    let rows = 0;
    let fit = 0;
    for (let i = r + 1; i < sample.count; i++) {
      const line = sample.line(i).trim();
      if (line === "") continue;
      rows++;
      if (line.split(/\s+/).length >= columns) fit++;
    }
    return rows >= 3 && fit >= rows * 0.9 ? 0.9 : 0;
  }
  return 0;
}

/** Share of lines whose number of space-separated fields matches the header's. */
function alignedColumns(sample: Sample): number {
  const fields = (l: string) => l.trim().split(/\s{2,}|\t/).length;
  const header = fields(sample.line(0));
  if (header < 3) return 0;
  return fraction(sample, (l) => Math.abs(fields(l) - header) <= 1);
}
