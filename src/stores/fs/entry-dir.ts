/**
 * The namespace directories on the way to an entry (`<root>/@tenant/@s-1/`),
 * checked one level at a time with `lstat` before any file in them is read,
 * written or removed.
 *
 * Opening `<root>/@tenant/<key>` would follow a symlink planted at `@tenant`
 * wherever it points (`O_NOFOLLOW` guards only the last component): a put
 * would write outside the store, where `prune`, which never follows links,
 * cannot see or bound it, and a delete would remove a file there. So a
 * namespace level must be a real directory of the store; a symlink, a file
 * or a FIFO in its place makes the entry unreachable: gets miss, deletes
 * find nothing, puts are refused. The store root itself is not checked:
 * where it lives (a symlinked `~/.cache`) is the user's choice.
 *
 * A plain content key has no namespace level, so the common case costs no
 * syscall; each level costs one `lstat`.
 */
import { mkdirSync } from "node:fs";
import { PithyStoreError } from "../../errors.js";
import { namespaceDirs } from "./entry-file.js";
import { isMissing, lstatOrNull } from "./file-ops.js";

/** How the namespace levels of an entry stand: all real directories, one missing, or one not the store's. */
export type EntryDirState = "ready" | "missing" | "foreign";

/** Whether every namespace level of `storeKey` under `root` is a real directory (no symlink followed). */
export function checkEntryDirs(root: string, storeKey: string): EntryDirState {
  for (const dir of namespaceDirs(root, storeKey)) {
    const st = lstatOrNull(dir);
    if (st === null) return "missing";
    if (!st.isDirectory()) return "foreign";
  }
  return "ready";
}

/**
 * Makes the missing namespace levels of `storeKey` (mode 0700), outermost
 * first, calling `makeRoot` once if the root itself has gone. Rejects with a
 * {@link PithyStoreError} `unavailable` when a level is a symlink or
 * anything but a directory: nothing is written through it.
 */
export function makeEntryDirs(root: string, storeKey: string, makeRoot: () => void): void {
  let isRootMade = false;
  for (const dir of namespaceDirs(root, storeKey)) {
    let st = lstatOrNull(dir);
    if (st === null) {
      try {
        mkdirSync(dir, { mode: 0o700 });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (isMissing(error) && !isRootMade) {
          // Only the outermost level can lack its parent: the levels are made in order.
          makeRoot();
          isRootMade = true;
          mkdirSync(dir, { mode: 0o700 });
        } else if (code !== "EEXIST") {
          throw error;
        }
      }
      st = lstatOrNull(dir);
    }
    if (st === null || !st.isDirectory()) {
      throw new PithyStoreError(
        `pithy: fs store refuses ${dir}: it is not a directory of the store (a symlink or another file), so nothing is written through it`,
        "unavailable",
      );
    }
  }
}
