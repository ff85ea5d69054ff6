/**
 * npm's notices of a package it packs or publishes (`npm pack`, `npm publish
 * --dry-run`): `npm notice 📦  name@1.2.3`, a `Tarball Contents` section (one
 * line per file with its size), a `Tarball Details` section (name, version,
 * sizes, shasum, file count). The section titles are the report's outline,
 * and a section of `key: value` fields (the details) is its summary; among
 * the files, the largest are what a reader looks for (what makes the tarball
 * big), so the titles, the fields and the `top` largest files stay; the other
 * files are routine lines of one template.
 */

/** A section title: `npm notice ` and one to four capitalised words. */
const TITLE_RE = /^npm notice [A-Z][a-z]{1,20}(?: [A-Z][a-z]{1,20}){0,3}$/;
/** A file of the tarball: `npm notice 41.2kB lib/client.js`. */
const FILE_RE = /^npm notice (\d{1,6}(?:\.\d{1,3})?)(B|kB|MB|GB) \S/;
const UNIT: Record<string, number> = { B: 1, kB: 1e3, MB: 1e6, GB: 1e9 };
/** A field of a section: `npm notice shasum: a331…`. */
const FIELD_RE = /^npm notice [a-z][a-z ]{0,40}: \S/;
/** Fields kept under one title. */
const MAX_FIELDS = 20;

/** The titles and the `top` largest files of npm's tarball notices in `visible` (none when there are none). */
export function tarballOutline(visible: readonly string[], top: number): number[] {
  const lines: number[] = [];
  const files: [number, number][] = [];
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (!text.startsWith("npm notice ")) continue;
    if (TITLE_RE.test(text)) {
      lines.push(i);
      for (let k = i + 1; k < visible.length && k <= i + MAX_FIELDS && FIELD_RE.test(visible[k]); k++) lines.push(k);
      continue;
    }
    const m = FILE_RE.exec(text);
    if (m !== null) files.push([i, Number(m[1]) * UNIT[m[2]]]);
  }
  files.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  for (let k = 0; k < files.length && k < top; k++) lines.push(files[k][0]);
  return lines;
}

/**
 * npm's `http fetch` lines (`npm http fetch GET 200 https://registry.npmjs.org/semver
 * 4ms (cache stale)`) differ in the package they fetch, which a template
 * masks. In a short install each fetch is an event of its own (which
 * packages it resolved); past `cap` distinct URLs they are the install's
 * routine, counted by their template. A fetch that did not succeed (a status
 * other than 2xx/304) stays wherever it is.
 */
export function fetchEvents(visible: readonly string[], cap: number): number[] {
  const fetches: number[] = [];
  const failed: number[] = [];
  const urls = new Set<string>();
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (text.charCodeAt(0) !== 110 /* n */ || !text.startsWith("npm http fetch ")) continue;
    const m = FETCH_RE.exec(text);
    if (m === null) continue;
    if (!m[1].startsWith("2") && m[1] !== "304") failed.push(i);
    if (urls.has(m[2])) continue;
    urls.add(m[2]);
    fetches.push(i);
  }
  return urls.size <= cap ? [...fetches, ...failed] : failed;
}

/** A fetch line: its method, status and URL. */
const FETCH_RE = /^npm http fetch [A-Z]{3,7} (\d{3}) (\S{1,2000})/;
