/**
 * glibc's dynamic loader at work (`LD_DEBUG=libs,versions,…`): every line
 * opens with the pid, a colon and a tab (`     22387:\tfind library=libz.so.1
 * [0]; searching`). Its events differ in the library they name, which a
 * template masks away; the library IS the information. So each library's
 * search (`find library=`), where it was found (the last `trying file=`
 * before the next search), its `calling init:` and `calling fini:` stay.
 * Of the version checks (`checking for version 'GLIBC_2.29' in file
 * …/libm.so.6 [0] required by file redis-cli [0]`) the program's own (the
 * object the first check names as requiring) all stay, since they decide
 * whether it runs against an older library; a library's needs show their
 * first per pair of objects, the other versions of a pair being detail. Search steps (`search path=`, `trying file=` that failed) are
 * counted by their template.
 */

/** The loader's prefix: the pid, a colon and a tab. */
const PREFIX_RE = /^ {0,12}\d{1,7}:\t/;
const VERSION_CHECK_RE =
  /^checking for version `[^']{1,200}' in file (\S{1,400}) \[\d{1,4}\] required by file (\S{1,400}) \[/;

/** The lines of `visible` that are the loader's outline (none in any other log). */
export function loaderOutline(visible: readonly string[]): number[] {
  const lines: number[] = [];
  const pairs = new Set<string>();
  let lastTry = -1;
  let program: string | null = null;
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    const c = text.charCodeAt(0);
    if (c !== 32 && (c < 48 || c > 57)) continue;
    const m = PREFIX_RE.exec(text);
    if (m === null) continue;
    const event = text.slice(m[0].length).trimStart();
    if (event.startsWith("trying file=")) {
      lastTry = i;
      continue;
    }
    if (event.startsWith("find library=") || event.startsWith("calling init:") || event.startsWith("calling fini:")) {
      if (lastTry >= 0) lines.push(lastTry);
      lastTry = -1;
      lines.push(i);
      continue;
    }
    if (lastTry >= 0 && event !== "" && !event.startsWith("search ")) {
      lines.push(lastTry);
      lastTry = -1;
    }
    const check = VERSION_CHECK_RE.exec(event);
    if (check === null) continue;
    program ??= check[2];
    const pair = `${check[1]}\n${check[2]}`;
    if (pairs.has(pair) && check[2] !== program) continue;
    pairs.add(pair);
    lines.push(i);
  }
  if (lastTry >= 0) lines.push(lastTry);
  return lines;
}

/**
 * `ldd -v`: the libraries a program loads (`\tlibz.so.1 => /lib/…/libz.so.1
 * (0x…)`), then `\tVersion information:` and, per object (`\t/usr/bin/git:`),
 * the versions it needs of each library (`\t\tlibc.so.6 (GLIBC_2.14) => …`).
 * The library list and every object's header stay, and each object's first
 * need of each library: which object needs which library, its other versions
 * counted by their template.
 */
export function lddOutline(visible: readonly string[]): number[] {
  const lines: number[] = [];
  let object = -1;
  const needs = new Set<string>();
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (text.charCodeAt(0) !== 9 /* \t */) continue;
    if (text === "\tVersion information:") {
      lines.push(i);
      object = i;
      continue;
    }
    if (object < 0) {
      if (LIBRARY_RE.test(text)) lines.push(i);
      continue;
    }
    if (OBJECT_RE.test(text)) {
      lines.push(i);
      object = i;
      continue;
    }
    const need = NEED_RE.exec(text);
    if (need === null) continue;
    const key = `${object}\n${need[1]}`;
    if (needs.has(key)) continue;
    needs.add(key);
    lines.push(i);
  }
  return lines;
}

/** A library ldd lists: `\tname => path (0x…)`, `\tname (0x…)`, `\tname => not found`. */
const LIBRARY_RE = /^\t\S{1,400}(?: => \S{1,400})? \(0x[0-9a-f]{1,16}\)$|^\t\S{1,400} => not found$/;
/** An object of the version section: `\t/path:`. */
const OBJECT_RE = /^\t\/\S{1,400}:$/;
/** A version need: `\t\tlibrary (VERSION) => path`. */
const NEED_RE = /^\t\t(\S{1,400}) \([^()\s]{1,80}\) => \S/;
