/**
 * The notes a listing leaves where it cut a run of entries: how many of the
 * directory's entries and their lines, then what the run holds. `ls -lR`
 * names the run's first and last entry (runNote); `tree` and `find` name
 * every file of the run joined on one line (namesNote): a tree or a walk is
 * read for its names (an agent looks for the one file it needs), so what
 * their notes save is each entry's line and drawing, never a name.
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

/**
 * `… 12 of 15 entries L40-52: a.js, b.js, z.js`, where `from` and `to` are
 * 0-based input lines (the note names them 1-based), `total` the
 * directory's entry count and `names` the run's names in line order. `dir`,
 * when given, names the directory the names are in (`find` rows are paths:
 * the directory is written once, not once per name).
 */
export function namesNote(total: number, from: number, to: number, names: readonly string[], dir = ""): string {
  const place = from === to ? `L${from + 1}` : `L${from + 1}-${to + 1}`;
  const where = dir === "" ? "" : ` in ${dir.endsWith("/") ? dir : `${dir}/`}`;
  return `… ${names.length} of ${total} ${total === 1 ? "entry" : "entries"} ${place}${where}: ${names.join(", ")}`;
}
