/**
 * GNU make's debug trace (`make -d`): for every file it considers, make
 * prints the rules it tried and a conclusion (`No implicit rule found for
 * 'x'.`, `Must remake target 'x'.`, `Successfully remade target file 'x'.`,
 * `Failed to remake target file 'x'.`). Most files are sources that need
 * nothing, and their conclusions are routine; the targets make had to remake
 * are what the trace is read for, and each of their conclusions says what
 * happened to one of them: built, failed, or no rule to build it with (the
 * reason behind `No rule to make target 'x'`). Those lines stay, one
 * template or not.
 */

/** A conclusion about one target, its name quoted: the kind of conclusion, then the name. */
const CONCLUSION_RE =
  /^ *(No implicit rule found for|Must remake target|Successfully remade target file|Failed to remake target file) '([^']{1,500})'\.$/;

/** The lines of `visible` that conclude about a target make had to remake (none when it is no `make -d` trace). */
export function makeConclusions(visible: readonly string[]): number[] {
  const remade = new Set<string>();
  const found: { line: number; target: string }[] = [];
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    // Each form opens, after its indentation, with one of these capitals: a look before the regex.
    let at = 0;
    while (at < text.length && text.charCodeAt(at) === 32) at++;
    const c = text.charCodeAt(at);
    if (c !== 78 /* N */ && c !== 77 /* M */ && c !== 83 /* S */ && c !== 70 /* F */) continue;
    const m = CONCLUSION_RE.exec(text);
    if (m === null) continue;
    if (m[1] === "Must remake target") remade.add(m[2]);
    found.push({ line: i, target: m[2] });
  }
  const lines: number[] = [];
  for (const f of found) if (remade.has(f.target)) lines.push(f.line);
  return lines;
}
