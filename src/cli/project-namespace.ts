/**
 * The store namespace the CLI and `pithy mcp` use by default: one per
 * project, named after the working directory.
 *
 * Every run on a machine shares one store directory (the user's cache). Were
 * keys not fenced, a marker copied out of one project (into a chat, an
 * issue, another repository's agent) would recall that project's original
 * there for as long as the entry lives. The namespace is a short hash of the
 * working directory's real path, so symlinked and relative spellings of one
 * directory agree, and the path itself is not written into key names.
 * `--namespace NAME` or `PITHY_NAMESPACE` chooses one explicitly (to share
 * originals between projects, say).
 */
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { isValidNamespace } from "../ccr/key.js";
import { PithyConfigError } from "../errors.js";

/** Prefix of derived namespaces, so they read as what they are in a store directory listing. */
const PREFIX = "dir-";
/** Hex digits of the path hash: 64 bits, ample to keep the projects of one user apart. */
const HASH_DIGITS = 16;

/** The namespace of the project in `cwd`: `dir-` and 16 hex digits of SHA-256 of its real path. */
export function projectNamespace(cwd: string): string {
  let path = cwd;
  try {
    path = realpathSync(cwd);
  } catch {
    // A directory removed under us still names a namespace: its spelling.
  }
  return PREFIX + createHash("sha256").update(path).digest("hex").slice(0, HASH_DIGITS);
}

/**
 * The namespace a run uses: the `--namespace` flag, else `PITHY_NAMESPACE`,
 * else the project's. Throws {@link PithyConfigError} for a name the stores
 * cannot hold, naming where it came from.
 */
export function chooseNamespace(flag: string | undefined, env: string | undefined, cwd: string): string {
  if (flag !== undefined) return checked(flag, "--namespace");
  if (env !== undefined && env !== "") return checked(env, "PITHY_NAMESPACE");
  return projectNamespace(cwd);
}

function checked(name: string, option: string): string {
  if (!isValidNamespace(name)) throw new PithyConfigError(option, "1 to 64 characters of a-z, 0-9, _ and -", name);
  return name;
}
