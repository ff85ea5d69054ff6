/**
 * The note a listing leaves where it cut a run of entries: how many of the
 * directory's entries, their lines, the first and the last name. One wording
 * for every listing shape (`ls -lR`, `tree`, `find`).
 */

/** Longest name a note shows, by default. */
const NAME_MAX = 40;

/** `name`, cut to `max` characters. */
export function shortName(name: string, max = NAME_MAX): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

/**
 * `… 12 of 15 entries L40-52: a.js … z.js`, where `from` and `to` are
 * 0-based input lines (the note names them 1-based) and `total` the
 * directory's entry count. Names longer than `nameMax` are cut.
 */
export function runNote(
  count: number,
  total: number,
  from: number,
  to: number,
  first: string,
  last: string,
  nameMax = NAME_MAX,
): string {
  const place = from === to ? `L${from + 1}` : `L${from + 1}-${to + 1}`;
  const names = count === 1 ? shortName(first, nameMax) : `${shortName(first, nameMax)} … ${shortName(last, nameMax)}`;
  return `… ${count} of ${total} ${total === 1 ? "entry" : "entries"} ${place}: ${names}`;
}
