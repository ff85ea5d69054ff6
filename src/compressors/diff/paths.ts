/**
 * File paths of a diff: which file a section is about (for markers that name
 * it) and whether it is machine-written (lockfiles, minified bundles,
 * vendored code), whose changes an agent rarely reads line by line.
 */

/** The path a `diff …` line names (the new side for git, the last operand for `diff -ru`). */
export function pathFromDiffLine(v: string): string {
  if (v.startsWith("diff --git ")) {
    const b = v.lastIndexOf(" b/");
    if (b > 10) return v.slice(b + 3);
    return lastWord(v);
  }
  if (v.startsWith("diff --cc ")) return v.slice(10).trim();
  if (v.startsWith("diff --combined ")) return v.slice(16).trim();
  return lastWord(v);
}

/** The path of a `--- old` / `+++ new` pair: the new side unless the file was deleted. */
export function pathFromDashes(minusLine: string, plusLine: string): string {
  const added = dashPath(plusLine);
  return added === "/dev/null" ? dashPath(minusLine) : added;
}

function dashPath(line: string): string {
  let p = line.slice(4);
  const tab = p.indexOf("\t");
  if (tab !== -1) p = p.slice(0, tab);
  p = p.trim();
  if (p.startsWith("a/") || p.startsWith("b/")) p = p.slice(2);
  return p;
}

function lastWord(v: string): string {
  const t = v.trimEnd();
  return t.slice(t.lastIndexOf(" ") + 1);
}

const LOCKFILES = new Set([
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "bun.lockb",
  "cargo.lock",
  "go.sum",
  "poetry.lock",
  "pipfile.lock",
  "uv.lock",
  "pdm.lock",
  "gemfile.lock",
  "composer.lock",
  "podfile.lock",
  "packages.lock.json",
  "flake.lock",
  "mix.lock",
  "pubspec.lock",
]);

const GENERATED_SUFFIXES = [".min.js", ".min.css", ".min.mjs", ".js.map", ".css.map", ".snap", ".pb.go", "_pb2.py"];
const VENDORED_DIRS = ["vendor/", "node_modules/", "third_party/", "third-party/"];

/** Whether a path is a lockfile or a minified or generated file. */
export function isGeneratedPath(path: string): boolean {
  const lower = path.toLowerCase();
  const base = lower.slice(lower.lastIndexOf("/") + 1);
  if (LOCKFILES.has(base)) return true;
  for (const suffix of GENERATED_SUFFIXES) if (lower.endsWith(suffix)) return true;
  return false;
}

/** Whether a path lies in vendored code (`vendor/`, `node_modules/`, `third_party/`). */
export function isVendoredPath(path: string): boolean {
  const lower = path.toLowerCase();
  for (const dir of VENDORED_DIRS) {
    if (lower.startsWith(dir) || lower.includes("/" + dir)) return true;
  }
  return false;
}
