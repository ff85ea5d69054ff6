import { cellValue, type Table } from "./table.js";

/**
 * Tables of messages (`git log --format` with a subject column, a list of
 * issues or alerts): every row says something of its own, so sampling would
 * hide exactly the commit or alert the agent is after. There only repetition
 * is dropped: rows that differ from others in nothing but numbers, versions
 * and hashes ("Bump actions/checkout from 4.1.0 to 4.1.1") are collapsed to
 * the first and last of their kind.
 */

/** A column is prose when this share of its cells holds three or more words… */
const PROSE_SHARE = 0.5;
/** …and at least this share of its values are distinct. */
const DISTINCT_SHARE = 0.5;
const MIN_WORDS = 3;
/** Rows looked at to decide whether a column is prose. */
const PROSE_SAMPLE = 256;
/** Rows sharing a template are collapsed only when there are at least this many. */
const MIN_GROUP = 3;
/** Cells longer than this are cut before templating; bounds the work per row. */
const TEMPLATE_CELL_CAP = 256;

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Number of plain words (letters, with inner `'` or `-`) in `text`. */
function wordCount(text: string): number {
  let words = 0;
  let i = 0;
  const n = Math.min(text.length, TEMPLATE_CELL_CAP);
  while (i < n) {
    while (i < n && text.charCodeAt(i) === 32) i++;
    const start = i;
    let isWord = i < n && isLetter(text.charCodeAt(i));
    while (i < n && text.charCodeAt(i) !== 32) {
      const c = text.charCodeAt(i);
      if (!isLetter(c) && c !== 39 && c !== 45) isWord = false;
      i++;
    }
    if (isWord && i > start) words++;
  }
  return words;
}

/** Whether some column reads as free text (a commit subject, a message), judged on evenly spread rows. */
export function hasProseColumn(table: Table, rows: Int32Array): boolean {
  const step = Math.max(1, Math.floor(rows.length / PROSE_SAMPLE));
  const sample: number[] = [];
  for (let k = 0; k < rows.length; k += step) sample.push(rows[k]);
  const needProse = sample.length * PROSE_SHARE;
  for (let col = 0; col < table.columns.length; col++) {
    // Words first, stopping once the rows left cannot make the column prose:
    // a wide table (one cell per tab) would otherwise fill a set per column.
    let prose = 0;
    for (let k = 0; k < sample.length && prose + (sample.length - k) >= needProse; k++) {
      if (wordCount(cellValue(table, sample[k], col)) >= MIN_WORDS) prose++;
    }
    if (prose < needProse) continue;
    const distinct = new Set<string>();
    for (const r of sample) distinct.add(cellValue(table, r, col));
    if (distinct.size >= sample.length * DISTINCT_SHARE) return true;
  }
  return false;
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/**
 * A row's text with its variable parts masked: digit runs become `#`, and so
 * do hex words holding a digit (abbreviated hashes), so rows that differ only
 * there share a template.
 */
export function rowTemplate(row: string): string {
  const text = row.length > TEMPLATE_CELL_CAP * 4 ? row.slice(0, TEMPLATE_CELL_CAP * 4) : row;
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (isHexDigit(text.charCodeAt(i)) && (i === 0 || !isLetter(text.charCodeAt(i - 1)))) {
      let j = i;
      let hasDigit = false;
      while (j < text.length && isHexDigit(text.charCodeAt(j))) {
        if (text.charCodeAt(j) <= 57) hasDigit = true;
        j++;
      }
      if (hasDigit && (j >= text.length || !isLetter(text.charCodeAt(j)))) {
        out += "#";
        i = j;
        continue;
      }
    }
    out += text[i];
    i++;
  }
  return out;
}

/**
 * Positions (ascending, into `rows`) to keep in a message table: all but the
 * middle members of template groups of 3 or more; positions in `alwaysKeep`
 * stay regardless. Null when nothing repeats.
 */
export function keepDistinctMessages(table: Table, rows: Int32Array, alwaysKeep: ReadonlySet<number>): number[] | null {
  const groups = new Map<string, number[]>();
  rows.forEach((r, k) => {
    const t = rowTemplate(table.text.slice(table.recordStart[r], table.recordEnd[r]));
    const g = groups.get(t);
    if (g === undefined) groups.set(t, [k]);
    else g.push(k);
  });
  const dropped = new Uint8Array(rows.length);
  let count = 0;
  for (const g of groups.values()) {
    if (g.length < MIN_GROUP) continue;
    for (let m = 1; m < g.length - 1; m++) {
      if (alwaysKeep.has(g[m])) continue;
      dropped[g[m]] = 1;
      count++;
    }
  }
  if (count === 0) return null;
  const kept: number[] = [];
  for (let k = 0; k < rows.length; k++) if (dropped[k] === 0) kept.push(k);
  return kept;
}
