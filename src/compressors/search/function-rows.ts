/**
 * The function-context rows of `git grep -p` / `-W`: `path=N=text`, the line
 * that opens the function holding the matches below it (`src/a.ts=182=function
 * keepCheapRuns(…) {`). The grep kernel reads `:` and `-` separators only, so
 * such a row was a line of no search at all: a third of them made the
 * detector give up on a `git grep -n -p`, which then routed as code and went
 * through whole. One scan, no regex.
 */

const MAX_PATH = 300;
const MAX_DIGITS = 9;

/**
 * The offset of the `=` that ends the path of a `path=N=text` row (the line
 * number without a leading zero, the path without white space), or -1.
 */
export function functionRowEnd(line: string): number {
  const stop = Math.min(line.length, MAX_PATH);
  for (let i = 1; i < stop; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9) return -1;
    if (c !== 61 /* = */) continue;
    const first = line.charCodeAt(i + 1);
    if (first < 49 || first > 57) continue;
    let j = i + 2;
    while (j < line.length && j - i - 1 <= MAX_DIGITS && line.charCodeAt(j) >= 48 && line.charCodeAt(j) <= 57) j++;
    if (j - i - 1 <= MAX_DIGITS && line.charCodeAt(j) === 61) return i;
  }
  return -1;
}
