/** The detector of listings: recursive `ls -lR`, a `tree` drawing, a whole `find` walk. */
import {
  findRowOf,
  isHeaderUnder,
  isPathLine,
  npmEntryOf,
  parentPathOf,
  SLASHED_SHARE,
  treeEntryOf,
} from "../../compressors/listing/shapes.js";
import { isLongStatusHead, isLongStatusSection } from "../../compressors/listing/git-status.js";
import { isNpmTreeHead } from "../../compressors/listing/npm-tree.js";
import type { Sample } from "../sample.js";
import type { Detector } from "./detector.js";

const LS_ROW_RE = /^[-dlcbpsD][rwxsStTlL-]{9}[.@+]? +\d+ /;

/** Fewest rows of a `tree` or `find` sample: shorter ones gain nothing. */
const MIN_ROWS = 8;

/**
 * Listings route as `tabular`, where the listing compressor outlines them.
 * Claims a sample that opens with a `dir:` header and is made only of
 * headers (after a blank line), `total N` lines and `ls -l` rows, with at
 * least two headers (a listing of many small directories holds too few rows
 * for the table detector), or of headers under the first and bare names
 * (`ls -R`); or a `tree` drawing; or a `find` walk (the
 * starting point, then only paths under it). The sample may end inside a
 * long line, so its last line is not judged. Or a list of paths alone (a
 * filtered `find`, `rg -l`), where one path in four at least shares the
 * directory of the path above it. Or a long `git status` (its branch line,
 * then a section header). Runs before the JSON
 * detector: `tree -h` opens with `[6.0M]  dir`, which reads as an array.
 */
export const listingDetector: Detector = {
  type: "tabular",
  threshold: 0.9,
  score(sample: Sample): number {
    return isLsRecursive(sample) ||
      isNpmTree(sample) ||
      isTree(sample) ||
      isFindWalk(sample) ||
      isGitStatus(sample) ||
      isPathList(sample)
      ? 0.95
      : 0;
  },
};

/**
 * `dir:` headers after blank lines, each followed by `total N` and `ls -l`
 * rows, or (`ls -R`) by bare names when every header lies under the first.
 */
function isLsRecursive(sample: Sample): boolean {
  let headers = 0;
  let rows = 0;
  let bareRows = 0;
  let nonBlank = 0;
  let isAfterBlank = true;
  let isUnderFirst = true;
  const root = sample.line(0).slice(0, -1);
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    if (line === "") {
      isAfterBlank = true;
      continue;
    }
    nonBlank++;
    const isRow = LS_ROW_RE.test(line);
    if (isAfterBlank && !isRow && line.length > 1 && line.endsWith(":")) {
      if (headers > 0 && !isHeaderUnder(line, root)) isUnderFirst = false;
      headers++;
    } else if (isRow) rows++;
    else if (isAfterBlank || line.startsWith("total ")) {
      // After a blank line only a header may come; `total N` belongs to ls -l.
      if (i < sample.count - 1 && !line.startsWith("total ")) return false;
    } else if (i < sample.count - 1) bareRows++;
    if (nonBlank === 1 && headers === 0) return false;
    isAfterBlank = false;
  }
  if (headers < 2) return false;
  if (rows > 0) return bareRows === 0;
  return bareRows > 0 && isUnderFirst;
}

/**
 * An `npm ls` tree: a root line (`name@1.2.3 /path`), then entries drawn
 * with two-column indents (`├─┬`, `│ └──`), every line of the sample but
 * its last an entry up to a blank line (after which npm writes its own
 * `npm error` lines).
 */
function isNpmTree(sample: Sample): boolean {
  if (sample.count < MIN_ROWS || !isNpmTreeHead(sample.line(0), sample.line(1))) return false;
  for (let i = 2; i < sample.count - 1; i++) {
    if (npmEntryOf(sample.line(i)) !== null) continue;
    return sample.line(i) === "" && i >= MIN_ROWS;
  }
  return true;
}

/** A root line, then entries drawn under it; other lines only after a blank one (the count, another root). */
function isTree(sample: Sample): boolean {
  if (sample.count < 2 || sample.line(0) === "" || treeEntryOf(sample.line(0)) !== null) return false;
  if (treeEntryOf(sample.line(1))?.depth !== 0) return false;
  let entries = 0;
  let isAfterBlank = false;
  for (let i = 1; i < sample.count - 1; i++) {
    const line = sample.line(i);
    if (line === "") {
      isAfterBlank = true;
      continue;
    }
    if (treeEntryOf(line) !== null) entries++;
    else if (!isAfterBlank) return false;
    isAfterBlank = false;
  }
  return entries + 1 >= MIN_ROWS || (sample.complete && entries >= 3);
}

/**
 * The starting point, then only paths under it, each in a directory listed
 * before it (as the listing compressor reads a walk), all bare or all
 * `find -ls` rows.
 */
function isFindWalk(sample: Sample): boolean {
  if (sample.count < MIN_ROWS) return false;
  const root = findRowOf(sample.line(0));
  if (root.path === "" || root.path.includes("\t") || root.path.endsWith(":")) return false;
  const under = root.path.endsWith("/") ? root.path : `${root.path}/`;
  const seen = new Set<string>([under.length > 1 ? under.slice(0, -1) : under]);
  for (let i = 1; i < sample.count - 1; i++) {
    const row = findRowOf(sample.line(i));
    if ((row.columns === null) !== (root.columns === null) || !row.path.startsWith(under)) return false;
    const parent = parentPathOf(row.path);
    if (parent === null || !seen.has(parent)) return false;
    seen.add(row.path);
  }
  return true;
}

/**
 * Paths alone, one a line (listing/path-list.ts reads them): every line of
 * the sample but its last is one, three in four hold a `/`, and one in
 * four at least is in the directory of the line above it.
 */
function isPathList(sample: Sample): boolean {
  if (sample.count < MIN_ROWS) return false;
  let sharing = 0;
  let slashed = 0;
  let lastDir = "";
  let rows = 0;
  for (let i = 0; i < sample.count - 1; i++) {
    const line = sample.line(i);
    if (!isPathLine(line)) return false;
    const dir = line.slice(0, line.lastIndexOf("/") + 1);
    if (dir !== "") slashed++;
    if (dir === lastDir) sharing++;
    lastDir = dir;
    rows++;
  }
  return rows >= MIN_ROWS && sharing * 4 >= rows && slashed >= SLASHED_SHARE * rows;
}

/**
 * A long `git status`: the branch line, then a section header
 * (`Changes to be committed:`…) within its first lines.
 */
function isGitStatus(sample: Sample): boolean {
  if (sample.count < 2 || !isLongStatusHead(sample.line(0))) return false;
  for (let i = 1; i < Math.min(sample.count, 12); i++) if (isLongStatusSection(sample.line(i))) return true;
  return false;
}
