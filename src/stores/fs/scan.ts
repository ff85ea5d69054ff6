/**
 * Walks an FsStore directory and reports what is in it, for the re-index on
 * open and for `prune`.
 *
 * Only names the store itself writes are considered: content keys (lowercase
 * hex, 32–64 digits) as files, `@<namespace>` as directories at most 8 deep,
 * and `.tmp-*` temp files. Anything else (a README, a user's file, a symlink)
 * is left alone, so pointing the store at a directory that holds other
 * things never deletes them. It uses `lstat`, not `stat`, so a symlink is
 * never followed out of the directory.
 *
 * Asynchronous with a bounded number of `lstat` calls in flight: a directory
 * of 100 000 entries must not block the event loop for the whole walk, nor
 * open 100 000 requests at once.
 */
import { promises as fsp, type Stats } from "node:fs";
import { join } from "node:path";
import {
  MAX_KEY_LENGTH,
  MAX_NAMESPACE_DEPTH,
  MIN_KEY_LENGTH,
  NAMESPACE_SEPARATOR,
  isValidNamespace,
} from "../../ccr/key.js";
import { NAMESPACE_DIR_PREFIX, TEMP_PREFIX } from "./entry-file.js";

/** `lstat` calls in flight at once during a walk. */
const STAT_CONCURRENCY = 32;

/** A file found by {@link scanStoreDir}. */
export type ScannedFile =
  | { kind: "entry"; key: string; path: string; stats: Stats }
  | { kind: "temp"; path: string; stats: Stats };

/**
 * Every entry and temp file under `root`. Rejects when `root` itself cannot
 * be read; a namespace directory that vanishes or cannot be read mid-walk is
 * skipped (another process may be pruning it).
 */
export async function scanStoreDir(root: string): Promise<ScannedFile[]> {
  const found: ScannedFile[] = [];
  await walk(root, "", 0, found, true);
  return found;
}

async function walk(dir: string, prefix: string, depth: number, found: ScannedFile[], isRoot: boolean): Promise<void> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch (error) {
    if (isRoot) throw error;
    return;
  }
  const files: { name: string; kind: "entry" | "temp" | "namespace" }[] = [];
  for (const name of names) {
    if (isContentKeyName(name)) files.push({ name, kind: "entry" });
    else if (name.startsWith(TEMP_PREFIX)) files.push({ name, kind: "temp" });
    else if (
      depth < MAX_NAMESPACE_DEPTH &&
      name.startsWith(NAMESPACE_DIR_PREFIX) &&
      isValidNamespace(name.slice(NAMESPACE_DIR_PREFIX.length))
    ) {
      files.push({ name, kind: "namespace" });
    }
  }
  const namespaces: string[] = [];
  for (let i = 0; i < files.length; i += STAT_CONCURRENCY) {
    const batch = files.slice(i, i + STAT_CONCURRENCY);
    const stats = await Promise.all(batch.map((f) => fsp.lstat(join(dir, f.name)).catch(() => null)));
    batch.forEach((f, j) => {
      const st = stats[j];
      if (st === null) return;
      const path = join(dir, f.name);
      if (f.kind === "namespace") {
        if (st.isDirectory()) namespaces.push(f.name);
      } else if (st.isFile()) {
        found.push(
          f.kind === "entry"
            ? { kind: "entry", key: prefix + f.name, path, stats: st }
            : { kind: "temp", path, stats: st },
        );
      }
    });
  }
  for (const name of namespaces) {
    const ns = name.slice(NAMESPACE_DIR_PREFIX.length);
    await walk(join(dir, name), prefix + ns + NAMESPACE_SEPARATOR, depth + 1, found, false);
  }
}

/** Whether `name` is a file name the store gives an entry: 32–64 lowercase hex digits. */
function isContentKeyName(name: string): boolean {
  if (name.length < MIN_KEY_LENGTH || name.length > MAX_KEY_LENGTH) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}
