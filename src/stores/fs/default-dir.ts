/**
 * Where an FsStore keeps its files when the caller names no directory: the
 * user's cache directory, never the working directory (a store dropped into
 * a repository would end up in commits and in the agent's own searches).
 */
import { homedir, tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import process from "node:process";

/** Where the default directory comes from; decides how much it must be checked before use. */
export interface DefaultDir {
  dir: string;
  /**
   * True for the per-user directory under the shared temp dir: another user
   * could have created it first, so the store checks that it is ours.
   */
  isShared: boolean;
}

/**
 * `$XDG_CACHE_HOME/pithy` when that variable holds an absolute path (the XDG
 * spec says to ignore a relative one), else `~/.cache/pithy`, else
 * `<os temp dir>/pithy-<uid>` when there is no home directory. Never throws:
 * an environment that forbids reading variables (Deno without `--allow-env`)
 * counts as unset.
 */
export function defaultStoreDir(): DefaultDir {
  const xdg = readEnv("XDG_CACHE_HOME");
  if (xdg !== undefined && isAbsolute(xdg)) return { dir: join(xdg, "pithy"), isShared: false };
  const home = attempt(homedir);
  if (home !== undefined && home !== "" && isAbsolute(home))
    return { dir: join(home, ".cache", "pithy"), isShared: false };
  const uid = attempt(() => process.getuid?.());
  return { dir: join(attempt(tmpdir) ?? "/tmp", `pithy-${uid ?? "user"}`), isShared: true };
}

function readEnv(name: string): string | undefined {
  const value = attempt(() => process.env[name]);
  return value === "" ? undefined : value;
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
