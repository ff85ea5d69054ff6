/**
 * The key of a compiler or linter diagnostic line: its place and its
 * message. A diagnostic is a fact made of the two, not of the bytes of its
 * line: a compressor may show a message once and list the places that
 * repeat it (`↳ same at: a.py:40, :52; b.py:7`), and the diagnostic stays
 * visible. So the check accepts a diagnostic line that is not visible as it
 * stands when its message is visible and its place is listed: its file,
 * then a list of positions (items split by `, `, files by `; `) of which
 * one is its position.
 *
 * The rules here are the fidelity pass's own: they share nothing with the
 * compressor that groups.
 */

/** A diagnostic's key: where (file and position), and what. */
export interface DiagnosticKey {
  file: string;
  /** `:l[:c]` or `(l,c)`. */
  position: string;
  message: string;
}

/**
 * `path(l,c): message` (tsc), `path:l[:c]: message` (gcc, mypy, ruff,
 * pylint), `path:l:c - message` (tsc --pretty). Anchored runs of single
 * classes: linear.
 */
const KEYED_RE = /^([^\s:()]+)(\(\d+,\d+\)|:\d+(?::\d+)?)(?:: | - )(\S.*)$/;

/** The key of a diagnostic line (trimmed), or null when it has no place-led shape. */
export function diagnosticKey(text: string): DiagnosticKey | null {
  const m = KEYED_RE.exec(text);
  return m === null ? null : { file: m[1], position: m[2], message: m[3] };
}

/**
 * Whether `output` shows the diagnostic keyed `key`: its message somewhere
 * (compared without white space, as the check compares lines: pass the
 * squeezed output) and its position listed after its file on one line.
 */
export function showsKey(key: DiagnosticKey, output: string, squeezedOutput: string): boolean {
  if (!squeezedOutput.includes(key.message.replace(/\s+/g, ""))) return false;
  for (let at = output.indexOf(key.file); at !== -1; at = output.indexOf(key.file, at + 1)) {
    if (at > 0 && !isDelimiter(output[at - 1])) continue;
    if (listsPosition(output, at + key.file.length, key.position)) return true;
  }
  return false;
}

/** Whether the list of positions starting at `from` (up to `; ` or the line's end) holds `position`. */
function listsPosition(output: string, from: number, position: string): boolean {
  const nl = output.indexOf("\n", from);
  const lineEnd = nl === -1 ? output.length : nl;
  const semi = output.indexOf("; ", from);
  const end = semi !== -1 && semi < lineEnd ? semi : lineEnd;
  return output
    .slice(from, end)
    .split(", ")
    .some((item) => item.trimEnd() === position);
}

function isDelimiter(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "," || c === ";";
}
