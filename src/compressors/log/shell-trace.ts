/**
 * A shell's xtrace (`bash -x`, `set -x`): each command the shell runs, led by
 * `+` per nesting level, between the lines the script itself printed. The
 * trace lines repeat by template (a loop's body over and over); what the
 * script printed is its output, the reason it was run, and each line of it
 * stays (up to a cap), though many share a template (`f.c:11`, `g.gz:0`).
 * A traced value may span lines (`+ usage='Usage: …` up to its closing
 * quote): those lines belong to the trace, not to the output.
 */

/** A trace line: `+` per level, a space, then the command. */
const TRACE_RE = /^\+{1,9} \S/;
/** Least share of trace lines among the non-blank ones that makes a text an xtrace. */
const MIN_TRACE_SHARE = 0.3;

/** The lines the traced script printed, in `visible` (none when it is no xtrace), at most `cap`. */
export function scriptOutput(visible: readonly string[], cap: number): number[] {
  const first = visible.findIndex((l) => l.trim() !== "");
  if (first < 0 || !TRACE_RE.test(visible[first])) return [];
  let traced = 0;
  let nonBlank = 0;
  for (const l of visible) {
    if (l.trim() === "") continue;
    nonBlank++;
    if (TRACE_RE.test(l)) traced++;
  }
  if (traced < MIN_TRACE_SHARE * nonBlank) return [];
  const out: number[] = [];
  // Whether a single-quoted value the trace opened is still open (xtrace writes `'` inside one as `'\''`).
  let quoted = false;
  for (let i = first; i < visible.length && out.length < cap; i++) {
    const text = visible[i];
    const isTrace = !quoted && TRACE_RE.test(text);
    if (isTrace || quoted) {
      quoted = endsQuoted(text, quoted);
      continue;
    }
    if (text.trim() !== "") out.push(i);
  }
  return out;
}

/**
 * Whether a single-quoted string is open at the end of `text`, read from
 * `quoted`: inside quotes only `'` means anything (it closes them); outside,
 * a backslash escapes the next character (`'\''` writes a quote) and `'` opens them.
 */
function endsQuoted(text: string, quoted: boolean): boolean {
  let inside = quoted;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (inside) {
      if (c === 39) inside = false;
    } else if (c === 92) k++;
    else if (c === 39) inside = true;
  }
  return inside;
}
