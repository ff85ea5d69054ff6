import { decodeString, isStringScalar } from "./tree.js";

/**
 * A map keyed by versions (`npm view <pkg> time --json`: version → publish
 * time; a lockfile's or a changelog's map of releases) is ordered data, not
 * a list read from its head: its outline is where each release line starts
 * and ends. Past the object cap, each line (`major.minor`) keeps its first
 * and its last release and the latest version overall, and the map's
 * first and last two entries as listed, in the map's own order; the
 * releases between them go behind one marker. Keys that are not
 * versions (`created`, `modified`) always stay. A registry may list versions
 * in any order, so "first" and "last" are by version, not by position.
 */

/** `1.2.3`, `v1.2.3`, `1.2.3-beta.1`, `1.2.3+build`: major, minor, patch, and whether it is a prerelease. */
const VERSION_RE = /^v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})(-[0-9A-Za-z.-]{1,80})?(?:\+[0-9A-Za-z.-]{1,80})?$/;

interface Version {
  index: number;
  major: number;
  minor: number;
  patch: number;
  pre: string;
}

/** Fewest share of keys that must be versions for the map to be read as one. */
const VERSION_SHARE = 0.8;
/** Entries kept at each end of the map in its own order. */
const POSITION_ENDS = 2;
/** Most release lines kept one by one; past it only each major's first and last line ends stay. */
const MAX_LINES = 60;

function compareVersions(a: Version, b: Version): number {
  if (a.major !== b.major) return a.major - b.major;
  if (a.minor !== b.minor) return a.minor - b.minor;
  if (a.patch !== b.patch) return a.patch - b.patch;
  // A prerelease sorts before its release.
  if (a.pre === "" || b.pre === "") return a.pre === "" ? (b.pre === "" ? 0 : 1) : -1;
  return a.pre < b.pre ? -1 : a.pre > b.pre ? 1 : 0;
}

/**
 * The indices of `keys` (raw key lexemes) a version map keeps, in key order,
 * or null when the keys are not mostly versions.
 */
export function versionMapKeep(keys: readonly string[]): number[] | null {
  const versions: Version[] = [];
  const other: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const raw = keys[i];
    const m = isStringScalar(raw) && raw.length <= 200 ? VERSION_RE.exec(decodeString(raw)) : null;
    if (m === null) other.push(i);
    else versions.push({ index: i, major: +m[1], minor: +m[2], patch: +m[3], pre: m[4] ?? "" });
  }
  if (versions.length < VERSION_SHARE * keys.length) return null;
  versions.sort(compareVersions);
  const kept = new Set<number>(other);
  // Releases mark a line's ends; a line of prereleases only (nightlies) is marked by them.
  const byLine = new Map<string, Version[]>();
  for (const v of versions) {
    const line = `${v.major}.${v.minor}`;
    const list = byLine.get(line);
    if (list === undefined) byLine.set(line, [v]);
    else list.push(v);
  }
  const ends = (list: Version[]) => {
    const releases = list.filter((v) => v.pre === "");
    const marks = releases.length > 0 ? releases : list;
    return [marks[0], marks[marks.length - 1]];
  };
  if (byLine.size <= MAX_LINES) {
    for (const list of byLine.values()) for (const v of ends(list)) kept.add(v.index);
  } else {
    const byMajor = new Map<number, Version[]>();
    for (const v of versions) {
      const list = byMajor.get(v.major);
      if (list === undefined) byMajor.set(v.major, [v]);
      else list.push(v);
    }
    for (const list of byMajor.values()) for (const v of ends(list)) kept.add(v.index);
  }
  kept.add(versions[versions.length - 1].index);
  // The map's own ends stay too: npm lists `time` in publish order, so its last entries are the latest published.
  for (let i = 0; i < Math.min(POSITION_ENDS, keys.length); i++) kept.add(i);
  for (let i = Math.max(0, keys.length - POSITION_ENDS); i < keys.length; i++) kept.add(i);
  return [...kept].sort((a, b) => a - b);
}
