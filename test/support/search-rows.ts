// The `path:N:text` rows of a search output, read the way tests count them.

const ANSI_RE = /\x1b\[[0-9;]*[mK]/g;

/** Each `path:N:text` row of `text` (colour codes removed), by path, in order. */
export function rowsByPath(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.replace(ANSI_RE, "").split("\n")) {
    const m = /^(.+?):\d+:/.exec(line);
    if (m === null) continue;
    const list = rows.get(m[1]) ?? [];
    list.push(line);
    rows.set(m[1], list);
  }
  return rows;
}
